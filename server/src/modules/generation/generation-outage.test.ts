import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@studio/contracts/errors';
import { createBullQueue } from '../../adapters/queue/bullmq-queue';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import { createLocalStorage } from '../../adapters/storage/storage';
import { ledgerOf } from '../credits/credits.repository';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const generateUrl = '/api/images/text2imggenerate';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A queue that never answers, like BullMQ while Redis is away (before its own deadline). */
function hungQueue(): JobQueue {
  return {
    enqueue: () => Promise.reject(new Error('enqueue: Redis did not answer within 3000 ms')),
    check: () => new Promise(() => undefined),
    start: () => undefined,
    pending: () => 0,
    close: async () => undefined,
  };
}

describe.each(databaseKinds)('outages on %s', (kind) => {
  let t: TestApp;
  let storageDown = false;
  beforeAll(async () => {
    const local = createLocalStorage(path.join(tmpdir(), `outage-${process.pid}-${kind}`));
    const storage: Storage = { ...local, check: () => (storageDown ? Promise.reject(new Error('disk gone')) : local.check()) };
    t = await createTestApp(kind, { maker: createFakePageMaker().maker, queue: hungQueue(), storage });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a generate request 503 when the queue cannot take it, and gives the credits back once', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: generateUrl, headers: user.headers, payload: { prompt: 'a cat on a hat' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', errorCode: ErrorCode.serviceUnavailable });
    const ledger = await ledgerOf(t.db.kysely, user.userId);
    expect(ledger.map((row) => row.reason).sort()).toEqual(['generation', 'refund', 'signup']);
    const after = await t.db.kysely.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(Number(after.credits)).toBe(50);
    const task = await t.db.kysely.selectFrom('generation_tasks').select(['status', 'error_code']).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'failed', error_code: ErrorCode.serviceUnavailable });
  });

  it('is alive on /healthz while /readyz names the dependency that is down, each with its latency, within seconds', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'success', data: { alive: true } });
    storageDown = true;
    const started = Date.now();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    storageDown = false;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(ready.statusCode).toBe(503);
    const body = ready.json();
    expect(body).toMatchObject({ status: 'error', errorCode: 503, data: { ready: false, checks: { database: { status: 'ok' }, queue: { status: 'down' }, storage: { status: 'down' } } } });
    expect(body.data.checks.queue.latencyMs).toBeGreaterThanOrEqual(1900);
    expect(typeof body.data.checks.database.latencyMs).toBe('number');
    // What failed is logged, not published.
    expect(JSON.stringify(body)).not.toContain('disk gone');
  });
});

describe('/readyz with every dependency up', () => {
  it('answers 200 with database, queue and storage ok', async () => {
    const t = await createTestApp('sqlite');
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toMatchObject({ ready: true, checks: { database: { status: 'ok' }, queue: { status: 'ok' }, storage: { status: 'ok' } } });
    } finally {
      await t.close();
    }
  });
});

// A Redis of our own, stopped mid-test: the shared one of REDIS_URL_TEST stays up for other suites.
const redisServer = spawnSync('which', ['redis-server']).status === 0;
describe.skipIf(!process.env.REDIS_URL_TEST || !redisServer)('Redis stopped while users generate', () => {
  let redis: ChildProcess | null = null;
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}`;
    queue = createBullQueue({ redisUrl: url, concurrency: 1, prefix: `outage-${process.pid}` });
    for (let i = 0; i < 50; i += 1) {
      try {
        await queue.check();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    t = await createTestApp('sqlite', { maker: createFakePageMaker().maker, queue });
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await Promise.race([t?.close(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  });

  it('makes a page while Redis is up; once it is stopped, answers in under 5 s with 503 and the credits back once', async () => {
    const user = await signedInUser(t.app);
    const first = await t.app.inject({ method: 'POST', url: generateUrl, headers: user.headers, payload: { prompt: 'a fox in a forest' } });
    expect(first.statusCode).toBe(200);

    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    const started = Date.now();
    const second = await t.app.inject({ method: 'POST', url: generateUrl, headers: user.headers, payload: { prompt: 'a bear in the snow' } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(second.statusCode).toBe(503);
    expect(second.json().errorCode).toBe(ErrorCode.serviceUnavailable);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data.checks.queue.status).toBe('down');

    const ledger = await ledgerOf(t.db.kysely, user.userId);
    expect(ledger.filter((row) => row.reason === 'refund')).toHaveLength(1);
    expect(ledger.filter((row) => row.reason === 'generation')).toHaveLength(2);
    const { credits } = await t.db.kysely.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(Number(credits)).toBe(30);
  }, 20_000);
});
