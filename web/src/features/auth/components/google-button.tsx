import type { LoginResponse } from '@studio/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorText } from '../../../lib/error-text';
import { useGoogleButton } from '../../../lib/google-identity';
import { useLang } from '../../../lib/use-lang';
import { googleLogin } from '../api/auth-api';

export function GoogleButton({ rememberMe, onSuccess }: { rememberMe: boolean; onSuccess: (result: LoginResponse, rememberMe: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  const signIn = (credential: string) => {
    googleLogin({ token: credential, rememberMe, lang })
      .then((result) => onSuccess(result, rememberMe))
      .catch((failure: unknown) => setError(errorText(t, failure)));
  };
  const { clientId, container, failed } = useGoogleButton(signIn, lang, true);

  if (!clientId) return null;
  const shown = error ?? (failed ? t('errors.1009') : null);
  return (
    <div className="space-y-4" data-testid="google-signin">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t('common.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={container} className="flex min-h-11 justify-center" />
      {shown ? <Alert tone="error">{shown}</Alert> : null}
    </div>
  );
}
