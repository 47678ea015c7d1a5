import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  const name = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : `${name} — ${t('app.tagline')}`;
  }, [title, name, t]);
}
