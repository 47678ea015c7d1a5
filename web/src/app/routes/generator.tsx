import type { ImageType } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { splitLang } from '../../config/paths';
import { GeneratorMarketing } from '../../features/generator/components/generator-marketing';
import { GeneratorView } from '../../features/generator/components/generator-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Both generator routes render this one component, so switching tabs (which changes the address)
 * keeps the screen, its history and any generation in progress.
 */
export function GeneratorRoute() {
  const { t } = useTranslation();
  const { rest } = splitLang(useLocation().pathname);
  const tab: ImageType = rest.startsWith('/image-coloring-page') ? 'image2image' : 'text2image';
  const [initialTab] = useState(tab);
  useDocumentTitle(t(`generator.title.${tab}`));
  return (
    <>
      <GeneratorView initialTab={initialTab} />
      <GeneratorMarketing type={tab} />
    </>
  );
}
