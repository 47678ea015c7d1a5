import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { useResource } from '../../library/hooks/use-resource';
import { fetchColouringPage, fetchMasterPng } from '../api/colouring-api';
import { ColouringStudio } from './colouring-studio';

/**
 * /image/{id}/colour: any page a visitor can see — library, prompt or photo page (its line art,
 * never the photo) — coloured on screen. Once the page's PNG is here nothing else is fetched:
 * the regions, the fills and the saved picture are all made in the browser.
 */
export function ColouringScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const { status: authStatus, user } = useAuth();
  const imageKey = useParams().imageId ?? null;
  // Private pages open for their owner once the session is known.
  const key = authStatus === 'loading' || !imageKey ? null : `colouring:${user?.userId ?? ''}:${imageKey}`;
  const loaded = useResource(key, async (signal) => {
    const page = await fetchColouringPage(imageKey!, signal);
    const master = await fetchMasterPng(page.image.id, signal);
    return { ...page, master };
  });
  const title = loaded.data ? loaded.data.image.title[lang] || loaded.data.image.title.en : null;
  useDocumentTitle(title ? t('colouring.documentTitle', { title }) : t('colouring.title'));

  if (loaded.status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={t('colouring.loading')} />
      </div>
    );
  }
  if (loaded.status === 'error') {
    const missing = toApiError(loaded.error).code === 404;
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center" role="alert" data-testid="colouring-error">
        <p className="text-slate-700">{missing ? t('colouring.notFound') : errorText(t, loaded.error)}</p>
        {missing ? (
          <Link to={paths.home.getHref(lang)} className={buttonClass('primary')}>
            {t('colouring.goHome')}
          </Link>
        ) : (
          <Button variant="secondary" onClick={loaded.retry}>
            {t('colouring.retry')}
          </Button>
        )}
      </div>
    );
  }
  const { image, coloured, master } = loaded.data;
  const pageTitle = title ?? '';
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-12 sm:px-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-extrabold tracking-tight text-slate-900 sm:text-2xl">{t('colouring.heading', { title: pageTitle })}</h1>
        <Link to={paths.image.getHref(lang, image.slug)} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('colouring.back')}
        </Link>
      </div>
      <ColouringStudio image={image} master={master} kept={coloured} title={pageTitle} />
    </div>
  );
}
