import type { Kysely, Migration } from 'kysely';

/**
 * Coloured pictures a member keeps of a page (decision 030): one per member and page, its PNG and
 * thumbnail under coloured/<userId>/ in storage. The user link has no cascade: a user with kept
 * pictures cannot be deleted by the database alone, so their files are removed first
 * (colourings.service removeAllForUser) and none is left behind. The page link is not a foreign
 * key: a library import replaces a page's row under the same id, which must not take members'
 * pictures with it; deleting a page removes its pictures in code (images.service deleteMine), and
 * a picture whose page is gone is cleared when its maker's list is read.
 */
export const colouredPages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('coloured_pages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('image_id', 'text', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('thumb_key', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coloured_pages_user_image').on('coloured_pages').columns(['user_id', 'image_id']).unique().execute();
    await db.schema.createIndex('coloured_pages_image').on('coloured_pages').column('image_id').execute();
    await db.schema.createIndex('coloured_pages_user_updated').on('coloured_pages').columns(['user_id', 'updated_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('coloured_pages').execute();
  },
};
