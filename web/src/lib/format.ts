import type { Language } from '@studio/contracts/constants';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };

export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(locales[lang]).format(value);
}

export function formatDate(value: string | number | Date, lang: Language, style: 'long' | 'medium' = 'medium'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: style }).format(date);
}

export function formatDateTime(value: number | Date, lang: Language): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', timeStyle: 'medium' }).format(value);
}
