import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';

/** Routed placeholder for pages that later issues build. */
export function ComingSoonRoute({ page }: { page: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = t(page);
  useDocumentTitle(name);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-sun-100 text-sun-700" aria-hidden="true">
        <svg className="size-8" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
        </svg>
      </div>
      <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('comingSoon.title', { page: name })}</h1>
      <p className="mt-3 text-slate-600">{t('comingSoon.body')}</p>
      <Link to={paths.home.getHref(lang)} className={buttonClass('secondary', 'mt-8')}>
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
