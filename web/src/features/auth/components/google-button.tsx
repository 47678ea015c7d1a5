import type { LoginResponse } from '@studio/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useClientConfig } from '../../../lib/client-config';
import { errorText } from '../../../lib/error-text';
import { gisLocale, loadGis } from '../../../lib/google-identity';
import { useLang } from '../../../lib/use-lang';
import { googleLogin } from '../api/auth-api';

export function GoogleButton({ rememberMe, onSuccess }: { rememberMe: boolean; onSuccess: (result: LoginResponse, rememberMe: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useClientConfig();
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ rememberMe, onSuccess, t, lang });
  useEffect(() => {
    latest.current = { rememberMe, onSuccess, t, lang };
  });
  const clientId = config?.googleClientId ?? null;

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGis()
      .then((google) => {
        if (!live || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            const { rememberMe: remember, onSuccess: done, t: translate, lang: language } = latest.current;
            googleLogin({ token: credential, rememberMe: remember, lang: language })
              .then((result) => done(result, remember))
              .catch((failure: unknown) => setError(errorText(translate, failure)));
          },
        });
        google.accounts.id.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          width: Math.min(container.current.offsetWidth || 320, 400),
          locale: gisLocale[lang],
        });
      })
      .catch(() => {
        if (live) setError(latest.current.t('errors.1009'));
      });
    return () => {
      live = false;
    };
  }, [clientId, lang]);

  if (!clientId) return null;
  return (
    <div className="space-y-4" data-testid="google-signin">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t('common.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={container} className="flex min-h-11 justify-center" />
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
