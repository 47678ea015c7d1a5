// Runs the billing calendar (npm run payments -- renew-due) against the e2e server's data folder
// with the clock moved: the test-only way to see a month pass. The command refuses --at unless
// it runs in test mode with the test provider, so this never works against production.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function renewDueAt(dataDir, at) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/payments-cli.ts', 'renew-due', '--at', at], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', PAYMENT_PROVIDER: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`payments renew-due --at ${at} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}
