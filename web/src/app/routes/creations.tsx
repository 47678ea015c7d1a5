import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { KeptPictures } from '../../features/colouring/components/kept-pictures';
import { CreationsView } from '../../features/creations/components/creations-view';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';

export function CreationsRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user, status } = useAuth();
  useDocumentTitle(t('creations.title'));
  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
        <Spinner className="size-8" label={t('common.loading')} />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref(lang, { redirectTo: '/creations', reason: 'login-required' })} replace />;
  return (
    <>
      <CreationsView key={user.userId} />
      <KeptPictures key={`kept-${user.userId}`} />
    </>
  );
}
