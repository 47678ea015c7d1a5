import type { Kysely, Selectable } from 'kysely';
import type { ColouredPagesTable, Database } from '../../db/schema';
import { lockUser } from '../../db/user-lock';

export type ColouredRow = Selectable<ColouredPagesTable>;
/** A kept picture with what its card shows of the page (absent when the page is gone). */
export type ColouredWithPage = ColouredRow & { title: string | null; width: number | null; height: number | null };

/** The reads and writes of kept pictures, on the database or inside a transaction. */
function colouredRows(db: Kysely<Database>) {
  return {
    find(userId: string, imageId: string): Promise<ColouredRow | undefined> {
      return db.selectFrom('coloured_pages').selectAll().where('user_id', '=', userId).where('image_id', '=', imageId).executeTakeFirst();
    },
    async countForUser(userId: string): Promise<number> {
      const row = await db.selectFrom('coloured_pages').select(db.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** How many pictures the member keeps and the bytes their files fill (at most COLOURED_PER_USER rows to add up). */
    async usageOf(userId: string): Promise<{ count: number; bytes: number }> {
      const row = await db
        .selectFrom('coloured_pages')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), bytes: Number(row.bytes) };
    },
    insert(row: ColouredRow): Promise<unknown> {
      return db.insertInto('coloured_pages').values(row).execute();
    },
    /** Points a kept picture at new files; answers false when the row is gone (deleted meanwhile). */
    async replaceFiles(id: string, files: { file_key: string; thumb_key: string; bytes: number; updated_at: string }): Promise<boolean> {
      const result = await db.updateTable('coloured_pages').set(files).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The member's pictures, last kept first, each with its page's title and size (left join: a page may be gone). */
    async listForUser(userId: string, page: { currentPage: number; pageSize: number }): Promise<{ rows: ColouredWithPage[]; total: number }> {
      const rows = await db
        .selectFrom('coloured_pages')
        .leftJoin('images', 'images.id', 'coloured_pages.image_id')
        .selectAll('coloured_pages')
        .select(['images.title as title', 'images.width as width', 'images.height as height'])
        .where('coloured_pages.user_id', '=', userId)
        .orderBy('coloured_pages.updated_at', 'desc')
        .orderBy('coloured_pages.id', 'desc')
        .limit(page.pageSize)
        .offset((page.currentPage - 1) * page.pageSize)
        .execute();
      return { rows, total: await this.countForUser(userId) };
    },
    /** Rows whose page no longer exists (a crash between deleting a page and its pictures, or a page removed by hand). */
    orphansOf(userId: string): Promise<ColouredRow[]> {
      return db
        .selectFrom('coloured_pages')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('images').select('images.id').whereRef('images.id', '=', 'coloured_pages.image_id'))))
        .execute();
    },
    forImage(imageId: string): Promise<ColouredRow[]> {
      return db.selectFrom('coloured_pages').selectAll().where('image_id', '=', imageId).execute();
    },
    forUser(userId: string): Promise<ColouredRow[]> {
      return db.selectFrom('coloured_pages').selectAll().where('user_id', '=', userId).execute();
    },
    async deleteRows(ids: string[]): Promise<void> {
      if (ids.length) await db.deleteFrom('coloured_pages').where('id', 'in', ids).execute();
    },
  };
}

export type ColouredRows = ReturnType<typeof colouredRows>;

export function createColouringsRepository(db: Kysely<Database>) {
  return {
    ...colouredRows(db),
    /**
     * Runs `work` in one transaction that first takes the member's lock (db/user-lock.ts), with
     * the reads and writes of kept pictures inside it: a member's keeps count and write one at a
     * time, so their limits hold under parallel requests (decision 054).
     */
    lockedFor<T>(userId: string, work: (locked: ColouredRows) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        return work(colouredRows(trx));
      });
    },
  };
}

export type ColouringsRepository = ReturnType<typeof createColouringsRepository>;
