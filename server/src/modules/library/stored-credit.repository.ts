import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const DONE_KEY = 'stored_files_credited';

/** Pages drawn from attributed artwork, for crediting files stored before files carried it (decision 024). */
export function createStoredCreditRepository(db: Kysely<Database>) {
  return {
    async done(): Promise<boolean> {
      return (await db.selectFrom('settings').select('value').where('key', '=', DONE_KEY).executeTakeFirst())?.value === '1';
    },
    async markDone(): Promise<void> {
      const updated = await db.updateTable('settings').set({ value: '1' }).where('key', '=', DONE_KEY).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await db.insertInto('settings').values({ key: DONE_KEY, value: '1' }).execute().catch(() => undefined);
    },
    /** The next `limit` attributed pages after `afterId`, by id. */
    attributed: (afterId: string, limit: number) =>
      db.selectFrom('images').select(['id', 'files', 'attribution']).where('attribution', 'is not', null).where('id', '>', afterId).orderBy('id').limit(limit).execute(),
  };
}

export type StoredCreditRepository = ReturnType<typeof createStoredCreditRepository>;
