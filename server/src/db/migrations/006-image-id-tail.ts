import { sql, type Kysely, type Migration } from 'kysely';

// Image slugs end with the last 8 characters of the id (DESIGN §4); an indexed copy of that tail
// resolves a slug without scanning the table.
export const imageIdTail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('images').addColumn('id_tail', 'text').execute();
    await sql`update images set id_tail = substr(id, length(id) - 7)`.execute(db);
    await db.schema.createIndex('images_id_tail').on('images').column('id_tail').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('images_id_tail').execute();
    await db.schema.alterTable('images').dropColumn('id_tail').execute();
  },
};
