import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../lib/dates';
import { ledgerOf } from '../credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };
/** Pays at checkout, declines every renewal. */
const RENEWAL_DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0341' };
const DAY = 86_400_000;
const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

describe.each(databaseKinds)('renewing subscriptions with the test provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const get = async (url: string, headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url, headers })).json().data;
  const profile = async (headers: Record<string, string>) => (await get('/api/users/profile', headers)).user;
  const history = async (headers: Record<string, string>) => (await get('/api/payment/chargerecord?pageSize=100', headers)).records as { kind: string; status: string; amount: string; creditsAdded: number }[];
  const grantsOf = async (userId: string) => (await ledgerOf(t.db.kysely, userId)).filter((row) => row.reason === 'purchase' || row.reason === 'monthly_grant');

  async function buy(planCode: string, card = GOOD_CARD) {
    const user = await signedInUser(t.app);
    const created = (await post('/api/payment/order', user.headers, { planCode, method: 'card' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers, { card })).json().data.status).toBe('paid');
    const sub = await get('/api/subscription', user.headers);
    const row = await t.db.kysely.selectFrom('subscriptions').select('started_at').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    return { ...user, sub, startedAt: row.started_at };
  }

  it('buys Pro monthly and renews it 3 times: 4 charges, 4 grants, however often the calendar runs', async () => {
    const user = await buy('PRO_MONTHLY');
    expect(user.sub).toMatchObject({ planCode: 'PRO_MONTHLY', status: 'active', renewsAt: user.sub.periodEnd, endsAt: null });
    for (let month = 1; month <= 3; month += 1) {
      const at = addMonths(user.startedAt, month);
      await Promise.all([t.app.billing.runDue(at), t.app.billing.runDue(at)]);
      await t.app.billing.runDue(at);
    }
    expect(await grantsOf(user.userId)).toHaveLength(4);
    const me = await profile(user.headers);
    expect(me).toMatchObject({ credits: 50 + 4 * 6000, membershipLevel: 'pro' });
    expect(me.membershipPeriodEnd).toBe(addMonths(user.startedAt, 4));
    const rows = await history(user.headers);
    expect(rows.filter((row) => row.kind === 'renewal' && row.status === 'paid')).toHaveLength(3);
    expect(rows.filter((row) => row.kind === 'purchase' && row.status === 'paid')).toHaveLength(1);
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'active', renewsAt: addMonths(user.startedAt, 4) });
    // A receipt for every successful charge.
    const receipts = readdirSync(t.outboxDir).map((file) => readFileSync(path.join(t.outboxDir, file), 'utf8')).filter((mail) => mail.includes('Pro (monthly)') && mail.includes(user.email));
    expect(receipts.length).toBeGreaterThanOrEqual(4);
  });

  it('counts periods from the start: begun on the 29th, a period after February ends on the 29th again', async () => {
    const user = await buy('LITE_MONTHLY');
    const start = '2026-11-29T12:00:00.000Z';
    const firstEnd = addMonths(start, 1);
    await t.db.kysely.updateTable('subscriptions').set({ started_at: start, period_end: firstEnd, renew_at: firstEnd, next_grant_at: null }).where('user_id', '=', user.userId).execute();
    for (let month = 1; month <= 3; month += 1) await t.app.billing.runDue(addMonths(start, month));
    const sub = await get('/api/subscription', user.headers);
    // Feb 28 is the third period's end; the fourth ends on Mar 29, not Mar 28.
    expect(addMonths(start, 3)).toBe('2027-02-28T12:00:00.000Z');
    expect(sub).toMatchObject({ status: 'active', periodEnd: '2027-03-29T12:00:00.000Z', renewsAt: '2027-03-29T12:00:00.000Z' });
  });

  it('renews a year at once when the clock jumps: each missed month granted once, each period charged once', async () => {
    const user = await buy('LITE_MONTHLY');
    await t.app.billing.runDue(addMonths(user.startedAt, 3));
    expect(await grantsOf(user.userId)).toHaveLength(4);
    expect((await history(user.headers)).filter((row) => row.kind === 'renewal')).toHaveLength(3);
  });

  it('cancelled after the 2nd renewal: no 3rd charge, the level held to the period end, then free and topped up to 50', async () => {
    const user = await buy('LITE_MONTHLY');
    await t.app.billing.runDue(addMonths(user.startedAt, 1));
    await t.app.billing.runDue(addMonths(user.startedAt, 2));
    const cancelled = await post('/api/subscription/cancel', user.headers);
    const endsAt = addMonths(user.startedAt, 3);
    expect(cancelled.json().data).toEqual({ endsAt });
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'cancelled', renewsAt: null, endsAt });
    expect((await post('/api/subscription/cancel', user.headers)).json().data).toEqual({ endsAt });
    // Spend down so the free top-up shows.
    await t.db.kysely.updateTable('users').set({ credits: 7 }).where('id', '=', user.userId).execute();
    await t.app.billing.runDue(plusDays(endsAt, -1));
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'lite', cancelAtPeriodEnd: true });
    await t.app.billing.runDue(endsAt);
    await t.app.billing.runDue(addMonths(user.startedAt, 4));
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'free', credits: 50 });
    const rows = await history(user.headers);
    expect(rows.filter((row) => row.kind === 'renewal')).toHaveLength(2);
    expect(rows.filter((row) => row.kind === 'cancellation')).toHaveLength(1);
    expect(await grantsOf(user.userId)).toHaveLength(3);
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'ended' });
  });

  it('a failed renewal is retried in the grace period, then the plan lapses to free and the profile says why', async () => {
    const user = await buy('PRO_MONTHLY', RENEWAL_DECLINED_CARD);
    const due = addMonths(user.startedAt, 1);
    await t.app.billing.runDue(due);
    const failing = await get('/api/subscription', user.headers);
    expect(failing).toMatchObject({ status: 'past_due', failedAttempts: 1, retryAt: plusDays(due, 2), endsAt: plusDays(due, 7) });
    // The level holds while the renewal is retried.
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'pro' });
    await t.app.billing.runDue(plusDays(due, 1));
    expect((await get('/api/subscription', user.headers)).failedAttempts).toBe(1);
    await t.app.billing.runDue(plusDays(due, 2));
    await t.app.billing.runDue(plusDays(due, 4));
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'past_due', failedAttempts: 3 });
    await t.app.billing.runDue(plusDays(due, 6));
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'lapsed', failedAttempts: 4, renewsAt: null });
    expect(await profile(user.headers)).toMatchObject({ membershipLevel: 'free' });
    const rows = await history(user.headers);
    expect(rows.filter((row) => row.kind === 'renewal' && row.status === 'failed')).toHaveLength(4);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(await grantsOf(user.userId)).toHaveLength(1);
    await t.app.billing.runDue(addMonths(due, 2));
    expect((await history(user.headers)).filter((row) => row.kind === 'renewal')).toHaveLength(4);
  });

  it('yearly: one charge a year, credits every month, the renewal a year on', async () => {
    const user = await buy('MAX_YEARLY');
    await t.app.billing.runDue(addMonths(user.startedAt, 11));
    expect(await grantsOf(user.userId)).toHaveLength(12);
    expect((await history(user.headers)).filter((row) => row.kind === 'renewal')).toHaveLength(0);
    await t.app.billing.runDue(addMonths(user.startedAt, 12));
    expect(await grantsOf(user.userId)).toHaveLength(13);
    expect((await history(user.headers)).filter((row) => row.kind === 'renewal' && row.status === 'paid' && row.amount === '335.88')).toHaveLength(1);
  });

  it('refuses a second plan while one runs (decision 029): no period is paid twice', async () => {
    const user = await buy('LITE_MONTHLY');
    for (const planCode of ['LITE_MONTHLY', 'MAX_MONTHLY']) {
      const refused = await post('/api/payment/order', user.headers, { planCode, method: 'card' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe(1020);
    }
    expect((await history(user.headers))).toHaveLength(1);
  });
});
