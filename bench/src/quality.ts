// BSDS500 boundary benchmark of the engine's soft boundary map (bench/src/bsds/*). Prints ODS,
// OIS and AP for the val and train splits. Usage:
//   npm run bench:quality -- [--split val|train|both] [--thresholds 25] [--limit N] [--map learned|gradient]
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { ImageCounts } from './bsds/evaluate';
import { summarise, thresholds } from './bsds/evaluate';
import { BSDS_ROOT } from './bsds/read-maps';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'both' },
    thresholds: { type: 'string', default: '25' },
    limit: { type: 'string' },
    workers: { type: 'string' },
    map: { type: 'string', default: 'learned' },
  },
});

async function runSplit(split: string): Promise<void> {
  let ids = (await readdir(join(BSDS_ROOT, 'images', split))).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).sort();
  if (values.limit) ids = ids.slice(0, Number(values.limit));
  const list = thresholds(Number(values.thresholds));
  const workerCount = Math.max(1, Math.min(ids.length, Number(values.workers ?? availableParallelism())));
  const started = performance.now();
  const results: ImageCounts[] = [];
  await Promise.all(
    Array.from({ length: workerCount }, (_, w) => {
      const share = ids.filter((_, i) => i % workerCount === w);
      return new Promise<void>((resolve, reject) => {
        // Workers load TypeScript through tsx's loader, registered before the worker module is imported.
        const entry = new URL('./bsds/worker.ts', import.meta.url).href;
        const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
          eval: true,
          workerData: { split, ids: share, thresholds: list, map: values.map },
        });
        worker.on('message', (message: { type: string; counts?: ImageCounts }) => {
          if (message.type === 'image' && message.counts) {
            results.push(message.counts);
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
  console.log(
    `${split} (${ids.length} images, ${list.length} thresholds): ` +
      `ODS F ${s.ods.f.toFixed(4)} (R ${s.ods.r.toFixed(3)}, P ${s.ods.p.toFixed(3)}, t ${s.ods.t.toFixed(3)})  ` +
      `OIS F ${s.ois.f.toFixed(4)}  AP ${s.ap.toFixed(4)}`,
  );
}

console.log(`BSDS500 boundary benchmark, engine soft map (${values.map}).`);
console.log('Published ODS on the test split: Canny 0.60, gPb-owt-ucm 0.73, HED 0.78, human 0.80.');
for (const split of values.split === 'both' ? ['val', 'train'] : [values.split as string]) await runSplit(split);
