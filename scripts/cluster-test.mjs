// `npm run test:cluster`: the scaled-out layout of the README on loopback — 2 API processes and
// 2 generation workers on one PostgreSQL database and one Redis — takes 100 generations across
// both APIs while one worker is killed with SIGKILL midway. Then it checks what users are
// promised: every task completed or refunded, no credit lost or doubled, every page's files there.
//
// Needs DATABASE_URL_TEST (a PostgreSQL server; a fresh database is created and dropped) and
// REDIS_URL_TEST (one Redis logical database, number 9 by default, is emptied before and after).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isAlive, root, startNode, stopAll, waitForServer } from './lib/processes.mjs';

const TASKS = Number(process.env.CLUSTER_TASKS ?? 100);
const USERS = 10;
const PASSWORD = 'crayons-cluster-42';
const pgUrl = process.env.DATABASE_URL_TEST;
const redisBase = process.env.REDIS_URL_TEST;
if (!pgUrl || !redisBase) {
  console.error('test:cluster needs DATABASE_URL_TEST (postgres://…) and REDIS_URL_TEST (redis://…); see README "Scaling out".');
  process.exit(1);
}

const { default: pg } = await import('pg');
const { Redis } = await import('ioredis');

const log = (message) => console.log(`[cluster] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  console.log(`  ${ok ? '✓' : '✗'} ${message}`);
};

if (!existsSync(path.join(root, 'server', 'dist', 'worker.js')) || !process.env.CLUSTER_SKIP_BUILD) {
  log('building the server');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

// A database of our own on the test server, and an emptied Redis logical database.
const dbName = `cluster_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(pgUrl), { pathname: `/${dbName}` }).toString();
const redisUrl = Object.assign(new URL(redisBase), { pathname: `/${process.env.CLUSTER_REDIS_DB ?? 9}` }).toString();
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
await redis.flushdb();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-cluster-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  JWT_SECRET: 'cluster-test-secret-with-more-than-32-characters',
  SEED_LIBRARY: 'false',
  // The load comes from one address; as behind a reverse proxy, each virtual user sends its own.
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
};

const processes = [];
const start = (name, script, extra = {}) => {
  const entry = startNode(name, script, { ...env, ...extra });
  processes.push(entry);
  return entry;
};
const alive = isAlive;

async function call(baseUrl, method, route, { body, token, ip } = {}) {
  const headers = { Accept: 'application/json', 'X-Forwarded-For': ip ?? '10.0.0.1' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json().catch(() => null);
  return { status: response.status, json };
}

let exitCode = 1;
try {
  const apis = [];
  for (const name of ['api-1', 'api-2']) {
    const port = await freePort();
    apis.push({ baseUrl: `http://127.0.0.1:${port}`, entry: start(name, 'server/dist/server.js', { PORT: String(port) }) });
  }
  const workers = [start('worker-1', 'server/dist/worker.js'), start('worker-2', 'server/dist/worker.js')];
  await Promise.all(apis.map((api) => waitForServer(api.baseUrl, api.entry)));
  log('2 API processes and 2 workers are up (migrations ran once, under the migrator lock)');

  // Users, each buying Lite (2000 credits) with the test card, so 100 pages are affordable.
  const users = [];
  for (let index = 0; index < USERS; index += 1) {
    const api = apis[index % 2].baseUrl;
    const ip = `10.0.${index}.1`;
    const email = `cluster${index}@example.com`;
    const registered = await call(api, 'POST', '/api/auth/register', { body: { username: `cluster_${index}`, email, password: PASSWORD, lang: 'en' }, ip });
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.json)}`);
    const login = await call(apis[(index + 1) % 2].baseUrl, 'POST', '/api/auth/login', { body: { email, password: PASSWORD }, ip });
    const token = login.json?.data?.accessToken;
    if (!token) throw new Error(`login: ${JSON.stringify(login.json)}`);
    const order = await call(api, 'POST', '/api/payment/order', { body: { planCode: 'LITE_MONTHLY' }, token, ip });
    const capture = await call(apis[(index + 1) % 2].baseUrl, 'POST', `/api/payment/capture/${order.json.data.id}`, {
      body: { card: { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Cluster Test' } },
      token,
      ip,
    });
    if (capture.json?.status !== 'success') throw new Error(`capture: ${JSON.stringify(capture.json)}`);
    users.push({ index, ip, token, userId: login.json.data.user?.userId ?? null, tasks: [] });
  }
  log(`${USERS} users registered and holding 2050 credits each`);

  // 100 generations, alternating APIs; a user at the 3-running-tasks cap (4007) waits and retries.
  const perUser = Math.ceil(TASKS / USERS);
  const started = Date.now();
  let submitted = 0;
  let killed = null;
  const allTasks = [];


  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const countByStatus = async () => {
    const { rows } = await db.query('select status, count(*)::int as n from generation_tasks group by status');
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  };

  // Like the generator screen: at most 3 pages in flight per user, polling their status every
  // second; a 429 (rate limit) or 4007 (running-task cap) waits and tries again.
  let throttled = 0;
  const isFinal = (status) => status === 'completed' || status === 'failed';
  const submitAll = Promise.all(
    users.map(async (user) => {
      const inFlight = new Set();
      for (let n = 0; n < perUser && submitted < TASKS; n += 1) {
        while (inFlight.size >= 3) {
          await sleep(1000);
          for (const taskId of [...inFlight]) {
            const status = await call(apis[n % 2].baseUrl, 'GET', `/api/images/tasks/${taskId}?type=text2image`, { token: user.token, ip: user.ip });
            if (isFinal(status.json?.data?.status)) inFlight.delete(taskId);
          }
        }
        submitted += 1;
        const api = apis[(user.index + n) % 2].baseUrl;
        for (;;) {
          const response = await call(api, 'POST', '/api/images/text2imggenerate', {
            body: { prompt: ['a cute unicorn', 'a dinosaur in the jungle', 'a rocket in space', 'a cat with flowers', 'a fish under the sea'][n % 5], ratio: '3:4', difficulty: 'children', isPublic: true },
            token: user.token,
            ip: user.ip,
          });
          if (response.json?.status === 'success') {
            inFlight.add(response.json.data.taskId);
            allTasks.push({ taskId: response.json.data.taskId, user });
            break;
          }
          if (response.json?.errorCode !== 4007 && response.status !== 429) throw new Error(`generate: ${response.status} ${JSON.stringify(response.json)}`);
          throttled += 1;
          await sleep(2000);
        }
      }
    }),
  );

  // Midway (half the pages made), SIGKILL worker-1 while it holds tasks.
  const killer = (async () => {
    for (;;) {
      const counts = await countByStatus();
      // Each worker runs at most `cores` pages at once; more than that in flight means both
      // workers hold tasks, so the kill certainly interrupts some.
      const busy = (counts.processing ?? 0) > os.availableParallelism();
      if (((counts.completed ?? 0) >= TASKS / 2 && busy) || (counts.completed ?? 0) + (counts.failed ?? 0) >= TASKS) {
        killed = { at: Date.now() - started, processing: counts.processing ?? 0, completed: counts.completed ?? 0 };
        workers[0].child.kill('SIGKILL');
        log(`SIGKILL worker-1 after ${(killed.at / 1000).toFixed(1)} s: ${killed.completed} completed, ${killed.processing} processing`);
        return;
      }
      await sleep(200);
    }
  })();

  await submitAll;
  log(`${allTasks.length} generations submitted (${throttled} throttled and retried) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await killer;

  // Wait until every task is final (a task the killed worker held is taken over after the stale
  // period of DESIGN §7: 60 s of silence, then retried once on the other worker).
  const deadline = Date.now() + 6 * 60_000;
  let counts = await countByStatus();
  while ((counts.completed ?? 0) + (counts.failed ?? 0) < allTasks.length && Date.now() < deadline) {
    await sleep(1000);
    counts = await countByStatus();
  }
  const elapsed = (Date.now() - started) / 1000;
  log(`final after ${elapsed.toFixed(1)} s: ${JSON.stringify(counts)}`);

  console.log('\n[cluster] checks');
  check(allTasks.length === TASKS, `${TASKS} generations accepted (got ${allTasks.length})`);
  check(killed !== null && killed.processing > 0, `a worker was killed while tasks were processing (${killed?.processing ?? 0} in flight)`);
  const takenOver = (await db.query('select count(*)::int as n from generation_tasks where attempts > 1')).rows[0].n;
  check(takenOver > 0, `the killed worker's tasks were taken over by the other (${takenOver} retried)`);
  check((counts.completed ?? 0) + (counts.failed ?? 0) === allTasks.length, `every task completed or failed (${JSON.stringify(counts)})`);

  const { rows: tasks } = await db.query('select id, user_id, status, image_id, attempts from generation_tasks');
  const { rows: ledger } = await db.query('select user_id, delta, reason, ref from credit_ledger');
  const debits = new Map();
  const refunds = new Map();
  for (const row of ledger) {
    const match = /^generation:([^:]+)(:refund)?$/.exec(row.ref);
    if (!match) continue;
    const map = match[2] ? refunds : debits;
    map.set(match[1], (map.get(match[1]) ?? 0) + Number(row.delta));
  }
  const wrongDebits = tasks.filter((task) => debits.get(task.id) !== -20);
  check(wrongDebits.length === 0, `every task debited exactly 20 credits once (${wrongDebits.length} wrong)`);
  const wrongRefunds = tasks.filter((task) => (task.status === 'failed' ? refunds.get(task.id) !== 20 : refunds.has(task.id)));
  check(wrongRefunds.length === 0, `failed tasks refunded exactly once, completed ones never (${wrongRefunds.length} wrong)`);

  const { rows: balances } = await db.query(
    `select u.id, u.credits, coalesce(sum(l.delta), 0)::int as ledger from users u left join credit_ledger l on l.user_id = u.id group by u.id, u.credits`,
  );
  const mismatched = balances.filter((row) => Number(row.credits) !== Number(row.ledger));
  check(mismatched.length === 0, `every balance equals its ledger sum (${balances.length} users, ${mismatched.length} mismatched)`);
  const completedByUser = new Map();
  for (const task of tasks) if (task.status === 'completed') completedByUser.set(task.user_id, (completedByUser.get(task.user_id) ?? 0) + 1);
  const wrongBalance = balances.filter((row) => Number(row.credits) !== 2050 - 20 * (completedByUser.get(row.id) ?? 0));
  check(wrongBalance.length === 0, `every user holds 2050 − 20 × (pages made): no credit lost or doubled (${wrongBalance.length} wrong)`);

  const completed = tasks.filter((task) => task.status === 'completed');
  const { rows: images } = await db.query('select id, files from images');
  const imageFiles = new Map(images.map((row) => [row.id, JSON.parse(row.files)]));
  const missingFiles = [];
  for (const task of completed) {
    const files = imageFiles.get(task.image_id);
    if (!files) {
      missingFiles.push(`${task.id}: no image row`);
      continue;
    }
    for (const key of Object.values(files)) {
      if (typeof key === 'string' && !existsSync(path.join(dataDir, 'files', key))) missingFiles.push(`${task.id}: ${key}`);
    }
  }
  check(completed.length > 0 && missingFiles.length === 0, `every completed page has its image row and files (${completed.length} pages, ${missingFiles.length} missing)`);
  check(images.length === completed.length, `no orphan image rows (${images.length} images for ${completed.length} completed tasks)`);

  // A page made on a worker downloads through either API.
  const sample = completed[0];
  if (sample) {
    for (const api of apis) {
      const response = await fetch(`${api.baseUrl}/api/images/${sample.image_id}/download?format=pdf`);
      const body = Buffer.from(await response.arrayBuffer());
      check(response.status === 200 && body.subarray(0, 5).toString() === '%PDF-', `a page downloads as PDF through ${api.entry.name}`);
    }
  }
  const survivors = [...apis.map((api) => api.entry), workers[1]].filter((entry) => !alive(entry));
  check(survivors.length === 0, `the other processes stayed up (${survivors.map((entry) => entry.name).join(', ') || 'all up'})`);
  log(`${completed.length} completed, ${tasks.length - completed.length} failed and refunded, ${takenOver} taken over after the kill, ${elapsed.toFixed(1)} s in all`);
  await db.end();
  exitCode = failures.length === 0 ? 0 : 1;
  if (exitCode !== 0) {
    for (const entry of processes) console.error(`--- ${entry.name}\n${entry.output.join('').slice(-1500)}`);
  }
} catch (error) {
  console.error(`[cluster] ${error?.stack ?? error}`);
  for (const entry of processes) console.error(`--- ${entry.name}\n${entry.output.join('').slice(-1500)}`);
} finally {
  await stopAll(processes);
  await redis.flushdb().catch(() => undefined);
  redis.disconnect();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch((error) => console.error(`[cluster] could not drop ${dbName}: ${error.message}`));
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\ncluster: ${exitCode === 0 ? 'passed' : `failed (${failures.length} checks)`}`);
process.exit(exitCode);
