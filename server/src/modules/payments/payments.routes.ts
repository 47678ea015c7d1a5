import type { FastifyInstance } from 'fastify';
import { ok } from '@studio/contracts/envelope';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { captureRequestSchema, chargeRecordQuerySchema, createOrderRequestSchema, rechargeRequestSchema } from '@studio/contracts/payments';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, requireAuth, type SessionCheck } from '../../http/authenticate';
import { attachment } from '../../http/content-disposition';
import { parse } from '../../http/validation';
import type { Invoices } from './invoices';
import type { PaymentsService } from './payments.service';

export async function paymentsRoutes(
  app: FastifyInstance,
  options: { payments: PaymentsService; invoices: Invoices; checkAccessToken: SessionCheck; providerName: 'test' | 'paypal' },
): Promise<void> {
  const { payments } = options;
  const signedIn = requireAuth(options.checkAccessToken);
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(apiPaths.createOrder, { preHandler: signedIn, config: limited }, async (request) => {
    const input = parse(createOrderRequestSchema, request.body);
    return ok(await payments.createOrder(authOf(request).userId, input), 'Order created');
  });

  app.post<{ Params: { orderId: string } }>('/api/payment/capture/:orderId', { preHandler: signedIn, config: limited }, async (request) => {
    const input = parse(captureRequestSchema, request.body ?? {});
    // Card details are only ever read by the built-in test provider; a real provider's card
    // fields are hosted by the provider and never reach this server.
    if (input.card && options.providerName !== 'test') throw new AppError(ErrorCode.invalidFormat, 'Card details are not accepted here');
    return ok(await payments.capture(authOf(request).userId, request.params.orderId, input.card), 'Payment captured');
  });

  app.get(apiPaths.chargeRecord, { preHandler: signedIn }, async (request) => {
    const query = parse(chargeRecordQuerySchema, request.query);
    return ok(await payments.chargeRecord(authOf(request).userId, query.currentPage ?? query.page ?? 1, query.pageSize));
  });

  app.get<{ Params: { orderId: string }; Querystring: { lang?: string } }>('/api/payment/orders/:orderId/invoice', { preHandler: signedIn, config: limited }, async (request, reply) => {
    const invoice = await options.invoices.invoice(authOf(request).userId, request.params.orderId, request.query.lang);
    return reply.header('content-type', 'application/pdf').header('cache-control', 'private, no-store').header('content-disposition', attachment(invoice.fileName)).send(invoice.body);
  });

  app.post(apiPaths.recharge, { preHandler: signedIn, config: limited }, async (request) => {
    const input = parse(rechargeRequestSchema, request.body);
    return ok(await payments.recharge(authOf(request).userId, input.orderId), 'Recharged');
  });

  app.get(apiPaths.subscription, { preHandler: signedIn }, async (request) => ok(await payments.subscription(authOf(request).userId)));

  app.post(apiPaths.cancelSubscription, { preHandler: signedIn }, async (request) => {
    const { endsAt } = await payments.cancelSubscription(authOf(request).userId);
    return ok({ endsAt }, `Subscription cancelled; your plan stays active until ${endsAt.slice(0, 10)}`);
  });

  // The webhook is verified on the bytes PayPal signed, so its body is kept as received: a
  // parse and re-serialise would change them (whitespace, key order, number forms).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(apiPaths.paymentWebhook, { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok({ outcome: await payments.webhook(request.headers, body) });
    });
  });
}
