import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { boundaryProbability, CONTEXT_FEATURE_NAMES, contextPlanes, fadeAtFrame, learnedBoundaryMap } from './boundary-model';
import { FEATURE_NAMES } from './boundary-features';
import { BOUNDARY_MODEL } from './boundary-model-weights';
import { BOUNDARY_CONTEXT_MODEL } from './boundary-context-weights';
import { BOUNDARY_THIRD_MODEL } from './boundary-third-weights';
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

describe('frame fade', () => {
  it('scales the map by the distance to the nearest image edge within the band', () => {
    const map = new Float32Array(20 * 12).fill(1);
    fadeAtFrame(map, 20, 12, 5);
    expect(map[0]).toBe(0);
    expect(map[6 * 20 + 2]).toBeCloseTo(2 / 5); // two pixels from the left edge
    expect(map[6 * 20 + 16]).toBeCloseTo(3 / 5); // three from the right
    expect(map[1 * 20 + 10]).toBeCloseTo(1 / 5); // one from the top
    expect(map[6 * 20 + 10]).toBe(1); // five or more from every edge
  });

  it('leaves no learned boundary on the outermost rows, where the two halves meet the frame', () => {
    const soft = learnedBoundaryMap(twoHalves(80, 60));
    for (const y of [0, 59]) expect(Math.max(...soft.data.subarray(y * 80, y * 80 + 80))).toBe(0);
    const inside = 30 * 80;
    expect(Math.max(...soft.data.subarray(inside + 38, inside + 42))).toBeGreaterThan(0.5);
  });
});

describe('staged boundary model', () => {
  it('ships weights for the three stages that match their feature lists', () => {
    expect(BOUNDARY_MODEL.features).toEqual(FEATURE_NAMES);
    for (const model of [BOUNDARY_CONTEXT_MODEL, BOUNDARY_THIRD_MODEL]) {
      expect(model?.features).toEqual([...FEATURE_NAMES, ...CONTEXT_FEATURE_NAMES]);
      expect(model?.mean).toHaveLength(FEATURE_NAMES.length + CONTEXT_FEATURE_NAMES.length);
    }
  });

  it('gives context planes the size of the map, and probabilities high on the edge, low away from it', () => {
    const image = twoHalves(80, 60);
    const { probability } = boundaryProbability(image);
    const planes = contextPlanes(probability, 80, 60);
    expect(planes).toHaveLength(CONTEXT_FEATURE_NAMES.length);
    for (const plane of planes) expect(plane).toHaveLength(80 * 60);
    const row = 30 * 80;
    expect(Math.max(probability[row + 39], probability[row + 40])).toBeGreaterThan(0.5);
    expect(probability[row + 10]).toBeLessThan(0.2);
    expect(probability[row + 70]).toBeLessThan(0.2);
  });
});
