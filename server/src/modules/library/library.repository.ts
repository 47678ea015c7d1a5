import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImagesQuery, ImageTag } from '@studio/contracts/images';
import type { CategoriesTable, Database } from '../../db/schema';
import type { ImageRow } from '../images/images.repository';
import type { TextSearch } from '../../db/text-search';
import type { QueryTerms } from '../../lib/search-terms';
import { parseLocalized } from '../../db/localized';

export type CategoryRow = Selectable<CategoriesTable>;

export function createLibraryRepository(db: Kysely<Database>, textSearch: TextSearch) {
  const publicImages = () => db.selectFrom('images').where('is_public', '=', 1).where('is_online', '=', 1);

  /**
   * The ids an image id or slug names (a slug ends with the id's last 8 characters). Looked up
   * on its own, so each side uses its index; folded into the search, SQLite would rather walk
   * every public row.
   */
  const idsFor = async (value: string): Promise<string[]> => {
    const [byId, byTail] = await Promise.all([
      db.selectFrom('images').select('id').where('id', '=', value).execute(),
      db.selectFrom('images').select('id').where('id_tail', '=', value.slice(-8)).limit(20).execute(),
    ]);
    return [...new Set([...byId, ...byTail].map((row) => row.id))];
  };

  return {
    /**
     * Public, online images matching the api-spec filters; nothing private can match. `words`
     * are the query's search alternatives (lib/search-terms.ts): matches come most relevant first.
     */
    async searchPublic(query: ImagesQuery, categoryId: string | null, words: QueryTerms[] | null = null): Promise<{ rows: ImageRow[]; total: number }> {
      let base = publicImages();
      if (query.imageId && query.isRelated) {
        // Only a public, online page can be the anchor: any other id answers as one that does not
        // exist, so the answer tells nothing of a private page (issue 36, hole 9). Answers are
        // shared per URL (library.routes.ts), so even its owner gets the answer everyone gets.
        const ids = await idsFor(query.imageId);
        const anchor = ids.length ? await publicImages().select(['id', 'category_id', 'type']).where('id', 'in', ids).orderBy('id').executeTakeFirst() : undefined;
        base = base.where('id', '!=', anchor?.id ?? query.imageId);
        if (anchor?.category_id) base = base.where('category_id', '=', anchor.category_id);
        else if (anchor) base = base.where('type', '=', anchor.type);
      } else if (query.imageId) {
        const ids = await idsFor(query.imageId);
        if (ids.length === 0) return { rows: [], total: 0 };
        base = base.where('id', 'in', ids);
      }
      if (words?.length === 0) return { rows: [], total: 0 };
      if (categoryId) base = base.where('category_id', '=', categoryId);
      for (const tagId of (query.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean).slice(0, 10)) {
        // "in" rather than "exists": the planner may then start from the tag's (few) images.
        base = base.where('id', 'in', db.selectFrom('image_tags').select('image_tags.image_id').where('image_tags.tag_id', '=', tagId));
      }
      if (query.ratio) base = base.where('ratio', '=', query.ratio);
      if (query.type) base = base.where('type', '=', query.type);
      if (query.userId) base = base.where('user_id', '=', query.userId);
      if (query.isPublic === false || query.isOnline === false) return { rows: [], total: 0 };
      const column = query.sortBy === 'createdAt' ? 'images.id' : 'images.hotness';
      const offset = (query.currentPage - 1) * query.pageSize;
      if (words) {
        // The text index is asked once, joined, and counted in the same pass (a window over the
        // matches), most relevant first. Only ids are ranked: a word in every page (a prefix still
        // being typed) sorts 100k narrow rows, not 100k whole pages (0.75 s → 0.27 s on SQLite). The
        // page's rows are read by id after; only a page past the end needs a count of its own.
        const matched = base.innerJoin(textSearch.matching(words), 'search_match.image_id', 'images.id');
        const ranked = await matched
          .select(['images.id', sql<number>`count(*) over ()`.as('search_total')])
          .orderBy('search_match.relevance', 'desc')
          .orderBy(column, query.sortOrder)
          .orderBy('images.id', query.sortOrder)
          .limit(query.pageSize)
          .offset(offset)
          .execute();
        if (ranked.length === 0) return { rows: [], total: Number((await matched.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) };
        const byId = new Map((await db.selectFrom('images').selectAll().where('id', 'in', ranked.map((row) => row.id)).execute()).map((row) => [row.id, row]));
        return { rows: ranked.map((row) => byId.get(row.id)).filter((row): row is ImageRow => row !== undefined), total: Number(ranked[0].search_total) };
      }
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy(column, query.sortOrder).orderBy('images.id', query.sortOrder).limit(query.pageSize).offset(offset).execute(),
        base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async tagsFor(imageIds: string[]): Promise<Map<string, ImageTag[]>> {
      const result = new Map<string, ImageTag[]>();
      if (imageIds.length === 0) return result;
      const rows = await db
        .selectFrom('image_tags')
        .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
        .select(['image_tags.image_id', 'tags.id', 'tags.display_name'])
        .where('image_tags.image_id', 'in', imageIds)
        .orderBy('tags.slug')
        .execute();
      for (const row of rows) {
        const list = result.get(row.image_id) ?? [];
        list.push({ tagId: row.id, displayName: parseLocalized(row.display_name) });
        result.set(row.image_id, list);
      }
      return result;
    },

    countPublic: async () => Number((await publicImages().select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

    categories: () => db.selectFrom('categories').selectAll().orderBy('hotness', 'desc').orderBy('slug').execute(),

    findCategory: (idOrSlug: string) =>
      db.selectFrom('categories').selectAll().where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug.toLowerCase())])).executeTakeFirst(),

    /** Per category: public image count and tag counts, in two grouped queries. */
    async categoryStats(): Promise<{ counts: Map<string, number>; tags: Map<string, { tagId: string; displayName: string; count: number }[]> }> {
      const counts = await publicImages()
        .select(['category_id', db.fn.countAll<number>().as('n')])
        .where('category_id', 'is not', null)
        .groupBy('category_id')
        .execute();
      const tagRows = await db
        .selectFrom('image_tags')
        .innerJoin('images', 'images.id', 'image_tags.image_id')
        .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
        .select(['images.category_id', 'tags.id', 'tags.display_name', db.fn.countAll<number>().as('n')])
        .where('images.is_public', '=', 1)
        .where('images.is_online', '=', 1)
        .where('images.category_id', 'is not', null)
        .groupBy(['images.category_id', 'tags.id', 'tags.display_name'])
        .execute();
      const tags = new Map<string, { tagId: string; displayName: string; count: number }[]>();
      for (const row of tagRows) {
        const list = tags.get(row.category_id!) ?? [];
        list.push({ tagId: row.id, displayName: row.display_name, count: Number(row.n) });
        tags.set(row.category_id!, list);
      }
      return { counts: new Map(counts.map((row) => [row.category_id!, Number(row.n)])), tags };
    },

    /** The picture a category card shows: its chosen cover, else its hottest public page. */
    async coverImage(category: CategoryRow): Promise<ImageRow | undefined> {
      if (category.cover_image_id) {
        const cover = await publicImages().selectAll().where('id', '=', category.cover_image_id).executeTakeFirst();
        if (cover) return cover;
      }
      return publicImages().selectAll().where('category_id', '=', category.id).orderBy('hotness', 'desc').orderBy('id').limit(1).executeTakeFirst();
    },

    async libraryVersion(): Promise<string> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', 'library_version').executeTakeFirst();
      return row?.value ?? '0';
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
