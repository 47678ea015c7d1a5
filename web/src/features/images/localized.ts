import type { Language, Localized } from '@studio/contracts/constants';

/** One language of a localized field, falling back to English. */
export function localizedText(value: Localized | null | undefined, lang: Language): string {
  if (!value) return '';
  return value[lang] || value.en || '';
}
