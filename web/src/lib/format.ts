import type { Language } from '@studio/contracts/constants';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };

// Building an Intl formatter costs far more than using one (a page shows dozens of counts), so
// each is made once per language and style.
const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Language, options: Intl.DateTimeFormatOptions & { dateStyle: string }): Intl.DateTimeFormat {
  const key = `${lang}:${options.dateStyle}:${options.timeStyle ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[lang], options);
    dateFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, lang: Language): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(locales[lang]);
    numberFormats.set(lang, format);
  }
  return format.format(value);
}

export function formatDate(value: string | number | Date, lang: Language, style: 'long' | 'medium' = 'medium'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(lang, { dateStyle: style }).format(date);
}

export function formatDateTime(value: number | Date, lang: Language): string {
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' }).format(value);
}
