// `npm test`: install what is missing, then typecheck, lint, unit + integration tests and the
// browser suite. Stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (name, command, args) => {
  console.log(`\n[test] ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[test] ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`[test] ${name} ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

/**
 * Steps that only read the sources, run side by side (each is mostly one core; on two cores the
 * three took 100 s one after another). Their output is printed whole, one step after another.
 */
async function together(steps) {
  console.log(`\n[test] ${steps.map(([name]) => name).join(', ')} (side by side)`);
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ name, code, output: Buffer.concat(output).toString() }));
        }),
    ),
  );
  for (const { name, code, output } of results) {
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    console.log(`[test] ${name} ${code === 0 ? 'ok' : 'failed'}`);
  }
  if (results.some((r) => r.code !== 0)) process.exit(results.find((r) => r.code !== 0).code ?? 1);
  console.log(`[test] ${steps.map(([name]) => name).join(', ')} ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

step('dependencies', process.execPath, ['scripts/ensure-deps.mjs']);
await together([
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ...(existsSync(path.join(root, 'web', 'tsconfig.json')) ? [['typecheck web', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']]] : []),
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
]);
step('unit and integration tests', 'npx', ['vitest', 'run']);
if (existsSync(path.join(root, 'e2e', 'run.mjs'))) step('browser tests', process.execPath, ['e2e/run.mjs']);
// The scaled-out layout (2 APIs, 2 workers, a worker killed midway) when PostgreSQL and Redis are
// at hand, as in CI; the server bundle is already built by the browser suite.
// Inside `npm test` it takes 40 generations instead of 100 (the same kill midway, the same checks):
// the suite has to stay under CI's 20 minutes; `npm run test:cluster` alone still takes 100.
if (process.env.DATABASE_URL_TEST && process.env.REDIS_URL_TEST) {
  process.env.CLUSTER_SKIP_BUILD = '1';
  process.env.CLUSTER_TASKS ??= '40';
  step('cluster test', process.execPath, ['scripts/cluster-test.mjs']);
}
