import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { nowIso } from '../../lib/ids';

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
