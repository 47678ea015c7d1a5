// Installs dependencies when node_modules is missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone. Uses only Node built-ins.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

function stale() {
  if (!existsSync(marker)) return true;
  if (!existsSync(lock)) return false;
  return statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (stale()) {
  // --prefer-offline: packages already in npm's cache are not asked about again (a CI run on a
  // machine that has installed them before spends its time testing, not revalidating tarballs).
  const command = existsSync(lock) ? ['ci', '--no-audit', '--no-fund', '--prefer-offline'] : ['install', '--no-audit', '--no-fund', '--prefer-offline'];
  console.log(`[setup] installing dependencies (npm ${command[0]}) …`);
  const result = spawnSync('npm', command, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[setup] npm failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
