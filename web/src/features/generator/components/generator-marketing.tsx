import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaSection } from '../../../components/marketing/cta-section';
import { FaqSection } from '../../../components/marketing/faq-section';
import { Section } from '../../../components/marketing/section';
import { Steps } from '../../../components/marketing/steps';
import { Testimonials } from '../../../components/marketing/testimonials';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { fetchPublicImages } from '../../images/api/image-api';
import { localizedText } from '../../images/localized';

const FEATURES = ['free', 'print', 'fast', 'private', 'languages', 'levels'] as const;
const SUBJECTS = ['animals', 'fantasy', 'vehicles', 'nature', 'holidays', 'mandalas', 'food', 'portraits'] as const;
const AUDIENCE = ['parents', 'teachers', 'kids', 'therapists', 'crafters', 'adults'] as const;
const FAQ = Array.from({ length: 10 }, (_, index) => index + 1);
const TESTIMONIALS = [1, 2, 3];

function Cards({ keys, prefix }: { keys: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {keys.map((key) => (
        <li key={key} className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">
          <h3 className="text-lg font-bold text-slate-900">{t(`${prefix}.${key}.title`)}</h3>
          <p className="mt-2 text-slate-600">{t(`${prefix}.${key}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Before → after pairs of the image tab: library pages' coloured versions (nobody's photo is public). */
function ConversionExamples({ examples }: { examples: ImageDto[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pairs = examples.filter((image) => image.colorUrl).slice(0, 3);
  if (pairs.length === 0) return null;
  return (
    <Section title={t('generator.marketing.conversion.title')} intro={t('generator.marketing.conversion.intro')} tone="tinted">
      <ul className="grid gap-6 md:grid-cols-3">
        {pairs.map((image) => {
          const before = image.colorThumbnailUrl ?? image.colorUrl!;
          const title = localizedText(image.title, lang);
          return (
            <li key={image.id} className="grid grid-cols-2 gap-2 rounded-3xl bg-white p-3 ring-1 ring-slate-200">
              <figure>
                <img src={before} alt={t('generator.marketing.conversion.before', { title })} width={240} height={240} loading="lazy" className="aspect-square w-full rounded-2xl bg-slate-50 object-cover" />
                <figcaption className="mt-1 text-center text-xs text-slate-500">{t('generator.marketing.conversion.photo')}</figcaption>
              </figure>
              <figure>
                <img src={image.thumbnailUrl} alt={t('generator.marketing.conversion.after', { title })} width={240} height={240} loading="lazy" className="aspect-square w-full rounded-2xl bg-white object-contain ring-1 ring-slate-100" />
                <figcaption className="mt-1 text-center text-xs text-slate-500">{t('generator.marketing.conversion.page')}</figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** Everything below the tool (product-spec §2). */
export function GeneratorMarketing({ type }: { type: ImageType }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [examples, setExamples] = useState<ImageDto[]>([]);
  useEffect(() => {
    // Pages of the free library that have a coloured version: the hero picture and the before/after pairs.
    const controller = new AbortController();
    fetchPublicImages({ type: 'library', pageSize: 12 }, controller.signal)
      .then((list) => setExamples(list.images.filter((image) => image.colorUrl)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const hero = examples[0];
  return (
    <div className="border-t border-slate-200">
      <Section title={t(`generator.marketing.hero.${type}.title`)} intro={t(`generator.marketing.hero.${type}.body`)}>
        <div className={`mx-auto grid items-center gap-8 ${hero ? 'max-w-4xl md:grid-cols-2' : 'max-w-xl'}`}>
          <ol className="space-y-3 text-slate-700">
            {[1, 2, 3].map((step) => (
              <li key={step} className="flex gap-3">
                <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700">
                  {step}
                </span>
                {t(`generator.marketing.hero.${type}.point${step}`)}
              </li>
            ))}
          </ol>
          {hero ? (
            <img src={hero.thumbnailUrl} alt={localizedText(hero.title, lang)} width={480} height={480} loading="lazy" className="mx-auto aspect-square w-full max-w-sm rounded-3xl bg-white object-contain shadow-sm ring-1 ring-slate-200" />
          ) : null}
        </div>
      </Section>
      {type === 'image2image' ? <ConversionExamples examples={examples} /> : null}
      <Section title={t('generator.marketing.why.title')} tone="tinted">
        <Cards keys={FEATURES} prefix="generator.marketing.why" />
      </Section>
      <Section title={t('generator.marketing.create.title')} intro={t('generator.marketing.create.intro')}>
        <ul className="flex flex-wrap justify-center gap-3">
          {SUBJECTS.map((key) => (
            <li key={key}>
              <Link
                to={`${paths.textColoringPage.getHref(lang)}?prompt=${encodeURIComponent(t(`generator.marketing.create.items.${key}.prompt`))}`}
                className="inline-flex min-h-11 items-center rounded-full bg-white px-5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-800"
              >
                {t(`generator.marketing.create.items.${key}.name`)}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Steps
        title={t(`generator.marketing.howTo.${type}.title`)}
        items={[1, 2, 3, 4].map((step) => ({ title: t(`generator.marketing.howTo.${type}.step${step}.title`), body: t(`generator.marketing.howTo.${type}.step${step}.body`) }))}
      />
      <Section title={t('generator.marketing.audience.title')} tone="tinted">
        <Cards keys={AUDIENCE} prefix="generator.marketing.audience" />
      </Section>
      <Testimonials
        title={t('generator.marketing.testimonials.title')}
        items={TESTIMONIALS.map((n) => ({
          quote: t(`generator.marketing.testimonials.q${n}.quote`),
          name: t(`generator.marketing.testimonials.q${n}.name`),
          role: t(`generator.marketing.testimonials.q${n}.role`),
        }))}
      />
      <FaqSection title={t('generator.marketing.faq.title')} items={FAQ.map((n) => ({ question: t(`generator.marketing.faq.q${n}.question`), answer: t(`generator.marketing.faq.q${n}.answer`) }))} />
      <CtaSection
        title={t('generator.marketing.cta.title')}
        body={t('generator.marketing.cta.body')}
        label={t('generator.marketing.cta.label')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      />
    </div>
  );
}
