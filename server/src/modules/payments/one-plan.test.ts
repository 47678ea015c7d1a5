import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createTestPaymentProvider } from '../../adapters/payments/test-provider';
import { ledgerOf } from '../credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };

/** The built-in test provider, counting the money it takes and gives back per order. */
function countingProvider() {
  const inner = createTestPaymentProvider();
  const charged: string[] = [];
  const refunded: string[] = [];
  const provider: PaymentProvider = {
    ...inner,
    async capture(order) {
      const result = await inner.capture(order);
      if (result.status === 'completed') charged.push(order.orderId);
      return result;
    },
    async refund(payment) {
      refunded.push(payment.orderId);
      return inner.refund!(payment);
    },
  };
  return { provider, charged, refunded };
}

/**
 * Issue 36, hole 1: orders created before a plan was paid stayed payable, so one account could
 * pay two plans (and lose the first with no refund). One plan holds inside the settlement
 * (decision 052): settling voids the user's other unpaid orders, and a voided order is refused
 * before anything reaches the provider.
 */
describe.each(databaseKinds)('one plan per account with the test provider on %s', (kind) => {
  let t: TestApp;
  let money: ReturnType<typeof countingProvider>;
  beforeAll(async () => {
    money = countingProvider();
    t = await createTestApp(kind, { payments: money.provider });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const order = async (headers: Record<string, string>, planCode: string) => (await post('/api/payment/order', headers, { planCode, method: 'card' })).json().data.id as string;
  const profile = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers })).json().data.user;
  const statuses = async (userId: string) =>
    Object.fromEntries((await t.db.kysely.selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).execute()).map((row) => [row.id, row.status]));
  const purchases = async (userId: string) => (await ledgerOf(t.db.kysely, userId)).filter((row) => row.reason === 'purchase');
  const subscriptionsOf = (userId: string) => t.db.kysely.selectFrom('subscriptions').select(['plan_code', 'status']).where('user_id', '=', userId).execute();

  it('LITE_YEARLY and MAX_YEARLY ordered, LITE paid: paying MAX is refused with 409 (1020) before any charge; one plan, one charge', async () => {
    const user = await signedInUser(t.app);
    const lite = await order(user.headers, 'LITE_YEARLY');
    const max = await order(user.headers, 'MAX_YEARLY');
    expect((await post(`/api/payment/capture/${lite}`, user.headers, { card: GOOD_CARD })).json().data).toMatchObject({ status: 'paid', membershipLevel: 'lite' });
    expect(await statuses(user.userId)).toEqual({ [lite]: 'paid', [max]: 'cancelled' });

    const second = await post(`/api/payment/capture/${max}`, user.headers, { card: GOOD_CARD });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errorCode: 1020, message: expect.stringContaining('nothing was charged') });
    // Asking to settle it does not help either.
    const recharge = await post('/api/recharge/recharge', user.headers, { orderId: max });
    expect(recharge.statusCode).toBe(409);
    expect(recharge.json().errorCode).toBe(1020);

    expect(money.charged.filter((id) => id === lite || id === max)).toEqual([lite]);
    expect(await purchases(user.userId)).toHaveLength(1);
    expect(await subscriptionsOf(user.userId)).toEqual([{ plan_code: 'LITE_YEARLY', status: 'active' }]);
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'lite', credits: 2050 });
    const history = (await t.app.inject({ method: 'GET', url: '/api/payment/chargerecord', headers: user.headers })).json().data.records;
    expect(history.map((row: { orderId: string; status: string }) => [row.orderId, row.status]).sort()).toEqual([[lite, 'paid'], [max, 'cancelled']].sort());
  });

  it('five orders paid at once: exactly one settles, the others are refused (and refunded when the charge raced the settlement)', async () => {
    const user = await signedInUser(t.app);
    const plans = ['LITE_MONTHLY', 'PRO_MONTHLY', 'MAX_MONTHLY', 'LITE_YEARLY', 'PRO_YEARLY'];
    const ids = await Promise.all(plans.map((plan) => order(user.headers, plan)));
    const answers = await Promise.all(ids.map((id) => post(`/api/payment/capture/${id}`, user.headers, { card: GOOD_CARD })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().errorCode).toBe(1020);

    const winner = ids[answers.findIndex((answer) => answer.statusCode === 200)];
    const rows = await statuses(user.userId);
    expect(Object.values(rows).filter((status) => status === 'paid')).toHaveLength(1);
    expect(rows[winner]).toBe('paid');
    for (const id of ids.filter((id) => id !== winner)) expect(['cancelled', 'refunded']).toContain(rows[id]);
    // Every charge but the winner's was given back: one charge stands.
    const charged = money.charged.filter((id) => ids.includes(id));
    const refunded = money.refunded.filter((id) => ids.includes(id));
    expect(charged).toContain(winner);
    expect(refunded).not.toContain(winner);
    expect([...refunded].sort()).toEqual(charged.filter((id) => id !== winner).sort());
    expect(Object.entries(rows).filter(([, status]) => status === 'refunded').map(([id]) => id).sort()).toEqual([...refunded].sort());

    expect(await purchases(user.userId)).toHaveLength(1);
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);
    const plan = plans[ids.indexOf(winner)];
    expect((await profile(user.headers)).membershipLevel).toBe(plan.split('_')[0].toLowerCase());
  });

  it('five rounds of two orders paid at once: never two plans', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await signedInUser(t.app);
      const ids = await Promise.all(['LITE_MONTHLY', 'MAX_YEARLY'].map((plan) => order(user.headers, plan)));
      const answers = await Promise.all(ids.map((id) => post(`/api/payment/capture/${id}`, user.headers, { card: GOOD_CARD })));
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await purchases(user.userId)).toHaveLength(1);
      expect(await subscriptionsOf(user.userId)).toHaveLength(1);
    }
  });

  it('an account without a plan may still keep several orders open and pay whichever it chooses', async () => {
    const user = await signedInUser(t.app);
    const first = await order(user.headers, 'PRO_MONTHLY');
    const chosen = await order(user.headers, 'LITE_MONTHLY');
    expect((await post(`/api/payment/capture/${chosen}`, user.headers, { card: GOOD_CARD })).json().data).toMatchObject({ status: 'paid', membershipLevel: 'lite' });
    expect(await statuses(user.userId)).toEqual({ [first]: 'cancelled', [chosen]: 'paid' });
    // While the plan runs, a new order is refused as before (decision 029).
    expect((await post('/api/payment/order', user.headers, { planCode: 'MAX_MONTHLY', method: 'card' })).statusCode).toBe(409);
  });
});
