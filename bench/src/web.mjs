// `npm run bench:web`: builds, serves the production build, measures the gzip size of the
// JavaScript /login loads first (in Chromium, every script the page fetches until the network
// is idle), then runs Lighthouse mobile (performance, accessibility, SEO) on /login, the home
// page and one category page of the demo library, several times each; the median run counts.
// Lighthouse is installed on demand into bench/.cache (gitignored), not as a dependency.
//
// The category page needs real content: the server first starts on a fresh data folder and seeds
// the demo library with the engine as `npm start` does; once the first category of
// content/library/categories.json has all its pages, that server stops and a second one starts on
// the same folder without seeding, so the engine's work never competes with the measured pages.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BUDGET_KB = 170;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const LIGHTHOUSE_VERSION = '12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'seo'];
const TARGET = 0.95;
const SEED_TIMEOUT_MS = Number(process.env.BENCH_WEB_SEED_TIMEOUT_MS || 15 * 60_000);
const cacheDir = path.join(root, 'bench', '.cache', 'lighthouse');
const outDir = path.join(root, 'bench', 'out');
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length).split(',');

if (!existsSync(CHROMIUM)) {
  console.error(`bench:web needs Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(1);
}
if (!args.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-web-'));
let server = null;

function startServer(seed) {
  server = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_LIBRARY: seed ? 'true' : 'false' },
    stdio: 'inherit',
  });
}
async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

async function ready() {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** Waits until the first category of the demo library has every one of its pages drawn. */
async function seedFirstCategory() {
  const [first] = JSON.parse(readFileSync(path.join(root, 'content', 'library', 'categories.json'), 'utf8'));
  const started = Date.now();
  let last = -1;
  while (Date.now() - started < SEED_TIMEOUT_MS) {
    const response = await fetch(`${baseUrl}/api/images?categoryId=${encodeURIComponent(first.slug)}&pageSize=1`);
    const total = response.ok ? ((await response.json()).data?.total ?? 0) : 0;
    if (total !== last) {
      console.log(`[bench:web] seeding "${first.slug}": ${total}/${first.pages.length} pages (${Math.round((Date.now() - started) / 1000)} s)`);
      last = total;
    }
    if (total >= first.pages.length) return first.slug;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`the first demo category was not seeded within ${SEED_TIMEOUT_MS / 1000} s`);
}

async function measureLoginJs() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 780 } });
    const scripts = new Map();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || response.url().endsWith('.js')) scripts.set(response.url(), response);
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.locator('input[name=email]').waitFor();
    const files = [];
    for (const [url, response] of scripts) {
      const body = await response.body();
      files.push({ file: new URL(url).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

function ensureLighthouse() {
  const cli = path.join(cacheDir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (existsSync(cli)) return cli;
  console.log(`[bench:web] installing lighthouse@${LIGHTHOUSE_VERSION} into bench/.cache (once)`);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(path.join(cacheDir, 'package.json'), JSON.stringify({ name: 'lighthouse-cache', private: true }));
  const install = spawnSync('npm', ['install', `lighthouse@${LIGHTHOUSE_VERSION}`, '--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev'], {
    cwd: cacheDir,
    stdio: 'inherit',
  });
  return install.status === 0 && existsSync(cli) ? cli : null;
}

function runLighthouse(cli, name, url, run) {
  const report = path.join(outDir, `lighthouse-${name}-${run}.json`);
  const loadBefore = load();
  const result = spawnSync(
    process.execPath,
    [cli, url, `--only-categories=${CATEGORIES.join(',')}`, '--form-factor=mobile', '--output=json', `--output-path=${report}`, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000 },
  );
  if (result.status !== 0 || !existsSync(report)) return null;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const metric = (id) => json.audits[id]?.displayValue ?? null;
  const failing = (category) =>
    json.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && json.audits[ref.id]?.score !== null && json.audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  return {
    ...Object.fromEntries(CATEGORIES.map((category) => [category, json.categories[category].score])),
    load: loadBefore,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    failingAccessibility: failing('accessibility'),
    failingSeo: failing('seo'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let exitCode = 0;
const summary = { loginJsGzipBytes: null, files: [], pages: {} };
try {
  // Issue targets: performance on /login (a noindex page, so its SEO score is not a target);
  // performance, accessibility and SEO on the home and category pages.
  const pages = [['login', '/login', ['performance']], ['home', '/', CATEGORIES]];
  const wantCategory = !only || only.includes('category');
  console.log(`[bench:web] load average at start: ${load()} (1, 5, 15 min; ${os.cpus().length} cores)`);
  startServer(wantCategory);
  await ready();
  if (wantCategory) {
    const slug = await seedFirstCategory();
    await stopServer();
    startServer(false);
    await ready();
    pages.push(['category', `/categories/${slug}`, CATEGORIES]);
  }
  mkdirSync(outDir, { recursive: true });
  const files = await measureLoginJs();
  const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
  Object.assign(summary, { loginJsGzipBytes: totalGzip, files });
  console.log('\n[bench:web] JavaScript loaded by /login (gzip -9):');
  for (const file of files) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${file.file}`);
  const kb = totalGzip / 1024;
  console.log(`[bench:web] first-load JS of /login: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${kb <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);
  if (kb > BUDGET_KB) exitCode = 1;

  if (!args.includes('--no-lighthouse')) {
    const cli = ensureLighthouse();
    if (!cli) console.log('[bench:web] Lighthouse could not be installed; the size figure above stands alone.');
    for (const [name, pathname, targets] of pages.filter(([name]) => !only || only.includes(name))) {
      if (!cli) break;
      // The machine may be shared, so Lighthouse runs several times and the median run counts.
      const runs = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        const result = runLighthouse(cli, name, `${baseUrl}${pathname}`, run);
        if (!result) break;
        runs.push(result);
        console.log(
          `[bench:web]   ${pathname} run ${run} (load ${result.load}): performance ${result.performance}, accessibility ${result.accessibility}, SEO ${result.seo}` +
            ` (FCP ${result.fcp}, LCP ${result.lcp}, TBT ${result.tbt}, CLS ${result.cls}, SI ${result.si})`,
        );
        if (result.failingAccessibility.length || result.failingSeo.length) {
          console.log(`[bench:web]     not passed: ${[...result.failingAccessibility, ...result.failingSeo].join(', ')}`);
        }
      }
      if (runs.length !== LIGHTHOUSE_RUNS) {
        console.log(`[bench:web] Lighthouse failed on ${pathname} after ${runs.length} run(s).`);
        exitCode = 1;
        continue;
      }
      const medians = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((result) => result[category]))]));
      summary.pages[name] = { path: pathname, ...medians, runs };
      const verdict = targets.every((category) => medians[category] >= TARGET) ? `OK (${targets.join(', ')} ≥ ${TARGET})` : `BELOW ${TARGET} (target: ${targets.join(', ')})`;
      console.log(
        `[bench:web] Lighthouse mobile ${pathname}: performance ${medians.performance}, accessibility ${medians.accessibility}, SEO ${medians.seo}` +
          ` (median of ${runs.length}; performance runs ${runs.map((result) => result.performance).join(', ')}) ${verdict}`,
      );
    }
  }
  console.log(`[bench:web] load average at end: ${load()}`);
  writeFileSync(path.join(outDir, 'web.json'), JSON.stringify(summary, null, 2));
} catch (error) {
  console.error(`[bench:web] ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
