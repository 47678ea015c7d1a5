import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Subscriptions that renew (decision 029). A subscription row lives across periods: `renew_at`
 * is when the next period is charged (null: it will not renew), `periods_paid` counts paid
 * periods, failed renewals retry at `retry_at` until `grace_until`. Every charge, failure,
 * refund and cancellation is an `orders` row of its `kind`; a renewal's `period` makes the
 * charge of one period unique, so no period is ever charged twice.
 */
export const renewingSubscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    const add = (name: string, type: 'text' | 'integer', notNullDefault?: string | number) =>
      db.schema
        .alterTable('subscriptions')
        .addColumn(name, type, (c) => (notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault)))
        .execute();
    // active | cancelled (runs to period end) | past_due (renewal failing, in grace) | ended | lapsed (ended by failed renewals)
    await add('status', 'text', 'active');
    await add('charge_type', 'text', 'Monthly');
    await add('amount', 'text', '0.00');
    await add('provider', 'text', 'test');
    await add('provider_subscription_id', 'text');
    await add('payment_token', 'text');
    await add('renew_at', 'text');
    await add('periods_paid', 'integer', 1);
    await add('failed_attempts', 'integer', 0);
    await add('retry_at', 'text');
    await add('grace_until', 'text');
    await add('ended_at', 'text');
    await db.schema.createIndex('subscriptions_renew').on('subscriptions').column('renew_at').execute();
    await db.schema.createIndex('subscriptions_provider_id').on('subscriptions').column('provider_subscription_id').execute();

    await db.schema.alterTable('orders').addColumn('kind', 'text', (c) => c.notNull().defaultTo('purchase')).execute();
    await db.schema.alterTable('orders').addColumn('subscription_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('period', 'integer').execute();
    await db.schema.createIndex('orders_subscription_period').on('orders').columns(['subscription_id', 'period', 'kind', 'declines']).unique().execute();

    // Plans bought before this were one-off payments with nothing on file to charge again: they
    // run to their period end and do not renew.
    await sql`update subscriptions set charge_type = (select charge_type from orders where orders.id = subscriptions.order_id),
      amount = (select amount from orders where orders.id = subscriptions.order_id),
      provider = (select provider from orders where orders.id = subscriptions.order_id)`.execute(db);
    await sql`update subscriptions set status = case when period_end <= ${new Date().toISOString()} then 'ended' when cancelled_at is not null then 'cancelled' else 'active' end`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_subscription_period').execute();
    for (const column of ['period', 'subscription_id', 'kind']) await db.schema.alterTable('orders').dropColumn(column).execute();
    await db.schema.dropIndex('subscriptions_provider_id').execute();
    await db.schema.dropIndex('subscriptions_renew').execute();
    for (const column of ['ended_at', 'grace_until', 'retry_at', 'failed_attempts', 'periods_paid', 'renew_at', 'payment_token', 'provider_subscription_id', 'provider', 'amount', 'charge_type', 'status']) {
      await db.schema.alterTable('subscriptions').dropColumn(column).execute();
    }
  },
};
