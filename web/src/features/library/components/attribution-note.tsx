import type { Attribution } from '@studio/contracts/images';
import { useTranslation } from 'react-i18next';

/** The credit a CC BY-SA drawing (OpenMoji) requires wherever the page is shown in full. */
export function AttributionNote({ attribution }: { attribution: Attribution | null }) {
  const { t } = useTranslation();
  if (!attribution) return null;
  return (
    <p className="text-xs leading-relaxed text-slate-600" data-testid="attribution">
      {t('library.attribution.drawnFrom')}{' '}
      <a href={attribution.url} className="underline hover:text-brand-700" rel="noopener noreferrer" target="_blank">
        {attribution.text}
      </a>
      {' · '}
      <a href={attribution.licenseUrl} className="underline hover:text-brand-700" rel="noopener noreferrer license" target="_blank">
        {attribution.license}
      </a>
      {attribution.modified && !/modified/i.test(attribution.text) ? ` · ${t('library.attribution.modified')}` : ''}
    </p>
  );
}
