import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/test-app';
import { migrate } from '../database';

describe.each(databaseKinds)('migration 012 on %s', (kind) => {
  it('keeps plans bought before it as one-off periods: running ones active without renewal, past ones ended, cancelled ones cancelled', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-m012-'));
    const { db, dropSchema } = await openTestDatabase(kind, dir);
    try {
      await migrate(db, { upTo: '010-private-originals' });
      const now = Date.now();
      const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
      await sql`insert into users (id, username, username_key, email, password_hash, google_sub, avatar_key, credits, membership_level, membership_period_end, cancel_at_period_end, disabled, preferred_lang, next_topup_at, created_at, updated_at)
        values ('u1', 'ada', 'ada', 'ada@example.com', null, null, null, 6050, 'pro', ${iso(20)}, 0, 0, 'en', null, ${iso(-40)}, ${iso(-40)})`.execute(db.kysely);
      const rows = [
        { id: 'old', plan: 'LITE_MONTHLY', type: 'Monthly', amount: '9.99', end: iso(-10), cancelled: null },
        { id: 'cancelled', plan: 'MAX_YEARLY', type: 'Yearly', amount: '335.88', end: iso(5), cancelled: iso(-1) },
        { id: 'running', plan: 'PRO_MONTHLY', type: 'Monthly', amount: '19.99', end: iso(20), cancelled: null },
      ];
      for (const row of rows) {
        await sql`insert into orders (id, user_id, plan_code, charge_type, method, provider, provider_order_id, provider_capture_id, amount, currency, credits, status, failure_reason, declines, created_at, updated_at, paid_at)
          values (${`o-${row.id}`}, 'u1', ${row.plan}, ${row.type}, 'card', 'paypal', null, null, ${row.amount}, 'USD', 6000, 'paid', null, 0, ${iso(-40)}, ${iso(-40)}, ${iso(-40)})`.execute(db.kysely);
        await sql`insert into subscriptions (id, user_id, order_id, plan_code, level, monthly_credits, started_at, period_end, grants_made, next_grant_at, cancelled_at)
          values (${row.id}, 'u1', ${`o-${row.id}`}, ${row.plan}, 'pro', 6000, ${iso(-40)}, ${row.end}, 1, null, ${row.cancelled})`.execute(db.kysely);
      }
      await migrate(db);
      const subs = await db.kysely.selectFrom('subscriptions').selectAll().orderBy('id').execute();
      expect(subs.map((sub) => [sub.id, sub.status, sub.charge_type, sub.amount, sub.provider, sub.renew_at, Number(sub.periods_paid)])).toEqual([
        ['cancelled', 'cancelled', 'Yearly', '335.88', 'paypal', null, 1],
        ['old', 'ended', 'Monthly', '9.99', 'paypal', null, 1],
        ['running', 'active', 'Monthly', '19.99', 'paypal', null, 1],
      ]);
      const orders = await db.kysely.selectFrom('orders').select(['kind', 'subscription_id', 'period']).execute();
      expect(orders.every((order) => order.kind === 'purchase' && order.subscription_id === null && order.period === null)).toBe(true);
    } finally {
      await db.close();
      await dropSchema();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
