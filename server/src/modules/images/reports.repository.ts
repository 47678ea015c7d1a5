import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { bumpImagesVersion } from '../library/images-version';

export interface ReportedImage {
  imageId: string;
  title: string;
  isOnline: boolean;
  reports: { userId: string; content: string; createdAt: string }[];
}

/** Moderation of reported images (used by `npm run content -- reports`). */
export function createReportsRepository(db: Kysely<Database>) {
  return {
    async open(): Promise<ReportedImage[]> {
      const rows = await db
        .selectFrom('reports')
        .innerJoin('images', 'images.id', 'reports.image_id')
        .select(['reports.image_id', 'reports.user_id', 'reports.content', 'reports.created_at', 'images.title', 'images.is_online'])
        .where('reports.resolved_at', 'is', null)
        .orderBy('reports.image_id')
        .orderBy('reports.created_at')
        .execute();
      const byImage = new Map<string, ReportedImage>();
      for (const row of rows) {
        const entry = byImage.get(row.image_id) ?? { imageId: row.image_id, title: (JSON.parse(row.title) as { en: string }).en, isOnline: row.is_online === 1, reports: [] };
        entry.reports.push({ userId: row.user_id, content: row.content, createdAt: row.created_at });
        byImage.set(row.image_id, entry);
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
        await trx.updateTable('images').set({ is_online: decision === 'keep' ? 1 : 0 }).where('id', '=', imageId).execute();
        await bumpImagesVersion(trx);
        return Number(result.numUpdatedRows);
      });
    },
  };
}
