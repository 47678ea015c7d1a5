// The server killed with SIGKILL while a page is being drawn: after a restart the task completes
// or is refunded, once, and the credit ledger adds up to the balance. This story drives its own
// production server processes (server/dist, built by the runner) on a separate data directory;
// STUDIO_TEST_HOOKS (honoured only with NODE_ENV=test) holds the first page for a minute and
// shortens the stale-task timings so the restart notices the orphaned task within seconds.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, newUser } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer({ port, dataDir, hooks }) {
  const child = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'error',
      SEED_LIBRARY: 'false',
      STUDIO_TEST_HOOKS: JSON.stringify(hooks),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function call(base, method, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const stories = [
  {
    name: 'a server killed (SIGKILL) while drawing a page finishes or refunds the task after a restart, once',
    async run() {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-sigkill-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const hooks = { staleAfterMs: 2000, sweepEveryMs: 300 };
      const children = [];
      try {
        children.push(await startServer({ port, dataDir, hooks: { ...hooks, pageDelayMs: 60_000 } }));
        const user = newUser('kill');
        assert.equal((await call(base, 'POST', '/api/auth/register', { ...user, confirmPassword: user.password })).status, 'success');
        const token = (await call(base, 'POST', '/api/auth/login', { email: user.email, password: user.password })).data.accessToken;
        const { taskId } = (await call(base, 'POST', '/api/images/text2imggenerate', { prompt: 'a cat', ratio: '1:1', difficulty: 'toddler' }, token)).data;
        const taskUrl = `/api/images/tasks/${taskId}?type=text2image`;
        for (let i = 0; i < 100 && (await call(base, 'GET', taskUrl, undefined, token)).data.status !== 'processing'; i += 1) await sleep(100);
        assert.equal((await call(base, 'GET', taskUrl, undefined, token)).data.status, 'processing');

        children[0].kill('SIGKILL');
        await new Promise((resolve) => children[0].once('exit', resolve));
        const db = new Database(path.join(dataDir, 'studio.db'), { readonly: true });
        const task = () => db.prepare('select status, attempts from generation_tasks where id = ?').get(taskId);
        assert.deepEqual({ ...task() }, { status: 'processing', attempts: 1 }, 'the killed process left the task processing');
        await sleep(hooks.staleAfterMs + 200);

        children.push(await startServer({ port, dataDir, hooks: { ...hooks, pageDelayMs: 0 } }));
        let final = {};
        for (let i = 0; i < 900; i += 1) {
          final = (await call(base, 'GET', taskUrl, undefined, token)).data;
          if (final.status === 'completed' || final.status === 'failed') break;
          await sleep(100);
        }
        assert.ok(['completed', 'failed'].includes(final.status), `the task ended (${final.status})`);
        // Give a late duplicate (a second sweep, a second delivery) the chance to book twice.
        await sleep(1500);

        const userId = db.prepare('select id from users where email = ?').get(user.email).id;
        const balance = db.prepare('select credits from users where id = ?').get(userId).credits;
        const ledger = db.prepare('select delta, reason from credit_ledger where user_id = ?').all(userId);
        assert.equal(ledger.reduce((sum, entry) => sum + entry.delta, 0), balance, 'ledger sum equals the balance');
        assert.equal(ledger.filter((entry) => entry.reason === 'refund').length, final.status === 'failed' ? 1 : 0, 'at most one refund');
        assert.equal(balance, final.status === 'completed' ? 30 : 50);
        assert.equal(final.status, 'completed', 'the retried task completes (worker threads keep the heartbeat going)');
        assert.equal(task().attempts, 2);
        db.close();
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
];
