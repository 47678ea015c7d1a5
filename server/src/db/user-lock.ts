import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Makes a member's counted writes (count their rows, then insert one) run one at a time, so a
 * limit holds under parallel requests (decision 054); the reset links' void-and-insert and the
 * settlement take it too (decision 052). Call it first in the transaction that counts and
 * inserts; it holds until that transaction ends.
 *
 * One portable statement, a write that changes nothing on the member's row, does it on both
 * dialects: PostgreSQL locks the row it updates until commit (FOR NO KEY UPDATE, as no key
 * column changes, so inserts that only reference the member are not held up), and a second
 * transaction of the same member waits here; SQLite takes the database's write lock at a
 * transaction's first write, so a transaction that begins with this one cannot have counted
 * before another's insert commits (and better-sqlite3 through Kysely lends its one connection to
 * one transaction at a time besides). A read first would not do on SQLite: two readers both
 * count, and the second to write fails with SQLITE_BUSY instead of waiting. The column written
 * is `updated_at`, not the key: SQLite would check every table that references users for a
 * written key (a scan of each, 33 ms with 300,000 child rows without an index).
 */
export async function lockUser(trx: Kysely<Database> | Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}
