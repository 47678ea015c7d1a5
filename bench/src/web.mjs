// `npm run bench:web`: builds, serves the production build, measures the gzip size of the
// JavaScript /login loads first (in Chromium, every script the page fetches until the network
// is idle), then runs Lighthouse mobile performance on /login against Debian's Chromium.
// Lighthouse is installed on demand into bench/.cache (gitignored), not as a dependency.
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
const cacheDir = path.join(root, 'bench', '.cache', 'lighthouse');
const outDir = path.join(root, 'bench', 'out');
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!existsSync(CHROMIUM)) {
  console.error(`bench:web needs Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(1);
}
if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-web-'));
const server = spawn(process.execPath, ['server/dist/server.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

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

function runLighthouse(cli, run) {
  const report = path.join(outDir, `lighthouse-login-${run}.json`);
  const result = spawnSync(
    process.execPath,
    [cli, `${baseUrl}/login`, '--only-categories=performance', '--form-factor=mobile', '--output=json', `--output-path=${report}`, '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000 },
  );
  if (result.status !== 0 || !existsSync(report)) return null;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const metric = (id) => json.audits[id]?.displayValue ?? null;
  return {
    score: json.categories.performance.score,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
  };
}

let exitCode = 0;
try {
  await ready();
  mkdirSync(outDir, { recursive: true });
  const files = await measureLoginJs();
  const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
  console.log('\n[bench:web] JavaScript loaded by /login (gzip -9):');
  for (const file of files) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${file.file}`);
  const kb = totalGzip / 1024;
  console.log(`[bench:web] first-load JS of /login: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${kb <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);
  if (kb > BUDGET_KB) exitCode = 1;

  let lighthouse = null;
  if (!process.argv.includes('--no-lighthouse')) {
    const cli = ensureLighthouse();
    // The machine may be shared, so Lighthouse runs several times and the median run counts.
    const runs = [];
    for (let run = 1; cli && run <= LIGHTHOUSE_RUNS; run += 1) {
      const result = runLighthouse(cli, run);
      if (!result) break;
      runs.push(result);
      console.log(`[bench:web]   run ${run}: ${result.score} (FCP ${result.fcp}, LCP ${result.lcp}, TBT ${result.tbt}, CLS ${result.cls}, SI ${result.si})`);
    }
    if (runs.length === LIGHTHOUSE_RUNS) {
      const sorted = [...runs].sort((a, b) => a.score - b.score);
      lighthouse = { ...sorted[Math.floor(sorted.length / 2)], runs: runs.map((result) => result.score) };
      console.log(`[bench:web] Lighthouse mobile performance on /login: ${lighthouse.score} (median of ${runs.length}: ${lighthouse.runs.join(', ')})`);
    } else {
      console.log('[bench:web] Lighthouse could not run (install or run failed); the size figure above stands alone.');
    }
  }
  writeFileSync(path.join(outDir, 'web.json'), JSON.stringify({ loginJsGzipBytes: totalGzip, files, lighthouse }, null, 2));
} catch (error) {
  console.error(`[bench:web] ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  stop();
}
process.exit(exitCode);
