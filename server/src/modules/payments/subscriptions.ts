import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { SubscriptionDto, SubscriptionStatus } from '@studio/contracts/payments';
import { findPlan, type Plan } from '@studio/contracts/plans';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Database, SubscriptionsTable } from '../../db/schema';
import { addMonths } from '../../lib/dates';
import { newId, nowIso } from '../../lib/ids';
import { cancellationMail } from './cancellation-mail';
import { receiptMail } from './receipt-mail';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** Decision 029: a failed renewal is tried again every 2 days, 4 attempts in all, within 7 days of grace. */
export const RENEWAL_RETRY_DAYS = 2;
export const RENEWAL_ATTEMPTS = 4;
export const RENEWAL_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

export const monthsOf = (chargeType: string) => (chargeType === 'Yearly' ? 12 : 1);

/** Statuses in which a subscription still gives its level. */
export const RUNNING: SubscriptionStatus[] = ['active', 'cancelled', 'past_due'];

/**
 * Each month of a paid period grants the plan's credits once: grant k falls at started_at + k
 * months while that is inside the paid time. Null when the next grant is not paid for yet.
 */
export function nextGrantAt(sub: { started_at: string; period_end: string }, grantsMade: number): string | null {
  const next = addMonths(sub.started_at, grantsMade);
  return next < sub.period_end ? next : null;
}

export function toSubscriptionDto(sub: SubscriptionRow): SubscriptionDto {
  const status = sub.status as SubscriptionStatus;
  const endsAt = status === 'cancelled' || (status === 'active' && !sub.renew_at) ? sub.period_end : status === 'past_due' ? sub.grace_until : status === 'active' ? null : sub.ended_at;
  return {
    planCode: sub.plan_code,
    level: sub.level,
    chargeType: sub.charge_type as SubscriptionDto['chargeType'],
    status,
    periodEnd: sub.period_end,
    renewsAt: status === 'active' || status === 'past_due' ? sub.renew_at : null,
    endsAt,
    failedAttempts: Number(sub.failed_attempts),
    retryAt: status === 'past_due' ? sub.retry_at : null,
  };
}

/**
 * The life of a subscription after its first payment: renewals charged on our clock (providers
 * with a card on file: the test provider), renewals reported by the provider (PayPal), failures
 * with retries in a grace period, cancellation and the end. Each step is a conditional update
 * in a transaction, so concurrent runs and repeated notifications change nothing twice.
 */
export function createSubscriptions(deps: { db: Kysely<Database>; provider: PaymentProvider; mailer: Mailer; logger: Logger; publicUrl: string }) {
  const { db, provider, mailer, logger } = deps;

  async function sendReceipt(orderId: string): Promise<void> {
    const row = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.id', 'orders.plan_code', 'orders.amount', 'orders.currency', 'orders.kind', 'orders.paid_at', 'orders.subscription_id', 'users.email', 'users.username', 'users.preferred_lang'])
      .where('orders.id', '=', orderId)
      .executeTakeFirst();
    if (!row || !row.paid_at) return;
    const sub = row.subscription_id ? await db.selectFrom('subscriptions').select(['renew_at', 'period_end']).where('id', '=', row.subscription_id).executeTakeFirst() : undefined;
    const message = receiptMail({
      to: row.email,
      publicUrl: deps.publicUrl,
      username: row.username,
      lang: row.preferred_lang,
      orderId: row.id,
      planCode: row.plan_code,
      amount: `${row.amount} ${row.currency}`,
      paidAt: row.paid_at,
      renewal: row.kind === 'renewal',
      renewsAt: sub?.renew_at ?? null,
      periodEnd: sub?.period_end ?? null,
    });
    await mailer.send(message).catch((error) => logger.error({ err: error, orderId }, 'receipt mail failed'));
  }

  /** Tells a member their plan was cancelled and until when it stays active; a failed mail is logged, the cancellation stands. */
  async function sendCancellation(subscriptionId: string): Promise<void> {
    const row = await db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select(['subscriptions.plan_code', 'subscriptions.period_end', 'users.email', 'users.username', 'users.preferred_lang'])
      .where('subscriptions.id', '=', subscriptionId)
      .executeTakeFirst();
    if (!row) return;
    const message = cancellationMail({ to: row.email, publicUrl: deps.publicUrl, username: row.username, lang: row.preferred_lang, planCode: row.plan_code, activeUntil: row.period_end });
    await mailer.send(message).catch((error) => logger.error({ err: error, subscriptionId }, 'cancellation mail failed'));
  }

  /** Gives the user the subscription's level until `until`. */
  async function holdLevel(trx: Executor, sub: SubscriptionRow, until: string) {
    await trx.updateTable('users').set({ membership_level: sub.level, membership_period_end: until, next_topup_at: null, updated_at: nowIso() }).where('id', '=', sub.user_id).execute();
  }

  /** The subscription ends now; the account is free again and topped up to 50 by the billing calendar. */
  async function endNow(trx: Executor, sub: SubscriptionRow, status: 'ended' | 'lapsed', now: string) {
    await trx.updateTable('subscriptions').set({ status, renew_at: null, retry_at: null, next_grant_at: null, ended_at: now }).where('id', '=', sub.id).execute();
    await trx
      .updateTable('users')
      .set({ membership_level: 'free', membership_period_end: null, cancel_at_period_end: 0, next_topup_at: now, updated_at: now })
      .where('id', '=', sub.user_id)
      .execute();
  }

  /** Extends a paid subscription by one period (period `period` paid by `orderId`); false when that period was paid before. */
  async function extendPaid(trx: Transaction<Database>, sub: SubscriptionRow, period: number, nextBilling: string | null): Promise<boolean> {
    // Counted from the start, not from the last end: begun on Nov 29, the periods end Dec 29, Jan 29,
    // Feb 28, then Mar 29 again (from Feb 28 it was Mar 28 and every period after a day short).
    const periodEnd = addMonths(sub.started_at, monthsOf(sub.charge_type) * (period + 1));
    const grantsMade = Number(sub.grants_made);
    const moved = await trx
      .updateTable('subscriptions')
      .set({
        periods_paid: period + 1,
        period_end: periodEnd,
        // A cancelled subscription paid by the provider anyway (in flight) runs to the new end, no further.
        renew_at: sub.status === 'cancelled' ? null : (nextBilling ?? periodEnd),
        status: sub.status === 'cancelled' ? 'cancelled' : 'active',
        failed_attempts: 0,
        retry_at: null,
        grace_until: null,
        next_grant_at: nextGrantAt({ started_at: sub.started_at, period_end: periodEnd }, grantsMade),
      })
      .where('id', '=', sub.id)
      .where('periods_paid', '=', period)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await holdLevel(trx, sub, periodEnd);
    return true;
  }

  /** Records a failed renewal attempt; lapses the subscription when the attempts or the grace run out. */
  async function recordFailure(trx: Transaction<Database>, sub: SubscriptionRow, now: string): Promise<'retrying' | 'lapsed'> {
    const attempts = Number(sub.failed_attempts) + 1;
    const graceUntil = sub.grace_until ?? addDays(sub.period_end, RENEWAL_GRACE_DAYS);
    const retryAt = addDays(now, RENEWAL_RETRY_DAYS);
    const moved = await trx
      .updateTable('subscriptions')
      .set({ failed_attempts: attempts, status: 'past_due', grace_until: graceUntil, retry_at: retryAt })
      .where('id', '=', sub.id)
      .where('failed_attempts', '=', Number(sub.failed_attempts))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'retrying';
    if (attempts >= RENEWAL_ATTEMPTS || retryAt > graceUntil) {
      await endNow(trx, sub, 'lapsed', now);
      return 'lapsed';
    }
    // The level holds while the renewal is retried.
    await holdLevel(trx, sub, graceUntil);
    return 'retrying';
  }

  async function insertRow(trx: Executor, sub: SubscriptionRow, row: { kind: 'renewal' | 'cancellation' | 'refund'; period: number | null; attempt: number; status: string; amount: string; failure?: string; providerRef?: string | null; now: string }) {
    const id = newId();
    await trx
      .insertInto('orders')
      .values({
        id,
        user_id: sub.user_id,
        plan_code: sub.plan_code,
        charge_type: sub.charge_type,
        method: row.kind === 'renewal' ? 'renewal' : row.kind,
        provider: sub.provider,
        provider_order_id: row.providerRef ?? null,
        provider_capture_id: row.status === 'paid' ? (row.providerRef ?? null) : null,
        amount: row.amount,
        currency: 'USD',
        credits: row.kind === 'renewal' ? Number(sub.monthly_credits) : 0,
        status: row.status,
        failure_reason: row.failure ?? null,
        declines: row.attempt,
        created_at: row.now,
        updated_at: row.now,
        paid_at: row.status === 'paid' ? row.now : null,
        kind: row.kind,
        subscription_id: sub.id,
        period: row.period,
      })
      .execute();
    return id;
  }

  /** Charges one due renewal on our clock: claim (one order per period and attempt), charge, then settle or count the failure. */
  async function renewOne(sub: SubscriptionRow, now: string, isUniqueViolation: (error: unknown) => boolean): Promise<'renewed' | 'failed' | 'skipped'> {
    if (!provider.chargeSaved || !sub.payment_token) return 'skipped';
    const period = Number(sub.periods_paid);
    const attempt = Number(sub.failed_attempts);
    let orderId: string;
    try {
      orderId = await db.transaction().execute(async (trx) => {
        // The claim: the subscription must still be due and renewing when we take it.
        const claimed = await trx
          .updateTable('subscriptions')
          .set({ retry_at: null })
          .where('id', '=', sub.id)
          .where('renew_at', 'is not', null)
          .where('status', 'in', ['active', 'past_due'])
          .where('periods_paid', '=', period)
          .where('failed_attempts', '=', attempt)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new Error('not due');
        return insertRow(trx, sub, { kind: 'renewal', period, attempt, status: 'created', amount: sub.amount, now });
      });
    } catch (error) {
      if (isUniqueViolation(error) || (error as Error).message === 'not due') return 'skipped';
      throw error;
    }
    const result = await provider
      .chargeSaved({ orderId, paymentToken: sub.payment_token, amount: sub.amount, currency: 'USD' })
      .catch((error: Error) => ({ status: 'declined' as const, reason: `provider unavailable: ${error.message}` }));
    const current = (await db.selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow()) as SubscriptionRow;
    if (result.status === 'completed' && result.amount === sub.amount) {
      // Locks in one order everywhere (subscription, then user, then order), so concurrent runs queue instead of deadlocking.
      await db.transaction().execute(async (trx) => {
        await extendPaid(trx, current, period, null);
        await trx.updateTable('orders').set({ status: 'paid', provider_capture_id: result.captureId, paid_at: now, updated_at: now }).where('id', '=', orderId).where('status', '=', 'created').execute();
      });
      await sendReceipt(orderId);
      return 'renewed';
    }
    const reason = result.status === 'declined' ? result.reason : `unexpected ${result.status}`;
    const outcome = await db.transaction().execute(async (trx) => {
      const next = await recordFailure(trx, current, now);
      await trx.updateTable('orders').set({ status: 'failed', failure_reason: reason, updated_at: now }).where('id', '=', orderId).execute();
      return next;
    });
    logger.warn({ subscriptionId: sub.id, attempt: attempt + 1, reason, outcome }, 'renewal failed');
    return 'failed';
  }

  return {
    sendReceipt,
    sendCancellation,
    extendPaid,
    recordFailure,
    endNow,
    insertRow,

    byProviderId(executor: Executor, providerSubscriptionId: string) {
      return executor.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', providerSubscriptionId).executeTakeFirst();
    },

    /** Stops renewal; the level stays to the end of the paid period. False when it was not renewing. */
    async markCancelled(trx: Transaction<Database>, sub: SubscriptionRow, now: string): Promise<boolean> {
      const moved = await trx
        .updateTable('subscriptions')
        .set({ status: 'cancelled', cancelled_at: now, renew_at: null, retry_at: null })
        .where('id', '=', sub.id)
        .where('status', 'in', ['active', 'past_due'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      // A plan whose renewal was failing ends with its paid period, not with the grace.
      await trx.updateTable('users').set({ cancel_at_period_end: 1, membership_period_end: sub.period_end, updated_at: now }).where('id', '=', sub.user_id).execute();
      await insertRow(trx, sub, { kind: 'cancellation', period: null, attempt: 0, status: 'cancelled', amount: '0.00', now });
      return true;
    },

    /** A renewal the provider could not charge (it retries on its own): past due, the level held through the grace. */
    async markFailing(trx: Transaction<Database>, sub: SubscriptionRow, now: string) {
      const graceUntil = sub.grace_until ?? addDays(sub.period_end, RENEWAL_GRACE_DAYS);
      await trx.updateTable('subscriptions').set({ status: 'past_due', failed_attempts: Number(sub.failed_attempts) + 1, grace_until: graceUntil, retry_at: null }).where('id', '=', sub.id).execute();
      await holdLevel(trx, sub, graceUntil);
      logger.warn({ subscriptionId: sub.id, at: now }, 'provider reports a failed renewal');
    },

    /**
     * Opens the subscription a first payment bought (called in the settling transaction, which
     * made sure no paid period is still running). Answers the new id and the subscriptions it
     * replaced (ended here, past their period), which the caller cancels at the provider.
     */
    async open(
      trx: Transaction<Database>,
      input: { userId: string; orderId: string; plan: Plan; paymentToken: string | null; providerSubscriptionId: string | null; nextBillingAt: string | null; renews: boolean; now: string },
    ): Promise<{ id: string; replaced: SubscriptionRow[] }> {
      const { plan, now } = input;
      const periodEnd = addMonths(now, monthsOf(plan.chargeType!));
      const id = newId();
      // One running subscription per user (decision 029): anything older stops here.
      const replaced = await trx.selectFrom('subscriptions').selectAll().where('user_id', '=', input.userId).where('status', 'in', RUNNING).execute();
      await trx.updateTable('subscriptions').set({ status: 'ended', renew_at: null, retry_at: null, next_grant_at: null, ended_at: now }).where('user_id', '=', input.userId).where('status', 'in', RUNNING).execute();
      await trx
        .insertInto('subscriptions')
        .values({
          id,
          user_id: input.userId,
          order_id: input.orderId,
          plan_code: plan.code,
          level: plan.level,
          monthly_credits: plan.monthlyCredits,
          started_at: now,
          period_end: periodEnd,
          grants_made: 1,
          next_grant_at: nextGrantAt({ started_at: now, period_end: periodEnd }, 1),
          cancelled_at: null,
          status: 'active',
          charge_type: plan.chargeType!,
          amount: plan.amount,
          provider: provider.name,
          provider_subscription_id: input.providerSubscriptionId,
          payment_token: input.paymentToken,
          renew_at: input.renews ? (input.nextBillingAt ?? periodEnd) : null,
          periods_paid: 1,
          failed_attempts: 0,
          retry_at: null,
          grace_until: null,
          ended_at: null,
        })
        .execute();
      await trx.updateTable('orders').set({ subscription_id: id, period: 0 }).where('id', '=', input.orderId).execute();
      await trx
        .updateTable('users')
        .set({ membership_level: plan.level, membership_period_end: periodEnd, cancel_at_period_end: 0, next_topup_at: null, updated_at: now })
        .where('id', '=', input.userId)
        .execute();
      return { id, replaced };
    },

    running(executor: Executor, userId: string) {
      return executor.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('status', 'in', RUNNING).orderBy('started_at', 'desc').executeTakeFirst();
    },

    /** Every subscription of the user that still gives a level (one, unless older data holds more), newest first. */
    allRunning(executor: Executor, userId: string) {
      return executor.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('status', 'in', RUNNING).orderBy('started_at', 'desc').execute();
    },

    latest(userId: string) {
      return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('started_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
    },

    /** Renewals due by `now` on our clock, then the ends: cancelled ones past their period, failing ones past their grace. */
    async runDue(now: string, isUniqueViolation: (error: unknown) => boolean) {
      const due = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('renew_at', 'is not', null)
        .where('payment_token', 'is not', null)
        .where((eb) => eb.or([eb.and([eb('status', '=', 'active'), eb('renew_at', '<=', now)]), eb.and([eb('status', '=', 'past_due'), eb('retry_at', '<=', now)])]))
        .limit(500)
        .execute();
      let renewed = 0;
      let failed = 0;
      for (const sub of due) {
        // A subscription far behind (the clock moved months) renews period after period.
        let current: SubscriptionRow | undefined = sub;
        while (current) {
          const outcome = await renewOne(current, now, isUniqueViolation);
          if (outcome === 'renewed') renewed += 1;
          if (outcome === 'failed') failed += 1;
          if (outcome !== 'renewed') break;
          current = await db.selectFrom('subscriptions').selectAll().where('id', '=', sub.id).where('status', '=', 'active').where('renew_at', '<=', now).executeTakeFirst();
        }
      }
      const ended = await db
        .updateTable('subscriptions')
        .set({ status: 'ended', ended_at: now, next_grant_at: null })
        .where('status', 'in', ['cancelled', 'active'])
        .where('renew_at', 'is', null)
        .where('period_end', '<=', now)
        .executeTakeFirst();
      const stale = await db.selectFrom('subscriptions').selectAll().where('status', '=', 'past_due').where('grace_until', '<=', now).execute();
      for (const sub of stale) await db.transaction().execute((trx) => endNow(trx, sub, 'lapsed', now));
      return { renewed, failed, ended: Number(ended.numUpdatedRows), lapsed: stale.length };
    },

    findPlanOf(sub: SubscriptionRow): Plan | undefined {
      return findPlan(sub.plan_code);
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
