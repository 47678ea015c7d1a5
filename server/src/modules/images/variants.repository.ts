import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What variants need to know about a page beyond its row: how a photo page was fitted to its paper. */
export function createVariantsRepository(db: Kysely<Database>) {
  return {
    /**
     * How the photo of an image2image page was laid on the page (its task's `fit`: 'fit' kept the
     * whole photo on white paper, 'crop' filled the page), so its colours can be laid the same way.
     */
    async photoFit(imageId: string): Promise<'cover' | 'contain'> {
      const task = await db.selectFrom('generation_tasks').select('params').where('image_id', '=', imageId).executeTakeFirst();
      const fit = task ? (JSON.parse(task.params) as { fit?: string }).fit : undefined;
      // Tasks from before the choice existed were cropped (generation.service's default).
      return fit === 'fit' ? 'contain' : 'cover';
    },
  };
}

export type VariantsRepository = ReturnType<typeof createVariantsRepository>;
