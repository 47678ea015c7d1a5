import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../io/load-image';
import type { RgbImage } from '../io/load-image';
import { findFaceShapes } from './face-model';
import { personMask } from './person-mask';

const personWithFlag = async (): Promise<RgbImage> => decodeImage(await readFile(new URL('./fixtures/person-with-flag.jpg', import.meta.url)));

/** Mean of `mask` over the box x0..x1, y0..y1 given as shares of the picture. */
function meanIn(mask: Float32Array, image: RgbImage, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.round(y0 * image.height); y < y1 * image.height; y++) {
    for (let x = Math.round(x0 * image.width); x < x1 * image.width; x++) {
      sum += mask[y * image.width + x];
      count++;
    }
  }
  return sum / count;
}

describe('personMask', () => {
  it('marks the person of a portrait, face, cap and uniform, and not the flag behind her', async () => {
    const image = await personWithFlag();
    const mask = await personMask(image);
    expect(mask).not.toBeNull();
    const plane = mask ?? new Float32Array();
    expect(plane.length).toBe(image.width * image.height);
    const [face] = (await findFaceShapes(image)) ?? [];
    const { x, y, width, height } = face.box;
    expect(meanIn(plane, image, x / image.width, y / image.height, (x + width) / image.width, (y + height) / image.height)).toBeGreaterThan(0.9);
    // Her uniform at the bottom middle; the flag in the top left corner.
    expect(meanIn(plane, image, 0.3, 0.85, 0.7, 1)).toBeGreaterThan(0.9);
    expect(meanIn(plane, image, 0, 0, 0.15, 0.4)).toBeLessThan(0.1);
    // Most of the mask is on her: under a quarter of it lies above her cap's brim or beside her shoulders' box.
    let on = 0;
    let off = 0;
    for (let i = 0; i < plane.length; i++) {
      if (plane[i] < 0.5) continue;
      const px = i % image.width;
      const py = (i - px) / image.width;
      if (py < y - height || px < x - 1.5 * width || px > x + 2.5 * width) off++;
      else on++;
    }
    expect(off / (on + off)).toBeLessThan(0.25);
  }, 20_000);

  it('answers null, not an error, when the model files cannot be found', async () => {
    const nowhere = mkdtempSync(path.join(tmpdir(), 'no-person-mask-'));
    expect(await personMask(await personWithFlag(), { resolveFrom: import.meta.url, modelDir: nowhere })).toBeNull();
  });
});
