import { sql, type Kysely, type Migration } from 'kysely';

// The token that public search answers are kept under (modules/library/images-version.ts). Its
// row exists from the start, so a change only ever updates it: two first changes at once cannot
// both try to insert it (which, inside a PostgreSQL transaction, would abort the loser's change).
export const imagesVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into settings (key, value) values ('images_version', '0')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from settings where key = 'images_version'`.execute(db);
  },
};
