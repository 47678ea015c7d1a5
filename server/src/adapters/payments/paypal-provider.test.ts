import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ledgerOf } from '../../modules/credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { failLedgerInserts } from '../../test/db-blips';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { signedHeaders, TEST_WEBHOOK_ID, testWebhookCerts } from '../../test/paypal-signing';
import { createPayPalProvider } from './paypal-provider';

type CaptureMode = 'completed' | 'pending' | 'declined' | 'drop-first' | 'already-captured' | 'wrong-amount';

/** A local server speaking the documented shapes of PayPal OAuth, Orders v2 and webhook verification. */
async function startFakePayPal() {
  const state = {
    mode: 'completed' as CaptureMode,
    tokenCalls: 0,
    orders: new Map<string, { id: string; status: string; custom_id: string; amount: { currency_code: string; value: string }; captures: unknown[] }>(),
    byRequestId: new Map<string, { status: number; body: unknown }>(),
    requestIds: [] as string[],
    dropped: 0,
    refunds: [] as { captureId: string; amount: unknown }[],
  };
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
  const orderBody = (o: NonNullable<ReturnType<typeof state.orders.get>>) => ({ id: o.id, status: o.status, purchase_units: [{ custom_id: o.custom_id, amount: o.amount, payments: { captures: o.captures } }] });

  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const url = req.url ?? '';
    if (url === '/v1/oauth2/token') {
      state.tokenCalls += 1;
      return send(200, { access_token: `token-${state.tokenCalls}`, token_type: 'Bearer', expires_in: 32400 });
    }
    if (!req.headers.authorization?.startsWith('Bearer token-')) return send(401, { name: 'AUTHENTICATION_FAILURE' });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    if (requestId) state.requestIds.push(requestId);
    if (requestId && state.byRequestId.has(requestId)) {
      const cached = state.byRequestId.get(requestId)!;
      return send(cached.status, cached.body);
    }
    const remember = (status: number, json: unknown) => {
      if (requestId) state.byRequestId.set(requestId, { status, body: json });
      send(status, json);
    };
    if (url === '/v2/checkout/orders' && req.method === 'POST') {
      const input = JSON.parse(body);
      const id = `PP${state.orders.size + 1}X${Date.now()}`;
      const unit = input.purchase_units[0];
      state.orders.set(id, { id, status: 'APPROVED', custom_id: unit.custom_id, amount: unit.amount, captures: [] });
      return remember(201, { id, status: 'CREATED' });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url);
    if (capture) {
      const order = state.orders.get(capture[1]);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (state.mode === 'declined') return remember(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      if (order.status === 'COMPLETED' || state.mode === 'already-captured') {
        if (order.status !== 'COMPLETED') {
          order.status = 'COMPLETED';
          order.captures = [{ id: `CAP-${order.id}`, status: 'COMPLETED', amount: order.amount }];
        }
        return remember(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      }
      order.status = 'COMPLETED';
      const amount = state.mode === 'wrong-amount' ? { currency_code: 'USD', value: '0.01' } : order.amount;
      order.captures = [{ id: `CAP-${order.id}`, status: state.mode === 'pending' ? 'PENDING' : 'COMPLETED', amount }];
      const json = orderBody(order);
      if (requestId) state.byRequestId.set(requestId, { status: 201, body: json });
      if (state.mode === 'drop-first' && state.dropped === 0) {
        state.dropped += 1;
        return res.destroy();
      }
      return send(201, json);
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url);
    if (refund && req.method === 'POST') {
      const captured = [...state.orders.values()].some((o) => o.captures.some((c) => (c as { id: string }).id === refund[1]));
      if (!captured) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      state.refunds.push({ captureId: refund[1], amount: JSON.parse(body || '{}').amount });
      return remember(201, { id: `REF-${refund[1]}`, status: 'COMPLETED' });
    }
    const lookup = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url);
    if (lookup && req.method === 'GET') {
      const order = state.orders.get(lookup[1]);
      return order ? send(200, orderBody(order)) : send(404, { name: 'RESOURCE_NOT_FOUND' });
    }
    send(404, { name: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(databaseKinds)('PayPal provider on %s', (kind) => {
  let t: TestApp;
  let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
  beforeAll(async () => {
    paypal = await startFakePayPal();
    const provider = createPayPalProvider({ clientId: 'id', clientSecret: 'secret', baseUrl: paypal.url, webhookId: TEST_WEBHOOK_ID, logger: pino({ level: 'silent' }), webhookCerts: testWebhookCerts });
    t = await createTestApp(kind, { payments: provider });
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });
  afterEach(() => {
    paypal.state.mode = 'completed';
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const credits = async (userId: string) => Number((await t.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
  /** Delivers `event` as PayPal would: these exact bytes, signed (for another webhook when `forged`). */
  const webhook = (event: object | string, forged = false) => {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    return t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signedHeaders(body, forged ? { webhookId: 'WH-OTHER' } : {}), payload: body });
  };
  const captureEvent = (id: string, orderId: string, value: string) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: `CAP-${orderId}`, status: 'COMPLETED', custom_id: orderId, amount: { currency_code: 'USD', value } },
  });

  it('creates and captures with request ids derived from our order id, reusing one OAuth token', async () => {
    const user = await signedInUser(t.app);
    const before = paypal.state.tokenCalls;
    const created = (await post('/api/payment/order', user.headers, { planCode: 'PRO_MONTHLY', method: 'paypal' })).json().data;
    const captured = await post(`/api/payment/capture/${created.id}`, user.headers);
    expect(captured.json().data).toMatchObject({ status: 'paid', creditsAdded: 6000 });
    expect(paypal.state.requestIds).toEqual(expect.arrayContaining([`create-${created.id}`, `capture-${created.id}-0`]));
    expect(paypal.state.tokenCalls - before).toBeLessThanOrEqual(1);
  });

  it('grants nothing on PENDING until the webhook, then settles once; replays are ignored', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'pending';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers)).json().data).toMatchObject({ status: 'approved', creditsAdded: 0 });
    expect(await credits(user.userId)).toBe(50);
    const event = captureEvent(`WH-${created.id}`, created.id, '9.99');
    const first = await webhook(event);
    expect(first.json()).toMatchObject({ data: { outcome: 'settled' } });
    expect((await webhook(event)).json().data.outcome).toBe('replay');
    expect(await credits(user.userId)).toBe(2050);
  });

  it('settles once when 10 captures race the webhook', async () => {
    const user = await signedInUser(t.app);
    const created = (await post('/api/payment/order', user.headers, { planCode: 'MAX_MONTHLY', method: 'paypal' })).json().data;
    await Promise.all([
      ...Array.from({ length: 10 }, () => post(`/api/payment/capture/${created.id}`, user.headers)),
      webhook(captureEvent(`WH-race-${created.id}`, created.id, '39.99')),
    ]);
    expect((await ledgerOf(t.db.kysely, user.userId)).filter((r) => r.reason === 'purchase')).toHaveLength(1);
    expect(await credits(user.userId)).toBe(20050);
  });

  it('retries a dropped capture answer with the same request id and settles once', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'drop-first';
    paypal.state.dropped = 0;
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    const captured = await post(`/api/payment/capture/${created.id}`, user.headers);
    expect(captured.json().data).toMatchObject({ status: 'paid' });
    expect(paypal.state.requestIds.filter((id) => id === `capture-${created.id}-0`)).toHaveLength(2);
    expect(await credits(user.userId)).toBe(2050);
  });

  it('reads ORDER_ALREADY_CAPTURED from the order, and refuses a declined instrument with 1021', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'already-captured';
    const first = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${first.id}`, user.headers)).json().data.status).toBe('paid');
    paypal.state.mode = 'declined';
    const other = await signedInUser(t.app);
    const second = (await post('/api/payment/order', other.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${second.id}`, other.headers)).json().errorCode).toBe(1021);
    expect(await credits(user.userId)).toBe(2050);
    expect(await credits(other.userId)).toBe(50);
  });

  it('lets the buyer try again after a declined instrument, as a new capture request at PayPal', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'declined';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'PRO_MONTHLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers)).json().errorCode).toBe(1021);
    expect(await credits(user.userId)).toBe(50);
    paypal.state.mode = 'completed';
    expect((await post(`/api/payment/capture/${created.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', creditsAdded: 6000 });
    expect(paypal.state.requestIds).toEqual(expect.arrayContaining([`capture-${created.id}-0`, `capture-${created.id}-1`]));
    expect(await credits(user.userId)).toBe(6050);
  });

  it('grants nothing when the captured amount differs from the order, or the webhook signature fails', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'wrong-amount';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'PRO_YEARLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers)).json().errorCode).toBe(1017);
    const forged = await webhook(captureEvent(`WH-forged-${created.id}`, created.id, '167.88'), true);
    expect(forged.statusCode).toBe(403);
    expect(await credits(user.userId)).toBe(50);
  });

  it('applies one notification delivered 5 times at once exactly once', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'pending';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'PRO_MONTHLY', method: 'paypal' })).json().data;
    await post(`/api/payment/capture/${created.id}`, user.headers);
    const body = JSON.stringify(captureEvent(`WH-five-${created.id}`, created.id, '19.99'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().data.outcome).sort()).toEqual(['replay', 'replay', 'replay', 'replay', 'settled']);
    expect((await ledgerOf(t.db.kysely, user.userId)).filter((r) => r.reason === 'purchase')).toHaveLength(1);
    expect(await credits(user.userId)).toBe(6050);
  });

  it('records nothing when applying fails, so the redelivery grants, once', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'pending';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    await post(`/api/payment/capture/${created.id}`, user.headers);
    const body = JSON.stringify(captureEvent(`WH-blip-${created.id}`, created.id, '9.99'));
    // A database blip while booking the credits: the ledger refuses one insert.
    await failLedgerInserts(t, true);
    try {
      expect((await webhook(body)).statusCode).toBe(500);
    } finally {
      await failLedgerInserts(t, false);
    }
    expect(await credits(user.userId)).toBe(50);
    expect((await t.db.kysely.selectFrom('orders').select('status').where('id', '=', created.id).executeTakeFirstOrThrow()).status).toBe('approved');
    expect((await webhook(body)).json().data.outcome).toBe('settled');
    expect((await webhook(body)).json().data.outcome).toBe('replay');
    expect(await credits(user.userId)).toBe(2050);
  });

  it('refuses a body re-serialised with other whitespace, and acknowledges unknown event types', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'pending';
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    await post(`/api/payment/capture/${created.id}`, user.headers);
    const event = captureEvent(`WH-ws-${created.id}`, created.id, '9.99');
    const signedBody = JSON.stringify(event, null, 2);
    const reserialised = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signedHeaders(signedBody), payload: JSON.stringify(event) });
    expect(reserialised.statusCode).toBe(403);
    expect(await credits(user.userId)).toBe(50);
    // The bytes as signed, pretty-printed or not, pass.
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signedHeaders(signedBody), payload: signedBody })).json().data.outcome).toBe('settled');
    const unknown = await webhook({ id: `WH-unknown-${created.id}`, event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { dispute_id: 'PP-D-1' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data.outcome).toBe('ignored');
  });

  it('refuses a signature made with another key, or a certificate URL off PayPal', async () => {
    const body = JSON.stringify({ id: 'WH-key', event_type: 'CUSTOMER.DISPUTE.CREATED', resource: {} });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: signedHeaders(body, { key: otherKey }), payload: body })).statusCode).toBe(403);
    const offHost = { ...signedHeaders(body), 'paypal-cert-url': 'https://paypal.com.evil.test/cert' };
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: offHost, payload: body })).statusCode).toBe(403);
  });

  it('refuses an order voided by another plan before capturing it at PayPal (issue 36, hole 1)', async () => {
    const user = await signedInUser(t.app);
    const lite = (await post('/api/payment/order', user.headers, { planCode: 'LITE_YEARLY', method: 'paypal' })).json().data;
    const max = (await post('/api/payment/order', user.headers, { planCode: 'MAX_YEARLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${lite.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', membershipLevel: 'lite' });
    const refused = await post(`/api/payment/capture/${max.id}`, user.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe(1020);
    expect(paypal.state.requestIds.filter((id) => id.startsWith(`capture-${max.id}`))).toEqual([]);
    expect(paypal.state.orders.get(max.providerOrderId)!.captures).toEqual([]);
    expect(await credits(user.userId)).toBe(2050);
  });

  it('refunds at PayPal a pending capture that completes after another plan was paid, and grants nothing for it', async () => {
    const user = await signedInUser(t.app);
    paypal.state.mode = 'pending';
    const max = (await post('/api/payment/order', user.headers, { planCode: 'MAX_YEARLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${max.id}`, user.headers)).json().data).toMatchObject({ status: 'approved' });
    paypal.state.mode = 'completed';
    const lite = (await post('/api/payment/order', user.headers, { planCode: 'LITE_YEARLY', method: 'paypal' })).json().data;
    expect((await post(`/api/payment/capture/${lite.id}`, user.headers)).json().data).toMatchObject({ status: 'paid', membershipLevel: 'lite' });
    // The eCheck clears: PayPal reports the money taken for the voided order.
    const cleared = await webhook({
      id: `WH-late-${max.id}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: `CAP-${max.providerOrderId}`, status: 'COMPLETED', custom_id: max.id, amount: { currency_code: 'USD', value: '335.88' } },
    });
    expect(cleared.json().data.outcome).toBe('ignored');
    expect(paypal.state.refunds).toContainEqual({ captureId: `CAP-${max.providerOrderId}`, amount: { value: '335.88', currency_code: 'USD' } });
    expect(paypal.state.requestIds).toContain(`refund-${max.id}`);
    const row = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', max.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', provider_capture_id: `CAP-${max.providerOrderId}` });
    expect((await ledgerOf(t.db.kysely, user.userId)).filter((r) => r.reason === 'purchase')).toHaveLength(1);
    expect(await credits(user.userId)).toBe(2050);
    expect((await t.db.kysely.selectFrom('subscriptions').select('plan_code').where('user_id', '=', user.userId).execute())).toEqual([{ plan_code: 'LITE_YEARLY' }]);
    // PayPal's notice of our own refund adds nothing.
    const refundLink = [{ rel: 'up', href: `https://api.sandbox.paypal.com/v2/payments/captures/CAP-${max.providerOrderId}`, method: 'GET' }];
    await webhook({ id: `WH-ref-${max.id}`, event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: `REF-CAP-${max.providerOrderId}`, status: 'COMPLETED', amount: { value: '335.88', currency_code: 'USD' }, links: refundLink } });
    expect(await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', user.userId).where('kind', '=', 'refund').execute()).toEqual([]);
  });

  it('records a refund of a captured order (PAYMENT.CAPTURE.REFUNDED, linked up to its capture) as a history row', async () => {
    const user = await signedInUser(t.app);
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'paypal' })).json().data;
    await post(`/api/payment/capture/${created.id}`, user.headers);
    const captureId = (await t.db.kysely.selectFrom('orders').select('provider_capture_id').where('id', '=', created.id).executeTakeFirstOrThrow()).provider_capture_id;
    const refund = { id: `RF-${created.id}`, status: 'COMPLETED', amount: { value: '9.99', currency_code: 'USD' }, links: [{ rel: 'up', href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, method: 'GET' }] };
    expect((await webhook({ id: `WH-refund-${created.id}`, event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: refund })).statusCode).toBe(200);
    const rows = await t.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', user.userId).where('kind', '=', 'refund').execute();
    expect(rows).toEqual([expect.objectContaining({ status: 'refunded', amount: '9.99', provider_order_id: `RF-${created.id}` })]);
  });
});
