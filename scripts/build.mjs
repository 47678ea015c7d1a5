// Builds what `npm start` serves: the server and worker bundles (esbuild) and the web app (Vite).
// `--server-only` skips the web build (for `npm run worker`).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverOnly = process.argv.includes('--server-only');

// Workspace packages are bundled from source; every other package stays in node_modules.
const keepExternal = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@studio/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Each bundle is named after its entry; a photo page's helper thread (engine/src/lineart/page-helper.ts)
// looks for its own beside the bundle that starts it.
const entries = [
  'server/src/server.ts',
  'server/src/worker.ts',
  'server/src/migrate.ts',
  'server/src/engine-thread.ts',
  'engine/src/lineart/page-helper-thread.ts',
]
  .filter((entry) => existsSync(path.join(root, entry)))
  .map((entry) => ({ in: entry, out: path.basename(entry, '.ts') }));

// The offline composer's subject library is built from the openmoji package (about 10 s) once.
if (!existsSync(path.join(root, 'engine', 'generated', 'subject-library.json'))) {
  const result = spawnSync('npx', ['tsx', 'engine/src/subjects/build-subject-library.ts'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: 'server/dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepExternal],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.log(`[build] server: ${entries.length} bundles in server/dist`);

if (!serverOnly && existsSync(path.join(root, 'web', 'vite.config.ts'))) {
  // Vite is installed in the web workspace (its version differs from the one vitest pulls in).
  const result = spawnSync('npx', ['vite', 'build', '--config', 'vite.config.ts', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log('[build] web: web/dist');
  // The public entry pages rendered to HTML, so they paint before any JavaScript runs.
  if (existsSync(path.join(root, 'web', 'scripts', 'prerender.mjs'))) {
    const prerender = spawnSync(process.execPath, ['scripts/prerender.mjs'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
    if (prerender.status !== 0) process.exit(prerender.status ?? 1);
  }
}
