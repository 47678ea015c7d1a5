import { useTranslation } from 'react-i18next';
import { ForgotPasswordFlow } from '../../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.forgot.title'));
  return <ForgotPasswordFlow />;
}
