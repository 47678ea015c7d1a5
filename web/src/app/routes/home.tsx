import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';

/** A sample page as line art: what the product makes, drawn inline (no image request). */
function SamplePage() {
  return (
    <svg viewBox="0 0 300 380" className="h-auto w-full" role="presentation" aria-hidden="true">
      <rect x="6" y="6" width="288" height="368" rx="18" fill="#fff" stroke="#2a2160" strokeWidth="3" />
      <g fill="none" stroke="#1f1d2b" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="228" cy="72" r="26" />
        <path d="M228 30v-8M228 122v-8M186 72h-8M278 72h-8M198 42l-6-6M264 108l-6-6M198 102l-6 6M264 36l-6 6" />
        <path d="M40 300c30-40 70-40 100 0s70 40 120 0" />
        <path d="M30 340h240" />
        <ellipse cx="130" cy="230" rx="62" ry="44" />
        <circle cx="192" cy="176" r="30" />
        <path d="M176 150c-4-14 4-24 12-26M204 150c6-12 16-16 24-12" />
        <circle cx="200" cy="172" r="3.5" fill="#1f1d2b" />
        <path d="M206 188c-6 6-14 6-18 2" />
        <path d="M90 268l-6 30M120 274v28M150 274v28M176 262l8 30" />
        <path d="M70 222c-20-6-30-26-22-40 10 8 20 18 24 30" />
        <path d="M100 200c6 10 20 14 30 8M120 238c10 8 26 8 36-2" />
        <path d="M60 120c10-14 30-14 40 0M90 96c10-14 30-14 40 0" />
      </g>
    </svg>
  );
}

function PencilIcon() {
  return (
    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
    </svg>
  );
}

function PhotoIcon() {
  return (
    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="6" width="18" height="14" rx="3" />
      <path d="M8 6l1.5-2h5L16 6" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(null);
  const trust = ['home.trustPrint', 'home.trustPrivate', 'home.trustAges'] as const;
  return (
    <>
      <section className="relative overflow-hidden bg-[radial-gradient(36rem_24rem_at_100%_0%,var(--color-sun-100),transparent_70%),radial-gradient(28rem_20rem_at_0%_60%,var(--color-brand-100),transparent_70%)]">
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-20">
          <div>
            <p className="inline-flex rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">{t('home.badge')}</p>
            <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">{t('home.title')}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t('home.subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
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
            <SamplePage />
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:px-6 md:grid-cols-2">
        {[
          { title: 'home.textTitle', body: 'home.textBody', href: paths.textColoringPage.getHref(lang), icon: <PencilIcon /> },
          { title: 'home.imageTitle', body: 'home.imageBody', href: paths.imageColoringPage.getHref(lang), icon: <PhotoIcon /> },
        ].map((card) => (
          <article key={card.title} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-lg font-bold text-brand-700" aria-hidden="true">
              {card.icon}
            </span>
            <h2 className="mt-5 text-xl font-bold text-slate-900">{t(card.title)}</h2>
            <p className="mt-2 flex-1 leading-relaxed text-slate-600">{t(card.body)}</p>
            <Link to={card.href} className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              {t('home.tryNow')} <span aria-hidden="true">→</span>
            </Link>
          </article>
        ))}
      </section>
    </>
  );
}
