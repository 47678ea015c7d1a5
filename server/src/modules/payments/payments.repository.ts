import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { lockUser } from '../../db/user-lock';

export type OrderRow = Selectable<OrdersTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    async insertOrder(order: Omit<OrderRow, 'created_at' | 'updated_at' | 'paid_at' | 'provider_capture_id' | 'failure_reason' | 'declines' | 'kind' | 'subscription_id' | 'period'>): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('orders')
        .values({ ...order, provider_capture_id: null, failure_reason: null, declines: 0, created_at: now, updated_at: now, paid_at: null })
        .execute();
    },
    findOrder(id: string, executor: Executor = db): Promise<OrderRow | undefined> {
      return executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async setOrder(id: string, changes: Partial<Pick<OrderRow, 'provider_order_id' | 'status' | 'failure_reason' | 'declines' | 'provider_capture_id'>>, executor: Executor = db): Promise<void> {
      await executor.updateTable('orders').set({ ...changes, updated_at: nowIso() }).where('id', '=', id).execute();
    },
    /** Moves an unpaid order to paid; false when it was already settled (or failed for good). */
    async markPaid(trx: Executor, id: string, captureId: string): Promise<boolean> {
      const now = nowIso();
      const result = await trx
        .updateTable('orders')
        .set({ status: 'paid', provider_capture_id: captureId, paid_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['created', 'approved'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Takes the locks a settlement needs, in the order every money path takes them (the user's
     * running subscriptions, then the user, then orders; decision 029): writes that change
     * nothing, so both dialects lock. Concurrent settlements of one user's orders queue here and
     * each sees what the one before it committed (decision 052).
     */
    async lockOwner(trx: Transaction<Database>, userId: string): Promise<void> {
      await trx
        .updateTable('subscriptions')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('user_id', '=', userId)
        .where('status', 'in', ['active', 'cancelled', 'past_due'])
        .execute();
      await lockUser(trx, userId);
    },
    /** Voids an unpaid purchase (another plan was paid): it can no longer be paid. False when it was not open. */
    async voidOrder(executor: Executor, id: string, reason: string): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ status: 'cancelled', failure_reason: reason, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', 'in', ['created', 'approved'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Voids the user's other unpaid purchases; answers them as they were, for the clean-up at the provider. */
    async voidOtherOpenOrders(trx: Transaction<Database>, userId: string, paidOrderId: string, reason: string): Promise<OrderRow[]> {
      const open = await trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', 'purchase')
        .where('status', 'in', ['created', 'approved'])
        .where('id', '!=', paidOrderId)
        .execute();
      if (open.length === 0) return [];
      await trx
        .updateTable('orders')
        .set({ status: 'cancelled', failure_reason: reason, updated_at: nowIso() })
        .where('id', 'in', open.map((order) => order.id))
        .where('status', 'in', ['created', 'approved'])
        .execute();
      return open;
    },
    /**
     * The outcome of money taken for a voided order: `refunded` once the provider returned it,
     * else `failed` with the reason naming the refund still due. False when another request
     * recorded it first.
     */
    async recordUngrantedPayment(id: string, outcome: { status: 'refunded' | 'failed'; captureId: string; reason: string }): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ status: outcome.status, provider_capture_id: outcome.captureId, failure_reason: outcome.reason, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'cancelled')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** A paid order with its buyer's email, for the invoice; undefined for anything else. */
    paidOrderWithBuyer(orderId: string) {
      return db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['orders.id', 'orders.user_id', 'orders.kind', 'orders.plan_code', 'orders.amount', 'orders.currency', 'orders.paid_at', 'orders.provider', 'orders.provider_capture_id', 'orders.provider_order_id', 'users.email'])
        .where('orders.id', '=', orderId)
        .where('orders.status', '=', 'paid')
        .executeTakeFirst();
    },
    async listOrders(userId: string, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        db.selectFrom('orders').select(db.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
