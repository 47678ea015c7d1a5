import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadImage } from '@studio/engine/io/load-image';
import type { Difficulty } from '@studio/contracts/constants';
import { pageDetails, softBoundaryMap } from '@studio/engine/lineart/photo-to-page';
import { pageBasins, photoRegions } from '@studio/engine/lineart/photo-regions';
import type { Segmentation } from '@studio/engine/lineart/segment-regions';
import { gradientBoundaryMap } from '@studio/engine/lineart/boundary-map';
import { evaluateImage } from './evaluate';
import { pageLineMap } from './page-lines';
import { BSDS_ROOT, readHumans } from './read-maps';

/**
 * One benchmark worker: computes the engine's soft map, or the lines (or the region boundaries) a page
 * draws, for its share of images and scores it.
 */
interface Job {
  split: string;
  ids: string[];
  thresholds: number[];
  map: 'learned' | 'gradient' | 'page' | 'regions';
  difficulty: Difficulty;
}

/** 1 on every pixel whose right or lower neighbour lies in another region: the lines before stroking. */
function regionBoundaries(seg: Segmentation): Float32Array {
  const { width, height, labels } = seg;
  const map = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((x + 1 < width && labels[i + 1] !== labels[i]) || (y + 1 < height && labels[i + width] !== labels[i])) map[i] = 1;
    }
  }
  return map;
}

/** The map to score and the milliseconds it took. */
function mapOf(image: Awaited<ReturnType<typeof loadImage>>): { data: Float32Array; ms: number } {
  const started = performance.now();
  if (job.map === 'page' || job.map === 'regions') {
    const basins = pageBasins(image, job.difficulty);
    const regions = photoRegions(basins, job.difficulty);
    return { data: job.map === 'page' ? pageLineMap(regions, job.difficulty, pageDetails(basins, regions, job.difficulty)) : regionBoundaries(regions), ms: performance.now() - started };
  }
  const soft = job.map === 'gradient' ? gradientBoundaryMap(image) : softBoundaryMap(image);
  return { data: soft.data, ms: performance.now() - started };
}

const job = workerData as Job;
for (const id of job.ids) {
  const image = await loadImage(await readFile(join(BSDS_ROOT, 'images', job.split, `${id}.jpg`)));
  const { data, ms } = mapOf(image);
  const humans = await readHumans(join(BSDS_ROOT, 'groundtruth', job.split), id);
  const counts = evaluateImage(id, data, humans, image.width, image.height, job.thresholds);
  parentPort?.postMessage({ type: 'image', counts, ms });
}
parentPort?.postMessage({ type: 'done' });
