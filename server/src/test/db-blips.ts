import { sql } from 'kysely';
import type { TestApp } from './test-app';

/**
 * A database blip on demand: while on, every insert into the credit ledger fails inside the
 * database (a trigger), so whatever transaction books credits rolls back, on either dialect.
 */
export async function failLedgerInserts(t: TestApp, on: boolean): Promise<void> {
  const db = t.db.kysely;
  if (t.db.dialect === 'sqlite') {
    if (on) await sql`create trigger fail_ledger before insert on credit_ledger begin select raise(abort, 'ledger blip'); end`.execute(db);
    else await sql`drop trigger if exists fail_ledger`.execute(db);
    return;
  }
  if (on) {
    await sql`create or replace function fail_ledger() returns trigger as $$ begin raise exception 'ledger blip'; end $$ language plpgsql`.execute(db);
    await sql`create trigger fail_ledger before insert on credit_ledger for each row execute function fail_ledger()`.execute(db);
  } else {
    await sql`drop trigger if exists fail_ledger on credit_ledger`.execute(db);
    await sql`drop function if exists fail_ledger()`.execute(db);
  }
}
