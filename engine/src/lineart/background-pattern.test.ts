import { describe, expect, it } from 'vitest';
import { hexagonPattern, patternRegions, scalePattern } from './background-pattern';
import type { Segmentation } from './segment-regions';

/** Pixel count per label. */
function areas(seg: Segmentation): number[] {
  const out = new Array<number>(seg.count).fill(0);
  for (const label of seg.labels) out[label]++;
  return out;
}

/** Whether every label's pixels form one 4-connected piece. */
function connected(seg: Segmentation): boolean {
  const { width, height, labels, count } = seg;
  const seen = new Uint8Array(labels.length);
  const pieces = new Array<number>(count).fill(0);
  for (let start = 0; start < labels.length; start++) {
    if (seen[start]) continue;
    pieces[labels[start]]++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= width * height || seen[j] || labels[j] !== labels[i]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return pieces.every((p) => p === 1);
}

describe('scalePattern and hexagonPattern', () => {
  it('cut a picture into connected cells of the asked area', () => {
    for (const pattern of [scalePattern, hexagonPattern]) {
      const cells = pattern(300, 200, 400);
      const sizes = areas(cells);
      expect(connected(cells)).toBe(true);
      // Whole cells away from the edges have the asked area; only edge cells are smaller.
      const whole = sizes.filter((a) => a > 300);
      expect(Math.max(...sizes)).toBeLessThan(1.1 * 400);
      expect(whole.reduce((s, a) => s + a, 0) / whole.length).toBeCloseTo(400, -1);
      expect(cells.count).toBeGreaterThan((300 * 200) / 400);
      expect(cells.count).toBeLessThan((1.3 * 300 * 200) / 400);
    }
  });

  it('gives scales a round top: the topmost pixel of a whole scale lies at its middle column', () => {
    const cells = scalePattern(200, 200, 800);
    const radius = 20;
    // The scale centred at (80, 80) on an even row: its top is at (80, 60), its sides at y = 80.
    const label = cells.labels[80 * 200 + 80];
    const rows = new Map<number, number[]>();
    for (let i = 0; i < cells.labels.length; i++) {
      if (cells.labels[i] !== label) continue;
      const y = Math.floor(i / 200);
      rows.set(y, [...(rows.get(y) ?? []), i % 200]);
    }
    const top = Math.min(...rows.keys());
    const topRow = rows.get(top) ?? [];
    expect(top).toBe(80 - radius);
    expect(topRow.reduce((s, x) => s + x, 0) / topRow.length).toBeCloseTo(79.5, 0);
    // Round: it widens downwards, nearly to 2r where the two scales below begin to cover it.
    expect(topRow.length).toBeLessThan(12);
    expect((rows.get(80) ?? []).length).toBeGreaterThanOrEqual(1.5 * radius);
  });
});

describe('patternRegions', () => {
  // A 120 × 80 picture: region 0 the left half (patterned), region 1 the right half (kept whole).
  const width = 120;
  const height = 80;
  const labels = new Int32Array(width * height);
  for (let i = 0; i < labels.length; i++) labels[i] = i % width < 60 ? 0 : 1;
  const halves: Segmentation = { width, height, labels, count: 2 };

  it('cuts only the patterned regions, each cell inside one region, none smaller than the least piece', () => {
    const out = patternRegions(halves, ['hexagons', 'none'], 300, 100);
    expect(connected(out)).toBe(true);
    // The right half is still one region.
    const right = new Set<number>();
    for (let i = 0; i < labels.length; i++) if (labels[i] === 1) right.add(out.labels[i]);
    expect(right.size).toBe(1);
    // Every cell lies in one of the two halves.
    const owner = new Map<number, number>();
    for (let i = 0; i < labels.length; i++) {
      const seen = owner.get(out.labels[i]);
      if (seen !== undefined) expect(seen).toBe(labels[i]);
      owner.set(out.labels[i], labels[i]);
    }
    const sizes = areas(out);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(100);
    // About (60 × 80) / 300 = 16 cells on the left, give or take the edge ones.
    expect(out.count - 1).toBeGreaterThanOrEqual(12);
    expect(out.count - 1).toBeLessThanOrEqual(22);
  });

  it('leaves a region smaller than a cell whole, and the same input gives the same labels', () => {
    const tiny = new Int32Array(width * height);
    for (let i = 0; i < tiny.length; i++) tiny[i] = i % width < 8 && Math.floor(i / width) < 8 ? 0 : 1;
    const regions: Segmentation = { width, height, labels: tiny, count: 2 };
    const out = patternRegions(regions, ['scales', 'none'], 400, 140);
    expect(out.count).toBe(2);
    const again = patternRegions(halves, ['scales', 'none'], 300, 100);
    expect(Array.from(again.labels)).toEqual(Array.from(patternRegions(halves, ['scales', 'none'], 300, 100).labels));
  });
});
