import { findPlan } from '@studio/contracts/plans';

export type Lang = 'en' | 'zh' | 'ja';

/** A member's language as mails and invoices use it: English unless it is Chinese or Japanese. */
export const mailLang = (lang: string): Lang => (lang === 'zh' || lang === 'ja' ? lang : 'en');

/** A plan as the pricing page names it ("Pro (monthly)", "专业版（按月）"), never its code (issue 37). */
const PLAN_NAMES: Record<Lang, { levels: Record<string, string>; monthly: (name: string) => string; yearly: (name: string) => string }> = {
  en: { levels: { lite: 'Lite', pro: 'Pro', max: 'Max' }, monthly: (name) => `${name} (monthly)`, yearly: (name) => `${name} (yearly)` },
  zh: { levels: { lite: '轻享版', pro: '专业版', max: '旗舰版' }, monthly: (name) => `${name}（按月）`, yearly: (name) => `${name}（按年）` },
  ja: { levels: { lite: 'ライト', pro: 'プロ', max: 'マックス' }, monthly: (name) => `${name}（月払い）`, yearly: (name) => `${name}（年払い）` },
};

export function planName(lang: Lang, planCode: string): string {
  const plan = findPlan(planCode);
  const names = PLAN_NAMES[lang];
  const level = plan ? names.levels[plan.level] : undefined;
  if (!plan || !level) return planCode;
  return plan.chargeType === 'Yearly' ? names.yearly(level) : names.monthly(level);
}

/** The profile's order history on the site, in the member's language (built from PUBLIC_URL, never a request's Host). */
export function orderHistoryLink(publicUrl: string, lang: Lang): string {
  return `${publicUrl}${lang === 'en' ? '' : `/${lang}`}/profile#order-history`;
}

/** The profile page on the site, in the member's language. */
export function profileLink(publicUrl: string, lang: Lang): string {
  return `${publicUrl}${lang === 'en' ? '' : `/${lang}`}/profile`;
}
