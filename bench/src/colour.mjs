// `npm run bench:colour`: how fast "Colour it on screen" fills on a phone. Builds (unless
// --no-build), serves the production build on a fresh data folder, makes real 2400×3150 pages with
// the offline engine through the API (16:21 fills the printable area exactly), then opens each
// page's colouring view in Debian's Chromium as a 375 px phone (DPR 3, touch) with the CPU slowed
// 4× (CDP Emulation.setCPUThrottlingRate), taps a grid of points over the page plus the largest
// region again and again, and prints:
//   - ready: navigation → page ready to colour (mark `colour-ready`), with the worker's decode,
//     labelling and layer times;
//   - fill work: the fill itself — history, the region's runs written, the dirty box uploaded to
//     the canvas (detail.work of measure `colour-fill`) — median / p95 / max, over all fills and
//     for the largest region alone: the figure held against the 16 ms target;
//   - input → filled: from the touch's pointerup event to the same point (the measure itself), so
//     the time the event waited for the main thread is in it;
//   - to next frame: input event → the next animation frame (measure `colour-fill-frame`).
// Numbers are reported, never asserted (DESIGN: benchmarks never gate tests).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startNode, stopAll, waitForServer } from '../../scripts/lib/processes.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const THROTTLE = Number(process.env.BENCH_COLOUR_THROTTLE || 4);
const GRID = { columns: 8, rows: 10 };
const LARGEST_REPEATS = 15;
const PAGES = [
  { prompt: 'mandala', difficulty: 'adult' },
  { prompt: 'a cat in a garden with flowers', difficulty: 'children' },
];
const args = process.argv.slice(2);

if (!existsSync(CHROMIUM)) {
  console.error(`bench:colour needs Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(1);
}
if (!args.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
};
const ms = (value) => `${value.toFixed(1)} ms`;
const line = (label, s) => `${label.padEnd(26)} n=${String(s.n).padStart(3)}  median ${ms(s.median).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}`;

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-colour-'));
const server = startNode('server', 'server/dist/server.js', { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', SEED_LIBRARY: 'false' });

async function api(pathName, options = {}) {
  const response = await fetch(`${baseUrl}${pathName}`, { ...options, headers: { 'content-type': 'application/json', ...(options.headers ?? {}) } });
  const body = await response.json();
  if (body.status !== 'success') throw new Error(`${pathName}: ${body.errorCode} ${body.message}`);
  return body.data;
}

/** A member makes the pages with the offline engine, as a user of the generator would. */
async function makePages() {
  const user = { username: `bench${Date.now().toString(36)}`.slice(0, 20), email: `bench.${Date.now()}@example.com`, password: 'bench-colour-42' };
  await api('/api/auth/register', { method: 'POST', body: JSON.stringify(user) });
  const { accessToken } = await api('/api/auth/login', { method: 'POST', body: JSON.stringify({ email: user.email, password: user.password }) });
  const headers = { authorization: `Bearer ${accessToken}` };
  const images = [];
  for (const spec of PAGES) {
    const { taskId } = await api('/api/images/text2imggenerate', { method: 'POST', headers, body: JSON.stringify({ ...spec, ratio: '16:21', isPublic: true }) });
    for (let i = 0; ; i += 1) {
      const task = await api(`/api/images/tasks/${taskId}?type=text2image`, { headers });
      if (task.status === 'completed') {
        images.push({ ...spec, id: task.image.id, width: task.image.dimensions.width, height: task.image.dimensions.height });
        break;
      }
      if (task.status === 'failed') throw new Error(`generation failed: ${task.message}`);
      if (i > 300) throw new Error('generation timed out');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return images;
}

async function measurePage(browser, image) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${baseUrl}/image/${image.id}/colour`);
  await page.locator('[data-testid="colouring-canvas"][data-ready="true"]').waitFor({ timeout: 120_000 });
  const ready = await page.evaluate(() => {
    const mark = performance.getEntriesByName('colour-ready')[0];
    return { sinceNavigation: mark.startTime, ...mark.detail };
  });
  await page.getByTestId('colouring-canvas').evaluate((frame) => frame.scrollIntoView({ block: 'center' }));
  const box = await page.getByTestId('colouring-stage').boundingBox();
  const palette = page.getByRole('group', { name: 'Colors', exact: true });
  const swatches = [palette.getByRole('button', { name: 'Red', exact: true }), palette.getByRole('button', { name: 'Blue', exact: true })];
  let turn = 0;
  // Two frames: what the screen does after a swatch or a fill is done before the next touch, as
  // between a child's taps (without it a tap would wait behind the swatch's own update).
  // eslint-disable-next-line no-undef -- runs in the page
  const settle = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const tap = async (fx, fy) => {
    // Alternate colours so every tap is a real fill, even on a region already coloured.
    await swatches[turn++ % 2].evaluate((button) => button.click());
    await settle();
    await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
    await settle();
  };
  for (let row = 0; row < GRID.rows; row += 1) for (let column = 0; column < GRID.columns; column += 1) await tap((column + 0.5) / GRID.columns, (row + 0.5) / GRID.rows);
  await page.waitForTimeout(200);
  const fills = await page.evaluate(() => performance.getEntriesByName('colour-fill').map((entry) => ({ duration: entry.duration, ...entry.detail })));
  const frames = await page.evaluate(() => performance.getEntriesByName('colour-fill-frame').map((entry) => entry.duration));
  const largest = fills.reduce((best, fill) => (fill.area > best.area ? fill : best), fills[0]);
  // The largest region again and again: find a grid point that hit it and tap there.
  const index = fills.indexOf(largest);
  const point = { fx: ((index % GRID.columns) + 0.5) / GRID.columns, fy: (Math.floor(index / GRID.columns) + 0.5) / GRID.rows };
  await page.evaluate(() => performance.clearMeasures());
  for (let i = 0; i < LARGEST_REPEATS; i += 1) await tap(point.fx, point.fy);
  await page.waitForTimeout(200);
  const again = await page.evaluate(() => ({
    fills: performance.getEntriesByName('colour-fill').map((entry) => ({ duration: entry.duration, ...entry.detail })),
    frames: performance.getEntriesByName('colour-fill-frame').map((entry) => entry.duration),
  }));
  const regions = await page.getByTestId('colouring-canvas').getAttribute('data-regions');
  await context.close();
  return { ready, fills, largest, again, frames, regions };
}

let browser;
try {
  await waitForServer(baseUrl, server, 60_000);
  console.log(`[bench:colour] making ${PAGES.length} pages with the offline engine…`);
  const images = await makePages();
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const version = browser.version();
  console.log(`\nbench:colour — Chromium ${version}, 375×812 phone at DPR 3, CPU throttled ${THROTTLE}×, production build, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);
  const all = [];
  for (const image of images) {
    const result = await measurePage(browser, image);
    const largestArea = result.largest.area;
    console.log(`\n${image.prompt} (${image.difficulty}), ${image.width}×${image.height}, ${result.regions ?? '?'} regions; largest tapped region ${Math.round(largestArea).toLocaleString('en')} px (${((100 * largestArea) / (image.width * image.height)).toFixed(1)}% of the page)`);
    console.log(`  ready to colour: ${ms(result.ready.sinceNavigation)} after navigation (worker: decode ${ms(result.ready.decodeMs)}, label ${ms(result.ready.labelMs)}, layer ${ms(result.ready.layerMs)})`);
    console.log(`  ${line('fill work, grid taps', stats(result.fills.map((fill) => fill.work)))}`);
    console.log(`  ${line('fill work, largest region', stats(result.again.fills.map((fill) => fill.work)))}`);
    console.log(`  ${line('input → filled, grid', stats(result.fills.map((fill) => fill.duration)))}`);
    console.log(`  ${line('input → filled, largest', stats(result.again.fills.map((fill) => fill.duration)))}`);
    console.log(`  ${line('to next frame, grid', stats(result.frames))}`);
    console.log(`  ${line('to next frame, largest', stats(result.again.frames))}`);
    all.push(...result.fills.map((fill) => fill.work), ...result.again.fills.map((fill) => fill.work));
  }
  console.log(`\n${line('fill work, all pages', stats(all))}   (target: under 16 ms)`);
} finally {
  await browser?.close();
  await stopAll([server]);
  rmSync(dataDir, { recursive: true, force: true });
}
