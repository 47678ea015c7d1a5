import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../components/marketing/section';
import { Steps } from '../../../components/marketing/steps';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { fetchCategories, fetchFreeCount } from '../api/library-api';
import { useResource } from '../hooks/use-resource';
import { CategoryGrid } from './category-card';
import { LibraryFaq, LibraryTestimonials, TryNowCta } from './library-marketing';
import { DinoPage, FlowerPage, PhotoSample } from './sample-art';

const GALLERY_SIZE = 12;

/** The live count of free pages; before it arrives (and in the build-time HTML) the line reads without a number. */
function useFreeCount(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchFreeCount(controller.signal).then(
      (value) => setCount(typeof value === 'number' ? value : null),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return count;
}

/** Home (product-spec §2). The hero and feature blocks are static, so the build-time HTML paints them. */
export function HomeScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(null);
  const count = useFreeCount();
  const categories = useResource('categories', () => fetchCategories());
  const trust = ['home.trustPrint', 'home.trustPrivate', 'home.trustAges'] as const;
  return (
    <>
      <section className="relative overflow-hidden bg-[radial-gradient(36rem_24rem_at_100%_0%,var(--color-sun-100),transparent_70%),radial-gradient(28rem_20rem_at_0%_60%,var(--color-brand-100),transparent_70%)]">
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-20">
          <div>
            <p className="inline-flex rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">{t('home.badge')}</p>
            <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">{t('home.title')}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t('home.subtitle')}</p>
            <p className="mt-4 flex min-h-8 flex-wrap items-center gap-2 text-base text-slate-700" data-testid="free-count">
              {count !== null ? (
                <>
                  <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-800">{formatNumber(count, lang)}</span>
                  <span>{t('home.freeCount', { count })}</span>
                </>
              ) : (
                <span>{t('home.freeCountPending')}</span>
              )}
            </p>
            <div className="mt-7 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.textColoringPage.getHref(lang)} className={buttonClass('primary', 'px-7 text-base')}>
                {t('home.generate')}
              </Link>
              <Link to={paths.categories.getHref(lang)} className={buttonClass('secondary', 'px-7 text-base')}>
                {t('home.browse')}
              </Link>
            </div>
            <ul className="mt-8 grid gap-2 text-sm text-slate-600 sm:grid-cols-3">
              {trust.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <svg className="mt-0.5 size-4 shrink-0 text-emerald-600" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                  </svg>
                  {t(key)}
                </li>
              ))}
            </ul>
          </div>
          <div className="mx-auto w-full max-w-xs rotate-2 drop-shadow-xl md:max-w-sm">
            <DinoPage />
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:px-6 md:grid-cols-2" aria-label={t('home.featuresLabel')}>
        {[
          { title: 'home.textTitle', body: 'home.textBody', href: paths.textColoringPage.getHref(lang), samples: [<DinoPage key="a" />, <FlowerPage key="b" />], captions: [t('home.textSample1'), t('home.textSample2')] },
          { title: 'home.imageTitle', body: 'home.imageBody', href: paths.imageColoringPage.getHref(lang), samples: [<PhotoSample key="a" />, <DinoPage key="b" />], captions: [t('home.imageSample1'), t('home.imageSample2')] },
        ].map((card) => (
          <article key={card.title} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-xl font-bold text-slate-900">{t(card.title)}</h2>
            <p className="mt-2 leading-relaxed text-slate-600">{t(card.body)}</p>
            <div className="mt-5 grid flex-1 grid-cols-2 gap-4">
              {card.samples.map((sample, index) => (
                <figure key={index} className="flex flex-col">
                  <div className="rounded-2xl bg-slate-50 p-2">{sample}</div>
                  <figcaption className="mt-2 text-center text-xs text-slate-600">{card.captions[index]}</figcaption>
                </figure>
              ))}
            </div>
            <Link to={card.href} className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              {t('home.tryNow')} <span aria-hidden="true">→</span>
            </Link>
          </article>
        ))}
      </section>

      <Section title={t('home.gallery.title')} intro={t('home.gallery.intro')} tone="tinted" id="gallery">
        {categories.status === 'ready' && categories.data.length ? (
          <>
            <CategoryGrid categories={categories.data.slice(0, GALLERY_SIZE)} />
            <div className="mt-10 text-center">
              <Link to={paths.categories.getHref(lang)} className={buttonClass('secondary', 'px-7')}>
                {t('home.gallery.all')}
              </Link>
            </div>
          </>
        ) : categories.status === 'ready' ? (
          <p className="text-center text-slate-600">{t('home.gallery.empty')}</p>
        ) : categories.status === 'error' ? (
          <p className="text-center text-slate-600" role="alert">
            {t('home.gallery.failed')}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="aspect-[3/5] animate-pulse rounded-3xl bg-white/70 ring-1 ring-slate-200" />
            ))}
          </ul>
        )}
      </Section>

      <LibraryTestimonials count={8} />
      <Steps title={t('home.steps.title')} items={[1, 2, 3].map((n) => ({ title: t(`home.steps.${n}.title`), body: t(`home.steps.${n}.body`) }))} />
      <LibraryFaq area="home" count={6} />
      <TryNowCta area="home" />
    </>
  );
}
