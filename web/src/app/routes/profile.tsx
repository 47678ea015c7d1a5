import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ProfileView } from '../../features/profile/components/profile-view';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';

export function ProfileRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { user, status, setUser, logout, accountDeleted } = useAuth();
  useDocumentTitle(t('profile.title'));

  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
        <Spinner className="size-8" label={t('common.loading')} />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref(lang, { redirectTo: '/profile', reason: 'login-required' })} replace />;
  return (
    <ProfileView
      key={user.userId}
      user={user}
      onUserChange={setUser}
      onLogout={async () => {
        // Leave the guarded page first, so the cleared user does not bounce to /login.
        await navigate(paths.home.getHref(lang));
        await logout();
      }}
      onAccountDeleted={async () => {
        // Home first, with the notice (so the cleared user does not bounce to /login); then the
        // deleted account's session is forgotten here.
        await navigate(paths.home.getHref(lang), { state: { accountDeleted: true } });
        accountDeleted();
      }}
    />
  );
}
