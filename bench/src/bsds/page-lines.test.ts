import { describe, expect, it } from 'vitest';
import { pageLineMap } from './page-lines';

describe('pageLineMap', () => {
  it('draws the boundary between two regions as one unbroken line along it, on the pixel left of it as the human maps do, and nothing else', () => {
    const width = 30;
    const height = 20;
    // Left of column 12 is region 0, the rest region 1: the boundary is the crack at x = 12.
    const labels = Int32Array.from({ length: width * height }, (_, i) => (i % width < 12 ? 0 : 1));
    const map = pageLineMap({ width, height, labels, count: 2, filled: new Uint8Array(2), marks: 0 }, 'children');
    for (let y = 0; y < height; y++) {
      const row = Array.from(map.subarray(y * width, (y + 1) * width));
      expect(row.reduce((s, v) => s + v, 0)).toBe(1);
      // seg2bmap marks the pixel whose right neighbour lies across the boundary: column 11.
      expect(row.indexOf(1)).toBe(11);
    }
  });

  it('keeps a closed region closed: every pixel of the line has a neighbour on it', () => {
    const width = 40;
    const height = 40;
    const labels = Int32Array.from({ length: width * height }, (_, i) => (Math.hypot((i % width) - 20, Math.floor(i / width) - 20) < 12 ? 1 : 0));
    const map = pageLineMap({ width, height, labels, count: 2, filled: new Uint8Array(2), marks: 0 }, 'children');
    let drawn = 0;
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        if (!map[y * width + x]) continue;
        drawn++;
        let neighbours = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && map[(y + dy) * width + x + dx]) neighbours++;
        expect(neighbours).toBeGreaterThanOrEqual(2);
      }
    }
    // About the circle's circumference, 2π · 12 ≈ 75 pixels.
    expect(drawn).toBeGreaterThan(55);
    expect(drawn).toBeLessThan(110);
  });
});
