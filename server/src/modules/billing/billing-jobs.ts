import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { FREE_MONTHLY_CREDITS } from '@studio/contracts/constants';
import type { Database } from '../../db/schema';
import { addMonths } from '../../lib/dates';
import { nowIso } from '../../lib/ids';
import { bookCredits } from '../credits/credits.repository';
import type { Subscriptions } from '../payments/subscriptions';

/**
 * The money calendar: renewals due on our clock (and their retries and ends), the monthly
 * grants of every paid month, expiry of ended memberships and the monthly free top-up to 50.
 * Every step is keyed (ledger refs, conditional updates, one order per period and attempt), so
 * any number of processes may run it at the same time without charging or granting twice.
 */
export function createBillingJobs(deps: { db: Kysely<Database>; logger: Logger; subscriptions: Subscriptions; isUniqueViolation(error: unknown): boolean }) {
  const { db, logger } = deps;

  async function grantMonthlyCredits(now: string): Promise<number> {
    const due = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('next_grant_at', 'is not', null)
      .where('next_grant_at', '<=', now)
      .limit(500)
      .execute();
    let granted = 0;
    for (const first of due) {
      // After a long pause (or a moved clock) every missed month is granted, each once.
      let made = Number(first.grants_made);
      while (addMonths(first.started_at, made) <= now) {
        const step = made;
        const booked = await db.transaction().execute(async (trx) => {
          const sub = await trx.selectFrom('subscriptions').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
          if (Number(sub.grants_made) !== step || sub.next_grant_at === null) return false;
          const next = addMonths(sub.started_at, step + 1);
          const moved = await trx
            .updateTable('subscriptions')
            .set({ grants_made: step + 1, next_grant_at: next < sub.period_end ? next : null })
            .where('id', '=', sub.id)
            .where('grants_made', '=', step)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return false;
          return (await bookCredits(trx, { userId: sub.user_id, delta: Number(sub.monthly_credits), reason: 'monthly_grant', ref: `grant:${sub.id}:${step}` })) !== null;
        });
        if (!booked) break;
        granted += 1;
        made += 1;
      }
    }
    return granted;
  }

  async function expireMemberships(now: string): Promise<number> {
    const result = await db
      .updateTable('users')
      .set({ membership_level: 'free', membership_period_end: null, cancel_at_period_end: 0, next_topup_at: now, updated_at: now })
      .where('membership_level', '!=', 'free')
      .where('membership_period_end', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async function topUpFreeMembers(now: string): Promise<number> {
    const due = await db
      .selectFrom('users')
      .select(['id', 'credits', 'next_topup_at'])
      .where('membership_level', '=', 'free')
      .where('next_topup_at', 'is not', null)
      .where('next_topup_at', '<=', now)
      .limit(1000)
      .execute();
    let toppedUp = 0;
    for (const user of due) {
      const dueAt = user.next_topup_at!;
      let next = addMonths(dueAt, 1);
      while (next <= now) next = addMonths(next, 1);
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('users')
          .set({ next_topup_at: next })
          .where('id', '=', user.id)
          .where('next_topup_at', '=', dueAt)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return;
        const current = await trx.selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirstOrThrow();
        const missing = FREE_MONTHLY_CREDITS - Number(current.credits);
        if (missing > 0 && (await bookCredits(trx, { userId: user.id, delta: missing, reason: 'free_topup', ref: `topup:${user.id}:${dueAt}` })) !== null) toppedUp += 1;
      });
    }
    return toppedUp;
  }

  return {
    async runDue(now = nowIso()) {
      const { renewed, failed, ended, lapsed } = await deps.subscriptions.runDue(now, deps.isUniqueViolation);
      const granted = await grantMonthlyCredits(now);
      const expired = await expireMemberships(now);
      const toppedUp = await topUpFreeMembers(now);
      if (renewed || failed || ended || lapsed || granted || expired || toppedUp) logger.info({ renewed, failed, ended, lapsed, granted, expired, toppedUp }, 'billing jobs ran');
      return { renewed, failed, ended, lapsed, granted, expired, toppedUp };
    },
  };
}

export type BillingJobs = ReturnType<typeof createBillingJobs>;
