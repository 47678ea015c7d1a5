import type { Language } from '@studio/contracts/constants';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };

/** Long date with the weekday, in the page's language: "Sunday, March 1, 2026", "2026年3月1日星期日", "2026年3月1日日曜日". */
export function formatPostDate(value: string, lang: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales[lang], { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}
