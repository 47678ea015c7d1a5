import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/ids';

type Executor = Kysely<Database> | Transaction<Database>;

/** Stored files to remove once the rows that owned them are gone (migration 016, decision 051). */
export function createStorageDeletionsRepository(db: Kysely<Database>) {
  return {
    /** Lists keys for removal; called inside the transaction that deletes their rows. */
    async add(executor: Executor, keys: string[]): Promise<void> {
      const unique = [...new Set(keys)];
      const createdAt = nowIso();
      // A few hundred rows per statement: far below both dialects' bound-parameter limits.
      for (let i = 0; i < unique.length; i += 200) {
        await executor
          .insertInto('storage_deletions')
          .values(unique.slice(i, i + 200).map((key) => ({ key, created_at: createdAt })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      }
    },
    async pending(limit: number): Promise<string[]> {
      const rows = await db.selectFrom('storage_deletions').select('key').orderBy('created_at').orderBy('key').limit(limit).execute();
      return rows.map((row) => row.key);
    },
    async done(key: string): Promise<void> {
      await db.deleteFrom('storage_deletions').where('key', '=', key).execute();
    },
  };
}

export type StorageDeletionsRepository = ReturnType<typeof createStorageDeletionsRepository>;
