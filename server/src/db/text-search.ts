import { sql, type AliasedRawBuilder, type Kysely } from 'kysely';
import { documentTerms, htmlText, type QueryTerms } from '../lib/search-terms';
import type { Database } from './schema';

/**
 * Full-text matching of `image_search` documents (terms made by lib/search-terms.ts), the only
 * dialect-aware part of library search: SQLite's FTS5 index `image_search_fts` and PostgreSQL's
 * GIN index on the stored column `vector`. Alternatives are OR-ed (a query and its
 * translation); the terms of one alternative are AND-ed, its prefix term matched as a prefix.
 */
export interface TextSearch {
  /**
   * The images that match one of the alternatives, with their relevance (higher is better), as
   * a table to join on `image_id`: the index is asked once per search, not once per row.
   */
  matching(alternatives: QueryTerms[]): AliasedRawBuilder<SearchMatch, 'search_match'>;
}

export interface SearchMatch {
  image_id: string;
  relevance: number;
}

// Terms are [a-z0-9]+ by construction; anything else never reaches a query string.
const safe = (term: string) => term.replace(/[^a-z0-9]/g, '');

function ftsQuery(alternatives: QueryTerms[]): string {
  return alternatives
    .map(({ exact, prefix }) => `(${[...exact.map((t) => `"${safe(t)}"`), ...(prefix ? [`"${safe(prefix)}"*`] : [])].join(' AND ')})`)
    .join(' OR ');
}

/** PostgreSQL's document vector (stored in `image_search.vector`, migration 014): names weigh A, words B (ts_rank's default weights 1.0 and 0.4). */
export const SEARCH_VECTOR = sql`setweight(to_tsvector('simple', names), 'A') || setweight(to_tsvector('simple', words), 'B')`;

function tsQuery(alternatives: QueryTerms[]): string {
  return alternatives.map(({ exact, prefix }) => `(${[...exact.map(safe), ...(prefix ? [`${safe(prefix)}:*`] : [])].join(' & ')})`).join(' | ');
}

export function createTextSearch(dialect: 'sqlite' | 'postgres'): TextSearch {
  if (dialect === 'sqlite') {
    // bm25 is lower for better matches (names weigh 4, words 1); negated so both sort descending.
    return {
      matching: (alternatives) =>
        sql<SearchMatch>`(select s.image_id as image_id, -bm25(image_search_fts, 4.0, 1.0) as relevance from image_search_fts join image_search s on s.doc_id = image_search_fts.rowid where image_search_fts match ${ftsQuery(alternatives)})`.as('search_match'),
    };
  }
  return {
    matching: (alternatives) =>
      sql<SearchMatch>`(select image_id, ts_rank(vector, to_tsquery('simple', ${tsQuery(alternatives)})) as relevance from image_search where vector @@ to_tsquery('simple', ${tsQuery(alternatives)}))`.as('search_match'),
  };
}

/** Every language's text of a localized JSON column (`{en, zh, ja}`), or the text itself. */
function allLanguages(json: string | null): string {
  if (!json) return '';
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? Object.values(value).filter((v): v is string => typeof v === 'string').join(' ') : String(value);
  } catch {
    return json;
  }
}

/**
 * Writes (or replaces) the search documents of these images from what they are now: titles,
 * descriptions and prompts in every language, their category's name and their tags' names.
 * Takes the caller's transaction, so a page and its document commit together.
 */
export async function indexImages(db: Kysely<Database>, imageIds: string[]): Promise<void> {
  for (let start = 0; start < imageIds.length; start += 500) {
    const ids = imageIds.slice(start, start + 500);
    const [images, tags] = await Promise.all([
      db
        .selectFrom('images')
        .leftJoin('categories', 'categories.id', 'images.category_id')
        .select(['images.id', 'images.title', 'images.description', 'images.prompt', 'categories.display_name as category'])
        .where('images.id', 'in', ids)
        .execute(),
      db.selectFrom('image_tags').innerJoin('tags', 'tags.id', 'image_tags.tag_id').select(['image_tags.image_id', 'tags.display_name']).where('image_tags.image_id', 'in', ids).execute(),
    ]);
    for (const image of images) {
      const tagText = tags.filter((tag) => tag.image_id === image.id).map((tag) => allLanguages(tag.display_name));
      const names = documentTerms(allLanguages(image.title), allLanguages(image.category), ...tagText);
      const words = documentTerms(htmlText(allLanguages(image.description)), allLanguages(image.prompt));
      await db.insertInto('image_search').values({ image_id: image.id, names, words }).onConflict((oc) => oc.column('image_id').doUpdateSet({ names, words })).execute();
    }
  }
}
