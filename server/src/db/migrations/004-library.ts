import type { Kysely, Migration } from 'kysely';

export const library: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('seo_title', 'text', (c) => c.notNull())
      .addColumn('seo_desc', 'text', (c) => c.notNull())
      .addColumn('hotness', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cover_image_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('categories_hotness').on('categories').column('hotness').execute();

    await db.schema
      .createTable('tags')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('image_tags')
      .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
      .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('image_tags_pk', ['image_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('image_tags_tag').on('image_tags').columns(['tag_id', 'image_id']).execute();

    // One row per setting; `library_version` changes on every import so caches in every process notice.
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'image_tags', 'tags', 'categories']) await db.schema.dropTable(table).execute();
  },
};
