import { useTranslation } from 'react-i18next';
import { PricingView } from '../../features/pricing/components/pricing-view';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PriceRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pricing.documentTitle'));
  return <PricingView />;
}
