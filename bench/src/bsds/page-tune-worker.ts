import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadImage } from '@studio/engine/io/load-image';
import { DIFFICULTIES } from '@studio/contracts/constants';
import type { Difficulty } from '@studio/contracts/constants';
import { basinsOf, EVIDENCE_PIXELS, pageBasins, minBasins, minRegionShare, pageMergeOptions, pageStrength, photoRegions, PHOTO_PARAMS } from '@studio/engine/lineart/photo-regions';
import type { MlpWeights } from '@studio/engine/lineart/mlp';
import type { PhotoBasins } from '@studio/engine/lineart/photo-regions';
import { mergeRegions, watershed } from '@studio/engine/lineart/segment-regions';
import { colourGradient } from '@studio/engine/lineart/boundary-map';

/** The basins re-made by a watershed on another map: `ws=1` fine colour gradient, `ws=2` its product with the evidence. */
function rewatershed(basins: PhotoBasins, mode: number, sigma: number): PhotoBasins {
  const { workW, workH, planes } = basins;
  const evidence = (basins as PhotoBasins & { raw?: Float32Array }).raw ?? basins.evidence;
  const fine = colourGradient(planes, workW, workH, { sigmas: [sigma], chromaWeight: 1.5, blur: 'recursive', withAngle: false }).magnitude;
  let max = 0;
  for (const v of fine) if (v > max) max = v;
  const map = new Float32Array(fine.length);
  for (let i = 0; i < map.length; i++) {
    const f = Math.min(1, fine[i] / (0.5 * max));
    map[i] = mode === 1 ? f : mode === 2 ? evidence[i] * (0.3 + 0.7 * f) : Math.sqrt(evidence[i] * f);
  }
  // ws=4: seeds from the evidence's minima, flooding on the mixed map; ws=0: the evidence alone.
  const over = mode === 4 ? watershed(map, workW, workH, evidence) : mode === 5 ? watershed(evidence, workW, workH) : watershed(map, workW, workH);
  return { ...basins, over, mixed: map } as PhotoBasins;
}

/**
 * Variants of the merge cost, by name: `base` is decision 033's hand-made cost; `learned` the
 * page's own merging (the learned cost, decision 036), `learned+model=k` with the k-th weights
 * file of `--models` instead of the shipped one.
 */
function photoHierarchy(basins: PhotoBasins, difficulty: Difficulty, variant: string): { levels: Float32Array; mergeLevels: number[]; basinCount: number } {
  const { evidence, saliency } = basins;
  const opts = Object.fromEntries(variant.split('+').slice(1).map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
  const bg = opts.bg ?? 0.6;
  // `diff=0..3` scores another difficulty's merging on the same basins.
  if (opts.diff !== undefined) difficulty = DIFFICULTIES[opts.diff];
  if (variant.startsWith('learned')) {
    const levels = new Float32Array(evidence.length);
    const mergeLevels: number[] = [];
    const model = opts.model !== undefined ? models[opts.model] : undefined;
    const options = pageMergeOptions(basins, difficulty, model);
    const learned = options.boundaryCost;
    const typicalArea = (basins.workW * basins.workH) / PHOTO_PARAMS[difficulty].targetRegions;
    // `size=k`: times the hand-made size prior (smaller side over a typical region)^k; `blend=w`:
    // (1 − w) × probability + w × the hand-made cost.
    const size = opts.size ?? 0;
    const blend = opts.blend ?? 0;
    if (learned && (size > 0 || blend > 0)) {
      options.boundaryCost = (c) => {
        const colour = Math.hypot(c.meanA[0] - c.meanB[0], c.meanA[1] - c.meanB[1], c.meanA[2] - c.meanB[2]);
        const prior = Math.min(1, (Math.min(c.areaA, c.areaB) / typicalArea) ** 0.1);
        const handMade = (c.strength + 0.005 * colour) * prior;
        const p = (1 - blend) * learned(c) + blend * handMade;
        return size > 0 ? p * Math.min(1, (Math.min(c.areaA, c.areaB) / typicalArea) ** size) : p;
      };
    }
    mergeRegions(basins.over, pageStrength(evidence, saliency), { ...options, targetRegions: 1, levels, mergeLevels });
    return { levels, mergeLevels, basinCount: basins.over.count };
  }
  const strength = new Float32Array(evidence.length);
  const fine = (basins as PhotoBasins & { mixed?: Float32Array }).mixed;
  const mix = opts.st ?? 0;
  for (let i = 0; i < evidence.length; i++) {
    const e = fine && mix > 0 ? (1 - mix) * evidence[i] + mix * fine[i] : evidence[i];
    strength[i] = e * (bg + (1 - bg) * saliency[i]);
  }
  const levels = new Float32Array(evidence.length);
  const mergeLevels: number[] = [];
  mergeRegions(basins.over, strength, {
    targetRegions: 1,
    typicalRegions: PHOTO_PARAMS[difficulty].targetRegions,
    minArea: (opts.minArea ?? 1) * minRegionShare(difficulty) * basins.workW * basins.workH,
    planes: basins.planes,
    colourWeight: opts.colour ?? 0.005,
    levels,
    mergeLevels,
  });
  return { levels, mergeLevels, basinCount: basins.over.count };
}
import { evaluateImage } from './evaluate';
import { pageLineMap } from './page-lines';
import { pageDetails } from '@studio/engine/lineart/photo-to-page';
import type { ImageCounts } from './evaluate';
import { BSDS_ROOT, readHumans } from './read-maps';

/** One tuning worker: the page's merge hierarchy as an ultrametric contour map, scored at many cuts. */
interface Job {
  split: string;
  ids: string[];
  thresholds: number[];
  variants: string[];
  difficulty: Difficulty;
  /** Weights as JSON (train-merge-cost.ts --out x.json) for `learned+model=k`. */
  models: string[];
}
const job = workerData as Job;

/**
 * `page`: the page itself (photoRegions: the shipped merge cost, stopped within the band) with
 * each threshold as its cut, scored as bench:quality --map page scores it; `page+model=k` with
 * the k-th weights file of `--models` instead of the shipped one.
 */
function scorePage(id: string, basins: PhotoBasins, variant: string, humans: Uint8Array[]): void {
  const { workW: width, workH: height } = basins;
  const k = variant.split('+').find((kv) => kv.startsWith('model='));
  const model = k ? models[Number(k.slice('model='.length))] : undefined;
  const counts: ImageCounts = { id, cntR: [], sumR: [], cntP: [], sumP: [] };
  const regions: number[] = [];
  for (const t of job.thresholds) {
    const seg = photoRegions(basins, job.difficulty, undefined, false, t, model);
    // `detail=E+dlen=L`: detail lines with least evidence E and length L instead of the difficulty's (detail-lines.ts).
    const detail = variantOption(variant, 'detail');
    const params = detail === undefined ? undefined : { minEvidence: detail, minLength: variantOption(variant, 'dlen') ?? 8 };
    const details = pageDetails(basins, seg, job.difficulty, undefined, params);
    const c = evaluateImage(id, pageLineMap(seg, job.difficulty, details), humans, width, height, [0.5]);
    counts.cntR.push(c.cntR[0]);
    counts.sumR.push(c.sumR[0]);
    counts.cntP.push(c.cntP[0]);
    counts.sumP.push(c.sumP[0]);
    regions.push(seg.count);
  }
  parentPort?.postMessage({ type: 'image', variant, counts, regions });
}
/** The number a variant gives for `key` (`page+px=40000` → 40000 for `px`), if it names one. */
function variantOption(variant: string, key: string): number | undefined {
  const hit = variant.split('+').find((kv) => kv.startsWith(`${key}=`));
  return hit ? Number(hit.split('=')[1]) : undefined;
}

const models: MlpWeights[] = [];
for (const file of job.models) models.push(JSON.parse(await readFile(file, 'utf8')) as MlpWeights);
for (const id of job.ids) {
  const image = await loadImage(await readFile(join(BSDS_ROOT, 'images', job.split, `${id}.jpg`)));
  const humans = await readHumans(join(BSDS_ROOT, 'groundtruth', job.split), id);
  const cache = new Map<string, PhotoBasins>();
  for (const variant of job.variants) {
    if (variant === 'page' || variant.startsWith('page+')) {
      // `page+px=N+stages=S`: the page's basins from evidence at N pixels, S boundary stages.
      const px = variantOption(variant, 'px');
      const stages = variantOption(variant, 'stages');
      const pageKey = `page/${px}/${stages}`;
      const forPage = cache.get(pageKey) ?? (px === undefined && stages === undefined ? pageBasins(image, job.difficulty) : basinsOf(image, undefined, minBasins(job.difficulty), px ?? EVIDENCE_PIXELS, stages ?? 1));
      cache.set(pageKey, forPage);
      scorePage(id, forPage, variant, humans);
      continue;
    }
    // `px=` and `stages=` change the evidence; the rest only the merging.
    const opt = (key: string): number | undefined => variantOption(variant, key);
    const px = opt('px') ?? EVIDENCE_PIXELS;
    const key = `${px}/${opt('stages') ?? 1}`;
    const basins = cache.get(key) ?? basinsOf(image, undefined, 0, px, opt('stages') ?? 1);
    cache.set(key, basins);
    const ws = opt('ws');
    const wsKey = `${key}/ws${ws}/${opt('wsSigma') ?? 1}`;
    if (ws && !cache.has(wsKey)) cache.set(wsKey, rewatershed(basins, ws, opt('wsSigma') ?? 1));
    const used = ws ? (cache.get(wsKey) as PhotoBasins) : basins;
    const { levels, mergeLevels, basinCount } = photoHierarchy(used, job.difficulty, variant);
    const counts = evaluateImage(id, levels, humans, image.width, image.height, job.thresholds);
    // Regions left at each cut: basins minus the merges at or below it.
    const regions = job.thresholds.map((t) => basinCount - mergeLevels.filter((l) => l < t).length);
    parentPort?.postMessage({ type: 'image', variant, counts, regions });
  }
}
