// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite's dev server on :5173,
// which proxies /api and /files to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/server.ts'], { cwd: root, stdio: 'inherit', env: { LOG_LEVEL: 'debug', ...process.env } }),
  spawn('npx', ['vite', '--config', 'vite.config.ts'], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
console.log('[dev] API on http://localhost:3000, web on http://localhost:5173');
