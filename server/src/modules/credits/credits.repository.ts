import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';

type Executor = Kysely<Database> | Transaction<Database>;

export type CreditReason = 'signup' | 'purchase' | 'monthly_grant' | 'free_topup' | 'generation' | 'refund' | 'adjustment';

/**
 * The credit ledger (DESIGN §6, §8): every change is one row with a unique `ref`, and the cached
 * balance on the user moves in the same transaction. Must run inside a transaction.
 *
 * Returns the new balance, or null when `ref` was already booked (the operation happened before)
 * or, for a debit, when the balance is too low.
 */
export async function bookCredits(
  trx: Executor,
  entry: { userId: string; delta: number; reason: CreditReason; ref: string },
): Promise<number | null> {
  const already = await trx.selectFrom('credit_ledger').select('id').where('ref', '=', entry.ref).executeTakeFirst();
  if (already) return null;
  let update = trx
    .updateTable('users')
    .set({ credits: sql`credits + ${entry.delta}`, updated_at: nowIso() })
    .where('id', '=', entry.userId);
  if (entry.delta < 0) update = update.where('credits', '>=', -entry.delta);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const { credits } = await trx.selectFrom('users').select('credits').where('id', '=', entry.userId).executeTakeFirstOrThrow();
  await trx
    .insertInto('credit_ledger')
    .values({
      id: newId(),
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      ref: entry.ref,
      balance_after: credits,
      created_at: nowIso(),
    })
    .execute();
  return credits;
}

export function ledgerOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
