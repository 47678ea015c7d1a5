/**
 * npm run bench:fidelity [-- --subset N | --only REGEXP] — does the page show what the prompt
 * asked for? Each prompt of bench/src/fidelity-prompts.ts is composed (verify on: composer plus
 * page checker, as the server runs it) and judged on the composer's own report of what it
 * placed (`drawn`): a thing counts when a placed item the prompt set's patterns accept is at
 * least MIN_SIDE_MM across and at least MIN_VISIBLE of it is not covered by what was drawn after.
 * Prints per prompt what was drawn and missed, then totals: prompts fully drawn, things drawn,
 * honesty (every thing not drawn is named in `unmatched`, or in a count note when fewer were drawn), emptiness (largest white area inside
 * the frame ÷ the inside, engine/src/quality/page-emptiness.ts) and time per page (CPU time of
 * the composer with its checker, the target; and wall time). Writes contact
 * sheets (bench/out/fidelity-sheet-N.png, the prompt under each page) and bench/out/fidelity.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { PX_PER_MM } from '@studio/contracts/page';
import { composePage } from '@studio/engine/compose/compose-page';
import type { DrawnThing } from '@studio/engine/compose/drawn-report';
import type { PageNote } from '@studio/contracts/page-notes';
import { decodePngToBitmap } from '@studio/engine/compose/rasterize-page';
import { pageEmptiness } from '@studio/engine/quality/page-emptiness';
import { FIDELITY_PROMPTS, THINGS } from './fidelity-prompts';
import type { FidelityPrompt } from './fidelity-prompts';

const MIN_SIDE_MM = 8;
const MIN_VISIBLE = 0.4;
const TILE_W = 300;
const TILE_H = 400;
const LABEL_H = 56;
const SHEET_COLUMNS = 6;
const SHEET_ROWS = 5;

interface Expectation {
  thing: string;
  word: string;
  count: number;
}

function parseExpectation(text: string): Expectation {
  const [body, times] = text.split('*');
  const [thing, word] = body.split(':');
  if (!THINGS[thing]) throw new Error(`fidelity-prompts: unknown thing "${thing}"`);
  return { thing, word: word ?? thing, count: times ? Number(times) : 1 };
}

/** How many separate visible pictures of the thing the page has (an `all` pattern needs each part). */
function countDrawn(thing: string, drawn: DrawnThing[]): number {
  const pattern = THINGS[thing];
  const visible = drawn.filter((d) => d.role !== 'subject' || (d.visibleShare >= MIN_VISIBLE && Math.min(d.box.width, d.box.height) >= MIN_SIDE_MM * PX_PER_MM));
  if (pattern instanceof RegExp) return visible.filter((d) => pattern.test(d.name.toLowerCase())).length;
  return Math.min(...pattern.all.map((part) => visible.filter((d) => part.test(d.name.toLowerCase())).length));
}

function honest(missed: Expectation[], unmatched: string[], notes: PageNote[]): boolean {
  // Fewer than asked is said by a count note ("3 kittens: drew 2"), not as "not drawn".
  const said = [...unmatched, ...notes.filter((n) => n.kind === 'count').map((n) => n.asked)].map((u) => u.toLowerCase());
  return missed.every((m) => said.some((u) => u.includes(m.word.toLowerCase()) || m.word.toLowerCase().includes(u)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function tile(png: Buffer, label: string, ok: boolean): Promise<Buffer> {
  const page = await sharp(png).resize(TILE_W, TILE_H - LABEL_H, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_W}" height="${LABEL_H}"><rect width="100%" height="100%" fill="${ok ? '#ffffff' : '#ffe3e3'}"/><text x="6" y="22" font-family="sans-serif" font-size="16">${escapeXml(label.slice(0, 34))}</text><text x="6" y="44" font-family="sans-serif" font-size="13" fill="#555">${escapeXml(label.slice(34, 80))}</text></svg>`;
  return sharp({ create: { width: TILE_W, height: TILE_H, channels: 3, background: '#ffffff' } })
    .composite([{ input: page, left: 0, top: 0 }, { input: Buffer.from(text), left: 0, top: TILE_H - LABEL_H }])
    .png()
    .toBuffer();
}

function selectPrompts(argv: string[]): FidelityPrompt[] {
  const subset = argv.indexOf('--subset');
  const only = argv.indexOf('--only');
  if (only >= 0) return FIDELITY_PROMPTS.filter((p) => new RegExp(argv[only + 1]).test(p.prompt));
  if (subset >= 0) {
    // Every k-th prompt, so a quick run still spans the whole set (places, relations, CJK...).
    const n = Number(argv[subset + 1]);
    const step = FIDELITY_PROMPTS.length / n;
    return Array.from({ length: n }, (_, i) => FIDELITY_PROMPTS[Math.floor(i * step)]);
  }
  return FIDELITY_PROMPTS;
}

async function main(): Promise<void> {
  const prompts = selectPrompts(process.argv.slice(2));
  mkdirSync('bench/out', { recursive: true });
  // Loading the subject library is a start-up cost, not a page cost.
  await composePage('warm up', { difficulty: 'toddler', ratio: '1:1', verify: false });
  const rows: unknown[] = [];
  const tiles: Buffer[] = [];
  let fully = 0;
  let thingsDrawn = 0;
  let thingsAsked = 0;
  let honestPrompts = 0;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const emptiness: number[] = [];
  for (const entry of prompts) {
    const difficulty = entry.difficulty ?? 'children';
    const expectations = entry.expect.map(parseExpectation);
    // CPU time (this process, libvips threads included) is the target; wall time depends on
    // what else the machine runs.
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await composePage(entry.prompt, { difficulty, ratio: '3:4' });
    const cpu = process.cpuUsage(cpuStart);
    const ms = performance.now() - started;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    times.push(ms);
    cpuTimes.push(cpuMs);
    // Inside the frame the composer drew (its frames vary by seed), on the delivered raster.
    const empty = pageEmptiness(await decodePngToBitmap(result.page.png), result.inside).share;
    emptiness.push(empty);
    const missed = expectations.filter((e) => countDrawn(e.thing, result.drawn) < e.count);
    const drawnThings = expectations.length - missed.length;
    thingsDrawn += drawnThings;
    thingsAsked += expectations.length;
    if (missed.length === 0) fully++;
    const isHonest = honest(missed, result.unmatched, result.notes);
    if (isHonest) honestPrompts++;
    const said = result.drawn.map((d) => `${d.name}${d.role === 'subject' ? ` ${(d.visibleShare * 100).toFixed(0)}%` : ''}`).join(', ');
    console.log(
      `${missed.length ? 'MISS' : 'ok  '} ${isHonest ? '     ' : 'LIES '}${cpuMs.toFixed(0).padStart(5)} ms cpu ${ms.toFixed(0).padStart(5)} ms wall, empty ${(empty * 100).toFixed(0).padStart(3)}% ${difficulty.padEnd(8)} ${entry.prompt}` +
        ` → ${said || '(nothing)'}${missed.length ? ` | missed: ${missed.map((m) => `${m.thing}${m.count > 1 ? `×${m.count}` : ''}`).join(', ')}` : ''}${result.unmatched.length ? ` | unmatched: ${result.unmatched.join(', ')}` : ''}${result.notes.length ? ` | notes: ${result.notes.map((n) => (n.kind === 'count' ? `${n.asked} ${n.drawn}/${n.wanted}` : `${n.drawn.en} for ${n.asked}`)).join(', ')}` : ''}`,
    );
    rows.push({ prompt: entry.prompt, difficulty, ms: Math.round(ms), cpuMs: Math.round(cpuMs), emptiness: empty, missed: missed.map((m) => m.thing), honest: isHonest, drawn: result.drawn, unmatched: result.unmatched, notes: result.notes, passes: result.page.report.passes });
    tiles.push(await tile(result.page.png, `${entry.prompt}${result.unmatched.length ? ` — not drawn: ${result.unmatched.join(', ')}` : ''}`, missed.length === 0));
  }
  const perSheet = SHEET_COLUMNS * SHEET_ROWS;
  const sheets: string[] = [];
  for (let s = 0; s * perSheet < tiles.length; s++) {
    const part = tiles.slice(s * perSheet, (s + 1) * perSheet);
    const file = `bench/out/fidelity-sheet-${s + 1}.png`;
    await sharp({ create: { width: TILE_W * SHEET_COLUMNS, height: TILE_H * Math.ceil(part.length / SHEET_COLUMNS), channels: 3, background: '#888888' } })
      .composite(part.map((input, i) => ({ input, left: (i % SHEET_COLUMNS) * TILE_W, top: Math.floor(i / SHEET_COLUMNS) * TILE_H })))
      .png()
      .toFile(file);
    sheets.push(file);
  }
  const summary = {
    prompts: prompts.length,
    fullyDrawnShare: fully / prompts.length,
    thingsDrawnShare: thingsDrawn / thingsAsked,
    honestyShare: honestPrompts / prompts.length,
    medianEmptiness: median(emptiness),
    pagesOver60PercentEmpty: emptiness.filter((e) => e > 0.6).length,
    medianCpuMs: Math.round(median(cpuTimes)),
    maxCpuMs: Math.round(Math.max(...cpuTimes)),
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
  };
  writeFileSync('bench/out/fidelity.json', `${JSON.stringify({ summary, rows }, null, 2)}\n`);
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  console.log(`\n${summary.prompts} prompts: fully drawn ${pct(summary.fullyDrawnShare)} (target ≥ 95%); things drawn ${thingsDrawn}/${thingsAsked} (${pct(summary.thingsDrawnShare)})`);
  console.log(`honesty: ${pct(summary.honestyShare)} of prompts name every thing not drawn in unmatched (target 100%)`);
  console.log(`emptiness: median ${pct(summary.medianEmptiness)}; ${summary.pagesOver60PercentEmpty} pages over 60%`);
  console.log(`time per page (composer + checker): CPU median ${summary.medianCpuMs} ms, max ${summary.maxCpuMs} ms (target median ≤ 1000 ms); wall median ${summary.medianMs} ms, max ${summary.maxMs} ms`);
  console.log(`contact sheets: ${sheets.join(', ')}`);
}

await main();
