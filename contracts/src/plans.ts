import type { MembershipLevel } from './constants';

/** The live plan table (product-spec §3). Prices and credits come only from here. */
export type PlanCode =
  | 'FREE'
  | 'LITE_MONTHLY'
  | 'LITE_YEARLY'
  | 'PRO_MONTHLY'
  | 'PRO_YEARLY'
  | 'MAX_MONTHLY'
  | 'MAX_YEARLY';

export interface Plan {
  code: PlanCode;
  level: MembershipLevel;
  chargeType: 'Monthly' | 'Yearly' | null;
  /** Amount charged at checkout, in USD, as a decimal string. */
  amount: string;
  /** Price per month shown on the card. */
  perMonth: string;
  /** Credits granted each month. */
  monthlyCredits: number;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  { code: 'FREE', level: 'free', chargeType: null, amount: '0.00', perMonth: '0.00', monthlyCredits: 50, popular: false },
  { code: 'LITE_MONTHLY', level: 'lite', chargeType: 'Monthly', amount: '9.99', perMonth: '9.99', monthlyCredits: 2000, popular: false },
  { code: 'LITE_YEARLY', level: 'lite', chargeType: 'Yearly', amount: '83.88', perMonth: '6.99', monthlyCredits: 2000, popular: false },
  { code: 'PRO_MONTHLY', level: 'pro', chargeType: 'Monthly', amount: '19.99', perMonth: '19.99', monthlyCredits: 6000, popular: true },
  { code: 'PRO_YEARLY', level: 'pro', chargeType: 'Yearly', amount: '167.88', perMonth: '13.99', monthlyCredits: 6000, popular: true },
  { code: 'MAX_MONTHLY', level: 'max', chargeType: 'Monthly', amount: '39.99', perMonth: '39.99', monthlyCredits: 20000, popular: false },
  { code: 'MAX_YEARLY', level: 'max', chargeType: 'Yearly', amount: '335.88', perMonth: '27.99', monthlyCredits: 20000, popular: false },
];

export const YEARLY_DISCOUNT_PERCENT = 30;

export function findPlan(code: string): Plan | undefined {
  return PLANS.find((plan) => plan.code === code);
}

export type PaidLevel = Exclude<MembershipLevel, 'free'>;
export type BillingPeriod = 'monthly' | 'yearly';

/** The plan a card shows for a level and billing period (Free has no yearly variant). */
export function planFor(level: MembershipLevel, period: BillingPeriod): Plan {
  if (level === 'free') return findPlan('FREE')!;
  return findPlan(`${level.toUpperCase()}_${period === 'yearly' ? 'YEARLY' : 'MONTHLY'}`)!;
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

export interface CheckoutFigures {
  /** Price per month of the chosen plan. */
  perMonth: string;
  /** What the period would cost at the monthly price (12 × monthly for a yearly plan). */
  subtotal: string;
  /** subtotal − total; "0.00" for a monthly plan. */
  discount: string;
  /** Whole percent saved against paying monthly. */
  discountPercent: number;
  /** Charged today: the plan's amount. */
  total: string;
  /** Months the payment covers. */
  months: number;
}

/** The checkout's figures, all derived from the plan table. */
export function checkoutFigures(plan: Plan): CheckoutFigures {
  const months = plan.chargeType === 'Yearly' ? 12 : 1;
  const monthly = plan.level === 'free' ? plan : planFor(plan.level, 'monthly');
  const subtotal = toCents(monthly.amount) * months;
  const total = toCents(plan.amount);
  const discount = Math.max(0, subtotal - total);
  return {
    perMonth: plan.perMonth,
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    discountPercent: subtotal > 0 ? Math.round((discount / subtotal) * 100) : 0,
    total: fromCents(total),
    months,
  };
}
