// `npm run bench:load`: the production build under 200 browsing and 20 generating virtual users
// for 60 s, on SQLite (one process) and on PostgreSQL + Redis (one API and one worker), then a
// fault run on PostgreSQL in which PostgreSQL and Redis are each restarted under load.
// Prints requests per second, p50/p99, errors, 503s and the memory of each process, then checks
// the promises: processes stay up and recover, no debit without its task, no task lost.
//
// Options: --only sqlite|postgres|faults, --seconds N (default 60), --no-build.
// Needs DATABASE_URL_TEST and REDIS_URL_TEST for the PostgreSQL runs (as CI sets them); the fault
// run restarts the local PostgreSQL and Redis servers, so never point it at shared ones.
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isAlive, root, startNode, stopAll, waitForServer } from '../../scripts/lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const SECONDS = Number(option('seconds', 60));
const ONLY = option('only', null);
const BROWSERS = 200;
const GENERATORS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[load] ${message}`);

if (!args.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const { default: pg } = await import('pg');
const { Redis } = await import('ioredis');
const Database = (await import('better-sqlite3')).default;

// ---- measuring ---------------------------------------------------------------------------------

function newStats() {
  return { latencies: [], errors: 0, unavailable: 0, byStatus: {}, errorSamples: [] };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(stats, baseUrl, route, init = {}, ip) {
  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(`${baseUrl}${route}`, { ...init, headers: { 'X-Forwarded-For': ip, ...(init.headers ?? {}) } });
    status = response.status;
    const body = await response.arrayBuffer();
    stats.latencies.push(performance.now() - started);
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    if (status === 503) stats.unavailable += 1;
    else if (status >= 400) {
      stats.errors += 1;
      if (stats.errorSamples.length < 5) stats.errorSamples.push(`${status} ${route} ${Buffer.from(body).toString().slice(0, 120)}`);
    }
    return { status, body: Buffer.from(body) };
  } catch (error) {
    stats.errors += 1;
    stats.byStatus.network = (stats.byStatus.network ?? 0) + 1;
    if (stats.errorSamples.length < 5) stats.errorSamples.push(`network ${route} ${error.cause?.code ?? error.message}`);
    return { status: 0, body: Buffer.alloc(0) };
  }
}

const json = (result) => {
  try {
    return JSON.parse(result.body.toString());
  } catch {
    return null;
  }
};

function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'));
    return Math.round(Number(line.split(/\s+/)[1]) / 1024);
  } catch {
    return null;
  }
}

// ---- virtual users -----------------------------------------------------------------------------

/** One browsing visitor: home → categories → a category → an image → sometimes a download or the blog. */
async function browse(baseUrl, stats, ip, until, catalogue) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  while (Date.now() < until) {
    await timed(stats, baseUrl, '/', {}, ip);
    await timed(stats, baseUrl, '/api/images/count', {}, ip);
    await timed(stats, baseUrl, '/api/images/categories', {}, ip);
    const category = pick(catalogue.categories);
    if (category) {
      await timed(stats, baseUrl, `/categories/${category.slug}`, {}, ip);
      await timed(stats, baseUrl, `/api/images?categoryId=${category.id}&pageSize=24`, {}, ip);
    }
    const image = pick(catalogue.images);
    if (image) {
      await timed(stats, baseUrl, `/image/${image.id}`, {}, ip);
      await timed(stats, baseUrl, `/api/images?imageId=${image.id}`, {}, ip);
      await timed(stats, baseUrl, image.thumb, {}, ip);
      if (Math.random() < 0.2) await timed(stats, baseUrl, `/api/images/${image.id}/download?format=${Math.random() < 0.5 ? 'pdf' : 'png'}`, {}, ip);
    }
    if (Math.random() < 0.3) {
      await timed(stats, baseUrl, '/blog', {}, ip);
      await timed(stats, baseUrl, '/api/blog/posts?lang=en&pageSize=10', {}, ip);
    }
    await sleep(100 + Math.random() * 400);
  }
}

/** One member making pages one after another, polling like the generator screen (every 2 s). */
async function generate(baseUrl, stats, user, until, results) {
  const headers = { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' };
  while (Date.now() < until) {
    const submitted = Date.now();
    const response = await timed(stats, baseUrl, '/api/images/text2imggenerate', { method: 'POST', headers, body: JSON.stringify({ prompt: 'a happy dinosaur in the jungle', ratio: '3:4' }) }, user.ip);
    const taskId = json(response)?.data?.taskId;
    if (!taskId) {
      await sleep(2000);
      continue;
    }
    results.submitted += 1;
    for (let poll = 0; poll < 90; poll += 1) {
      await sleep(2000);
      const status = json(await timed(stats, baseUrl, `/api/images/tasks/${taskId}?type=text2image`, { headers }, user.ip))?.data?.status;
      if (status === 'completed' || status === 'failed') {
        results[status] += 1;
        if (status === 'completed') results.durations.push(Date.now() - submitted);
        break;
      }
    }
  }
}

async function call(baseUrl, method, route, body, token, ip) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

async function makeMembers(baseUrl, count) {
  const members = [];
  for (let index = 0; index < count; index += 1) {
    const ip = `10.20.${index}.1`;
    const email = `load${index}.${Date.now().toString(36)}@example.com`;
    await call(baseUrl, 'POST', '/api/auth/register', { username: `load_${index}_${Date.now().toString(36)}`.slice(0, 20), email, password: 'load-test-42', lang: 'en' }, null, ip);
    const token = (await call(baseUrl, 'POST', '/api/auth/login', { email, password: 'load-test-42' }, null, ip)).data.accessToken;
    const order = await call(baseUrl, 'POST', '/api/payment/order', { planCode: 'MAX_MONTHLY' }, token, ip);
    await call(baseUrl, 'POST', `/api/payment/capture/${order.data.id}`, { card: { number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'Load' } }, token, ip);
    members.push({ token, ip });
  }
  return members;
}

async function catalogueOf(baseUrl) {
  const categories = (await call(baseUrl, 'GET', '/api/images/categories', null, null, '10.99.0.1')).data ?? [];
  const list = Array.isArray(categories) ? categories : (categories.categories ?? []);
  const images = (await call(baseUrl, 'GET', '/api/images?pageSize=100', null, null, '10.99.0.1')).data?.images ?? [];
  return {
    categories: list.map((category) => ({ id: category.id, slug: category.slug ?? category.id })),
    images: images.map((image) => ({ id: image.id, thumb: new URL(image.thumbnailUrl).pathname + new URL(image.thumbnailUrl).search })),
  };
}

/** Waits for the demo library to be drawn, so its drawing does not compete with the measurement. */
/** The demo library the server seeds at first start: every page of content/library/categories.json. */
const DEMO_PAGES = JSON.parse(readFileSync(path.join(root, 'content', 'library', 'categories.json'), 'utf8')).reduce((sum, category) => sum + category.pages.length, 0);

/**
 * Waits until the server has drawn the whole demo library (the load must not share the cores with
 * seeding), or until the count has not moved for a minute (a page that failed is skipped).
 */
async function waitForLibrary(baseUrl) {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 1800; i += 1) {
    const data = (await call(baseUrl, 'GET', '/api/images/count', null, null, '10.99.0.1').catch(() => null))?.data;
    const count = Number(typeof data === 'object' && data !== null ? (data.count ?? data.total ?? 0) : (data ?? 0));
    if (count >= DEMO_PAGES) return count;
    still = count === last && count > 0 ? still + 1 : 0;
    last = count;
    if (still >= 60) return count;
    if (i % 30 === 0) log(`seeding the demo library: ${count} of ${DEMO_PAGES} pages`);
    await sleep(1000);
  }
  return last;
}

/** One statement on the test server, on a connection of its own (the fault run restarts the server). */
async function adminQuery(statement) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

// ---- one run -----------------------------------------------------------------------------------

async function run(kind, { faults = false } = {}) {
  console.log(`\n[load] === ${kind}${faults ? ' with PostgreSQL and Redis restarts' : ''} ===`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `studio-load-${kind}-`));
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', TRUST_PROXY: 'true', SEED_LIBRARY: 'true', JWT_SECRET: 'load-bench-secret-with-more-than-32-characters' };
  let dbName = null;
  if (kind === 'postgres') {
    dbName = `load_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(`create database ${dbName}`);
    env.DATABASE_URL = Object.assign(new URL(process.env.DATABASE_URL_TEST), { pathname: `/${dbName}` }).toString();
    env.REDIS_URL = Object.assign(new URL(process.env.REDIS_URL_TEST), { pathname: '/8' }).toString();
    const redis = new Redis(env.REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const processes = [startNode('api', 'server/dist/server.js', { ...env, PORT: String(port) })];
  if (kind === 'postgres') processes.push(startNode('worker', 'server/dist/worker.js', env));
  const report = { kind, faults };
  const runStarted = Date.now();
  // A process that dies says why at once, with the last of its output.
  for (const entry of processes) {
    entry.child.once('exit', (code, signal) => {
      if (entry.stopping) return;
      console.error(`[load] ${entry.name} exited (code ${code}, signal ${signal}) ${((Date.now() - runStarted) / 1000).toFixed(0)} s into the run; its last output:\n${entry.output.join('').slice(-4000)}`);
    });
  }
  try {
    await waitForServer(baseUrl, processes[0]);
    const pages = await waitForLibrary(baseUrl);
    const catalogue = await catalogueOf(baseUrl);
    const members = await makeMembers(baseUrl, GENERATORS);
    log(`library of ${pages} pages in ${catalogue.categories.length} categories; ${members.length} members with credits`);

    const browsing = newStats();
    const generating = newStats();
    const results = { submitted: 0, completed: 0, failed: 0, durations: [] };
    const memory = Object.fromEntries(processes.map((entry) => [entry.name, 0]));
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const sampler = setInterval(() => {
      for (const entry of processes) memory[entry.name] = Math.max(memory[entry.name], rssMb(entry.pid) ?? 0);
    }, 500);
    const faultLog = [];
    const faultsDone = faults
      ? (async () => {
          const cluster = readdirSync('/etc/postgresql')[0];
          await sleep(SECONDS * 250);
          faultLog.push(`PostgreSQL restart at ${((Date.now() - started) / 1000).toFixed(0)} s`);
          execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart`, { stdio: 'ignore' });
          await sleep(SECONDS * 300);
          faultLog.push(`Redis restart at ${((Date.now() - started) / 1000).toFixed(0)} s`);
          execSync('redis-cli -h 127.0.0.1 -p 6379 shutdown nosave || true', { stdio: 'ignore', shell: '/bin/sh' });
          await sleep(1000);
          execSync('redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log', { stdio: 'ignore' });
        })()
      : Promise.resolve();
    await Promise.all([
      ...Array.from({ length: BROWSERS }, (_, index) => browse(baseUrl, browsing, `10.10.${Math.floor(index / 250)}.${index % 250}`, until, catalogue)),
      ...members.map((member) => generate(baseUrl, generating, member, until, results)),
      faultsDone,
    ]);
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);

    // Then the drain: the last pages finish (a task whose queue entry Redis lost is re-queued after 60 s).
    const invariants = await checkInvariants(kind, env, dataDir);

    const sorted = [...browsing.latencies].sort((a, b) => a - b);
    const genSorted = [...results.durations].sort((a, b) => a - b);
    Object.assign(report, {
      requests: browsing.latencies.length,
      rps: Math.round(browsing.latencies.length / elapsed),
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      errors: browsing.errors + generating.errors,
      unavailable: browsing.unavailable + generating.unavailable,
      pages: results,
      pageMedianS: Math.round(percentile(genSorted, 50) / 100) / 10,
      memoryMb: memory,
      alive: processes.every(isAlive),
      faultLog,
      invariants,
      samples: [...browsing.errorSamples, ...generating.errorSamples],
    });
    if (faults) {
      // Recovered by themselves: everything answers again after the restarts.
      const after = newStats();
      for (let i = 0; i < 20; i += 1) await timed(after, baseUrl, '/api/images?pageSize=12', {}, '10.99.0.2');
      report.recovered = after.errors === 0 && after.unavailable === 0;
    }
    printReport(report);
  } catch (error) {
    console.error(`[load] ${error?.stack ?? error}`);
    for (const entry of processes) console.error(`--- ${entry.name}\n${entry.output.join('').slice(-1500)}`);
    report.failed = true;
  } finally {
    await stopAll(processes);
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

/** After the load: the drain, then no debit without its task, no task left unfinished, ledgers whole. */
async function checkInvariants(kind, env, dataDir) {
  const query = async (sql) => {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    }
    const db = new Database(path.join(dataDir, 'studio.db'), { readonly: true });
    try {
      return db.prepare(sql).all();
    } finally {
      db.close();
    }
  };
  const deadline = Date.now() + 180_000;
  let open = Infinity;
  while (Date.now() < deadline) {
    open = Number((await query("select count(*) as n from generation_tasks where status in ('queued', 'processing')"))[0].n);
    if (open === 0) break;
    await sleep(2000);
  }
  const orphanDebits = Number(
    (await query("select count(*) as n from credit_ledger l where l.reason = 'generation' and not exists (select 1 from generation_tasks t where l.ref = 'generation:' || t.id)"))[0].n,
  );
  const unpaidTasks = Number((await query("select count(*) as n from generation_tasks t where not exists (select 1 from credit_ledger l where l.ref = 'generation:' || t.id)"))[0].n);
  const badRefunds = Number(
    (await query("select count(*) as n from generation_tasks t where (t.status = 'failed') <> exists (select 1 from credit_ledger l where l.ref = 'generation:' || t.id || ':refund')"))[0].n,
  );
  const mismatched = Number(
    (await query('select count(*) as n from users u where u.credits <> (select coalesce(sum(l.delta), 0) from credit_ledger l where l.user_id = u.id)'))[0].n,
  );
  const statuses = Object.fromEntries((await query('select status, count(*) as n from generation_tasks group by status')).map((row) => [row.status, Number(row.n)]));
  return { unfinishedTasks: open, orphanDebits, unpaidTasks, badRefunds, mismatchedBalances: mismatched, statuses };
}

function printReport(report) {
  const inv = report.invariants;
  console.log(`  browsing: ${report.requests} requests, ${report.rps} req/s, p50 ${report.p50} ms, p99 ${report.p99} ms`);
  console.log(`  generating: ${report.pages.submitted} submitted, ${report.pages.completed} completed, ${report.pages.failed} failed (refunded), median ${report.pageMedianS} s submit→done`);
  console.log(`  errors: ${report.errors} (target 0), 503 while a dependency was down: ${report.unavailable}`);
  console.log(`  peak memory (RSS): ${Object.entries(report.memoryMb).map(([name, mb]) => `${name} ${mb} MB`).join(', ')}`);
  if (report.faultLog.length) console.log(`  faults: ${report.faultLog.join('; ')}; recovered by themselves: ${report.recovered ? 'yes' : 'NO'}`);
  console.log(`  processes up at the end: ${report.alive ? 'yes' : 'NO'}`);
  console.log(
    `  invariants: unfinished tasks ${inv.unfinishedTasks}, debits without a task ${inv.orphanDebits}, tasks without a debit ${inv.unpaidTasks}, wrong refunds ${inv.badRefunds}, balances ≠ ledger ${inv.mismatchedBalances} (all target 0); tasks ${JSON.stringify(inv.statuses)}`,
  );
  if (report.samples.length) console.log(`  error samples:\n    ${report.samples.join('\n    ')}`);
}

const kinds = ONLY ? [ONLY] : ['sqlite', 'postgres', 'faults'];
if (kinds.some((kind) => kind !== 'sqlite') && (!process.env.DATABASE_URL_TEST || !process.env.REDIS_URL_TEST)) {
  console.error('bench:load on PostgreSQL needs DATABASE_URL_TEST and REDIS_URL_TEST (use --only sqlite without them).');
  process.exit(1);
}
const reports = [];
for (const kind of kinds) reports.push(await run(kind === 'faults' ? 'postgres' : kind, { faults: kind === 'faults' }));
const bad = reports.filter(
  (report) =>
    report.failed ||
    !report.alive ||
    report.errors > 0 ||
    (report.faults && !report.recovered) ||
    Object.entries(report.invariants ?? {}).some(([key, value]) => key !== 'statuses' && value !== 0),
);
console.log(`\n[load] ${bad.length === 0 ? 'every promise held' : `${bad.length} run(s) broke a promise`}`);
process.exit(bad.length === 0 ? 0 : 1);
