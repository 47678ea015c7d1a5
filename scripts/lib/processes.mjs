// Shared by the scripts that run the production build as child processes (browser suite,
// cluster test, load bench): a free port, a started process with its output kept, readiness.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const started = [];
// Whatever happens, no child outlives the script.
process.on('exit', () => {
  for (const entry of started) if (isAlive(entry)) entry.child.kill('SIGKILL');
});

export function isAlive(entry) {
  return entry.child.exitCode === null && entry.child.signalCode === null;
}

/** Starts `node <script>` from the repository root; its output is kept (last 200 chunks) for failure reports. */
export function startNode(name, script, env) {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const entry = { name, child, output, pid: child.pid };
  started.push(entry);
  return entry;
}

/** Resolves when GET /api/config answers 200; fails if the process exits first. */
export async function waitForServer(baseUrl, entry, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(entry)) throw new Error(`${entry.name} exited: ${entry.output.join('').slice(-2000)}`);
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${entry.name} did not become ready`);
}

/** SIGTERM to every live process, then waits for them to exit. */
export async function stopAll(entries) {
  for (const entry of entries) entry.stopping = true;
  for (const entry of entries) if (isAlive(entry)) entry.child.kill('SIGTERM');
  await Promise.all(entries.map((entry) => (isAlive(entry) ? new Promise((resolve) => entry.child.once('exit', resolve)) : null)));
}
