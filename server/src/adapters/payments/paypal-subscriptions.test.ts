import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { PLANS } from '@studio/contracts/plans';
import { addMonths } from '../../lib/dates';
import { ledgerOf } from '../../modules/credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { signedHeaders, TEST_WEBHOOK_ID, testWebhookCerts } from '../../test/paypal-signing';
import { createTestApp, databaseKinds, readOutbox, type TestApp } from '../../test/test-app';
import { createPayPalProvider, PAYPAL_PRODUCT_ID } from './paypal-provider';

interface FakeSubscription {
  id: string;
  plan_id: string;
  custom_id: string;
  status: string;
  start_time: string;
  billing_info: { next_billing_time: string };
  transactions: { id: string; status: string; time: string; amount_with_breakdown: { gross_amount: { value: string; currency_code: string } } }[];
}

/** A local server answering with the documented shapes of PayPal's v1 catalog products, billing plans and subscriptions. */
async function startFakePayPal() {
  const state = {
    products: new Map<string, object>(),
    plans: [] as { id: string; product_id: string; name: string; status: string; amount: string }[],
    subscriptions: new Map<string, FakeSubscription>(),
    byRequestId: new Map<string, unknown>(),
    cancelled: [] as string[],
    refunds: [] as { saleId: string; amount: unknown }[],
    creates: 0,
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const send = (status: number, json?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(json === undefined ? '' : JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/v1/oauth2/token') return send(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 32400 });
    if (req.headers.authorization !== 'Bearer token-1') return send(401, { name: 'AUTHENTICATION_FAILURE' });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    if (requestId && state.byRequestId.has(requestId)) return send(201, state.byRequestId.get(requestId));
    const created = (json: unknown) => {
      if (requestId) state.byRequestId.set(requestId, json);
      send(201, json);
    };
    const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(url.pathname);
    if (product && req.method === 'GET') return state.products.has(product[1]) ? send(200, state.products.get(product[1])) : send(404, { name: 'RESOURCE_NOT_FOUND' });
    if (url.pathname === '/v1/catalogs/products' && req.method === 'POST') {
      const input = JSON.parse(body);
      state.products.set(input.id, { ...input, create_time: new Date().toISOString() });
      return created(state.products.get(input.id));
    }
    if (url.pathname === '/v1/billing/plans' && req.method === 'GET') {
      const plans = state.plans.filter((plan) => plan.product_id === url.searchParams.get('product_id'));
      return send(200, { plans: plans.map(({ id, product_id, name, status }) => ({ id, product_id, name, status })), total_items: plans.length, total_pages: 1 });
    }
    if (url.pathname === '/v1/billing/plans' && req.method === 'POST') {
      const input = JSON.parse(body);
      state.creates += 1;
      const plan = { id: `P-${state.plans.length + 1}FAKE`, product_id: input.product_id, name: input.name, status: input.status, amount: input.billing_cycles[0].pricing_scheme.fixed_price.value };
      state.plans.push(plan);
      return created({ ...plan, billing_cycles: input.billing_cycles });
    }
    if (url.pathname === '/v1/billing/subscriptions' && req.method === 'POST') {
      const input = JSON.parse(body);
      const id = `I-FAKE${state.subscriptions.size + 1}`;
      const now = new Date().toISOString();
      state.subscriptions.set(id, { id, plan_id: input.plan_id, custom_id: input.custom_id, status: 'APPROVAL_PENDING', start_time: now, billing_info: { next_billing_time: now }, transactions: [] });
      return created({ id, status: 'APPROVAL_PENDING', links: [{ rel: 'approve', href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${id}`, method: 'GET' }] });
    }
    const cancel = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancel && req.method === 'POST') {
      const sub = state.subscriptions.get(cancel[1]);
      if (!sub) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      // Only an active or suspended subscription can be cancelled.
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
      sub.status = 'CANCELLED';
      state.cancelled.push(sub.id);
      return send(204);
    }
    const refund = /^\/v1\/payments\/sale\/([^/]+)\/refund$/.exec(url.pathname);
    if (refund && req.method === 'POST') {
      const sold = [...state.subscriptions.values()].some((sub) => sub.transactions.some((sale) => sale.id === refund[1]));
      if (!sold) return send(404, { name: 'INVALID_RESOURCE_ID' });
      state.refunds.push({ saleId: refund[1], amount: JSON.parse(body || '{}').amount });
      return created({ id: `REF-${refund[1]}`, state: 'completed', sale_id: refund[1] });
    }
    const transactions = /^\/v1\/billing\/subscriptions\/([^/]+)\/transactions$/.exec(url.pathname);
    if (transactions && req.method === 'GET') {
      if (!url.searchParams.get('start_time') || !url.searchParams.get('end_time')) return send(400, { name: 'INVALID_REQUEST' });
      const sub = state.subscriptions.get(transactions[1]);
      return sub ? send(200, { transactions: sub.transactions, total_items: sub.transactions.length, total_pages: 1 }) : send(404, { name: 'RESOURCE_NOT_FOUND' });
    }
    const lookup = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (lookup && req.method === 'GET') {
      const sub = state.subscriptions.get(lookup[1]);
      if (!sub) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      const { transactions: _omit, ...shown } = sub;
      return send(200, shown);
    }
    send(404, { name: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The buyer approves in PayPal's window and PayPal takes the first payment. */
  const approve = (id: string) => {
    const sub = state.subscriptions.get(id)!;
    const plan = state.plans.find((p) => p.id === sub.plan_id)!;
    sub.status = 'ACTIVE';
    sub.transactions.push({ id: `SALE-${id}-0`, status: 'COMPLETED', time: new Date().toISOString(), amount_with_breakdown: { gross_amount: { value: plan.amount, currency_code: 'USD' } } });
    sub.billing_info.next_billing_time = addMonths(sub.start_time, 1);
  };
  return { url: `http://127.0.0.1:${port}`, state, approve, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(databaseKinds)('PayPal Subscriptions on %s', (kind) => {
  let t: TestApp;
  let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
  const provider = () =>
    createPayPalProvider({ clientId: 'id', clientSecret: 'secret', baseUrl: paypal.url, webhookId: TEST_WEBHOOK_ID, logger: pino({ level: 'silent' }), webhookCerts: testWebhookCerts, subscriptions: true });
  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp(kind, { payments: provider() });
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const get = async (url: string, headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url, headers })).json().data;
  let events = 0;
  const notify = async (type: string, resource: object) => {
    events += 1;
    const body = JSON.stringify({ id: `WH-${kind}-${events}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: type.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription', event_type: type, resource });
    const answer = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signedHeaders(body), payload: body });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.outcome as string;
  };
  const sale = (subscriptionId: string, saleId: string, total: string) => ({
    id: saleId,
    state: 'completed',
    amount: { total, currency: 'USD', details: { subtotal: total } },
    payment_mode: 'INSTANT_TRANSFER',
    billing_agreement_id: subscriptionId,
    create_time: new Date().toISOString(),
  });
  const cancellationMails = (email: string) => readOutbox(t.outboxDir).filter((mail) => mail.includes(email) && mail.includes('plan was cancelled'));
  const grants = async (userId: string) => (await ledgerOf(t.db.kysely, userId)).filter((row) => row.reason === 'purchase' || row.reason === 'monthly_grant');

  async function subscribe(planCode: string) {
    const user = await signedInUser(t.app);
    const order = (await post('/api/payment/order', user.headers, { planCode, method: 'paypal' })).json().data;
    expect(order).toMatchObject({ mode: 'subscription', providerOrderId: expect.stringMatching(/^I-FAKE/) });
    paypal.approve(order.providerOrderId);
    expect((await post(`/api/payment/capture/${order.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', membershipLevel: planCode.split('_')[0].toLowerCase() });
    const row = await t.db.kysely.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    return { ...user, order, subscriptionId: order.providerOrderId as string, startedAt: row.started_at };
  }

  it('sets up one product and a billing plan per paid plan code, and finds them again instead of creating twice', async () => {
    const first = await provider().setupPlans!();
    const second = await provider().setupPlans!();
    expect(Object.keys(first).sort()).toEqual(PLANS.filter((plan) => plan.chargeType).map((plan) => plan.code).sort());
    expect(second).toEqual(first);
    expect([...paypal.state.products.keys()]).toEqual([PAYPAL_PRODUCT_ID]);
    expect(paypal.state.plans).toHaveLength(6);
  });

  it('subscribes to Pro monthly, then 3 renewals reported by PayPal: 4 grants, the first sale not counted twice', async () => {
    const user = await subscribe('PRO_MONTHLY');
    expect(await notify('PAYMENT.SALE.COMPLETED', sale(user.subscriptionId, `SALE-${user.subscriptionId}-0`, '19.99'))).toBe('ignored');
    for (let month = 1; month <= 3; month += 1) {
      const renewal = sale(user.subscriptionId, `SALE-${user.subscriptionId}-${month}`, '19.99');
      expect(await notify('PAYMENT.SALE.COMPLETED', renewal)).toBe('settled');
      // PayPal delivers again: a new event id for the same sale changes nothing.
      expect(await notify('PAYMENT.SALE.COMPLETED', renewal)).toBe('ignored');
      await t.app.billing.runDue(addMonths(user.startedAt, month));
    }
    expect(await grants(user.userId)).toHaveLength(4);
    const sub = await get('/api/subscription', user.headers);
    expect(sub).toMatchObject({ status: 'active', periodEnd: addMonths(user.startedAt, 4) });
    const history = (await get('/api/payment/chargerecord?pageSize=50', user.headers)).records;
    expect(history.filter((row: { kind: string; status: string }) => row.kind === 'renewal' && row.status === 'paid')).toHaveLength(3);
  });

  it('cancel after the 2nd renewal stops it at PayPal; the level holds to the period end, then free', async () => {
    const user = await subscribe('LITE_MONTHLY');
    for (const month of [1, 2]) await notify('PAYMENT.SALE.COMPLETED', sale(user.subscriptionId, `SALE-${user.subscriptionId}-${month}`, '9.99'));
    const endsAt = addMonths(user.startedAt, 3);
    expect((await post('/api/subscription/cancel', user.headers)).json().data).toEqual({ endsAt });
    expect(paypal.state.cancelled).toContain(user.subscriptionId);
    expect(await notify('BILLING.SUBSCRIPTION.CANCELLED', { id: user.subscriptionId, status: 'CANCELLED', custom_id: user.order.id })).toBe('ignored');
    // One mail confirms it: PayPal's notice of our own cancel sends no second one.
    expect(cancellationMails(user.email)).toHaveLength(1);
    await t.app.billing.runDue(addMonths(user.startedAt, 2));
    expect((await get('/api/users/profile', user.headers)).user).toMatchObject({ membershipLevel: 'lite', cancelAtPeriodEnd: true });
    await t.app.billing.runDue(endsAt);
    expect((await get('/api/users/profile', user.headers)).user).toMatchObject({ membershipLevel: 'free' });
    expect(await grants(user.userId)).toHaveLength(3);
  });

  it('a plan cancelled at PayPal is confirmed by one mail too, however often PayPal reports it', async () => {
    const user = await subscribe('PRO_MONTHLY');
    expect(cancellationMails(user.email)).toHaveLength(0);
    for (let time = 0; time < 2; time += 1) await notify('BILLING.SUBSCRIPTION.CANCELLED', { id: user.subscriptionId, status: 'CANCELLED', custom_id: user.order.id });
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'cancelled' });
    expect(cancellationMails(user.email)).toHaveLength(1);
    expect(cancellationMails(user.email)[0]).toContain('Your Coloring Studio plan was cancelled: Pro (monthly)');
  });

  it('a failed renewal keeps the level through the grace; SUSPENDED after PayPal gives up returns the account to free', async () => {
    const user = await subscribe('MAX_MONTHLY');
    await notify('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: user.subscriptionId, status: 'ACTIVE', billing_info: { failed_payments_count: 1 } });
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect((await get('/api/users/profile', user.headers)).user.membershipLevel).toBe('max');
    await notify('BILLING.SUBSCRIPTION.SUSPENDED', { id: user.subscriptionId, status: 'SUSPENDED' });
    expect(await get('/api/subscription', user.headers)).toMatchObject({ status: 'lapsed' });
    expect((await get('/api/users/profile', user.headers)).user.membershipLevel).toBe('free');
    const history = (await get('/api/payment/chargerecord?pageSize=50', user.headers)).records;
    expect(history.filter((row: { kind: string; status: string }) => row.kind === 'renewal' && row.status === 'failed')).toHaveLength(1);
  });

  it('a renewal of the wrong amount grants nothing', async () => {
    const user = await subscribe('LITE_YEARLY');
    expect(await notify('PAYMENT.SALE.COMPLETED', sale(user.subscriptionId, `SALE-${user.subscriptionId}-1`, '0.01'))).toBe('ignored');
    expect(await get('/api/subscription', user.headers)).toMatchObject({ periodEnd: addMonths(user.startedAt, 12) });
  });

  it('a refund at PayPal is a history row; delivered twice, one row', async () => {
    const user = await subscribe('PRO_YEARLY');
    const refund = { id: `REF-${user.subscriptionId}`, state: 'completed', amount: { total: '167.88', currency: 'USD' }, sale_id: `SALE-${user.subscriptionId}-0`, parent_payment: 'PAY-1' };
    await notify('PAYMENT.SALE.REFUNDED', refund);
    await notify('PAYMENT.SALE.REFUNDED', refund);
    const history = (await get('/api/payment/chargerecord?pageSize=50', user.headers)).records;
    expect(history.filter((row: { kind: string }) => row.kind === 'refund')).toEqual([expect.objectContaining({ kind: 'refund', status: 'refunded', amount: '167.88', creditsAdded: 0 })]);
  });

  describe('one plan per account (issue 36, hole 1)', () => {
    const order = async (headers: Record<string, string>, planCode: string) => (await post('/api/payment/order', headers, { planCode, method: 'paypal' })).json().data;
    const subscriptionsOf = (userId: string) => t.db.kysely.selectFrom('subscriptions').select(['plan_code', 'status', 'provider_subscription_id']).where('user_id', '=', userId).orderBy('started_at').execute();

    it('two plans approved at PayPal: the first settles, the second is cancelled at PayPal and its payment refunded; cancel then stops the first', async () => {
      const user = await signedInUser(t.app);
      const lite = await order(user.headers, 'LITE_YEARLY');
      const max = await order(user.headers, 'MAX_YEARLY');
      paypal.approve(lite.providerOrderId);
      paypal.approve(max.providerOrderId);
      expect((await post(`/api/payment/capture/${lite.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', membershipLevel: 'lite' });
      expect(paypal.state.subscriptions.get(max.providerOrderId)!.status).toBe('CANCELLED');
      expect(paypal.state.refunds).toContainEqual({ saleId: `SALE-${max.providerOrderId}-0`, amount: { total: '335.88', currency: 'USD' } });
      expect(paypal.state.subscriptions.get(lite.providerOrderId)!.status).toBe('ACTIVE');

      const refused = await post(`/api/payment/capture/${max.id}`, user.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 1020, message: expect.stringContaining('refunded') });
      // PayPal's notice of the refused plan's payment grants nothing.
      expect(await notify('PAYMENT.SALE.COMPLETED', sale(max.providerOrderId, `SALE-${max.providerOrderId}-0`, '335.88'))).toBe('ignored');
      expect(await grants(user.userId)).toHaveLength(1);
      expect((await get('/api/users/profile', user.headers)).user).toMatchObject({ membershipLevel: 'lite', credits: 2050 });
      expect(await subscriptionsOf(user.userId)).toEqual([{ plan_code: 'LITE_YEARLY', status: 'active', provider_subscription_id: lite.providerOrderId }]);
      expect((await t.db.kysely.selectFrom('orders').select('status').where('id', '=', max.id).executeTakeFirstOrThrow()).status).toBe('refunded');

      expect((await post('/api/subscription/cancel', user.headers)).statusCode).toBe(200);
      expect(paypal.state.subscriptions.get(lite.providerOrderId)!.status).toBe('CANCELLED');
    });

    it('a voided plan approved at PayPal afterwards: its first payment is refunded and the subscription cancelled when PayPal reports it', async () => {
      const user = await signedInUser(t.app);
      const lite = await order(user.headers, 'LITE_MONTHLY');
      const pro = await order(user.headers, 'PRO_MONTHLY');
      paypal.approve(lite.providerOrderId);
      expect((await post(`/api/payment/capture/${lite.id}`, user.headers)).json().data.status).toBe('paid');
      // The buyer approves the other plan in a window left open, and never comes back.
      paypal.approve(pro.providerOrderId);
      expect(await notify('PAYMENT.SALE.COMPLETED', sale(pro.providerOrderId, `SALE-${pro.providerOrderId}-0`, '19.99'))).toBe('ignored');
      expect(paypal.state.subscriptions.get(pro.providerOrderId)!.status).toBe('CANCELLED');
      expect(paypal.state.refunds.map((refund) => refund.saleId)).toContain(`SALE-${pro.providerOrderId}-0`);
      expect(await grants(user.userId)).toHaveLength(1);
      expect((await get('/api/users/profile', user.headers)).user).toMatchObject({ membershipLevel: 'lite', credits: 2050 });
    });

    it('a subscription replaced by a new plan (bought in the grace after its period) is cancelled at PayPal', async () => {
      const user = await subscribe('LITE_MONTHLY');
      await notify('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: user.subscriptionId, status: 'ACTIVE', billing_info: { failed_payments_count: 1 } });
      // The paid month is over; PayPal keeps retrying the renewal through the grace.
      const ended = new Date(Date.now() - 86_400_000).toISOString();
      await t.db.kysely.updateTable('subscriptions').set({ period_end: ended }).where('provider_subscription_id', '=', user.subscriptionId).execute();
      const max = await order(user.headers, 'MAX_MONTHLY');
      paypal.approve(max.providerOrderId);
      expect((await post(`/api/payment/capture/${max.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', membershipLevel: 'max' });
      expect(paypal.state.subscriptions.get(user.subscriptionId)!.status).toBe('CANCELLED');
      expect(paypal.state.subscriptions.get(max.providerOrderId)!.status).toBe('ACTIVE');
      expect(await subscriptionsOf(user.userId)).toEqual([
        { plan_code: 'LITE_MONTHLY', status: 'ended', provider_subscription_id: user.subscriptionId },
        { plan_code: 'MAX_MONTHLY', status: 'active', provider_subscription_id: max.providerOrderId },
      ]);
    });

    it("the site's cancel stops every live subscription of the account at PayPal (two, as the hole left some accounts)", async () => {
      const user = await subscribe('LITE_YEARLY');
      const first = await t.db.kysely.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
      const other = await provider().createSubscription!({ orderId: `legacy-${user.userId}`, planCode: 'MAX_YEARLY', amount: '335.88', currency: 'USD' });
      paypal.approve(other.providerSubscriptionId);
      // A second paid purchase and its subscription, as two plans paid at once left them.
      const purchase = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', user.order.id).executeTakeFirstOrThrow();
      const legacyOrder = `legacy-order-${user.userId}`;
      await t.db.kysely.insertInto('orders').values({ ...purchase, id: legacyOrder, plan_code: 'MAX_YEARLY', amount: '335.88', credits: 20000, provider_order_id: other.providerSubscriptionId, subscription_id: null }).execute();
      await t.db.kysely
        .insertInto('subscriptions')
        .values({
          ...first,
          id: `legacy-sub-${user.userId}`,
          order_id: legacyOrder,
          plan_code: 'MAX_YEARLY',
          level: 'max',
          provider_subscription_id: other.providerSubscriptionId,
          started_at: new Date(Date.parse(first.started_at) + 1000).toISOString(),
        })
        .execute();
      expect((await post('/api/subscription/cancel', user.headers)).statusCode).toBe(200);
      expect(paypal.state.subscriptions.get(user.subscriptionId)!.status).toBe('CANCELLED');
      expect(paypal.state.subscriptions.get(other.providerSubscriptionId)!.status).toBe('CANCELLED');
      expect((await subscriptionsOf(user.userId)).map((sub) => sub.status)).toEqual(['cancelled', 'cancelled']);
    });
  });
});
