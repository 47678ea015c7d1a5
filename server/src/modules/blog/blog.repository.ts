import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { freshReads } from '../library/images-version';

/**
 * A token of the posts as they are: how many there are and when the last was written (the
 * importer stamps updated_at on every post it adds or changes, from any process). Answers built
 * from the posts are kept under it (blog.routes.ts, the blog's pages); a post that becomes due
 * (its published_date passes) shows when the kept answer's minute is up.
 */
export function createBlogVersionReader(db: Kysely<Database>) {
  return freshReads(async () => {
    const row = await db
      .selectFrom('blog_posts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('last')])
      .executeTakeFirstOrThrow();
    return `${Number(row.n)}:${String(row.last ?? '')}`;
  });
}
