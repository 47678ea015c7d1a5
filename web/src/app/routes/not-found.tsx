import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center" data-testid="not-found">
      <p className="text-6xl font-black text-brand-200" aria-hidden="true">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.body')}</p>
      <Link to={paths.home.getHref(lang)} className={buttonClass('primary', 'mt-8')}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
