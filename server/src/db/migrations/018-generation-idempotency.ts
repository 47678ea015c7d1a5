import type { Kysely, Migration } from 'kysely';

/**
 * The key a client sends with one press of Generate (`Idempotency-Key`, decision 060). A retry
 * after a dropped connection sends the same key and gets the task the first request made, so one
 * press is one task and one debit. Unique per user: two members may pick the same key, and rows
 * without a key (older clients, the command line) never collide, since both dialects let a unique
 * index hold many NULLs.
 */
export const generationIdempotency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('generation_tasks').addColumn('idempotency_key', 'text').execute();
    await db.schema.createIndex('generation_tasks_user_idempotency').on('generation_tasks').columns(['user_id', 'idempotency_key']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('generation_tasks_user_idempotency').execute();
    await db.schema.alterTable('generation_tasks').dropColumn('idempotency_key').execute();
  },
};
