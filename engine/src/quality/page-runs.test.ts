import { describe, expect, it } from 'vitest';
import { labelComponents } from '../raster/label-components';
import { seededRandom } from '../lineart/synthetic-images';
import { complementRuns, fillSmallComponents, labelRuns, scanRuns } from './page-runs';

function randomPage(width: number, height: number, seed: number, inkShare: number): Uint8Array {
  const random = seededRandom(seed);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = random() < inkShare ? Math.floor(random() * 128) : 128 + Math.floor(random() * 128);
  return data;
}

describe('labelRuns', () => {
  it('finds the same components and areas as the per-pixel labeller, for ink and paper, 4 and 8', () => {
    for (const seed of [1, 2, 3]) {
      const [width, height] = [61, 47];
      const data = randomPage(width, height, seed, 0.45);
      const inkMask = Uint8Array.from(data, (v) => (v < 128 ? 1 : 0));
      for (const ink of [true, false]) {
        for (const connectivity of [4, 8] as const) {
          const runs = labelRuns(data, width, height, ink, connectivity);
          const pixels = labelComponents(inkMask, width, height, ink ? 1 : 0, connectivity);
          expect(runs.count).toBe(pixels.count);
          expect(Array.from(runs.areas)).toEqual(pixels.areas);
          // Same ids on every pixel (both number components in raster order of first pixel).
          for (let r = 0; r < runs.runs; r++) {
            for (let i = runs.from[r]; i < runs.to[r]; i++) expect(pixels.labels[i]).toBe(runs.id[r]);
          }
        }
      }
    }
  });

  it('does not join runs across the end of a row', () => {
    // Ink at the right end of row 0 and the left end of row 1: diagonal in memory, not on the page.
    const data = new Uint8Array([255, 255, 0, 0, 255, 255]);
    expect(labelRuns(data, 3, 2, true, 8).count).toBe(2);
  });

  it('fills only components under the size', () => {
    const width = 10;
    const data = new Uint8Array(width * 3).fill(255);
    data[0] = 0; // a one-pixel speck
    data.fill(0, 15, 20); // a five-pixel bar
    const ink = labelRuns(data, width, 3, true, 8);
    expect(fillSmallComponents(data, ink, 2, 255)).toBe(1);
    expect(data[0]).toBe(255);
    expect(Array.from(data.subarray(15, 20))).toEqual([0, 0, 0, 0, 0]);
  });

  it('scans the same runs four pixels at a time as pixel by pixel, at any offset, with grey values', () => {
    for (const seed of [4, 5]) {
      const [width, height] = [203, 57];
      const random = seededRandom(seed);
      // Long stretches of pure paper and pure ink (skipped a word at a time) with a few grey pixels.
      const buffer = new Uint8Array(width * height + 3);
      let v = 255;
      for (let i = 0; i < buffer.length; i++) {
        if (random() < 0.03) v = v === 255 ? 0 : 255;
        buffer[i] = random() < 0.01 ? Math.floor(random() * 256) : v;
      }
      for (const offset of [0, 1, 3]) {
        const data = buffer.subarray(offset, offset + width * height);
        for (const ink of [true, false]) {
          const runs = scanRuns(data, width, height, ink);
          const expected: number[] = [];
          for (let y = 0; y < height; y++) {
            expect(runs.rowStart[y]).toBe(expected.length / 2);
            for (let x = 0; x < width; x++) {
              const i = y * width + x;
              const member = (data[i] < 128) === ink;
              const starts = member && (x === 0 || (data[i - 1] < 128) !== ink);
              const ends = member && (x === width - 1 || (data[i + 1] < 128) !== ink);
              if (starts) expected.push(i);
              if (ends) expected.push(i + 1);
            }
          }
          const got: number[] = [];
          for (let r = 0; r < runs.runs; r++) got.push(runs.from[r], runs.to[r]);
          expect(got).toEqual(expected);
          const other = complementRuns(runs, width, height);
          const direct = scanRuns(data, width, height, !ink);
          expect(Array.from(other.from)).toEqual(Array.from(direct.from));
          expect(Array.from(other.to)).toEqual(Array.from(direct.to));
          expect(Array.from(other.rowStart)).toEqual(Array.from(direct.rowStart));
        }
      }
    }
  });
});
