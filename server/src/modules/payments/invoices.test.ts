import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfInfoEntry, pdfShownText } from '@studio/engine/output/pdf-inspect';
import { apiPaths } from '@studio/contracts/routes';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };

/** Issue 37, item 10: each paid order has a one-page invoice, for its buyer only. */
describe.each(databaseKinds)('invoices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SITE_NAME: 'Maple Coloring' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function paidOrder(planCode: string) {
    const user = await signedInUser(t.app);
    const created = (await post('/api/payment/order', user.headers, { planCode, method: 'card' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD })).json().data.status).toBe('paid');
    const order = await t.db.kysely.selectFrom('orders').select(['id', 'provider_capture_id', 'paid_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
    return { user, order };
  }

  it('answers the buyer a one-page PDF: seller, buyer, order, date, the plan as they saw it, amount, reference, paid', async () => {
    const { user, order } = await paidOrder('LITE_MONTHLY');
    const ja = await get(apiPaths.invoice(order.id, 'ja'), user.headers);
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-type']).toBe('application/pdf');
    expect(ja.headers['content-disposition']).toContain(`invoice-${order.id}.pdf`);
    expect(ja.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfShownText(ja.rawPayload);
    expect(pdfInfoEntry(ja.rawPayload, 'Title')).toBe('Maple Coloring — 請求書');
    for (const expected of ['販売者: Maple Coloring', user.email, order.id, order.paid_at!.slice(0, 10), 'ライト（月払い）', '9.99 USD', order.provider_capture_id!, '支払い済み']) expect(text).toContain(expected);

    const en = pdfShownText((await get(apiPaths.invoice(order.id, 'en'), user.headers)).rawPayload);
    expect(en).toContain('Lite (monthly)');
    expect(en).toContain('Paid');
    expect(pdfShownText((await get(apiPaths.invoice(order.id, 'zh'), user.headers)).rawPayload)).toContain('轻享版（按月）');
  });

  it('answers 404 for someone else’s order, an unpaid one and an unknown id, and 401 without a session', async () => {
    const { order } = await paidOrder('PRO_MONTHLY');
    const other = await signedInUser(t.app);
    const theirs = await get(apiPaths.invoice(order.id, 'en'), other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCode).toBe(1024);
    expect((await get(apiPaths.invoice('ord_unknown', 'en'), other.headers)).statusCode).toBe(404);
    const unpaid = (await post('/api/payment/order', other.headers, { planCode: 'PRO_MONTHLY', method: 'card' })).json().data;
    expect((await get(apiPaths.invoice(unpaid.id, 'en'), other.headers)).statusCode).toBe(404);
    expect((await get(apiPaths.invoice(order.id, 'en'))).statusCode).toBe(401);
  });
});
