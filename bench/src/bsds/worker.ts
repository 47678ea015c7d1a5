import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadImage } from '@studio/engine/io/load-image';
import { softBoundaryMap } from '@studio/engine/lineart/photo-to-page';
import { gradientBoundaryMap } from '@studio/engine/lineart/boundary-map';
import { evaluateImage } from './evaluate';
import { BSDS_ROOT, readHumans } from './read-maps';

/** One benchmark worker: computes the engine's soft map for its share of images and scores it. */
interface Job {
  split: string;
  ids: string[];
  thresholds: number[];
  map: 'learned' | 'gradient';
}

const job = workerData as Job;
for (const id of job.ids) {
  const image = await loadImage(await readFile(join(BSDS_ROOT, 'images', job.split, `${id}.jpg`)));
  const soft = job.map === 'gradient' ? gradientBoundaryMap(image) : softBoundaryMap(image);
  const humans = await readHumans(join(BSDS_ROOT, 'groundtruth', job.split), id);
  const counts = evaluateImage(id, soft.data, humans, soft.width, soft.height, job.thresholds);
  parentPort?.postMessage({ type: 'image', counts });
}
parentPort?.postMessage({ type: 'done' });
