import type { LoginResponse } from '@studio/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { localize, paths, safeReturnPath } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';

export interface LoginLocationState {
  registered?: boolean;
  email?: string;
}

export function LoginRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { completeLogin } = useAuth();
  const [search] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  useDocumentTitle(t('auth.login.submit'));

  const reason = search.get('reason');
  const notice = state.registered
    ? { tone: 'success' as const, text: t('auth.login.registered') }
    : reason === 'login-required'
      ? { tone: 'info' as const, text: t('auth.login.loginRequired') }
      : reason === 'session-expired'
        ? { tone: 'info' as const, text: t('auth.login.sessionExpired') }
        : null;

  const onSuccess = async (result: LoginResponse, rememberMe: boolean) => {
    await completeLogin(result, rememberMe);
    // Back to where the user came from (an unprefixed path, shown in the current language), else home.
    const back = safeReturnPath(search.get('redirectTo'));
    void navigate(back ? localize(back, lang) : paths.home.getHref(lang), { replace: true });
  };

  return (
    <AuthCard
      // A member who has just registered is not greeted back: the form says the account was made (product-spec's flow, issue 37).
      title={state.registered ? t('auth.login.titleRegistered') : t('auth.login.title')}
      subtitle={state.registered ? t('auth.login.subtitleRegistered') : t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to={paths.register.getHref(lang)} className="font-semibold text-brand-700 hover:underline">
            {t('auth.login.registerLink')}
          </Link>
        </>
      }
    >
      {notice ? (
        <div className="mb-5">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <LoginForm initialEmail={state.email} onSuccess={onSuccess} />
    </AuthCard>
  );
}
