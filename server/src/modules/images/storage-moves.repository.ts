import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** File moves a migration queued (migration 010: originals to their private prefix). */
export function createStorageMovesRepository(db: Kysely<Database>) {
  return {
    pending: () => db.selectFrom('storage_moves').selectAll().orderBy('from_key').execute(),
    async done(fromKey: string): Promise<void> {
      await db.deleteFrom('storage_moves').where('from_key', '=', fromKey).execute();
    },
  };
}

export type StorageMovesRepository = ReturnType<typeof createStorageMovesRepository>;
