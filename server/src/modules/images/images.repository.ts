import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { UserImagesQuery } from '@studio/contracts/images';
import type { Database, ImagesTable } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { searchAlternatives } from '../../lib/search-terms';
import { indexImages, type TextSearch } from '../../db/text-search';
import { translateWord } from '../../lib/translate-word';
import { bumpImagesVersion } from '../library/images-version';

export type ImageRow = Selectable<ImagesTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** Reports from this many different users take an image offline until it is reviewed. */
export const REPORTS_TO_TAKE_OFFLINE = 3;

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
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('images').where('id', '=', id).execute();
        await bumpImagesVersion(trx);
      });
    },
    /** One report per user per image; false when this user already reported it. */
    async addReport(report: { imageId: string; userId: string; content: string }, isUniqueViolation: (e: unknown) => boolean): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('reports')
            .values({ id: newId(), image_id: report.imageId, user_id: report.userId, content: report.content, created_at: nowIso(), resolved_at: null, resolution: null })
            .execute();
          const open = await trx
            .selectFrom('reports')
            .select(db.fn.count<number>('user_id').distinct().as('n'))
            .where('image_id', '=', report.imageId)
            .where('resolved_at', 'is', null)
            .executeTakeFirstOrThrow();
          if (Number(open.n) >= REPORTS_TO_TAKE_OFFLINE) {
            await trx.updateTable('images').set({ is_online: 0 }).where('id', '=', report.imageId).execute();
            await bumpImagesVersion(trx);
          }
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
