import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useClientConfig } from '../../../lib/client-config';
import { gisLocale, loadGis } from '../../../lib/google-identity';
import { useLang } from '../../../lib/use-lang';

/** Google's button, to sign in again: hands over the fresh ID token instead of starting a session. */
export function GoogleConfirm({ onCredential }: { onCredential: (token: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const clientId = useClientConfig()?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    latest.current = onCredential;
  });

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGis()
      .then((google) => {
        if (!live || !container.current) return;
        google.accounts.id.initialize({ client_id: clientId, callback: ({ credential }) => latest.current(credential) });
        google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', shape: 'pill', text: 'continue_with', locale: gisLocale[lang] });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [clientId, lang]);

  if (!clientId || failed) return <Alert tone="error">{t('errors.1009')}</Alert>;
  return <div ref={container} className="flex min-h-11 justify-center" data-testid="google-confirm" />;
}
