import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-payments-cli-'));

function run(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/payments-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run payments', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs the billing calendar at a moved clock in test mode with the test provider', () => {
    const result = run(['renew-due', '--at', '2030-01-01T00:00:00Z'], { NODE_ENV: 'test', PAYMENT_PROVIDER: 'test' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ now: '2030-01-01T00:00:00.000Z', renewed: 0, granted: 0 });
  });

  it('never moves the clock in production, nor with PayPal', () => {
    const production = run(['renew-due', '--at', '2030-01-01T00:00:00Z'], { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' });
    expect(production.status).toBe(2);
    expect(production.stderr).toContain('--at moves the billing clock and is refused here');
    const paypal = run(['renew-due', '--at', '2030-01-01T00:00:00Z'], { NODE_ENV: 'test', PAYMENT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(paypal.status).toBe(2);
    expect(run(['bogus'], { NODE_ENV: 'test' }).status).toBe(2);
  });
});
