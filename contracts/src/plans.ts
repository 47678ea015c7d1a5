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
