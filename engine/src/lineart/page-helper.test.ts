import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { onHelper, pageHelperState } from './page-helper';
import { workingPlanes } from './page-helper-tasks';
import { buffersOf } from './page-helper-buffers';
import { pageBasins, pageBasinsOnTwoThreads } from './photo-regions';
import { seededRandom } from './synthetic-images';

/** A photo-like picture larger than the evidence's small copy: a sky, a hill, a dark-eyed pale face, noise. */
function scene(width: number, height: number): RgbImage {
  const random = seededRandom(11);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const face = (x - width * 0.6) ** 2 / 0.8 + (y - height * 0.45) ** 2 < (height * 0.2) ** 2;
      const eye = face && Math.abs(y - height * 0.4) < 5 && Math.abs(Math.abs(x - width * 0.6) - 20) < 6;
      const hill = y > height * 0.65 - 40 * Math.sin(x / 90);
      const colour = eye ? [40, 30, 30] : face ? [225, 180, 150] : hill ? [70, 130, 60] : [150, 190, 235];
      for (let c = 0; c < 3; c++) data[3 * (y * width + x) + c] = Math.max(0, Math.min(255, colour[c] + (random() - 0.5) * 20));
    }
  }
  return { width, height, channels: 3, data };
}

describe('the page helper thread', () => {
  const image = scene(500, 360);

  it('runs a task on its own thread with the same result as this thread, to the bit', async () => {
    const there = await onHelper('workingPlanes', image, 12);
    if (availableParallelism() > 1) expect(pageHelperState()).toBe('running');
    expect(there).toEqual(workingPlanes(image, 12));
  });

  it("makes a page's basins on two threads exactly as on one", async () => {
    for (const [difficulty, subjectOnly] of [['children', false], ['adult', false]] as const) {
      const one = pageBasins(image, difficulty, subjectOnly);
      const two = await pageBasinsOnTwoThreads(image, difficulty, subjectOnly);
      expect(two.over.count).toBe(one.over.count);
      expect(Buffer.from(two.over.labels.buffer).equals(Buffer.from(one.over.labels.buffer))).toBe(true);
      for (const key of ['evidence', 'saliency', 'fine'] as const) expect(Buffer.from(two[key].buffer).equals(Buffer.from(one[key].buffer))).toBe(true);
      expect(two.planes).toEqual(one.planes);
      expect(two.faceHoles).toEqual(one.faceHoles);
      expect(two.faces).toEqual(one.faces);
    }
  });

  it('hands over each buffer once, however many views share it', () => {
    const shared = new Float32Array(8);
    const buffers = buffersOf({ a: shared, b: [shared.subarray(2), new Int32Array(3)], c: 'text', d: [[1, 2]] });
    expect(buffers).toHaveLength(2);
  });
});
