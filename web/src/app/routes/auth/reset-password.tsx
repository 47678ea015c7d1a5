import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordFlow } from '../../../features/auth/components/reset-password-flow';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useDocumentTitle(t('auth.reset.title'));
  const token = search.get('token');
  return <ResetPasswordFlow key={token ?? ''} token={token} />;
}
