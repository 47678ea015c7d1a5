/**
 * `npm run bench:api`: GET /api/images over a library of 100,000 images, on SQLite and (when
 * DATABASE_URL_TEST is set) PostgreSQL. For each, a fresh database is filled, the real app is
 * started in a child process, and 50 keep-alive connections load first a trivial route of the
 * same server (GET /api/config) and then a mix of the searches the screens make. Reports
 * throughput as a ratio to the trivial route (target >= 0.5) and p99 latency (target <= 25 ms).
 * It reports; it never fails a build. BENCH_CPU_PROF=<dir> profiles the server process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, openDatabase } from '@studio/server/db/database';
import { CATEGORY_COUNT, PLACES, SUBJECTS, categorySlug, fillLibrary, imageId, tagId } from './api-library';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

interface Target {
  kind: 'sqlite' | 'postgres';
  url: string;
  schema?: string;
}

// ---------------------------------------------------------------- the server (child process)

async function serve(target: Target, dataDir: string) {
  const { loadConfig } = await import('@studio/server/config/config');
  const { buildApp } = await import('@studio/server/app');
  const { createMailer } = await import('@studio/server/adapters/mail/mailer');
  const { createLocalStorage } = await import('@studio/server/adapters/storage/storage');
  const { createInProcessQueue } = await import('@studio/server/adapters/queue/job-queue');
  const { createTestPaymentProvider } = await import('@studio/server/adapters/payments/test-provider');
  const pino = (await import('pino')).default;
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'http://bench.local', PAYMENT_PROVIDER: 'test', LOG_LEVEL: 'silent' });
  const db = openDatabase({ url: target.url, schema: target.schema });
  const logger = pino({ level: 'silent' });
  const app = await buildApp({
    config,
    db,
    logger,
    mailer: createMailer({ smtpUrl: null, from: 'Bench <bench@local>', outboxDir: path.join(dataDir, 'outbox'), logger }),
    storage: createLocalStorage(path.join(dataDir, 'files')),
    google: null,
    webDistDir: path.join(dataDir, 'no-web'),
    queue: createInProcessQueue({ concurrency: 1 }),
    maker: null,
    payments: createTestPaymentProvider(),
    runsWorker: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (message) => {
    if (message === 'stop') {
      await app.close();
      await db.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- the load (parent process)

interface Result {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

async function load(port: number, urls: string[], seconds: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let cursor = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const one = (url: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { accept: 'application/json' } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - t0);
          else errors += 1;
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one(urls[cursor++ % urls.length]);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

/** What the screens ask for: home/category lists, tag filters, deeper pages, slugs, related pages. */
function searchMix(): string[] {
  const urls: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const category = categorySlug(i % CATEGORY_COUNT);
    const image = imageId((i * 7919) % IMAGES);
    urls.push(
      `/api/images?categoryId=${category}&currentPage=1&pageSize=20`,
      `/api/images?categoryId=${category}&tags=${tagId(i % CATEGORY_COUNT, i % 10)}&currentPage=1&pageSize=20`,
      `/api/images?categoryId=${category}&currentPage=${1 + (i % 10)}&pageSize=20`,
      `/api/images?imageId=page-${image.slice(-8)}&pageSize=1`,
      `/api/images?imageId=${image}&isRelated=true&pageSize=5`,
      `/api/images?currentPage=1&pageSize=20`,
    );
  }
  return urls;
}

/** Word searches as visitors type them (en/zh/ja, whole words, words still being typed, two words), alone and in a category. */
function wordSearchMix(): string[] {
  const urls: string[] = [];
  SUBJECTS.forEach(([en, zh, ja], i) => {
    const [place] = PLACES[i % PLACES.length];
    const category = categorySlug(i % CATEGORY_COUNT);
    for (const query of [en, `${en}s`, en.slice(0, 3), zh, ja, `${en} ${place}`]) {
      urls.push(`/api/images?query=${encodeURIComponent(query)}&currentPage=1&pageSize=20`, `/api/images?query=${encodeURIComponent(query)}&categoryId=${category}&pageSize=20`);
    }
    urls.push(`/api/images?query=${encodeURIComponent(en)}&currentPage=3&pageSize=20`);
  });
  return urls;
}

/** Each URL once (an answer not yet shared), `connections` at a time: the cost of the search itself. */
async function coldPass(port: number, urls: string[], connections: number): Promise<{ p50: number; p99: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let cursor = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (cursor < urls.length) {
        const url = urls[cursor++];
        const t0 = performance.now();
        await new Promise<void>((resolve) => {
          http
            .get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
              response.resume();
              response.on('end', () => {
                if (response.statusCode === 200) latencies.push(performance.now() - t0);
                else errors += 1;
                resolve();
              });
            })
            .on('error', () => {
              errors += 1;
              resolve();
            });
        });
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), errors };
}

async function prepare(kind: 'sqlite' | 'postgres', dataDir: string): Promise<{ target: Target; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const target: Target = { kind, url: `sqlite:${path.join(dataDir, 'bench.db')}` };
    return { target, drop: async () => {} };
  }
  const url = process.env.DATABASE_URL_TEST!;
  const schema = `bench_api_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    target: { kind, url, schema },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

function startServer(target: Target, dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target), dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...profile] });
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function benchmark(kind: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const { target, drop } = await prepare(kind, dataDir);
  try {
    console.log(`\n${kind}: filling a fresh database with ${IMAGES.toLocaleString('en-US')} images`);
    const fillStarted = performance.now();
    const db = openDatabase({ url: target.url, schema: target.schema });
    await migrate(db);
    await fillLibrary(db.kysely, IMAGES, (line) => console.log(line));
    if (kind === 'postgres') await (await import('kysely')).sql`analyze`.execute(db.kysely);
    await db.close();
    console.log(`  filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

    const { child, port } = await startServer(target, dataDir);
    try {
      const trivialUrls = ['/api/config'];
      const mix = searchMix();
      await load(port, trivialUrls, WARMUP_SECONDS);
      await load(port, mix, WARMUP_SECONDS);
      const words = wordSearchMix();
      const cold = await coldPass(port, words, 10);
      await load(port, words, WARMUP_SECONDS);
      const trivial = await load(port, trivialUrls, SECONDS);
      const search = await load(port, mix, SECONDS);
      const wordSearch = await load(port, words, SECONDS);
      const ratio = search.rps / trivial.rps;
      console.log(`  trivial route  GET /api/config: ${trivial.rps.toFixed(0)} req/s, p50 ${ms(trivial.p50)}, p99 ${ms(trivial.p99)}, errors ${trivial.errors}`);
      console.log(`  GET /api/images (mix of ${mix.length}): ${search.rps.toFixed(0)} req/s, p50 ${ms(search.p50)}, p99 ${ms(search.p99)}, errors ${search.errors}`);
      console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'met' : 'MISSED'}; p99 ${ms(search.p99)} (target <= 25 ms) ${search.p99 <= 25 ? 'met' : 'MISSED'}`);
      console.log(`  GET /api/images?query=… (${words.length} word searches, en/zh/ja): ${wordSearch.rps.toFixed(0)} req/s, p50 ${ms(wordSearch.p50)}, p99 ${ms(wordSearch.p99)}, errors ${wordSearch.errors}; p99 ${wordSearch.p99 <= 25 ? 'met' : 'MISSED'}`);
      console.log(`  word searches, first request of each URL (nothing shared yet, 10 connections): p50 ${ms(cold.p50)}, p99 ${ms(cold.p99)}, errors ${cold.errors}`);
      return { kind, trivial, search, ratio, wordSearch, cold };
    } finally {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv[2] === '--serve') {
    await serve(JSON.parse(process.argv[3]) as Target, process.argv[4]);
    return;
  }
  console.log(`bench:api: ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${IMAGES.toLocaleString('en-US')} images`);
  const kinds: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.DATABASE_URL_TEST ? (['postgres'] as const) : [])];
  if (!process.env.DATABASE_URL_TEST) console.log('(PostgreSQL skipped: set DATABASE_URL_TEST=postgres://… to include it)');
  const results = [];
  for (const kind of kinds) results.push(await benchmark(kind));
  console.log('\nsummary');
  for (const r of results) console.log(`  ${r.kind.padEnd(8)} ratio ${r.ratio.toFixed(2)}  p99 ${ms(r.search.p99)}  (${r.search.rps.toFixed(0)} vs ${r.trivial.rps.toFixed(0)} req/s)  word search p99 ${ms(r.wordSearch.p99)}, first requests p99 ${ms(r.cold.p99)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
