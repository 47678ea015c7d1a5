import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { CreateOrderResponse, OrderDto, OrderKind, OrderStatus, SettlementDto, SubscriptionDto, SubscriptionStatus } from '@studio/contracts/payments';
import { findPlan, type Plan } from '@studio/contracts/plans';
import { RUNNING, toSubscriptionDto, type Subscriptions } from './subscriptions';
import { ProviderUnavailableError, type PaymentProvider, type TestCard, type WebhookEvent, type WebhookHeaders } from '../../adapters/payments/payment-provider';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { bookCredits } from '../credits/credits.repository';
import type { OrderRow, PaymentsRepository } from './payments.repository';

export interface PaymentsServiceDeps {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  provider: PaymentProvider;
  subscriptions: Subscriptions;
  isUniqueViolation(error: unknown): boolean;
  logger: Logger;
}

const CURRENCY = 'USD';

type Capture = {
  captureId: string;
  amount: string;
  currency: string;
  /** The test provider's card on file: renewals are charged to it on our clock. */
  paymentToken?: string;
  /** A provider-run subscription (PayPal): it renews on the provider's clock. */
  subscription?: { id: string; nextBillingAt: string | null };
};
export type WebhookOutcome = 'settled' | 'ignored' | 'replay';
type Payment = { captureId: string; amount: string; currency: string };

/** What a settlement leaves for after its commit: calls to the provider, and the receipt. */
interface AfterSettle {
  receiptOrderId: string | null;
  /** Provider subscriptions that a new plan replaced: they must stop billing. */
  replaced: string[];
  /** Unpaid orders the settlement voided: their provider subscriptions are closed (and a payment already taken refunded). */
  voided: OrderRow[];
  /** Money the provider took for an order that can no longer be granted. */
  refund: { order: OrderRow; payment: Payment; source: 'order' | 'subscription' } | null;
  /** A renewing subscription the provider reported cancelled: its member is told by mail. */
  cancelledSubscriptionId: string | null;
}
const NOTHING_AFTER: AfterSettle = { receiptOrderId: null, replaced: [], voided: [], refund: null, cancelledSubscriptionId: null };
type Settled = { outcome: 'settled' | 'already' | 'mismatch' | 'refused'; after: AfterSettle };
/** An applied event, with what is left for after the commit (a receipt, calls to the provider). */
type Applied = 'ignored' | 'settled' | { outcome: 'settled' | 'ignored'; after: AfterSettle };

/** Why an unpaid order was voided (decision 052). */
const ANOTHER_PLAN = 'another plan was paid on this account';
/** Provider subscription states that can still bill. */
const PROVIDER_BILLING = ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED'];

function toOrderDto(row: OrderRow): OrderDto {
  return {
    orderId: row.id,
    kind: row.kind as OrderKind,
    planCode: row.plan_code,
    chargeType: row.charge_type as OrderDto['chargeType'],
    method: row.method,
    creditsAdded: row.status === 'paid' ? Number(row.credits) : 0,
    amount: row.amount,
    currency: row.currency,
    status: row.status as OrderStatus,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

/** A refused test card names its field (`data.fields`), so the card form can mark it. */
function declinedCardFields(card: 'declined' | 'expired' | undefined): Record<string, string> | undefined {
  if (card === 'declined') return { 'card.number': 'validation.cardDeclined' };
  if (card === 'expired') return { 'card.expiry': 'validation.cardExpired' };
  return undefined;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, payments, provider, subscriptions, logger } = deps;

  async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = await payments.findOrder(orderId);
    // Someone else's order answers exactly like a missing one.
    if (!order || order.user_id !== userId) throw new AppError(ErrorCode.orderNotFound);
    return order;
  }

  async function settlementOf(orderId: string): Promise<SettlementDto> {
    const order = (await payments.findOrder(orderId))!;
    const user = await db
      .selectFrom('users')
      .select(['credits', 'membership_level', 'membership_period_end'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    return {
      orderId,
      status: order.status as OrderStatus,
      creditsAdded: order.status === 'paid' ? Number(order.credits) : 0,
      credits: Number(user.credits),
      membershipLevel: user.membership_level,
      membershipPeriodEnd: user.membership_period_end,
    };
  }

  /** A paid period of the user still running (decision 029: one plan at a time). */
  async function hasLivePlan(executor: Kysely<Database> | Transaction<Database>, userId: string, now: string): Promise<boolean> {
    return (await subscriptions.allRunning(executor, userId)).some((sub) => sub.period_end > now);
  }

  /**
   * Grants an order's credits and membership exactly once, whichever of capture, webhook,
   * recharge or a retry of any of them arrives first, inside the caller's transaction. The
   * captured amount must be the order's: a mismatch marks the order failed and grants nothing.
   * One plan per user holds here, under the user's locks (decision 052): an order of a user
   * whose plan is running, or one voided when another order was paid, is refused and what
   * the provider took for it is refunded after the commit; settling voids the user's other
   * unpaid orders.
   */
  async function settleIn(trx: Transaction<Database>, orderId: string, capture: Capture): Promise<Settled> {
    const seen = await payments.findOrder(orderId, trx);
    if (!seen) throw new AppError(ErrorCode.orderNotFound);
    await payments.lockOwner(trx, seen.user_id);
    // Read again under the locks: a settlement that committed meanwhile is seen now.
    const order = (await payments.findOrder(orderId, trx))!;
    const source = capture.subscription ? 'subscription' : 'order';
    const refused = (): Settled => ({ outcome: 'refused', after: { ...NOTHING_AFTER, refund: { order, payment: capture, source } } });
    if (order.status === 'cancelled' && order.kind === 'purchase') return refused();
    if (order.status !== 'created' && order.status !== 'approved') return { outcome: 'already', after: NOTHING_AFTER };
    if (capture.amount !== order.amount || capture.currency !== order.currency) {
      logger.error({ orderId, expected: `${order.amount} ${order.currency}`, captured: `${capture.amount} ${capture.currency}` }, 'captured amount does not match the order');
      await payments.setOrder(orderId, { status: 'failed', failure_reason: 'amount mismatch' }, trx);
      return { outcome: 'mismatch', after: NOTHING_AFTER };
    }
    const plan = findPlan(order.plan_code);
    if (!plan) throw new AppError(ErrorCode.rechargeFailed, 'Unknown plan');
    const now = nowIso();
    if (await hasLivePlan(trx, order.user_id, now)) {
      await payments.voidOrder(trx, orderId, ANOTHER_PLAN);
      return refused();
    }
    if (!(await payments.markPaid(trx, orderId, capture.captureId))) return { outcome: 'already', after: NOTHING_AFTER };
    await bookCredits(trx, { userId: order.user_id, delta: plan.monthlyCredits, reason: 'purchase', ref: `order:${orderId}` });
    // A card left on file renews on our clock; a one-off provider order runs to its period end.
    const paymentToken = capture.paymentToken ?? null;
    const { replaced } = await subscriptions.open(trx, {
      userId: order.user_id,
      orderId,
      plan,
      paymentToken,
      providerSubscriptionId: capture.subscription?.id ?? null,
      nextBillingAt: capture.subscription?.nextBillingAt ?? null,
      renews: Boolean(paymentToken && provider.chargeSaved) || Boolean(capture.subscription),
      now,
    });
    const voided = await payments.voidOtherOpenOrders(trx, order.user_id, orderId, ANOTHER_PLAN);
    return {
      outcome: 'settled',
      after: {
        receiptOrderId: orderId,
        replaced: replaced.flatMap((sub) => (sub.provider_subscription_id ? [sub.provider_subscription_id] : [])),
        voided: provider.getSubscription ? voided.filter((row) => row.provider_order_id) : [],
        refund: null,
        cancelledSubscriptionId: null,
      },
    };
  }

  /** Stops a provider subscription from billing; a failure is logged for support, never thrown. */
  async function cancelAtProvider(providerSubscriptionId: string, reason: string): Promise<void> {
    if (!provider.cancelSubscription) return;
    try {
      await provider.cancelSubscription(providerSubscriptionId, reason);
      logger.info({ providerSubscriptionId, reason }, 'subscription cancelled at the provider');
    } catch (error) {
      logger.error({ err: error, providerSubscriptionId, reason }, 'cancelling a subscription at the provider failed: cancel it by hand, it may bill again');
    }
  }

  /**
   * Money taken for an order that can no longer be granted goes back through the provider.
   * Without a refund at the provider (none offered, or it failed) the order is marked failed
   * with the refund due in its reason, and an error is logged for support.
   */
  async function refundUngranted(order: OrderRow, payment: Payment, source: 'order' | 'subscription'): Promise<'refunded' | 'due'> {
    if (provider.refund) {
      try {
        const { refundId } = await provider.refund({ orderId: order.id, paymentId: payment.captureId, amount: payment.amount, currency: payment.currency, source });
        await payments.recordUngrantedPayment(order.id, { status: 'refunded', captureId: payment.captureId, reason: `${ANOTHER_PLAN}; refunded ${payment.amount} ${payment.currency} (${refundId})` });
        logger.warn({ orderId: order.id, paymentId: payment.captureId, refundId }, 'payment for a voided order refunded');
        return 'refunded';
      } catch (error) {
        logger.error({ err: error, orderId: order.id, paymentId: payment.captureId }, 'refunding a payment for a voided order failed');
      }
    }
    await payments.recordUngrantedPayment(order.id, {
      status: 'failed',
      captureId: payment.captureId,
      reason: `${ANOTHER_PLAN}; refund due: ${payment.amount} ${payment.currency} (payment ${payment.captureId})`,
    });
    logger.error({ orderId: order.id, paymentId: payment.captureId, amount: `${payment.amount} ${payment.currency}` }, 'money taken for a voided order is not refunded: refund it by hand');
    return 'due';
  }

  /**
   * A voided order sold as a provider subscription: the buyer may still have approved it at
   * the provider, which then took the first payment. Stop it there, and refund that payment.
   */
  async function closeVoidedAtProvider(order: OrderRow): Promise<'refunded' | 'due' | 'none'> {
    if (!provider.getSubscription || !order.provider_order_id) return 'none';
    const sub = await provider.getSubscription(order.provider_order_id);
    if (PROVIDER_BILLING.includes(sub.status)) await cancelAtProvider(sub.id, 'Another plan was paid on this account');
    return sub.firstPayment ? refundUngranted(order, sub.firstPayment, 'subscription') : 'none';
  }

  /** The provider work a settlement left for after its commit; never throws (each step logs its failure). */
  async function finish(after: AfterSettle): Promise<'refunded' | 'due' | 'none'> {
    for (const id of after.replaced) await cancelAtProvider(id, 'Replaced by a new plan');
    for (const order of after.voided) {
      await closeVoidedAtProvider(order).catch((error: unknown) => logger.error({ err: error, orderId: order.id }, 'closing a voided subscription at the provider failed'));
    }
    let refunded: 'refunded' | 'due' | 'none' = 'none';
    if (after.refund) {
      const { order, payment, source } = after.refund;
      if (source === 'subscription' && order.provider_order_id) await cancelAtProvider(order.provider_order_id, 'Another plan was paid on this account');
      refunded = await refundUngranted(order, payment, source);
    }
    if (after.receiptOrderId) await subscriptions.sendReceipt(after.receiptOrderId);
    if (after.cancelledSubscriptionId) await subscriptions.sendCancellation(after.cancelledSubscriptionId);
    return refunded;
  }

  /** The answer to paying an order voided because another plan was paid (decision 052). */
  function anotherPlanPaid(money: 'refunded' | 'due' | 'none'): AppError {
    const taken = money === 'refunded' ? 'the payment was refunded' : money === 'due' ? 'the payment will be refunded' : 'nothing was charged';
    return new AppError(ErrorCode.createOrderFailed, `Another plan was paid on this account, so this order was cancelled; ${taken}.`, undefined, { httpStatus: 409 });
  }

  /**
   * Refuses, before anything reaches the provider, an order that can no longer be paid because
   * another plan was: voided at that settlement, or still open while a plan runs (it was
   * created in a race with the settlement; it is voided now).
   */
  async function refuseIfAnotherPlan(order: OrderRow): Promise<void> {
    if (order.kind !== 'purchase') return;
    if (order.status === 'created' || order.status === 'approved') {
      if (!(await hasLivePlan(db, order.user_id, nowIso()))) return;
      // Settled meanwhile (a concurrent request): the caller reads the outcome as usual.
      if (!(await payments.voidOrder(db, order.id, ANOTHER_PLAN))) return;
    } else if (order.status === 'refunded') {
      throw anotherPlanPaid('refunded');
    } else if (order.status !== 'cancelled') {
      return;
    }
    let money: 'refunded' | 'due' | 'none';
    try {
      money = await closeVoidedAtProvider(order);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new AppError(ErrorCode.captureFailed, 'The payment provider is not answering; please try again', undefined, { httpStatus: 503 });
      throw error;
    }
    throw anotherPlanPaid(money);
  }

  async function settle(orderId: string, capture: Capture): Promise<SettlementDto> {
    const { outcome, after } = await db.transaction().execute((trx) => settleIn(trx, orderId, capture));
    if (outcome === 'mismatch') throw new AppError(ErrorCode.rechargeFailed, 'The captured amount does not match the order');
    const money = await finish(after);
    if (outcome === 'refused') throw anotherPlanPaid(money);
    return settlementOf(orderId);
  }

  /** What one verified notification changes; runs in the transaction that records it. */
  async function applyEvent(trx: Transaction<Database>, event: WebhookEvent): Promise<Applied> {
    if (event.type === 'PAYMENT.CAPTURE.COMPLETED' && event.orderId && event.capture) {
      const { outcome, after } = await settleIn(trx, event.orderId, event.capture);
      return { outcome: outcome === 'settled' ? 'settled' : 'ignored', after };
    }
    if ((event.type === 'PAYMENT.CAPTURE.DENIED' || event.type === 'PAYMENT.CAPTURE.DECLINED') && event.orderId) {
      const order = await payments.findOrder(event.orderId, trx);
      if (order && order.status === 'approved') await payments.setOrder(event.orderId, { status: 'failed', failure_reason: event.type }, trx);
      return 'ignored';
    }
    if (event.refund) return recordRefund(trx, event, event.refund);
    if (event.subscriptionId) return applySubscriptionEvent(trx, event, event.subscriptionId);
    logger.info({ eventId: event.id, type: event.type }, 'webhook event acknowledged without action');
    return 'ignored';
  }

  /**
   * Money returned at the provider (by support, under the refund policy): a history row. The
   * plan and the credits are left as they are; support ends a plan by cancelling it.
   */
  async function recordRefund(trx: Transaction<Database>, event: WebhookEvent, refund: NonNullable<WebhookEvent['refund']>): Promise<Applied> {
    const paid = await trx.selectFrom('orders').selectAll().where('provider_capture_id', '=', refund.paymentId).where('status', 'in', ['paid', 'refunded']).executeTakeFirst();
    if (paid?.status === 'refunded') {
      // Our own refund of money taken for a voided order (decision 052): already recorded on it.
      logger.info({ eventId: event.id, orderId: paid.id }, 'refund of a voided order confirmed');
      return 'ignored';
    }
    if (!paid) {
      logger.warn({ eventId: event.id, paymentId: refund.paymentId }, 'refund of a payment we do not know');
      return 'ignored';
    }
    const known = await trx.selectFrom('orders').select('id').where('kind', '=', 'refund').where('provider_order_id', '=', refund.refundId).executeTakeFirst();
    if (known) return 'ignored';
    const now = nowIso();
    await trx
      .insertInto('orders')
      .values({
        ...paid,
        id: newId(),
        kind: 'refund',
        method: 'refund',
        provider_order_id: refund.refundId,
        provider_capture_id: null,
        amount: refund.amount,
        currency: refund.currency,
        credits: 0,
        status: 'refunded',
        failure_reason: null,
        declines: 0,
        period: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
      })
      .execute();
    logger.info({ eventId: event.id, orderId: paid.id, refund: `${refund.amount} ${refund.currency}` }, 'refund recorded');
    return 'ignored';
  }

  /** PayPal Subscriptions: PayPal charges each period and tells us (decision 029). */
  async function applySubscriptionEvent(trx: Transaction<Database>, event: WebhookEvent, providerSubscriptionId: string): Promise<Applied> {
    const now = nowIso();
    if (event.type === 'PAYMENT.SALE.COMPLETED' && event.capture) {
      const purchase = await trx.selectFrom('orders').selectAll().where('provider_order_id', '=', providerSubscriptionId).where('kind', '=', 'purchase').executeTakeFirst();
      // The first payment settles the purchase (unless the buyer's return did it already); for a
      // purchase voided meanwhile (another plan was paid) it is refunded.
      if (purchase && (purchase.status === 'created' || purchase.status === 'approved' || purchase.status === 'cancelled')) {
        const { outcome, after } = await settleIn(trx, purchase.id, { ...event.capture, subscription: { id: providerSubscriptionId, nextBillingAt: null } });
        return { outcome: outcome === 'settled' ? 'settled' : 'ignored', after };
      }
      if (purchase?.provider_capture_id === event.capture.captureId) return 'ignored';
      const sub = await subscriptions.byProviderId(trx, providerSubscriptionId);
      if (!sub) {
        logger.warn({ eventId: event.id, providerSubscriptionId }, 'payment for a subscription we do not know');
        return 'ignored';
      }
      const known = await trx.selectFrom('orders').select('id').where('provider_capture_id', '=', event.capture.captureId).executeTakeFirst();
      if (known) return 'ignored';
      if (event.capture.amount !== sub.amount || event.capture.currency !== 'USD' || !RUNNING.includes(sub.status as SubscriptionStatus)) {
        logger.error({ eventId: event.id, subscriptionId: sub.id, captured: `${event.capture.amount} ${event.capture.currency}`, status: sub.status }, 'renewal payment not applied: amount or state does not match');
        return 'ignored';
      }
      const period = Number(sub.periods_paid);
      if (!(await subscriptions.extendPaid(trx, sub, period, null))) return 'ignored';
      const orderId = await subscriptions.insertRow(trx, sub, { kind: 'renewal', period, attempt: 0, status: 'paid', amount: sub.amount, providerRef: event.capture.captureId, now });
      return { outcome: 'settled', after: { ...NOTHING_AFTER, receiptOrderId: orderId } };
    }
    const sub = await subscriptions.byProviderId(trx, providerSubscriptionId);
    if (!sub || !RUNNING.includes(sub.status as SubscriptionStatus)) {
      logger.info({ eventId: event.id, type: event.type, providerSubscriptionId }, 'subscription event acknowledged without action');
      return 'ignored';
    }
    switch (event.type) {
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
        if (event.nextBillingAt && sub.status === 'active') await trx.updateTable('subscriptions').set({ renew_at: event.nextBillingAt }).where('id', '=', sub.id).execute();
        return 'ignored';
      case 'BILLING.SUBSCRIPTION.CANCELLED':
        // Cancelled at PayPal (by the buyer there, or by us): the level stays to the period end.
        // Mailed only when it was still renewing: our own cancel has mailed already.
        if (await subscriptions.markCancelled(trx, sub, now)) return { outcome: 'ignored', after: { ...NOTHING_AFTER, cancelledSubscriptionId: sub.id } };
        return 'ignored';
      case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
        // PayPal retries on its own; the level holds through the grace, and SUSPENDED follows if it never pays.
        await subscriptions.markFailing(trx, sub, now);
        await subscriptions.insertRow(trx, sub, { kind: 'renewal', period: null, attempt: Number(sub.failed_attempts) + 1, status: 'failed', amount: sub.amount, failure: event.type, now });
        return 'ignored';
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        await subscriptions.endNow(trx, sub, event.type === 'BILLING.SUBSCRIPTION.SUSPENDED' ? 'lapsed' : 'ended', now);
        return 'ignored';
      default:
        logger.info({ eventId: event.id, type: event.type }, 'subscription event acknowledged without action');
        return 'ignored';
    }
  }

  /**
   * The buyer approved a provider-run subscription: settle its first payment when the provider
   * shows one; until then the order waits (approved) for PAYMENT.SALE.COMPLETED.
   */
  async function confirmSubscription(order: OrderRow): Promise<SettlementDto> {
    let sub;
    try {
      sub = await provider.getSubscription!(order.provider_order_id!);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new AppError(ErrorCode.captureFailed, 'The payment provider is not answering; please try again', undefined, { httpStatus: 503 });
      throw error;
    }
    if (sub.status === 'ACTIVE' && sub.firstPayment) return settle(order.id, { ...sub.firstPayment, subscription: { id: sub.id, nextBillingAt: sub.nextBillingAt } });
    if (sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED' || sub.status === 'ACTIVE') {
      await payments.setOrder(order.id, { status: 'approved' });
      return settlementOf(order.id);
    }
    await payments.setOrder(order.id, { status: 'failed', failure_reason: `subscription ${sub.status.toLowerCase()}` });
    throw new AppError(ErrorCode.captureFailed, 'The subscription was not approved');
  }

  return {
    settle,

    async createOrder(userId: string, input: { plan: Plan; method: 'paypal' | 'card' }): Promise<CreateOrderResponse> {
      const { plan } = input;
      // Decision 029: one plan at a time; a change takes effect when the running plan ends.
      const running = await subscriptions.running(db, userId);
      if (running && running.period_end > nowIso()) {
        const renews = running.status === 'active' && running.renew_at !== null;
        throw new AppError(
          ErrorCode.createOrderFailed,
          renews
            ? `Your ${running.plan_code} plan renews on ${running.period_end.slice(0, 10)}. To change plans, cancel it; choose the new plan once it ends.`
            : `Your ${running.plan_code} plan runs until ${running.period_end.slice(0, 10)}; choose a new plan once it ends.`,
          undefined,
          { httpStatus: 409 },
        );
      }
      const id = newId();
      await payments.insertOrder({
        id,
        user_id: userId,
        plan_code: plan.code,
        charge_type: plan.chargeType!,
        method: input.method,
        provider: provider.name,
        provider_order_id: null,
        amount: plan.amount,
        currency: CURRENCY,
        credits: plan.monthlyCredits,
        status: 'created',
      });
      try {
        // A provider that runs subscriptions (PayPal) gets one per purchase; the buyer approves it there.
        const providerOrderId = provider.createSubscription
          ? (await provider.createSubscription({ orderId: id, planCode: plan.code, amount: plan.amount, currency: CURRENCY })).providerSubscriptionId
          : (await provider.createOrder({ orderId: id, amount: plan.amount, currency: CURRENCY, description: `Coloring Studio ${plan.code}` })).providerOrderId;
        await payments.setOrder(id, { provider_order_id: providerOrderId });
        const mode = provider.createSubscription ? 'subscription' : 'order';
        return { id, providerOrderId, mode, amount: plan.amount, currency: CURRENCY, credits: plan.monthlyCredits, planCode: plan.code };
      } catch (error) {
        logger.error({ err: error, orderId: id }, 'creating the provider order failed');
        await payments.setOrder(id, { status: 'failed', failure_reason: 'provider order not created' });
        throw new AppError(ErrorCode.createOrderFailed, 'Failed to create order', undefined, { httpStatus: 502 });
      }
    },

    async capture(userId: string, orderId: string, card?: TestCard): Promise<SettlementDto> {
      const order = await ownOrder(userId, orderId);
      if (order.status === 'paid') return settlementOf(orderId);
      await refuseIfAnotherPlan(order);
      if (order.status !== 'created' && order.status !== 'approved') throw new AppError(ErrorCode.captureFailed, 'This order can no longer be paid');
      if (!order.provider_order_id) throw new AppError(ErrorCode.captureFailed, 'This order was not created at the payment provider');
      if (provider.getSubscription) return confirmSubscription(order);
      let result;
      try {
        result = await provider.capture({ orderId, providerOrderId: order.provider_order_id, attempt: Number(order.declines), card });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw new AppError(ErrorCode.captureFailed, 'The payment provider is not answering; please try again', undefined, { httpStatus: 503 });
        throw error;
      }
      switch (result.status) {
        case 'completed':
          return settle(orderId, result);
        case 'pending':
          // The money is on its way (e.g. an eCheck): credits follow the provider's webhook.
          await payments.setOrder(orderId, { status: 'approved', provider_capture_id: result.captureId });
          return settlementOf(orderId);
        case 'declined':
          // The order stays payable, so the user can try another card.
          await payments.setOrder(orderId, { failure_reason: result.reason, declines: Number(order.declines) + 1 });
          throw new AppError(
            ErrorCode.captureFailed,
            result.card === 'declined' ? 'Your card was declined' : result.card === 'expired' ? 'Your card has expired' : `Payment failed: ${result.reason}`,
            declinedCardFields(result.card),
          );
        default:
          throw new AppError(ErrorCode.captureFailed, 'The payment was not approved yet');
      }
    },

    /** Settles a captured order on request (DESIGN §4); harmless to call again. */
    async recharge(userId: string, orderId: string): Promise<SettlementDto> {
      const order = await ownOrder(userId, orderId);
      if (order.status === 'paid') return settlementOf(orderId);
      await refuseIfAnotherPlan(order);
      if (!order.provider_order_id) throw new AppError(ErrorCode.rechargeFailed, 'This order was never paid');
      if (provider.getSubscription) {
        const settled = await confirmSubscription(order);
        if (settled.status === 'paid') return settled;
        throw new AppError(ErrorCode.rechargeFailed, 'The payment is still pending');
      }
      const result = await provider.lookup({ orderId, providerOrderId: order.provider_order_id }).catch(() => null);
      if (result?.status === 'completed') return settle(orderId, result);
      throw new AppError(ErrorCode.rechargeFailed, result?.status === 'pending' ? 'The payment is still pending' : 'This order has not been paid');
    },

    /**
     * One verified notification, applied exactly once: the event id is recorded in the same
     * transaction that applies it. A delivery whose apply fails leaves no record (PayPal's
     * redelivery applies it); a second delivery waits on the first one's row and is a replay.
     */
    async webhook(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookOutcome> {
      const event = await provider.verifyWebhook(headers, rawBody);
      if (!event) throw new AppError(ErrorCode.forbidden, 'Webhook signature not verified');
      const seen = new Error('webhook event seen before');
      try {
        const applied = await db.transaction().execute(async (trx) => {
          try {
            await trx.insertInto('webhook_events').values({ id: event.id, provider: provider.name, type: event.type, received_at: nowIso() }).execute();
          } catch (error) {
            throw deps.isUniqueViolation(error) ? seen : error;
          }
          return applyEvent(trx, event);
        });
        if (typeof applied === 'object') {
          await finish(applied.after);
          return applied.outcome;
        }
        return applied;
      } catch (error) {
        if (error === seen) return 'replay';
        logger.error({ err: error, eventId: event.id, type: event.type }, 'applying a webhook event failed; the provider will deliver it again');
        throw error;
      }
    },

    async chargeRecord(userId: string, page: number, pageSize: number) {
      const { rows, total } = await payments.listOrders(userId, page, pageSize);
      return { records: rows.map(toOrderDto), total, currentPage: page, pageSize };
    },

    /** The latest subscription, for the profile. */
    async subscription(userId: string): Promise<SubscriptionDto | null> {
      const sub = await subscriptions.latest(userId);
      return sub ? toSubscriptionDto(sub) : null;
    },

    /**
     * Cancels renewal of every live subscription of the user (one, unless older data holds
     * more): the level stays until the paid period ends; a history row says so. Idempotent.
     */
    async cancelSubscription(userId: string): Promise<{ endsAt: string }> {
      const user = await db.selectFrom('users').select(['membership_level', 'membership_period_end']).where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError(ErrorCode.unauthorized);
      const live = await subscriptions.allRunning(db, userId);
      if (live.length === 0 || user.membership_level === 'free') throw new AppError(ErrorCode.cancelSubscriptionFailed, 'There is no paid subscription to cancel');
      // The latest period last, so the account's level ends with it.
      const byEnd = [...live].sort((a, b) => a.period_end.localeCompare(b.period_end));
      let cancelledAny = false;
      for (const sub of byEnd) {
        if (sub.status === 'cancelled') continue;
        if (sub.provider_subscription_id && provider.cancelSubscription) {
          try {
            await provider.cancelSubscription(sub.provider_subscription_id, 'Cancelled by the subscriber');
          } catch (error) {
            logger.error({ err: error, subscriptionId: sub.id }, 'cancelling at the provider failed');
            throw new AppError(ErrorCode.cancelSubscriptionFailed, 'The payment provider did not confirm the cancellation; please try again', undefined, { httpStatus: 503 });
          }
        }
        if (await db.transaction().execute((trx) => subscriptions.markCancelled(trx, sub, nowIso()))) cancelledAny = true;
      }
      // One mail, naming the plan that runs longest; a second cancel finds nothing renewing and sends none.
      if (cancelledAny) await subscriptions.sendCancellation(byEnd[byEnd.length - 1].id);
      return { endsAt: byEnd[byEnd.length - 1].period_end };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
