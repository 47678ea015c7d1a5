import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { accounts } from './migrations/001-accounts';
import { generation } from './migrations/002-generation';
import { payments } from './migrations/003-payments';
import { library } from './migrations/004-library';
import { blog } from './migrations/005-blog';
import { imageIdTail } from './migrations/006-image-id-tail';
import { librarySearchIndexes } from './migrations/007-library-search-indexes';
import { imagesVersion } from './migrations/008-images-version';
import { catalogueVersion } from './migrations/019-catalogue-version';
import { pageFilesVersion } from './migrations/020-page-files-version';
import { textSearch } from './migrations/009-text-search';
import { privateOriginals } from './migrations/010-private-originals';
import { renewingSubscriptions } from './migrations/012-renewing-subscriptions';
import { searchVectorColumn } from './migrations/014-search-vector-column';
import { colouredPages } from './migrations/015-coloured-pages';
import { storageDeletions } from './migrations/016-storage-deletions';
import { pageFaces } from './migrations/017-page-faces';
import { generationIdempotency } from './migrations/018-generation-idempotency';
import type { Database } from './schema';
import { createTextSearch, type TextSearch } from './text-search';

/**
 * The only place that knows which SQL dialect runs. Everything else writes portable Kysely.
 */
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Word search over image documents (text-search.ts). */
  textSearch: TextSearch;
  /** True when the error is a unique-constraint violation (both dialects). */
  isUniqueViolation(error: unknown): boolean;
  /** One row of `settings`; on SQLite a statement prepared once (it is read on every library search). */
  readSetting(key: string): Promise<string | undefined>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-generation': generation,
  '003-payments': payments,
  '004-library': library,
  '005-blog': blog,
  '006-image-id-tail': imageIdTail,
  '007-library-search-indexes': librarySearchIndexes,
  '008-images-version': imagesVersion,
  '009-text-search': textSearch,
  '010-private-originals': privateOriginals,
  '012-renewing-subscriptions': renewingSubscriptions,
  '014-search-vector-column': searchVectorColumn,
  '015-coloured-pages': colouredPages,
  '016-storage-deletions': storageDeletions,
  '017-page-faces': pageFaces,
  '018-generation-idempotency': generationIdempotency,
  '019-catalogue-version': catalogueVersion,
  '020-page-files-version': pageFilesVersion,
};

class StaticMigrations implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface DatabaseOptions {
  url: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

/** The SQLite file a database URL names, or null for PostgreSQL and an in-memory database. */
export function sqliteFile(url: string): string | null {
  if (/^postgres(ql)?:\/\//.test(url)) return null;
  const file = url.replace(/^(sqlite:|file:)/, '');
  return file === ':memory:' ? null : path.resolve(file);
}

export function openDatabase(options: DatabaseOptions): Db {
  if (/^postgres(ql)?:\/\//.test(options.url)) return openPostgres(options);
  return openSqlite(sqliteFile(options.url) ?? ':memory:');
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Made here, for this user alone, before SQLite would make it 0644 (less the umask); its -wal
    // and -shm files take the database file's mode.
    closeSync(openSync(file, 'a', 0o600));
  }
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  let settingStatement: SqliteDatabase.Statement<[string], string | undefined> | null = null;
  return {
    kysely,
    dialect: 'sqlite',
    textSearch: createTextSearch('sqlite'),
    // Prepared on first use, after the migrations made the table.
    readSetting: async (key) => (settingStatement ??= connection.prepare<[string], string | undefined>('select value from settings where key = ?').pluck()).get(key),
    isUniqueViolation: (error) =>
      typeof error === 'object' && error !== null && /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((error as { code?: string }).code)),
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

function openPostgres(options: DatabaseOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    connectionTimeoutMillis: 5000,
  });
  // A client that loses its server must not crash the process, idle (the pool's 'error') or
  // checked out between two statements of a transaction (its own 'error', which the pool stops
  // listening to while the client is lent out): the statement in flight or the next one fails
  // (503), the pool drops the client, and the next query connects again.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    textSearch: createTextSearch('postgres'),
    readSetting: async (key) => (await kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value,
    isUniqueViolation: (error) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

/**
 * Runs the numbered migrations that have not run yet (or those up to `upTo`, for a test of a
 * migration). Safe to call from several processes on PostgreSQL.
 */
export async function migrate(db: Db, options: { upTo?: string } = {}): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which one: a database whose other
  // schemas hold them (tests give each file a schema) would then skip creating its own.
  const schema = db.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db.kysely)).rows[0]?.name : undefined;
  const migrator = new Migrator({ db: db.kysely, provider: new StaticMigrations(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = options.upTo ? await migrator.migrateTo(options.upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
