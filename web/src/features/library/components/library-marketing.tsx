import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaSection } from '../../../components/marketing/cta-section';
import { FaqSection } from '../../../components/marketing/faq-section';
import { Section } from '../../../components/marketing/section';
import { Steps } from '../../../components/marketing/steps';
import { Testimonials } from '../../../components/marketing/testimonials';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** Sample testimonials (static content, product-spec §2): eight on home, three elsewhere. */
export function LibraryTestimonials({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  const items = range(count).map((n) => ({ quote: t(`library.testimonials.${n}.quote`), name: t(`library.testimonials.${n}.name`), role: t(`library.testimonials.${n}.role`) }));
  return <Testimonials title={t('library.testimonials.title')} items={items} columns={count > 6 ? 4 : 3} />;
}

/** FAQ with the first answer open and several open at once. */
export function LibraryFaq({ area, count }: { area: 'home' | 'library'; count: number }) {
  const { t } = useTranslation();
  const items = range(count).map((n) => ({ question: t(`${area}.faq.${n}.q`), answer: <p>{t(`${area}.faq.${n}.a`)}</p> }));
  return <FaqSection title={t(`${area}.faq.title`)} items={items} />;
}

export function TryNowCta({ area }: { area: 'home' | 'library' }) {
  const { t } = useTranslation();
  const lang = useLang();
  return <CtaSection title={t(`${area}.cta.title`)} body={t(`${area}.cta.body`)} label={t(`${area}.cta.button`)} to={paths.textColoringPage.getHref(lang)} />;
}

/** /categories: why choose, pages for preschool/teachers/parents, the 4-step how-to. */
export function CategoriesMarketing() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <Section title={t('library.why.title')} intro={t('library.why.intro')} tone="tinted">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {range(4).map((n) => (
            <li key={n} className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">
              <h3 className="text-lg font-bold text-slate-900">{t(`library.why.${n}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`library.why.${n}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('library.audience.title')}>
        <ul className="grid gap-5 md:grid-cols-3">
          {(['preschool', 'teachers', 'parents'] as const).map((who) => (
            <li key={who} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-lg font-bold text-slate-900">{t(`library.audience.${who}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-600">{t(`library.audience.${who}.body`)}</p>
              <Link to={paths.textColoringPage.getHref(lang)} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
                {t('library.audience.link')} <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Steps
        title={t('library.howTo.title')}
        items={(['download', 'print', 'color', 'share'] as const).map((step) => ({ title: t(`library.howTo.${step}.title`), body: t(`library.howTo.${step}.body`) }))}
      />
    </>
  );
}

/** The two guide cards at the end of a category page. */
export function GuideCards() {
  const { t } = useTranslation();
  const lang = useLang();
  const cards = [
    { key: 'text', href: paths.textColoringPage.getHref(lang) },
    { key: 'image', href: paths.imageColoringPage.getHref(lang) },
  ] as const;
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {cards.map((card) => (
        <li key={card.key} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-xl font-bold text-slate-900">{t(`library.guide.${card.key}.title`)}</h2>
          <p className="mt-2 flex-1 text-slate-600">{t(`library.guide.${card.key}.body`)}</p>
          <Link to={card.href} className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            {t(`library.guide.${card.key}.link`)} <span aria-hidden="true">→</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
