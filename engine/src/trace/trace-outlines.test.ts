import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../page';
import { traceCrackLoops, traceToSvg } from './trace-outlines';
import { parseSvg } from '../output/svg-to-pdf';
import { seededRandom } from '../lineart/synthetic-images';

function disc(size: number, radius: number, hole = 0): Bitmap {
  const data = new Uint8Array(size * size).fill(255);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      if (d <= radius && d >= hole) data[y * size + x] = 0;
    }
  }
  return { width: size, height: size, data };
}

/** Shoelace area of a closed polygon of x, y pairs. */
function area(points: ArrayLike<number>): number {
  let sum = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum += points[2 * i] * points[2 * j + 1] - points[2 * j] * points[2 * i + 1];
  }
  return Math.abs(sum) / 2;
}

describe('traceCrackLoops', () => {
  it('turns a filled circle into one closed loop enclosing its area', () => {
    const loops = traceCrackLoops(disc(100, 30));
    expect(loops).toHaveLength(1);
    const loop = loops[0];
    // Closed: the walk ends one unit step from where it started.
    const n = loop.length / 2;
    expect(Math.abs(loop[0] - loop[2 * n - 2]) + Math.abs(loop[1] - loop[2 * n - 1])).toBe(1);
    expect(area(loop)).toBeGreaterThan(Math.PI * 29 * 29);
    expect(area(loop)).toBeLessThan(Math.PI * 31 * 31);
  });

  it('turns a ring into an outer and an inner loop', () => {
    expect(traceCrackLoops(disc(100, 30, 15))).toHaveLength(2);
  });

  it('walks every ink–paper pixel edge exactly once, on random blobs touching the edges', () => {
    const random = seededRandom(3);
    const [width, height] = [120, 90];
    const data = new Uint8Array(width * height).fill(255);
    for (let b = 0; b < 70; b++) {
      const x0 = Math.floor(random() * width) - 5;
      const y0 = Math.floor(random() * height) - 5;
      const w = 1 + Math.floor(random() * 20);
      const h = 1 + Math.floor(random() * 20);
      for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) data.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x0 + w));
    }
    let edges = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (data[y * width + x] >= 128) continue;
        if (y === 0 || data[(y - 1) * width + x] >= 128) edges++;
        if (y === height - 1 || data[(y + 1) * width + x] >= 128) edges++;
        if (x === 0 || data[y * width + x - 1] >= 128) edges++;
        if (x === width - 1 || data[y * width + x + 1] >= 128) edges++;
      }
    }
    const loops = traceCrackLoops({ width, height, data });
    expect(loops.reduce((sum, loop) => sum + loop.length / 2, 0)).toBe(edges);
    for (const loop of loops) {
      const n = loop.length / 2;
      expect(Math.abs(loop[0] - loop[2 * n - 2]) + Math.abs(loop[1] - loop[2 * n - 1])).toBe(1);
    }
  });
});

describe('traceCrackLoops on reused scratch', () => {
  it('gives the same loops for a page whatever was traced before it', () => {
    const small = disc(100, 30, 15);
    const first = traceCrackLoops(small).map((loop) => Array.from(loop));
    traceCrackLoops(disc(140, 60));
    traceCrackLoops(disc(90, 40, 5));
    expect(traceCrackLoops(small).map((loop) => Array.from(loop))).toEqual(first);
  });
});

describe('traceToSvg', () => {
  it('writes one compact even-odd path that parses back with the page size', () => {
    const svg = traceToSvg(disc(100, 30, 15));
    const root = parseSvg(svg);
    expect(root.attrs.viewBox).toBe('0 0 100 100');
    const path = root.children.find((c) => c.name === 'path');
    expect(path?.attrs['fill-rule']).toBe('evenodd');
    const d = path?.attrs.d ?? '';
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d).toMatch(/q/);
    expect(svg.length).toBeLessThan(3000);
  });
});
