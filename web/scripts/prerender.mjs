// Builds the server-rendering bundle (web/dist-ssr, kept: the server renders the category pages
// with it at request time) and renders the public entry pages into
// web/dist/prerendered/<path>.html after the client build (the server answers those paths with
// them). A page that fails to render is skipped with a warning: the server then falls back to
// index.html and the client renders it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(webDir, 'dist-ssr');
const outDir = path.join(webDir, 'dist', 'prerendered');
const viteBin = path.join(path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');

const build = spawnSync(process.execPath, [viteBin, 'build', '--config', 'vite.config.ts', '--ssr', 'src/entry-prerender.tsx', '--outDir', 'dist-ssr', '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: webDir,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const entry = await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href);
const template = readFileSync(path.join(webDir, 'dist', 'index.html'), 'utf8');
rmSync(outDir, { recursive: true, force: true });
let written = 0;
for (const lang of entry.languages) {
  for (const page of entry.prerenderPaths) {
    try {
      const rendered = await entry.renderPage(lang, page);
      const file = path.join(outDir, rendered.url === '/' ? 'index.html' : `${rendered.url.slice(1)}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, entry.composeDocument(template, rendered));
      written += 1;
    } catch (error) {
      console.warn(`[prerender] skipped ${lang} ${page}: ${error?.message ?? error}`);
    }
  }
}
console.log(`[prerender] ${written} pages in web/dist/prerendered`);
