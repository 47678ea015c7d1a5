import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../lib/dates';
import { ledgerOf } from '../credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

describe.each(databaseKinds)('payments with the test provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const profile = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers })).json().data.user;
  const order = async (headers: Record<string, string>, body: object) => (await post('/api/payment/order', headers, body)).json().data;

  it('buys yearly Pro with a card: +6000 credits once, pro for a year, shown as paid in the history', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'PRO', chargeType: 'Yearly', method: 'card', amount: '0.01' });
    expect(created).toMatchObject({ amount: '167.88', currency: 'USD', credits: 6000, planCode: 'PRO_YEARLY' });
    const capture = await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD });
    expect(capture.statusCode).toBe(200);
    expect(capture.json().data).toMatchObject({ status: 'paid', creditsAdded: 6000, credits: 6050, membershipLevel: 'pro' });
    const me = await profile(user.headers);
    expect(me).toMatchObject({ credits: 6050, membershipLevel: 'pro', cancelAtPeriodEnd: false });
    const days = (Date.parse(me.membershipPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    const history = (await t.app.inject({ method: 'GET', url: '/api/payment/chargerecord?page=1&pageSize=1000', headers: user.headers })).json().data;
    expect(history).toMatchObject({ total: 1, currentPage: 1, pageSize: 1000, records: [{ orderId: created.id, planCode: 'PRO_YEARLY', chargeType: 'Yearly', creditsAdded: 6000, amount: '167.88', status: 'paid' }] });
  });

  it('settles once when the same order is captured 10 times at once and recharged', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'LITE_MONTHLY', method: 'card' });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD })),
      post('/api/recharge/recharge', user.headers, { orderId: created.id }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(10);
    const purchases = (await ledgerOf(t.db.kysely, user.userId)).filter((row) => row.reason === 'purchase');
    expect(purchases).toHaveLength(1);
    expect((await profile(user.headers)).credits).toBe(2050);
    expect((await post('/api/recharge/recharge', user.headers, { orderId: created.id })).json().data).toMatchObject({ status: 'paid', credits: 2050 });
  });

  it("refuses another user's order with 1024 and grants nothing", async () => {
    const owner = await signedInUser(t.app);
    const thief = await signedInUser(t.app);
    const created = await order(owner.headers, { planCode: 'MAX_MONTHLY', method: 'card' });
    for (const url of [`/api/payment/capture/${created.id}`]) {
      const response = await post(url, thief.headers, { card: GOOD_CARD });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorCode).toBe(1024);
    }
    expect((await post('/api/recharge/recharge', thief.headers, { orderId: created.id })).json().errorCode).toBe(1024);
    expect((await profile(thief.headers)).credits).toBe(50);
    expect((await profile(owner.headers)).credits).toBe(50);
  });

  it('declines the test card 4000 0000 0000 0002 with 1021, grants nothing, and lets the user try again', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'PRO_MONTHLY', method: 'card' });
    const declined = await post(`/api/payment/capture/${created.id}`, user.headers, { card: DECLINED_CARD });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({ errorCode: 1021, message: 'Your card was declined', data: { fields: { 'card.number': 'validation.cardDeclined' } } });
    expect(await profile(user.headers)).toMatchObject({ credits: 50, membershipLevel: 'free' });
    const retried = await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD });
    expect(retried.json().data).toMatchObject({ status: 'paid', credits: 6050 });
  });

  it('checks the card before paying: a mistyped number or an expired card is a field error and grants nothing', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'LITE_MONTHLY', method: 'card' });
    const mistyped = await post(`/api/payment/capture/${created.id}`, user.headers, { card: { ...GOOD_CARD, number: '4242 4242 4242 4243' } });
    expect(mistyped.json()).toMatchObject({ errorCode: 1003, data: { fields: { 'card.number': 'validation.cardNumber' } } });
    const expired = await post(`/api/payment/capture/${created.id}`, user.headers, { card: { ...GOOD_CARD, expiry: '01/20' } });
    expect(expired.json()).toMatchObject({ errorCode: 1003, data: { fields: { 'card.expiry': 'validation.cardExpired' } } });
    expect(await profile(user.headers)).toMatchObject({ credits: 50, membershipLevel: 'free' });
  });

  it('ignores an amount sent with the capture: the order keeps the plan price', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'MAX_YEARLY', method: 'card', amount: '1.00', credits: 999999 });
    expect(created).toMatchObject({ amount: '335.88', credits: 20000 });
    const captured = await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD, amount: '0.01', currency: 'JPY', credits: 999999 });
    expect(captured.json().data).toMatchObject({ status: 'paid', creditsAdded: 20000, credits: 20050 });
    const history = (await t.app.inject({ method: 'GET', url: '/api/payment/chargerecord', headers: user.headers })).json().data;
    expect(history.records[0]).toMatchObject({ amount: '335.88', currency: 'USD' });
  });

  it('rejects an unknown plan and FREE with 1003', async () => {
    const user = await signedInUser(t.app);
    for (const planCode of ['FREE', 'GOLD_MONTHLY', '']) {
      const response = await post('/api/payment/order', user.headers, { planCode });
      expect(response.json().errorCode).toBe(1003);
    }
  });

  it('cancels once, keeps the level until the period ends, then the expiry job downgrades', async () => {
    const user = await signedInUser(t.app);
    expect((await post('/api/subscription/cancel', user.headers)).json().errorCode).toBe(1022);
    const created = await order(user.headers, { planCode: 'LITE_MONTHLY', method: 'card' });
    await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD });
    expect((await post('/api/subscription/cancel', user.headers)).statusCode).toBe(200);
    expect((await post('/api/subscription/cancel', user.headers)).statusCode).toBe(200);
    const subs = await t.db.kysely.selectFrom('subscriptions').select('cancelled_at').where('user_id', '=', user.userId).execute();
    expect(subs.filter((s) => s.cancelled_at)).toHaveLength(1);
    const me = await profile(user.headers);
    expect(me).toMatchObject({ membershipLevel: 'lite', cancelAtPeriodEnd: true });

    await t.app.billing.runDue(new Date(Date.now() + 10 * 86_400_000).toISOString());
    expect((await profile(user.headers)).membershipLevel).toBe('lite');
    await t.app.billing.runDue(addMonths(me.membershipPeriodEnd, 0).replace(/Z$/, 'Z'));
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'free', membershipPeriodEnd: null });
  });

  it('grants a yearly plan its credits each month, once, however often the job runs', async () => {
    const user = await signedInUser(t.app);
    const created = await order(user.headers, { planCode: 'LITE_YEARLY', method: 'card' });
    await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD });
    const sub = await t.db.kysely.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    const inTwoMonths = addMonths(sub.started_at, 2);
    await Promise.all([t.app.billing.runDue(inTwoMonths), t.app.billing.runDue(inTwoMonths)]);
    await t.app.billing.runDue(inTwoMonths);
    const grants = (await ledgerOf(t.db.kysely, user.userId)).filter((row) => row.reason === 'monthly_grant');
    expect(grants).toHaveLength(2);
    expect((await profile(user.headers)).credits).toBe(50 + 2000 * 3);
  });

  it('tops a free member up to 50 once a month, never above', async () => {
    const user = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ credits: 10 }).where('id', '=', user.userId).execute();
    const row = await t.db.kysely.selectFrom('users').select('next_topup_at').where('id', '=', user.userId).executeTakeFirstOrThrow();
    await Promise.all([t.app.billing.runDue(row.next_topup_at!), t.app.billing.runDue(row.next_topup_at!)]);
    expect((await profile(user.headers)).credits).toBe(50);
    const topups = (await ledgerOf(t.db.kysely, user.userId)).filter((r) => r.reason === 'free_topup');
    expect(topups).toHaveLength(1);
    expect(topups[0].delta).toBe(40);
  });
});
