import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { bumpImagesVersion } from '../library/images-version';

export interface ReportedImage {
  imageId: string;
  title: string;
  isOnline: boolean;
  /** Why it is kept offline until decided: 'filter', 'reports', or null. */
  held: string | null;
  reports: { userId: string; content: string; createdAt: string }[];
}

/** Moderation of reported images (used by `npm run content -- reports`). */
export function createReportsRepository(db: Kysely<Database>) {
  return {
    /** Images with open reports, and pages the content filter held back, most reported first. */
    async open(): Promise<ReportedImage[]> {
      const rows = await db
        .selectFrom('reports')
        .innerJoin('images', 'images.id', 'reports.image_id')
        .select(['reports.image_id', 'reports.user_id', 'reports.content', 'reports.created_at', 'images.title', 'images.is_online', 'images.held'])
        .where('reports.resolved_at', 'is', null)
        .orderBy('reports.image_id')
        .orderBy('reports.created_at')
        .execute();
      const filtered = await db.selectFrom('images').select(['id', 'title', 'is_online', 'held']).where('held', '=', 'filter').orderBy('id').execute();
      const byImage = new Map<string, ReportedImage>();
      const entry = (row: { id: string; title: string; is_online: number; held?: string | null }) =>
        byImage.get(row.id) ?? { imageId: row.id, title: (JSON.parse(row.title) as { en: string }).en, isOnline: row.is_online === 1, held: row.held ?? null, reports: [] };
      for (const row of filtered) byImage.set(row.id, entry(row));
      for (const row of rows) {
        const image = entry({ id: row.image_id, title: row.title, is_online: row.is_online, held: row.held });
        image.reports.push({ userId: row.user_id, content: row.content, createdAt: row.created_at });
        byImage.set(row.image_id, image);
      }
      return [...byImage.values()].sort((a, b) => b.reports.length - a.reports.length);
    },
    /** keep: the image goes back online; remove: it stays offline for good. */
    async resolve(imageId: string, decision: 'keep' | 'remove'): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('reports')
          .set({ resolved_at: nowIso(), resolution: decision === 'keep' ? 'kept' : 'removed' })
          .where('image_id', '=', imageId)
          .where('resolved_at', 'is', null)
          .executeTakeFirst();
        await trx
          .updateTable('images')
          .set(decision === 'keep' ? { is_online: 1, held: null } : { is_online: 0, held: 'removed' })
          .where('id', '=', imageId)
          .execute();
        await bumpImagesVersion(trx);
        return Number(result.numUpdatedRows);
      });
    },
  };
}
