import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useGoogleButton } from '../../../lib/google-identity';
import { useLang } from '../../../lib/use-lang';

/** Google's button, to sign in again: hands over the fresh ID token instead of starting a session. */
export function GoogleConfirm({ onCredential }: { onCredential: (token: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { clientId, container, failed } = useGoogleButton(onCredential, lang);
  if (!clientId || failed) return <Alert tone="error">{t('errors.1009')}</Alert>;
  return <div ref={container} className="flex min-h-11 justify-center" data-testid="google-confirm" />;
}
