import { describe, expect, it } from 'vitest';
import { expiryInFuture, passesLuhn, testCardSchema } from './payments';
import { PLANS, YEARLY_DISCOUNT_PERCENT, checkoutFigures, findPlan, planFor } from './plans';

describe('plan table', () => {
  it('matches product-spec §3: yearly totals are 12 × the per-month price, about 30 % under monthly', () => {
    for (const level of ['lite', 'pro', 'max'] as const) {
      const yearly = planFor(level, 'yearly');
      const monthly = planFor(level, 'monthly');
      expect(Math.round(Number(yearly.perMonth) * 12 * 100)).toBe(Math.round(Number(yearly.amount) * 100));
      expect(yearly.monthlyCredits).toBe(monthly.monthlyCredits);
      expect(checkoutFigures(yearly).discountPercent).toBe(YEARLY_DISCOUNT_PERCENT);
    }
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.level)).toEqual(['pro', 'pro']);
    expect(planFor('free', 'yearly').code).toBe('FREE');
  });

  it('gives the checkout its figures: subtotal, discount and total, in cents without float drift', () => {
    expect(checkoutFigures(findPlan('PRO_YEARLY')!)).toEqual({ perMonth: '13.99', subtotal: '239.88', discount: '72.00', discountPercent: 30, total: '167.88', months: 12 });
    expect(checkoutFigures(findPlan('LITE_YEARLY')!)).toMatchObject({ subtotal: '119.88', discount: '36.00', total: '83.88' });
    expect(checkoutFigures(findPlan('MAX_YEARLY')!)).toMatchObject({ subtotal: '479.88', discount: '144.00', total: '335.88' });
    expect(checkoutFigures(findPlan('PRO_MONTHLY')!)).toEqual({ perMonth: '19.99', subtotal: '19.99', discount: '0.00', discountPercent: 0, total: '19.99', months: 1 });
  });
});

describe('test card checks', () => {
  it('accepts valid numbers (spaces allowed) and refuses a mistyped digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    const good = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: ' Ada ' };
    expect(testCardSchema.parse(good)).toEqual({ number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'Ada' });
    expect(testCardSchema.safeParse({ ...good, number: '4242 4242 4242 4243' }).error?.issues[0].message).toBe('validation.cardNumber');
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(expiryInFuture('11/26', now)).toBe(true);
    expect(expiryInFuture('10/26', now)).toBe(false);
    expect(expiryInFuture('12 / 26', now)).toBe(true);
  });
});
