import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  // Same shape as the titles the server writes into the HTML.
  const site = t('app.siteTitle');
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : `${t('app.tagline')} | ${site}`;
  }, [title, site, t]);
}
