import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { UserImagesQuery } from '@studio/contracts/images';
import type { Database, ImagesTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { searchAlternatives } from '../../lib/search-terms';
import { indexImages, type TextSearch } from '../../db/text-search';
import { lockUser } from '../../db/user-lock';
import { translateWord } from '../../lib/translate-word';
import { bumpImagesVersion } from '../library/images-version';

export type ImageRow = Selectable<ImagesTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * When reports take a page offline before a moderator looks (decision 024). Every report is
 * queued for the moderator; only these take a page down on their own, so a few throwaway
 * accounts cannot: reports from this many different established accounts (older than
 * `establishedAfterDays`, with pages of their own), on a member's page that is not a chosen
 * example. Library pages and examples wait for the moderator.
 */
export const REPORT_RULES = { reportersToHide: 3, establishedAfterDays: 7, reportsPerDay: 10 } as const;

export type ReportOutcome = 'added' | 'duplicate' | 'limit';

/** True when the open reports on a member's page, from established accounts, reach REPORT_RULES.reportersToHide. */
async function mayHideOnReports(trx: Executor, imageId: string, now: Date): Promise<boolean> {
  const image = await trx.selectFrom('images').select(['user_id', 'is_online']).where('id', '=', imageId).executeTakeFirst();
  if (!image || image.user_id === null || image.is_online !== 1) return false;
  const curated = await trx.selectFrom('curated_examples').select('image_id').where('image_id', '=', imageId).executeTakeFirst();
  if (curated) return false;
  const establishedBefore = new Date(now.getTime() - REPORT_RULES.establishedAfterDays * 86_400_000).toISOString();
  const reporters = await trx
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.user_id')
    .select((eb) => eb.fn.count<number>('reports.user_id').distinct().as('n'))
    .where('reports.image_id', '=', imageId)
    .where('reports.resolved_at', 'is', null)
    .where('reports.user_id', '!=', image.user_id)
    .where('users.created_at', '<=', establishedBefore)
    .where('users.disabled', '=', 0)
    .where((eb) => eb.exists(eb.selectFrom('images as own').select('own.id').whereRef('own.user_id', '=', 'reports.user_id')))
    .executeTakeFirstOrThrow();
  return Number(reporters.n) >= REPORT_RULES.reportersToHide;
}

export function createImagesRepository(db: Kysely<Database>, textSearch: TextSearch) {
  return {
    async insert(executor: Executor, image: Insertable<ImagesTable>): Promise<void> {
      await executor.insertInto('images').values({ ...image, id_tail: image.id.slice(-8) }).execute();
      await indexImages(executor, [image.id]);
    },
    /** An id, or a slug ending in the id's last 8 characters. */
    async findByIdOrSlug(value: string): Promise<ImageRow | undefined> {
      const exact = await db.selectFrom('images').selectAll().where('id', '=', value).executeTakeFirst();
      if (exact) return exact;
      const tail = value.slice(-8);
      return db.selectFrom('images').selectAll().where('id_tail', '=', tail).orderBy('id').executeTakeFirst();
    },
    /** The pages an id, or a slug ending in an id's last 8 characters, may name (a few at most). */
    async findAllByIdOrSlug(value: string): Promise<ImageRow[]> {
      const exact = await db.selectFrom('images').selectAll().where('id', '=', value).execute();
      if (exact.length) return exact;
      return db.selectFrom('images').selectAll().where('id_tail', '=', value.slice(-8)).orderBy('id').limit(20).execute();
    },
    findById(id: string): Promise<ImageRow | undefined> {
      return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async listForUser(userId: string, query: UserImagesQuery): Promise<{ rows: ImageRow[]; total: number; counts: { all: number; text2image: number; image2image: number } }> {
      let base = db.selectFrom('images').where('user_id', '=', userId);
      if (query.query?.trim()) {
        const words = searchAlternatives(query.query, translateWord);
        // A member's own pages are few: the matching ids are enough, without ranking.
        base = words.length ? base.where('id', 'in', (eb) => eb.selectFrom(textSearch.matching(words)).select('search_match.image_id')) : base.where(sql<SqlBool>`1 = 0`);
      }
      if (query.categoryId) base = base.where('category_id', '=', query.categoryId);
      if (query.ratio) base = base.where('ratio', '=', query.ratio);
      if (query.isPublic !== undefined) base = base.where('is_public', '=', query.isPublic ? 1 : 0);
      const perType = await base.select(['type', db.fn.countAll<number>().as('n')]).groupBy('type').execute();
      const count = (type: string) => Number(perType.find((row) => row.type === type)?.n ?? 0);
      const counts = { all: count('text2image') + count('image2image'), text2image: count('text2image'), image2image: count('image2image') };
      const filtered = query.type ? base.where('type', '=', query.type) : base;
      const total = query.type ? counts[query.type] : counts.all;
      const column = query.sortBy === 'hotness' ? 'hotness' : 'id';
      const rows = await filtered
        .selectAll()
        .orderBy(column, query.sortOrder)
        .orderBy('id', query.sortOrder)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize)
        .execute();
      return { rows, total, counts };
    },
    /**
     * Sets a page's visibility and, with it, whether it is online and why it is held; public
     * lists see the change in the same commit (decision 021).
     */
    async setVisibility(id: string, change: { isPublic: boolean; isOnline: boolean; held: string | null }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('images').set({ is_public: change.isPublic ? 1 : 0, is_online: change.isOnline ? 1 : 0, held: change.held }).where('id', '=', id).execute();
        await bumpImagesVersion(trx);
      });
    },
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('images').where('id', '=', id).execute();
        await bumpImagesVersion(trx);
      });
    },
    /**
     * One report per user per image, `reportsPerDay` per user; may take the page offline
     * (REPORT_RULES). The day's count is taken under the reporter's lock in the transaction that
     * inserts, so parallel reports cannot all pass the same count (decision 054).
     */
    async addReport(report: { imageId: string; userId: string; content: string }, isUniqueViolation: (e: unknown) => boolean, now = new Date()): Promise<ReportOutcome> {
      const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
      try {
        return await db.transaction().execute(async (trx): Promise<ReportOutcome> => {
          await lockUser(trx, report.userId);
          const recent = await trx.selectFrom('reports').select(db.fn.countAll<number>().as('n')).where('user_id', '=', report.userId).where('created_at', '>', dayAgo).executeTakeFirstOrThrow();
          if (Number(recent.n) >= REPORT_RULES.reportsPerDay) return 'limit';
          await trx
            .insertInto('reports')
            .values({ id: newId(), image_id: report.imageId, user_id: report.userId, content: report.content, created_at: now.toISOString(), resolved_at: null, resolution: null })
            .execute();
          if (await mayHideOnReports(trx, report.imageId, now)) {
            await trx.updateTable('images').set({ is_online: 0, held: 'reports' }).where('id', '=', report.imageId).execute();
            await bumpImagesVersion(trx);
          }
          return 'added';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
