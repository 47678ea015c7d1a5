import { sql, type Kysely, type Migration } from 'kysely';

// The second token of modules/library/images-version.ts: it changes with everything that changes
// images_version except a member's new uncategorised public page. Its row exists from the start
// for the same reason as images_version's (migration 008): a change only ever updates it.
export const catalogueVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into settings (key, value) values ('catalogue_version', '0')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from settings where key = 'catalogue_version'`.execute(db);
  },
};
