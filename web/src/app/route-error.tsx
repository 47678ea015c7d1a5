import { useTranslation } from 'react-i18next';
import { buttonClass } from '../components/ui/button';

/** Shown when a page fails to load (e.g. a chunk missing after a deploy): reload fixes it. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.default')}</h1>
      <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
        {t('common.back')}
      </button>
    </main>
  );
}
