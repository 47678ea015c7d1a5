// BSDS500 boundary benchmark (bench/src/bsds/*) of the engine's soft boundary map, or of the lines
// a photo page really draws. Soft maps: ODS, OIS and AP per split. --map page: the lines the page
// draws between its regions — the region boundaries smoothed along their length, as the page
// strokes them (page-lines.ts) — at the photo's own size, one pixel wide, at one difficulty: one
// precision/recall point, F, and the median time per photo. --map regions: the region boundaries
// before that smoothing (what --map page scored until decision 040). Usage:
//   npm run bench:quality -- [--split val|train|both] [--thresholds 25] [--limit N]
//     [--map learned|gradient|page|regions] [--difficulty toddler|children|teen|adult]
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { ImageCounts } from './bsds/evaluate';
import { summarise, thresholds } from './bsds/evaluate';
import { DIFFICULTIES } from '@studio/contracts/constants';
import { BSDS_ROOT } from './bsds/read-maps';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'both' },
    thresholds: { type: 'string', default: '25' },
    limit: { type: 'string' },
    workers: { type: 'string' },
    map: { type: 'string', default: 'learned' },
    difficulty: { type: 'string', default: 'children' },
  },
});
if (!['learned', 'gradient', 'page', 'regions'].includes(values.map)) throw new Error(`--map must be learned, gradient, page or regions, not ${values.map}`);
if (!(DIFFICULTIES as readonly string[]).includes(values.difficulty)) throw new Error(`--difficulty must be one of ${DIFFICULTIES.join(', ')}`);
const pageMode = values.map === 'page' || values.map === 'regions';
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function runSplit(split: string): Promise<void> {
  let ids = (await readdir(join(BSDS_ROOT, 'images', split))).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).sort();
  if (values.limit) ids = ids.slice(0, Number(values.limit));
  // A page's lines are drawn or not: one threshold splits the binary map.
  const list = pageMode ? [0.5] : thresholds(Number(values.thresholds));
  const workerCount = Math.max(1, Math.min(ids.length, Number(values.workers ?? availableParallelism())));
  const started = performance.now();
  const results: ImageCounts[] = [];
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: workerCount }, (_, w) => {
      const share = ids.filter((_, i) => i % workerCount === w);
      return new Promise<void>((resolve, reject) => {
        // Workers load TypeScript through tsx's loader, registered before the worker module is imported.
        const entry = new URL('./bsds/worker.ts', import.meta.url).href;
        const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
          eval: true,
          workerData: { split, ids: share, thresholds: list, map: values.map, difficulty: values.difficulty },
        });
        worker.on('message', (message: { type: string; counts?: ImageCounts; ms?: number }) => {
          if (message.type === 'image' && message.counts) {
            results.push(message.counts);
            times.push(message.ms ?? 0);
            if (results.length % 10 === 0 || results.length === ids.length) {
              const seconds = (performance.now() - started) / 1000;
              process.stdout.write(`\r${split}: ${results.length}/${ids.length} images, ${seconds.toFixed(0)} s`);
            }
          }
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
      });
    }),
  );
  process.stdout.write('\n');
  results.sort((a, b) => a.id.localeCompare(b.id));
  const s = summarise(results, list);
  if (pageMode) {
    console.log(
      `${split} (${ids.length} images, ${values.difficulty}): ${values.map === 'page' ? 'page lines' : 'region boundaries'} F ${s.ods.f.toFixed(4)} (R ${s.ods.r.toFixed(3)}, P ${s.ods.p.toFixed(3)})  ` +
        `median ${median(times).toFixed(0)} ms per photo`,
    );
    return;
  }
  console.log(
    `${split} (${ids.length} images, ${list.length} thresholds): ` +
      `ODS F ${s.ods.f.toFixed(4)} (R ${s.ods.r.toFixed(3)}, P ${s.ods.p.toFixed(3)}, t ${s.ods.t.toFixed(3)})  ` +
      `OIS F ${s.ois.f.toFixed(4)}  AP ${s.ap.toFixed(4)}  median ${median(times).toFixed(0)} ms per photo`,
  );
}

if (pageMode) {
  console.log(
    values.map === 'page'
      ? `BSDS500 boundary benchmark of the lines a photo page draws (${values.difficulty}), at the photo's own size, before stroking.`
      : `BSDS500 boundary benchmark of a photo page's region boundaries before smoothing (${values.difficulty}), at the photo's own size.`,
  );
  console.log('Published segmentation boundaries, ODS on the test split: mean shift 0.64, Felzenszwalb 0.61, gPb-owt-ucm 0.73.');
} else {
  console.log(`BSDS500 boundary benchmark, engine soft map (${values.map}).`);
  console.log('Published ODS on the test split: Canny 0.60, gPb-owt-ucm 0.73, HED 0.78, human 0.80.');
}
for (const split of values.split === 'both' ? ['val', 'train'] : [values.split as string]) await runSplit(split);
