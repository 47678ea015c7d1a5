/**
 * npx tsx bench/src/detail-sheet.ts [--out name] — a contact sheet of teen and adult pages (and "a
 * lion" at all four difficulties), for looking at the detail inside subjects (issue 34, item 6):
 * each page with its prompt, difficulty, region count and composer time. `--verify` runs the page
 * checker as the server does (retries included) and prints the median time and how many pass.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Difficulty } from '@studio/contracts/constants';
import { composePage } from '@studio/engine/compose/compose-page';
import { pageTile, writePageSheet } from './page-contact-sheet';
import type { SheetLayout } from './page-contact-sheet';

const SUBJECTS = ['a lion', 'an owl', 'a cat', 'an elephant', 'a fish', 'a butterfly', 'a dragon', 'a horse', 'a turtle', 'a rose', 'an owl on a branch', 'a house'];
const PAGES: [string, Difficulty][] = [
  ['a lion', 'toddler'], ['a lion', 'children'],
  ...SUBJECTS.flatMap((s): [string, Difficulty][] => [[s, 'teen'], [s, 'adult']]),
];

const LAYOUT: SheetLayout = { tileWidth: 360, tileHeight: 520, labelHeight: 50, columns: 7 };

async function main(): Promise<void> {
  const outIndex = process.argv.indexOf('--out');
  const name = outIndex >= 0 ? process.argv[outIndex + 1] : 'detail-sheet';
  const verify = process.argv.includes('--verify');
  const pagesDir = `bench/out/${name}`;
  mkdirSync(pagesDir, { recursive: true });
  const tiles: Buffer[] = [];
  const rows: unknown[] = [];
  for (const [prompt, difficulty] of PAGES) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await composePage(prompt, { difficulty, ratio: '3:4', verify });
    const ms = Math.round(performance.now() - started);
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const regions = result.page.report.regionCount;
    rows.push({ prompt, difficulty, title: result.title, regions, ms, cpuMs, style: result.style, passes: result.page.report.passes, attempts: result.attempts, problems: result.page.report.problems });
    console.log(`${difficulty.padEnd(8)} ${prompt.padEnd(20)} ${String(regions).padStart(4)} regions ${String(ms).padStart(5)} ms ${result.style} ${result.title} ${result.page.report.problems.join('; ')}`);
    writeFileSync(`${pagesDir}/${prompt.replace(/\W+/g, '-')}-${difficulty}.png`, result.page.png);
    tiles.push(await pageTile(result.page.png, [`${prompt} (${difficulty})`, `${regions} regions · ${ms} ms · ${result.style}`], LAYOUT, { first: 17, rest: 14 }));
  }
  const times = rows.map((r) => (r as { ms: number }).ms).sort((a, b) => a - b);
  const cpuTimes = rows.map((r) => (r as { cpuMs: number }).cpuMs).sort((a, b) => a - b);
  console.log(`process CPU time per page: median ${cpuTimes[Math.floor(cpuTimes.length / 2)]} ms, max ${cpuTimes[cpuTimes.length - 1]} ms`);
  const passing = rows.filter((r) => (r as { passes: boolean }).passes).length;
  const firstTime = rows.filter((r) => (r as { attempts: number }).attempts === 1).length;
  console.log(`median ${times[Math.floor(times.length / 2)]} ms, max ${times[times.length - 1]} ms; passing ${passing}/${rows.length}, ${firstTime} on the first attempt`);
  await writePageSheet(name, tiles, LAYOUT, rows);
}

await main();
