import { describe, expect, it } from 'vitest';
import { detailChains } from './detail-lines';
import type { Segmentation } from './segment-regions';

const width = 40;
const height = 30;

/** A picture of `width` × `height` labelled by `labelOf(x, y)`. */
function segmentation(labelOf: (x: number, y: number) => number): Segmentation {
  const labels = new Int32Array(width * height);
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      labels[y * width + x] = labelOf(x, y);
      count = Math.max(count, labels[y * width + x] + 1);
    }
  }
  return { width, height, labels, count };
}

// Three basins: the left half cut at row 15 into a top (0) and a bottom (1), the right half (2).
// The merging joined the two left basins into region 0; the right half is region 1.
const over = segmentation((x, y) => (x >= 20 ? 2 : y < 15 ? 0 : 1));
const regions = segmentation((x) => (x >= 20 ? 1 : 0));

/** Evidence `strong` on the two rows beside the crack at y = 15 from x = 0 to `to`, 0.05 elsewhere. */
function evidence(strong: number, to: number): Float32Array {
  const e = new Float32Array(width * height).fill(0.05);
  for (let x = 0; x < to; x++) {
    e[14 * width + x] = strong;
    e[15 * width + x] = strong;
  }
  return e;
}

/** The points of a chain as [x, y] pairs. */
function points(chain: number[]): [number, number][] {
  return Array.from({ length: chain.length / 2 }, (_, i) => [chain[2 * i], chain[2 * i + 1]]);
}

describe('detailChains', () => {
  it('draws the strong part of a boundary the merging removed, as one open line along it', () => {
    const chains = detailChains(over, regions, evidence(0.7, 12), { minEvidence: 0.4, minLength: 6 });
    expect(chains).toHaveLength(1);
    const line = points(chains[0]);
    for (const [, y] of line) expect(y).toBe(15);
    const xs = line.map(([x]) => x).sort((a, b) => a - b);
    // From the picture's left edge to where the evidence weakens: the weak part stays undrawn.
    expect(xs[0]).toBe(0);
    expect(xs[xs.length - 1]).toBe(12);
  });

  it('carries an end that stops just short of a drawn boundary on to it, so no narrow gap is left', () => {
    // Strong up to x = 17: the line stops 3 pixels short of the region boundary at x = 20.
    const chains = detailChains(over, regions, evidence(0.7, 17), { minEvidence: 0.4, minLength: 6 });
    expect(chains).toHaveLength(1);
    const xs = points(chains[0]).map(([x]) => x);
    expect(Math.max(...xs)).toBe(20);
  });

  it('draws nothing where the removed boundary is weak, short, or in a region or pixels left plain', () => {
    expect(detailChains(over, regions, evidence(0.3, 20), { minEvidence: 0.4, minLength: 6 })).toHaveLength(0);
    expect(detailChains(over, regions, evidence(0.7, 4), { minEvidence: 0.4, minLength: 6 })).toHaveLength(0);
    expect(detailChains(over, regions, evidence(0.7, 12), { minEvidence: 0.4, minLength: 6 }, { plainRegions: Uint8Array.of(1, 0) })).toHaveLength(0);
    const face = new Int32Array(width * height);
    face.fill(1, 14 * width, 16 * width);
    expect(detailChains(over, regions, evidence(0.7, 12), { minEvidence: 0.4, minLength: 6 }, { plainPixels: face })).toHaveLength(0);
  });

  it('drops a short line that touches no boundary: a dash in the grass is texture, not a fold', () => {
    // A basin inside region 0 whose top edge (y = 15, x 8..24) is strong far from any boundary.
    const island = segmentation((x, y) => (x >= 8 && x < 25 && y >= 15 && y < 22 ? 1 : 0));
    const plain = segmentation(() => 0);
    const e = new Float32Array(width * height).fill(0.05);
    for (let x = 8; x < 18; x++) {
      e[14 * width + x] = 0.7;
      e[15 * width + x] = 0.7;
    }
    expect(detailChains(island, plain, e, { minEvidence: 0.4, minLength: 6 })).toHaveLength(0);
    // Three times the least length or more, it is drawn though it stands free.
    expect(detailChains(island, plain, e, { minEvidence: 0.4, minLength: 3 })).toHaveLength(1);
  });

  it('never draws over a boundary the page already draws', () => {
    // The boundary between the left and the right half is kept: strong evidence on it adds nothing.
    const e = new Float32Array(width * height).fill(0.05);
    for (let y = 0; y < height; y++) {
      e[y * width + 19] = 0.9;
      e[y * width + 20] = 0.9;
    }
    expect(detailChains(over, regions, e, { minEvidence: 0.4, minLength: 6 })).toHaveLength(0);
  });
});
