import type { Kysely, Migration } from 'kysely';

// Portable column types only (text, integer); the dialect decides the rest in database.ts.
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('avatar_key', 'text')
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('membership_level', 'text', (c) => c.notNull().defaultTo('free'))
      .addColumn('membership_period_end', 'text')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('preferred_lang', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remember', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await db.schema
      .createTable('credit_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull().unique())
      .addColumn('balance_after', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['credit_ledger', 'password_resets', 'refresh_tokens', 'sessions', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
