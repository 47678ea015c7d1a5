import type { Kysely } from 'kysely';
import type { ImageType } from '@studio/contracts/images';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import type { ImageRow } from '../images/images.repository';
import { bumpImagesVersion } from './images-version';

/** How many pages a generator tab offers as "Try an example". */
export const EXAMPLES_PER_TAB = 6;

export type ExamplesTab = ImageType;

export interface CuratedExample {
  imageId: string;
  tab: ExamplesTab;
  title: string;
  visible: boolean;
}

/**
 * The generator's examples, chosen by hand (`npm run content -- examples`). Until a tab has a
 * chosen page, the demo library's best pages stand in (for the photo tab, those with a coloured
 * version, which plays the photo). Only public, online pages are ever offered.
 */
export function createExamplesRepository(db: Kysely<Database>) {
  const visible = () => db.selectFrom('images').where('images.is_public', '=', 1).where('images.is_online', '=', 1);

  return {
    async forTab(tab: ExamplesTab): Promise<ImageRow[]> {
      const chosen = await db.selectFrom('curated_examples').select('image_id').where('tab', '=', tab).limit(1).execute();
      if (chosen.length > 0) {
        return visible()
          .innerJoin('curated_examples', 'curated_examples.image_id', 'images.id')
          .selectAll('images')
          .where('curated_examples.tab', '=', tab)
          .orderBy('curated_examples.position')
          .limit(EXAMPLES_PER_TAB)
          .execute();
      }
      // A few more than needed: the photo tab keeps only those with a coloured version.
      const best = await visible().selectAll().where('user_id', 'is', null).orderBy('hotness', 'desc').orderBy('id').limit(EXAMPLES_PER_TAB * 8).execute();
      const fit = tab === 'image2image' ? best.filter((row) => (JSON.parse(row.files) as { color?: string | null }).color) : best;
      return fit.slice(0, EXAMPLES_PER_TAB);
    },

    async list(): Promise<CuratedExample[]> {
      const rows = await db
        .selectFrom('curated_examples')
        .innerJoin('images', 'images.id', 'curated_examples.image_id')
        .select(['curated_examples.image_id', 'curated_examples.tab', 'images.title', 'images.is_public', 'images.is_online'])
        .orderBy('curated_examples.tab')
        .orderBy('curated_examples.position')
        .execute();
      return rows.map((row) => ({
        imageId: row.image_id,
        tab: row.tab as ExamplesTab,
        title: (JSON.parse(row.title) as { en: string }).en,
        visible: row.is_public === 1 && row.is_online === 1,
      }));
    },

    /** Adds a page at the end of a tab's examples; false when it is not a public, online page. */
    async add(imageId: string, tab: ExamplesTab): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const image = await trx.selectFrom('images').select('id').where('id', '=', imageId).where('is_public', '=', 1).where('is_online', '=', 1).executeTakeFirst();
        if (!image) return false;
        const last = await trx.selectFrom('curated_examples').select((eb) => eb.fn.max('position').as('position')).where('tab', '=', tab).executeTakeFirst();
        await trx.deleteFrom('curated_examples').where('image_id', '=', imageId).execute();
        await trx.insertInto('curated_examples').values({ image_id: imageId, tab, position: Number(last?.position ?? 0) + 1, added_at: nowIso() }).execute();
        await bumpImagesVersion(trx);
        return true;
      });
    },

    async remove(imageId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('curated_examples').where('image_id', '=', imageId).executeTakeFirst();
        await bumpImagesVersion(trx);
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}

export type ExamplesRepository = ReturnType<typeof createExamplesRepository>;
