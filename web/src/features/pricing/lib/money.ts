import type { Language } from '@studio/contracts/constants';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };

/** A decimal amount from the plan table ("167.88") in the page's language: $167.88, US$167.88… */
export function formatMoney(amount: string, lang: Language, currency = 'USD'): string {
  return new Intl.NumberFormat(locales[lang], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
}
