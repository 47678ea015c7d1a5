import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import type { PageMaker } from '../adapters/engine/page-maker';
import type { GoogleVerifier } from '../adapters/google/google-verifier';
import { createMailer, type Mailer } from '../adapters/mail/mailer';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import { createTestPaymentProvider } from '../adapters/payments/test-provider';
import { createInProcessQueue, type JobQueue } from '../adapters/queue/job-queue';
import { createLocalStorage, type Storage } from '../adapters/storage/storage';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config/config';
import { migrate, openDatabase, type Db } from '../db/database';

const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';
/** Reads /metrics of a test app (its METRICS_TOKEN). */
export const metricsAuthorization = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

/** SQLite always; PostgreSQL too when DATABASE_URL_TEST is set (CI sets it). */
export const databaseKinds: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.DATABASE_URL_TEST ? (['postgres'] as const) : [])];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  google?: GoogleVerifier | null;
  mailer?: Mailer;
  maker?: PageMaker | null;
  storage?: Storage;
  queue?: JobQueue;
  runsWorker?: boolean;
  payments?: PaymentProvider;
  generationTimeouts?: { processTimeoutMs?: number; staleAfterMs?: number; sweepEveryMs?: number };
  improver?: AppDeps['improver'];
  /** Colour by number; defaults to the engine in this thread. */
  variants?: AppDeps['variants'];
  /** PostgreSQL only: reach the test database through this URL (a proxy in front of it, say). */
  postgresUrl?: string;
  /** Defaults to a silent logger. */
  logger?: Logger;
}

/** An empty database, not yet migrated: a SQLite file in `dataDir`, or a fresh PostgreSQL schema (dropped by `dropSchema`, after closing). */
export async function openTestDatabase(kind: 'sqlite' | 'postgres', dataDir: string, connectUrl?: string): Promise<{ db: Db; dropSchema(): Promise<void> }> {
  if (kind === 'sqlite') return { db: openDatabase({ url: `sqlite:${path.join(dataDir, 'test.db')}` }), dropSchema: async () => undefined };
  const url = process.env.DATABASE_URL_TEST!;
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create schema ${schema}`);
  return { db: openDatabase({ url: connectUrl ?? url, schema, poolSize: 4 }), dropSchema: () => run(`drop schema if exists ${schema} cascade`) };
}

/** A real app on a real, empty database: a temp SQLite file, or a fresh PostgreSQL schema. */
export async function createTestApp(kind: 'sqlite' | 'postgres', options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://studio.test', LOG_LEVEL: 'silent', METRICS_TOKEN: TEST_METRICS_TOKEN, PAYMENT_PROVIDER: 'test', ...options.env });
  const config: Config = { ...base, authRateLimit: { login: 1000, register: 1000, forgot: 1000, refresh: 1000, generate: 1000 }, ...options.config };

  const { db, dropSchema } = await openTestDatabase(kind, dataDir, options.postgresUrl);
  await migrate(db);

  const logger = options.logger ?? pino({ level: 'silent' });
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = options.mailer ?? createMailer({ smtpUrl: null, from: 'Studio <no-reply@studio.test>', outboxDir, logger });
  const app = await buildApp({
    config,
    db,
    logger,
    mailer,
    storage: options.storage ?? createLocalStorage(path.join(dataDir, 'files')),
    google: options.google ?? null,
    webDistDir: path.join(dataDir, 'no-web'),
    queue: options.queue ?? createInProcessQueue({ concurrency: 2 }),
    maker: options.maker ?? null,
    payments: options.payments ?? createTestPaymentProvider(),
    runsWorker: options.runsWorker,
    generationTimeouts: options.generationTimeouts,
    improver: options.improver,
    variants: options.variants,
  });
  await app.ready();

  return {
    app,
    db,
    config,
    dataDir,
    outboxDir,
    async close() {
      await app.close();
      await db.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on a test app's database and files, this time serving a web build from
 * `webDistDir` (the test app itself serves none).
 */
/** A web build of one bare index.html under the app's data folder (the server adds each page's meta); its folder. */
export function bareWebBuild(t: TestApp): string {
  const dist = path.join(t.dataDir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Studio</title></head><body><div id="root"></div></body></html>');
  return dist;
}

/** Every file under a folder, as paths relative to it (none when the folder is missing). */
export function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

export async function serveWebBuild(t: TestApp, webDistDir: string): Promise<FastifyInstance> {
  const logger = pino({ level: 'silent' });
  const app = await buildApp({
    config: t.config,
    db: t.db,
    logger,
    mailer: createMailer({ smtpUrl: null, from: 'x <x@y.z>', outboxDir: t.outboxDir, logger }),
    storage: createLocalStorage(path.join(t.dataDir, 'files')),
    google: null,
    queue: createInProcessQueue({ concurrency: 1 }),
    maker: null,
    payments: createTestPaymentProvider(),
    webDistDir,
  });
  await app.ready();
  return app;
}

/** Mail written to the outbox, oldest first, as raw text with quoted-printable soft breaks undone. */
export function readOutbox(outboxDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(outboxDir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

export async function waitFor<T>(probe: () => T | undefined | null, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
