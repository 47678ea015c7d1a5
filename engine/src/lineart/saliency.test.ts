import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { subjectSaliency } from './saliency';

/** Green field with a red disc of radius r at (cx, cy). */
function discImage(width: number, height: number, cx: number, cy: number, r: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const inside = (x - cx) ** 2 + (y - cy) ** 2 < r * r;
      data.set(inside ? [200, 40, 30] : [70, 130, 50], i);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('subjectSaliency', () => {
  it('finds a disc unlike the border, wherever it stands', () => {
    for (const [cx, cy] of [
      [80, 60],
      [40, 70],
    ]) {
      const image = discImage(160, 120, cx, cy, 25);
      const saliency = subjectSaliency(image, new Float32Array(160 * 120));
      const at = (x: number, y: number): number => saliency[y * 160 + x];
      expect(at(cx, cy)).toBeGreaterThan(0.6);
      expect(at(150, 10)).toBeLessThan(0.2);
    }
  });
});
