import type { Kysely, Migration } from 'kysely';

export const generation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('category_id', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('ratio', 'text', (c) => c.notNull())
      .addColumn('difficulty', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('additional_info', 'text')
      .addColumn('attribution', 'text')
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('hotness', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('images_user').on('images').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('images_public').on('images').columns(['is_public', 'is_online', 'hotness']).execute();
    await db.schema.createIndex('images_category').on('images').columns(['category_id', 'hotness']).execute();

    await db.schema
      .createTable('generation_tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('provider_ref', 'text')
      .addColumn('upload_key', 'text')
      .addColumn('error_code', 'integer')
      .addColumn('error_message', 'text')
      .addColumn('image_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('heartbeat_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('generation_tasks_user_status').on('generation_tasks').columns(['user_id', 'status']).execute();
    await db.schema.createIndex('generation_tasks_status').on('generation_tasks').columns(['status', 'heartbeat_at']).execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .addColumn('resolution', 'text')
      .addUniqueConstraint('reports_one_per_user', ['image_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['reports', 'generation_tasks', 'images']) await db.schema.dropTable(table).execute();
  },
};
