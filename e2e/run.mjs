// Browser suite: builds, starts the production server on a free port with a fresh DATA_DIR,
// runs every spec in e2e/specs with playwright-core in Debian's Chromium, prints
// "e2e: N passed, N failed" and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, isAlive, root, startNode, waitForServer } from '../scripts/lib/processes.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const outDir = path.join(root, 'e2e', 'out');
const only = process.argv.slice(2);

/** Debian packages the browser suite needs: Chromium, and poppler's pdftotext (the booklet stories read their PDFs). */
const TOOLS = [
  { file: CHROMIUM, pkg: 'chromium' },
  { file: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];

function ensureTools() {
  const missing = TOOLS.filter((tool) => !existsSync(tool.file));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`e2e: ${missing.map((tool) => tool.file).join(' and ')} missing. Install with:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`[e2e] installing ${packages.join(', ')} with apt-get`);
  const install = () => spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
  const still = TOOLS.filter((tool) => !existsSync(tool.file));
  if (still.length > 0) {
    console.error(`e2e: installing ${still.map((tool) => tool.pkg).join(', ')} failed. Run: apt-get update && apt-get install -y ${still.map((tool) => tool.pkg).join(' ')}`);
    process.exit(1);
  }
}

ensureTools();
if (!process.env.E2E_SKIP_BUILD) {
  console.log('[e2e] building');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('e2e: build failed');
    process.exit(1);
  }
}

const { chromium } = await import('playwright-core');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// The demo library is not drawn during browser tests: it would only compete for the CPU.
const server = startNode('server', 'server/dist/server.js', {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseUrl,
  LOG_LEVEL: 'warn',
  SEED_LIBRARY: 'false',
  TRUST_PROXY: 'true',
});

let browser;
let passed = 0;
let storyCount = 0;
let failed = 0;
const cleanup = () => {
  if (isAlive(server)) server.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

try {
  await waitForServer(baseUrl, server, 30_000);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(outDir, { recursive: true });
  const env = { baseUrl, dataDir, outDir, browser };
  const specFiles = readdirSync(path.join(root, 'e2e', 'specs'))
    .filter((name) => name.endsWith('.spec.mjs'))
    .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
    .sort();
  for (const file of specFiles) {
    const spec = await import(pathToFileURL(path.join(root, 'e2e', 'specs', file)).href);
    for (const story of spec.stories) {
      // Each story is its own visitor (as seen through a proxy), so the per-address login limits
      // of one story never throttle the next however fast the machine runs them.
      storyCount += 1;
      const visitor = { 'X-Forwarded-For': `10.77.${Math.floor(storyCount / 250)}.${storyCount % 250}` };
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US', extraHTTPHeaders: visitor, ...(story.context ?? {}) });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const consoleErrors = [];
      page.on('pageerror', (error) => consoleErrors.push(String(error)));
      const started = Date.now();
      try {
        await story.run({ ...env, context, page });
        if (consoleErrors.length) throw new Error(`uncaught errors in the page:\n${consoleErrors.join('\n')}`);
        passed += 1;
        console.log(`  ✓ ${file.replace('.spec.mjs', '')}: ${story.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed += 1;
        console.log(`  ✗ ${file.replace('.spec.mjs', '')}: ${story.name}\n    ${String(error?.stack ?? error).split('\n').slice(0, 8).join('\n    ')}`);
        await page.screenshot({ path: path.join(outDir, `failed-${file}-${passed + failed}.png`), fullPage: true }).catch(() => {});
      } finally {
        await context.close();
      }
    }
  }
} catch (error) {
  failed += 1;
  console.error(`[e2e] ${error?.stack ?? error}`);
  console.error(server.output.join('').slice(-4000));
} finally {
  await browser?.close();
  cleanup();
}
if (failed > 0 && server.output.length) console.log(`[e2e] server log (tail):\n${server.output.join('').slice(-2000)}`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
