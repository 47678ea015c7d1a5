// Tuning aid for the photo page's merging (decision 033): the merge hierarchy of each BSDS500
// photo as an ultrametric contour map, scored at many cuts, per variant of the merge cost.
// Prints per cut the F, R, P and the median region count. Tune on train only.
//   npx tsx bench/src/bsds/page-tune.ts [--split train] [--limit N] [--difficulty children] [--variants a,b]
//     [--models a.json,b.json]   (train-merge-cost.ts --out x.json, for the variants learned+model=0, page+model=1, …)
// `page+px=N+stages=S` scores the page on evidence at N pixels from S boundary stages. Prints ODS
// and OIS (the best cut per photo) per variant, then F, R, P per cut.
import { readdir } from 'node:fs/promises';
import { join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ImageCounts } from './evaluate';
import { summarise } from './evaluate';
import { BSDS_ROOT } from './read-maps';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'train' },
    limit: { type: 'string' },
    start: { type: 'string', default: '0' },
    workers: { type: 'string', default: '2' },
    difficulty: { type: 'string', default: 'children' },
    variants: { type: 'string', default: 'base' },
    thresholds: { type: 'string', default: '' },
    models: { type: 'string', default: '' },
  },
});
let ids = (await readdir(join(BSDS_ROOT, 'images', values.split))).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).sort();
ids = ids.slice(Number(values.start), values.limit ? Number(values.start) + Number(values.limit) : undefined);
const list = values.thresholds
  ? values.thresholds.split(',').map(Number)
  : Array.from({ length: 24 }, (_, i) => 0.02 * Math.pow(1.16, i));
const variants = values.variants.split(',');
const workerCount = Number(values.workers);
const results = new Map<string, { counts: ImageCounts[]; regions: number[][] }>();
for (const v of variants) results.set(v, { counts: [], regions: [] });
await Promise.all(
  Array.from({ length: workerCount }, (_, w) => {
    const share = ids.filter((_, i) => i % workerCount === w);
    return new Promise<void>((resolve, reject) => {
      const entry = new URL('./page-tune-worker.ts', import.meta.url).href;
      const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
        eval: true,
        workerData: {
          split: values.split,
          ids: share,
          thresholds: list,
          variants,
          difficulty: values.difficulty,
          models: values.models ? values.models.split(',').map((f) => resolvePath(f)) : [],
        },
      });
      worker.on('message', (m: { variant: string; counts: ImageCounts; regions: number[] }) => {
        const r = results.get(m.variant);
        r?.counts.push(m.counts);
        r?.regions.push(m.regions);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
    });
  }),
);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const [variant, { counts, regions }] of results) {
  counts.sort((a, b) => a.id.localeCompare(b.id));
  const s = summarise(counts, list);
  console.log(`\n${variant} (${counts.length} images, ${values.difficulty}): ODS F ${s.ods.f.toFixed(4)} (R ${s.ods.r.toFixed(3)}, P ${s.ods.p.toFixed(3)}, t ${s.ods.t.toFixed(4)}) OIS F ${s.ois.f.toFixed(4)}`);
  for (let k = 0; k < list.length; k++) {
    let cntR = 0, sumR = 0, cntP = 0, sumP = 0;
    for (const c of counts) {
      cntR += c.cntR[k]; sumR += c.sumR[k]; cntP += c.cntP[k]; sumP += c.sumP[k];
    }
    const r = cntR / Math.max(1, sumR);
    const p = sumP > 0 ? cntP / sumP : 1;
    const f = r + p > 0 ? (2 * r * p) / (r + p) : 0;
    console.log(`  t ${list[k].toFixed(4)}  F ${f.toFixed(4)}  R ${r.toFixed(3)}  P ${p.toFixed(3)}  regions median ${median(regions.map((x) => x[k]))}`);
  }
}
