import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database';

const url = process.env.DATABASE_URL_TEST;

describe.runIf(url)('a PostgreSQL connection lost under load', () => {
  let db: Db;
  let admin: pg.Client;
  beforeAll(async () => {
    db = openDatabase({ url: url!, poolSize: 2 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await db?.close();
    await admin?.end();
  });

  it('fails the transaction that held it, never the process, and the next query connects again', async () => {
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // The server goes away while the transaction waits between two statements (as it does
        // when PostgreSQL restarts): the lent-out client receives the error with no query running.
        await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(unhandled).toEqual([]);
      const { rows } = await sql<{ n: number }>`select 1 as n`.execute(db.kysely);
      expect(rows[0].n).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
