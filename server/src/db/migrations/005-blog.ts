import type { Kysely, Migration } from 'kysely';

export const blog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blog_posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('published_date', 'text', (c) => c.notNull())
      .addColumn('featured_image', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull())
      .addColumn('meta_title', 'text', (c) => c.notNull())
      .addColumn('meta_description', 'text', (c) => c.notNull())
      .addColumn('source_hash', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blog_posts_published').on('blog_posts').columns(['status', 'published_date']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('blog_posts').execute();
  },
};
