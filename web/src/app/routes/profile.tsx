import { useState } from 'react';
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
  /** Set once the account is deleted: the page is being left for home, not for the login page. */
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(t('profile.title'));

  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
        <Spinner className="size-8" label={t('common.loading')} />
      </div>
    );
  }
  if (!user) return leaving ? null : <Navigate to={paths.login.getHref(lang, { redirectTo: '/profile', reason: 'login-required' })} replace />;
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
        // The session is forgotten at once (any request still using it would only get a 401),
        // and this page goes home with the notice instead of bouncing to /login.
        setLeaving(true);
        accountDeleted();
        await navigate(paths.home.getHref(lang), { state: { accountDeleted: true } });
      }}
    />
  );
}
