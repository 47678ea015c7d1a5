import type { Language } from '@studio/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../locales/merge-namespaces';

export const PREFERRED_LANGUAGE_KEY = 'preferredLanguage';

export function getStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(PREFERRED_LANGUAGE_KEY);
    return value === 'en' || value === 'zh' || value === 'ja' ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(lang: Language): void {
  try {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, lang);
  } catch {
    // Private mode without storage: the path prefix still carries the language.
  }
}

/** With no stored preference: a browser language containing zh → Chinese, ja → Japanese, else English. */
export function detectBrowserLanguage(languages: readonly string[]): Language {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower.includes('zh')) return 'zh';
    if (lower.includes('ja')) return 'ja';
  }
  return 'en';
}

export function preferredLanguage(): Language {
  return getStoredLanguage() ?? detectBrowserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export const htmlLang: Record<Language, string> = { en: 'en', zh: 'zh-CN', ja: 'ja' };


/** Only the page's language is downloaded; the others load when the user switches. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('../locales/en'),
  zh: () => import('../locales/zh'),
  ja: () => import('../locales/ja'),
};

export async function ensureLanguage(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const messages = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', messages.default, true, true);
}

/** Starts i18next in `lang` (loading its messages first) and sets `<html lang>`. */
export async function initI18n(lang: Language, preloaded?: Messages) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: preloaded ? { [lang]: { translation: preloaded } } : {},
      partialBundledLanguages: true,
      lng: lang,
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  }
  await ensureLanguage(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = htmlLang[lang];
  return i18next;
}
