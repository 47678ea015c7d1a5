import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../schema';
import { indexImages, SEARCH_VECTOR } from '../text-search';

/**
 * Library search by words (decision 022): one document of terms per image (names: title, category, tags; words: description, prompt) in `image_search`,
 * indexed by SQLite FTS5 (kept in step by triggers) or a PostgreSQL GIN index. `doc_id` is an
 * INTEGER PRIMARY KEY so SQLite's rowid, which FTS5 points at, survives VACUUM.
 */
// Probing with a query would abort PostgreSQL's migration transaction; the adapter tells.
const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export const textSearch: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = isSqlite(db);
    if (sqlite) {
      await sql`create table image_search (doc_id integer primary key, image_id text not null unique references images(id) on delete cascade, names text not null, words text not null)`.execute(db);
      await sql`create virtual table image_search_fts using fts5(names, words, content='image_search', content_rowid='doc_id')`.execute(db);
      await sql`create trigger image_search_ai after insert on image_search begin insert into image_search_fts(rowid, names, words) values (new.doc_id, new.names, new.words); end`.execute(db);
      await sql`create trigger image_search_ad after delete on image_search begin insert into image_search_fts(image_search_fts, rowid, names, words) values ('delete', old.doc_id, old.names, old.words); end`.execute(db);
      await sql`create trigger image_search_au after update on image_search begin insert into image_search_fts(image_search_fts, rowid, names, words) values ('delete', old.doc_id, old.names, old.words); insert into image_search_fts(rowid, names, words) values (new.doc_id, new.names, new.words); end`.execute(db);
    } else {
      await sql`create table image_search (image_id text primary key references images(id) on delete cascade, names text not null, words text not null)`.execute(db);
      await sql`create index image_search_vector on image_search using gin ((${SEARCH_VECTOR}))`.execute(db);
    }
    // Every image there is now.
    const kysely = db as Kysely<Database>;
    const ids = (await kysely.selectFrom('images').select('id').execute()).map((row) => row.id);
    await indexImages(kysely, ids);
  },
  async down(db: Kysely<unknown>) {
    if (isSqlite(db)) await sql`drop table image_search_fts`.execute(db);
    await sql`drop table image_search`.execute(db);
  },
};
