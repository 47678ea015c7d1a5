import { sql, type Kysely } from 'kysely';
import { indexImages } from '../../db/text-search';
import type { Localized } from '@studio/contracts/constants';
import type { Attribution } from '@studio/contracts/images';
import type { Storage } from '../../adapters/storage/storage';
import type { MadePage } from '../../adapters/engine/page-maker';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { removeVariantFiles } from '../images/colour-by-number';
import { pageVersion, storePageFiles, type StoredPage } from '../images/image-files';
import { bumpImagesVersion } from './images-version';

export interface CategoryInput {
  slug: string;
  name: string;
  displayName: Localized;
  description: Localized;
  seoTitle: Localized;
  seoDesc: Localized;
  hotness: number;
}

export interface LibraryPageInput {
  /** Stable id, so importing the same page twice updates it instead of adding a copy. */
  id: string;
  categorySlug: string;
  title: Localized;
  description: Localized;
  prompt: Localized;
  additionalInfo: Localized | null;
  tags: { slug: string; displayName: Localized }[];
  ratio: string;
  difficulty: string;
  hotness: number;
  attribution: Attribution | null;
  page: StoredPage & Pick<MadePage, 'width' | 'height'>;
}

/** Writes categories, tags and library pages; every function is idempotent on slugs and ids. */
export function createLibraryImporter(deps: { db: Kysely<Database>; storage: Storage }) {
  const { db, storage } = deps;

  async function upsertCategory(input: CategoryInput): Promise<string> {
    const existing = await db.selectFrom('categories').select('id').where('slug', '=', input.slug).executeTakeFirst();
    const values = {
      name: input.name,
      display_name: JSON.stringify(input.displayName),
      description: JSON.stringify(input.description),
      seo_title: JSON.stringify(input.seoTitle),
      seo_desc: JSON.stringify(input.seoDesc),
      hotness: input.hotness,
    };
    if (existing) {
      await db.updateTable('categories').set(values).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const id = `cat_${newId()}`;
    await db.insertInto('categories').values({ id, slug: input.slug, cover_image_id: null, created_at: nowIso(), ...values }).execute();
    return id;
  }

  async function upsertTag(tag: { slug: string; displayName: Localized }): Promise<string> {
    const existing = await db.selectFrom('tags').select('id').where('slug', '=', tag.slug).executeTakeFirst();
    if (existing) return existing.id;
    const id = `tag_${tag.slug}`;
    await db.insertInto('tags').values({ id, slug: tag.slug, display_name: JSON.stringify(tag.displayName) }).execute();
    return id;
  }

  async function importPage(input: LibraryPageInput): Promise<string> {
    const category = await db.selectFrom('categories').select('id').where('slug', '=', input.categorySlug).executeTakeFirst();
    if (!category) throw new Error(`unknown category ${input.categorySlug}`);
    const id = input.id;
    const { page } = input;
    // Files first: a row never points at a file that is not there.
    const files = await storePageFiles(storage, id, page);
    // A page drawn again: variants made from its old files would no longer match it.
    await removeVariantFiles(storage, id);
    const tagIds = await Promise.all(input.tags.map(upsertTag));
    await db.transaction().execute(async (trx) => {
      const drawn = {
        category_id: category.id,
        ratio: input.ratio,
        difficulty: input.difficulty,
        width: page.width,
        height: page.height,
        title: JSON.stringify(input.title),
        description: JSON.stringify(input.description),
        prompt: JSON.stringify(input.prompt),
        additional_info: input.additionalInfo ? JSON.stringify(input.additionalInfo) : null,
        attribution: input.attribution ? JSON.stringify(input.attribution) : null,
        hotness: input.hotness,
        files: JSON.stringify(files),
        files_version: pageVersion(page),
      };
      // A page imported or drawn again is replaced in place: its reports, its place among the
      // generator's examples and its moderation state stay (deleting the row would cascade).
      const replaced = await trx.updateTable('images').set(drawn).where('id', '=', id).where('type', '=', 'library').executeTakeFirst();
      await trx.deleteFrom('image_tags').where('image_id', '=', id).execute();
      if (Number(replaced.numUpdatedRows) === 0) {
        await trx.deleteFrom('images').where('id', '=', id).execute();
        await trx
          .insertInto('images')
          .values({ ...drawn, id, id_tail: id.slice(-8), user_id: null, type: 'library', is_public: 1, is_online: 1, created_at: nowIso() })
          .execute();
      }
      for (const tagId of [...new Set(tagIds)]) await trx.insertInto('image_tags').values({ image_id: id, tag_id: tagId }).execute();
      await indexImages(trx, [id]);
      await bumpImagesVersion(trx);
    });
    return id;
  }

  /**
   * Tells every process's category cache (and search answers) that the library changed. The
   * library version first: an answer kept under the catalogue version bumped after it is then
   * built from the new categories, never from the cache of the old ones.
   */
  async function bumpVersion(): Promise<void> {
    const version = newId();
    const updated = await db.updateTable('settings').set({ value: version }).where('key', '=', 'library_version').executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db.insertInto('settings').values({ key: 'library_version', value: version }).execute().catch(async () => {
        await db.updateTable('settings').set({ value: version }).where('key', '=', 'library_version').execute();
      });
    }
    await bumpImagesVersion(db);
  }

  return { upsertCategory, upsertTag, importPage, bumpVersion, count: async () => Number((await db.selectFrom('images').select(sql<number>`count(*)`.as('n')).where('type', '=', 'library').executeTakeFirstOrThrow()).n) };
}

export type LibraryImporter = ReturnType<typeof createLibraryImporter>;
