/**
 * npm run bench:generate — 100 local text generations through the HTTP API of the production
 * build (server/dist on a fresh DATA_DIR, offline engine on worker threads). Several users, each
 * keeping at most 3 tasks running (the server's limit), submit prompts of the style suggestions.
 * Phase 1: 10 generations one at a time (the queue is idle: pure queue overhead). Phase 2: 90
 * with every user at 3 in flight (the queue is busy: waiting for a free engine thread counts).
 *
 * Reports, from the server's own task timestamps: submit → completed (median, p95), queue
 * overhead submit → started, and drawing time started → finished; and the client's view (submit
 * → completion seen by polling every 250 ms). Generation requests are rate-limited to 30 a minute
 * per address, so a 429 is waited out and retried. Writes bench/out/generate.json. Never fails on
 * timing. `--no-build` skips the build.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STYLE_SUGGESTIONS } from '@studio/engine/prompt/style-suggestions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USERS = 4;
const PER_USER_RUNNING = 3;
const SEQUENTIAL = 10;
const TOTAL = 100;
const POLL_MS = 250;

interface Envelope<T> {
  status: 'success' | 'error';
  data: T;
  errorCode: number | null;
  message: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-generate-'));
const server = spawn(process.execPath, ['server/dist/server.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', SEED_LIBRARY: 'false' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

async function call<T>(method: string, url: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  for (;;) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status === 429) {
      await sleep(Number(response.headers.get('retry-after') ?? 2) * 1000);
      continue;
    }
    return (await response.json()) as Envelope<T>;
  }
}

interface Sample {
  taskId: string;
  phase: 'idle' | 'busy';
  submittedAt: number;
  completedAt: number;
  status: string;
}

async function user(index: number): Promise<string> {
  const stamp = Date.now().toString(36).slice(-5);
  const account = { username: `bench${index}_${stamp}`, email: `bench${index}.${stamp}@example.com`, password: 'crayons-42' };
  const registered = await call('POST', '/api/auth/register', { ...account, confirmPassword: account.password });
  if (registered.status !== 'success') throw new Error(`register: ${registered.message}`);
  const login = await call<{ accessToken: string }>('POST', '/api/auth/login', { email: account.email, password: account.password });
  const token = login.data.accessToken;
  // Credits for the run: the built-in test payment provider sells the Lite plan (2000 credits).
  const order = await call<{ id: string }>('POST', '/api/payment/order', { planCode: 'LITE_MONTHLY', method: 'card' }, token);
  const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123', name: 'Bench' };
  const captured = await call('POST', `/api/payment/capture/${order.data.id}`, { card }, token);
  if (captured.status !== 'success') throw new Error(`capture: ${captured.message}`);
  return token;
}

let promptIndex = 0;
async function generateOne(token: string, phase: Sample['phase']): Promise<Sample> {
  const suggestion = STYLE_SUGGESTIONS[promptIndex++ % STYLE_SUGGESTIONS.length];
  for (;;) {
    const submittedAt = Date.now();
    const submitted = await call<{ taskId: string }>('POST', '/api/images/text2imggenerate', { prompt: suggestion.content.en, ratio: '1:1', difficulty: 'children' }, token);
    if (submitted.errorCode === 4007) {
      await sleep(200);
      continue;
    }
    if (submitted.status !== 'success') throw new Error(`generate: ${submitted.errorCode} ${submitted.message}`);
    const { taskId } = submitted.data;
    for (;;) {
      const status = await call<{ status: string }>('GET', `/api/images/tasks/${taskId}?type=text2image`, undefined, token);
      if (status.data.status === 'completed' || status.data.status === 'failed') return { taskId, phase, submittedAt, completedAt: Date.now(), status: status.data.status };
      await sleep(POLL_MS);
    }
  }
}

try {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {
      // starting
    }
    await sleep(200);
  }
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 1) tokens.push(await user(i));
  const startedAt = Date.now();
  const samples: Sample[] = [];

  console.log(`[bench:generate] phase 1: ${SEQUENTIAL} generations one at a time`);
  for (let i = 0; i < SEQUENTIAL; i += 1) samples.push(await generateOne(tokens[i % USERS], 'idle'));

  console.log(`[bench:generate] phase 2: ${TOTAL - SEQUENTIAL} generations, ${USERS} users × ${PER_USER_RUNNING} in flight`);
  let remaining = TOTAL - SEQUENTIAL;
  await Promise.all(
    tokens.flatMap((token) =>
      Array.from({ length: PER_USER_RUNNING }, async () => {
        while (remaining > 0) {
          remaining -= 1;
          samples.push(await generateOne(token, 'busy'));
          if (samples.length % 10 === 0) console.log(`[bench:generate] ${samples.length}/${TOTAL}`);
        }
      }),
    ),
  );
  const wallMs = Date.now() - startedAt;

  const db = new Database(path.join(dataDir, 'studio.db'), { readonly: true });
  const rows = db.prepare('select id, created_at, started_at, finished_at, status from generation_tasks').all() as { id: string; created_at: string; started_at: string; finished_at: string; status: string }[];
  db.close();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const figures = (phase: Sample['phase'] | 'all') => {
    const chosen = samples.filter((sample) => phase === 'all' || sample.phase === phase);
    const server = chosen.map((sample) => byId.get(sample.taskId)!).filter((row) => row?.started_at && row.finished_at);
    const t = (value: string) => Date.parse(value);
    const total = server.map((row) => t(row.finished_at) - t(row.created_at));
    const queue = server.map((row) => t(row.started_at) - t(row.created_at));
    const draw = server.map((row) => t(row.finished_at) - t(row.started_at));
    const client = chosen.map((sample) => sample.completedAt - sample.submittedAt);
    return {
      count: chosen.length,
      failed: chosen.filter((sample) => sample.status !== 'completed').length,
      submitToCompleted: { median: percentile(total, 50), p95: percentile(total, 95) },
      queueOverhead: { median: percentile(queue, 50), p95: percentile(queue, 95) },
      drawing: { median: percentile(draw, 50), p95: percentile(draw, 95) },
      clientSeen: { median: percentile(client, 50), p95: percentile(client, 95) },
    };
  };
  const report = {
    when: new Date().toISOString(),
    cores: availableParallelism(),
    loadAverageAtEnd: loadavg()[0],
    wallSeconds: wallMs / 1000,
    pagesPerMinute: (samples.length / wallMs) * 60_000,
    idle: figures('idle'),
    busy: figures('busy'),
    all: figures('all'),
  };
  mkdirSync(path.join(root, 'bench', 'out'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'out', 'generate.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nbench:generate — ${samples.length} text generations over HTTP, ${report.cores} cores, ${report.wallSeconds.toFixed(0)} s wall, ${report.pagesPerMinute.toFixed(1)} pages/min`);
  for (const [name, f] of [['idle queue (one at a time)', report.idle], ['busy queue (4 users × 3)', report.busy], ['all', report.all]] as const) {
    console.log(`  ${name}: ${f.count} runs, ${f.failed} failed`);
    console.log(`    submit → completed   median ${seconds(f.submitToCompleted.median)}   p95 ${seconds(f.submitToCompleted.p95)}`);
    console.log(`    queue (→ started)    median ${seconds(f.queueOverhead.median)}   p95 ${seconds(f.queueOverhead.p95)}`);
    console.log(`    drawing              median ${seconds(f.drawing.median)}   p95 ${seconds(f.drawing.p95)}`);
    console.log(`    seen by the client   median ${seconds(f.clientSeen.median)}   p95 ${seconds(f.clientSeen.p95)} (polling every ${POLL_MS} ms)`);
  }
} finally {
  stop();
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
