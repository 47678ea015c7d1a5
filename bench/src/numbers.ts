/**
 * npm run bench:numbers — colour by number over the demo library (content/library): each page is
 * drawn offline as the seeding server draws it (same prompt, difficulty, ratio and seed), then
 * made into its numbered sheet and solution, timed from the stored files (PNG, SVG, coloured
 * preview) to the six files the server keeps. Prints the median and 90th percentile per
 * difficulty and over the whole library, how many regions were numbered inside, on a leader line
 * or merged, and the smallest digit printed. `--limit N` takes every k-th page for a quicker run;
 * `--sheets DIR` writes the first numbered sheet and solution of each difficulty as PNG there.
 * Drawing the pages is not timed. Prints figures; it never fails on timing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIFFICULTIES, type Difficulty, type Ratio } from '@studio/contracts/constants';
import { composePage } from '@studio/engine/compose/compose-page';
import { colourByNumber } from '@studio/engine/numbers/colour-by-number';

interface LibraryPage {
  id: string;
  prompt: string;
  difficulty: Difficulty;
  ratio: Ratio;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The seed the library seeder gives a page (server/src/modules/library/seed-library.ts). */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 2_000_000_000;
}

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const quantile = (values: number[], q: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function main(): Promise<void> {
  const categories = JSON.parse(readFileSync(path.join(root, 'content/library/categories.json'), 'utf8')) as { pages: LibraryPage[] }[];
  let pages = categories.flatMap((category) => category.pages);
  const limit = Number(flag('limit') ?? pages.length);
  if (limit < pages.length) {
    const step = pages.length / limit;
    pages = Array.from({ length: limit }, (_, i) => pages[Math.floor(i * step)]);
  }
  const sheets = flag('sheets');
  if (sheets) mkdirSync(sheets, { recursive: true });
  const rows: { difficulty: Difficulty; ms: number; numbered: number; leaders: number; merged: number; minMm: number; colours: number }[] = [];
  const written = new Set<Difficulty>();
  for (const [index, page] of pages.entries()) {
    const drawn = await composePage(page.prompt, { difficulty: page.difficulty, ratio: page.ratio, seed: seedOf(`lib-${page.id}`), lang: 'en' });
    const input = {
      png: drawn.page.png,
      svg: drawn.page.svg,
      colour: drawn.page.colorPng ? { image: drawn.page.colorPng, fit: 'cover' as const } : null,
      difficulty: page.difficulty,
      credit: drawn.page.credit ?? drawn.attribution,
    };
    const started = performance.now();
    const files = await colourByNumber(input);
    const ms = performance.now() - started;
    const { stats } = files;
    rows.push({ difficulty: page.difficulty, ms, numbered: stats.numbered, leaders: stats.leaders, merged: stats.merged, minMm: stats.digitMm.min, colours: files.key.length });
    process.stdout.write(`\r${index + 1}/${pages.length} ${page.id.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms`);
    if (sheets && !written.has(page.difficulty)) {
      written.add(page.difficulty);
      writeFileSync(path.join(sheets, `${page.difficulty}-${page.id}-numbers.png`), files.numbersPng);
      writeFileSync(path.join(sheets, `${page.difficulty}-${page.id}-solution.png`), files.solutionPng);
      writeFileSync(path.join(sheets, `${page.difficulty}-${page.id}-numbers.pdf`), files.numbersPdf.letter);
    }
  }
  process.stdout.write('\n\n');
  const line = (label: string, set: typeof rows) => {
    const sum = (key: 'numbered' | 'leaders' | 'merged') => set.reduce((total, row) => total + row[key], 0);
    const smallest = set.length ? Math.min(...set.map((row) => row.minMm).filter((mm) => mm > 0)) : 0;
    console.log(
      `${label.padEnd(9)} ${String(set.length).padStart(4)} pages  median ${quantile(set.map((r) => r.ms), 0.5).toFixed(0).padStart(5)} ms  p90 ${quantile(set.map((r) => r.ms), 0.9).toFixed(0).padStart(5)} ms  ` +
        `numbers ${sum('numbered')} inside, ${sum('leaders')} on leaders, ${sum('merged')} merged  key ≤ ${Math.max(0, ...set.map((r) => r.colours))} colours  smallest digit ${smallest.toFixed(2)} mm`,
    );
  };
  console.log('Colour by number: time to make the numbered sheet and its solution (6 files) from a stored page');
  for (const difficulty of DIFFICULTIES) line(difficulty, rows.filter((row) => row.difficulty === difficulty));
  line('all', rows);
}

await main();
