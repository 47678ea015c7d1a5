import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { LegalPageView } from '../../features/legal/components/legal-page';
import type { LegalPage } from '../../features/legal/lib/legal-texts';
import { useLang } from '../../lib/use-lang';
import { usePageMeta } from '../../lib/use-page-meta';

const pathOf = { privacy: paths.privacy, terms: paths.terms, refund: paths.refund } as const;

export function LegalRoute({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  const lang = useLang();
  usePageMeta({ title: t(`legal.${page}.title`), description: t(`legal.${page}.description`), path: pathOf[page].getHref(lang) });
  return <LegalPageView key={page} page={page} />;
}
