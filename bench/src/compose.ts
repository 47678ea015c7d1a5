/**
 * npm run bench:compose — the offline composer on 40 everyday prompts (10 in Chinese/Japanese) at
 * every difficulty: time per page, share that matched a real subject, share passing the page
 * checker (engine/src/quality/check-page.ts). Then 8 prompts where one subject holds or eats
 * another (decision 016), reported apart: how many put the held subject at a hand or mouth anchor.
 * Writes bench/out/compose-sheet.png (rows: prompts; columns: toddler…adult) and
 * bench/out/compose.json. Prints figures; it never fails on timing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { DIFFICULTIES } from '@studio/contracts/constants';
import type { Difficulty } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS } from '@studio/contracts/page';
import { composePage } from '@studio/engine/compose/compose-page';
import { cleanPage, decodePngToBitmap } from '@studio/engine/compose/rasterize-page';
import { checkPage } from '@studio/engine/quality/check-page';

const PROMPTS = [
  'a cute unicorn', 'a cat playing with yarn', 'puppy with a ball', 'dinosaur in the jungle', 'fire truck', 'a rocket in space',
  'octopus under the sea', 'a princess castle', 'a butterfly on a flower', 'an owl in the forest', 'a friendly dragon',
  'a school bus', 'a tractor on the farm', 'a turtle on the beach', 'a birthday cake', 'an ice cream cone', 'a pizza',
  'a cat and a dog', 'a mermaid', 'a race car', 'an airplane in the sky', 'a lion in the jungle', 'an elephant',
  'a snowman in the snow', 'a halloween pumpkin', 'a christmas tree', 'a teddy bear', 'a sunflower', 'a robot',
  'a hot air balloon',
  '小猫在花园里', '可爱的独角兽', '太空中的火箭', '海底世界的鱼', '熊猫吃竹子',
  '恐竜とジャングル', '庭の子猫', '海の中のイルカ', '消防車', 'ひまわり',
];

/** Held things at a hand or mouth anchor (en, zh, ja). */
const HOLDING_PROMPTS = [
  'a bear holding a balloon', 'a dog with a bone', 'a girl holding flowers', 'a cat eating fish', 'a monkey eating a banana',
  '小熊拿着气球', '風船を持ったくま', '女の子がアイスクリームを持っている',
];

const TILE = 200;

interface Row {
  prompt: string;
  set: 'everyday' | 'holding';
  /** The anchor the held subject went to, or null (no relation, or drawn side by side). */
  holding: 'hands' | 'mouth' | null;
  difficulty: Difficulty;
  ms: number;
  matched: boolean;
  subjects: string[];
  unmatched: string[];
  style: string;
  regions: number;
  passes: boolean;
  passesAfterRetry: boolean;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  mkdirSync('bench/out', { recursive: true });
  // Loading and (if needed) building the subject library is a start-up cost, not a page cost.
  await composePage('warm up', { difficulty: 'toddler', ratio: '1:1' });
  let rows: Row[] = [];
  const checkMs: number[] = [];
  const tiles: { input: Buffer; left: number; top: number }[] = [];
  for (const [p, prompt] of [...PROMPTS, ...HOLDING_PROMPTS].entries()) {
    for (const [d, difficulty] of DIFFICULTIES.entries()) {
      // Timed without the in-composer checker run (verify: false); the checker then judges every page.
      const started = performance.now();
      const result = await composePage(prompt, { difficulty, ratio: '3:4', verify: false });
      const ms = performance.now() - started;
      const bitmap = await decodePngToBitmap(result.page.png);
      const checkStarted = performance.now();
      const report = checkPage(bitmap, difficulty);
      checkMs.push(performance.now() - checkStarted);
      const pure = bitmap.data.every((v) => v === 0 || v === 255);
      const regions = cleanPage(bitmap, 1, 0).regionCount;
      const spec = DIFFICULTY_SPECS[difficulty];
      const passes = pure && report.passes && regions >= spec.minRegions && regions <= spec.maxRegions;
      let passesAfterRetry = passes;
      if (!report.passes) {
        // What the server gets: the same call with the checker as the composer's gate (verify on).
        const retried = await composePage(prompt, { difficulty, ratio: '3:4' });
        passesAfterRetry = retried.page.report.passes;
        console.log(`  checker: ${report.problems.join('; ')}; with verify on: ${passesAfterRetry ? 'passes' : 'still fails'} after ${retried.attempts} attempts`);
      }
      rows.push({ prompt, set: p < PROMPTS.length ? 'everyday' : 'holding', holding: result.holding?.via ?? null, difficulty, ms, passesAfterRetry, matched: result.understanding.subjects.length > 0, subjects: result.subjects, unmatched: result.unmatched, style: result.style, regions, passes });
      tiles.push({ input: await sharp(result.page.png).resize(TILE, TILE, { fit: 'contain', background: '#999' }).png().toBuffer(), left: d * TILE, top: p * TILE });
      console.log(`${ms.toFixed(0).padStart(5)} ms  ${difficulty.padEnd(8)} ${String(regions).padStart(4)} regions ${passes ? 'ok  ' : 'FAIL'} ${prompt} → ${result.subjects.join(', ') || result.style}${result.holding ? ` [${result.holding.via}]` : ''}${result.unmatched.length ? ` (not understood: ${result.unmatched.join(', ')})` : ''}`);
    }
  }
  const holdingRows = rows.filter((r) => r.set === 'holding');
  const all = rows;
  rows = all.filter((r) => r.set === 'everyday');
  const times = rows.map((r) => r.ms);
  const matchedPrompts = new Set(rows.filter((r) => r.matched).map((r) => r.prompt)).size;
  const holding = {
    pages: holdingRows.length,
    atAnchorShare: holdingRows.filter((r) => r.holding !== null).length / holdingRows.length,
    passShare: holdingRows.filter((r) => r.passes).length / holdingRows.length,
    passShareWithVerify: holdingRows.filter((r) => r.passesAfterRetry).length / holdingRows.length,
    medianMs: Math.round(percentile(holdingRows.map((r) => r.ms), 50)),
  };
  const summary = {
    pages: rows.length,
    medianMs: Math.round(percentile(times, 50)),
    p95Ms: Math.round(percentile(times, 95)),
    matchedShare: matchedPrompts / PROMPTS.length,
    passShare: rows.filter((r) => r.passes).length / rows.length,
    passShareWithVerify: rows.filter((r) => r.passesAfterRetry).length / rows.length,
    checkerMedianMs: Math.round(percentile(checkMs, 50)),
    perDifficultyMedianMs: Object.fromEntries(DIFFICULTIES.map((d) => [d, Math.round(percentile(rows.filter((r) => r.difficulty === d).map((r) => r.ms), 50))])),
  };
  writeFileSync('bench/out/compose.json', `${JSON.stringify({ summary, holding, rows: all }, null, 2)}\n`);
  await sharp({ create: { width: TILE * DIFFICULTIES.length, height: TILE * (PROMPTS.length + HOLDING_PROMPTS.length), channels: 3, background: '#999' } })
    .composite(tiles)
    .png()
    .toFile('bench/out/compose-sheet.png');
  console.log(`\n${summary.pages} pages: median ${summary.medianMs} ms, p95 ${summary.p95Ms} ms (target median ≤ 1000 ms)`);
  console.log(`matched a real subject: ${(summary.matchedShare * 100).toFixed(0)}% of prompts`);
  console.log(`passing the page checker: ${(summary.passShare * 100).toFixed(1)}% first time; ${(summary.passShareWithVerify * 100).toFixed(1)}% with the checker as the composer's gate (verify on, the default)`);
  console.log(`median by difficulty: ${JSON.stringify(summary.perDifficultyMedianMs)}`);
  console.log(`page checker (engine/src/quality/check-page.ts), run separately: median ${summary.checkerMedianMs} ms a page`);
  console.log(
    `holding prompts (${holding.pages} pages): ${(holding.atAnchorShare * 100).toFixed(0)}% at a hand or mouth anchor; ` +
      `checker ${(holding.passShare * 100).toFixed(1)}% first time, ${(holding.passShareWithVerify * 100).toFixed(1)}% with verify; median ${holding.medianMs} ms`,
  );
  console.log('contact sheet: bench/out/compose-sheet.png (the last 8 rows are the holding prompts)');
}

await main();
