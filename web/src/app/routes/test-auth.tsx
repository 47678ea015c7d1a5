import { useTranslation } from 'react-i18next';
import { TestAuthView } from '../../features/debug/components/test-auth-view';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TestAuthRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('debug.title'));
  return <TestAuthView />;
}
