import type { Kysely, Migration } from 'kysely';

export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('plan_code', 'text', (c) => c.notNull())
      .addColumn('charge_type', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_order_id', 'text')
      .addColumn('provider_capture_id', 'text')
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failure_reason', 'text')
      .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text')
      .execute();
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('orders_provider_order').on('orders').column('provider_order_id').execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('plan_code', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('monthly_credits', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('period_end', 'text', (c) => c.notNull())
      .addColumn('grants_made', 'integer', (c) => c.notNull())
      .addColumn('next_grant_at', 'text')
      .addColumn('cancelled_at', 'text')
      .execute();
    await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();
    await db.schema.createIndex('subscriptions_grant').on('subscriptions').column('next_grant_at').execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('users').addColumn('next_topup_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('next_topup_at').execute();
    for (const table of ['webhook_events', 'subscriptions', 'orders']) await db.schema.dropTable(table).execute();
  },
};
