import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import type { LoginLocationState } from './login';

export function RegisterRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { completeLogin } = useAuth();
  useDocumentTitle(t('auth.register.title'));

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login.getHref(lang)} className="font-semibold text-brand-700 hover:underline">
            {t('auth.register.loginLink')}
          </Link>
        </>
      }
    >
      <RegisterForm
        onRegistered={(email) => {
          const state: LoginLocationState = { registered: true, email };
          void navigate(paths.login.getHref(lang), { state });
        }}
        onGoogle={(result, rememberMe) => {
          void completeLogin(result, rememberMe).then(() => navigate(paths.home.getHref(lang), { replace: true }));
        }}
      />
    </AuthCard>
  );
}
