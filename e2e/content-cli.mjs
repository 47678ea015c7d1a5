// Runs the content command line (npm run content -- …) against the e2e server's data folder, so a
// story can import blog posts or library pages the way an operator would.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function contentCli(dataDir, args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'content/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`content ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
