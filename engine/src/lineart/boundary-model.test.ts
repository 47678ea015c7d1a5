import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { learnedBoundaryMap } from './boundary-model';
import { gradientBoundaryMap } from './boundary-map';

/** Left half dark red, right half light blue, with mild deterministic noise. */
function twoHalves(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const noise = ((x * 7 + y * 13) % 5) - 2;
      const colour = x < width / 2 ? [120, 30, 30] : [150, 190, 230];
      for (let c = 0; c < 3; c++) data[i + c] = colour[c] + noise;
    }
  }
  return { data, width, height, channels: 3 };
}

describe('boundary maps', () => {
  for (const [name, map] of [['learned', learnedBoundaryMap], ['gradient', gradientBoundaryMap]] as const) {
    it(`${name}: one thin strong line where the colours meet, nothing in the flat halves`, () => {
      const image = twoHalves(80, 60);
      const soft = map(image);
      expect([soft.width, soft.height]).toEqual([80, 60]);
      for (let y = 10; y < 50; y++) {
        const row = Array.from(soft.data.subarray(y * 80, y * 80 + 80));
        const strongest = row.indexOf(Math.max(...row));
        expect(Math.abs(strongest - 39.5)).toBeLessThan(2);
        expect(row[strongest]).toBeGreaterThan(0.5);
        // Thinned: the line is not smeared over the row (the learned map may add a weaker echo).
        expect(row.filter((v) => v > 0.5).length).toBeLessThanOrEqual(2);
        expect(row.filter((v) => v > 0.1).length).toBeLessThanOrEqual(5);
        expect(Math.max(...row.slice(5, 30), ...row.slice(50, 75))).toBeLessThan(0.2);
      }
    });
  }
});
