import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../locales/en';
import { clearClientConfig } from '../lib/client-config';
import { clearPopularCategories } from '../lib/popular-categories';

// The machine may be busy: give async queries room.
configure({ asyncUtilTimeout: 5000 });

// Components render in English in tests, with the real messages.
await i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
});

afterEach(async () => {
  cleanup();
  clearClientConfig();
  clearPopularCategories();
  await i18next.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
});
