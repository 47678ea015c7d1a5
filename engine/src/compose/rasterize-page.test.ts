import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../page';
import { seededRandom } from './seeded-random';
import { cleanPage, closeNarrowNecks, decodePngToBitmap, encodeBitmapPng, inkAxisLines, labelRuns, rasterizeSvg } from './rasterize-page';

function floodCount(bitmap: Bitmap, value: number): number[] {
  const { width, height, data } = bitmap;
  const seen = new Uint8Array(width * height);
  const areas: number[] = [];
  for (let s = 0; s < data.length; s++) {
    if (seen[s] || data[s] !== value) continue;
    let area = 0;
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < data.length && !seen[q] && data[q] === value) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    areas.push(area);
  }
  return areas.sort((a, b) => a - b);
}

describe('labelRuns', () => {
  it('finds the same 4-connected components as a pixel flood fill', () => {
    const random = seededRandom(42);
    for (let trial = 0; trial < 20; trial++) {
      const width = random.int(5, 40);
      const height = random.int(5, 40);
      const density = random.range(0.2, 0.7);
      const data = new Uint8Array(width * height).map(() => (random.next() < density ? 0 : 255));
      const bitmap = { width, height, data };
      for (const value of [0, 255]) expect([...labelRuns(bitmap, value).areas].sort((a, b) => a - b)).toEqual(floodCount(bitmap, value));
    }
  });

  it('does not join diagonal neighbours', () => {
    const bitmap = { width: 2, height: 2, data: new Uint8Array([0, 255, 255, 0]) };
    expect(labelRuns(bitmap, 0).areas).toEqual([1, 1]);
  });
});

describe('page raster', () => {
  it('thresholds anti-aliased SVG to pure black and white and round-trips through PNG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#fff"/><circle cx="150" cy="100" r="70.3" fill="#fff" stroke="#000" stroke-width="5.5"/></svg>';
    const bitmap = await rasterizeSvg(svg, 300, 200);
    expect(bitmap.data.every((v) => v === 0 || v === 255)).toBe(true);
    const decoded = await decodePngToBitmap(await encodeBitmapPng(bitmap));
    expect(Buffer.from(decoded.data).equals(Buffer.from(bitmap.data))).toBe(true);
    expect(cleanPage(bitmap, 50, 4).regionCount).toBe(2);
  });

  it('inks slivers, removes specks and counts what is left', () => {
    const width = 60;
    const height = 60;
    const data = new Uint8Array(width * height).fill(255);
    const bitmap = { width, height, data };
    inkAxisLines(bitmap, [{ x1: 30, y1: 0, x2: 30, y2: 60 }], 2);
    // A 2×2 hole in a black block is a sliver; a lone black pixel is a speck.
    inkAxisLines(bitmap, [{ x1: 5, y1: 10, x2: 11, y2: 10 }], 6);
    data[10 * width + 8] = 255;
    data[50 * width + 50] = 0;
    const result = cleanPage(bitmap, 10, 2);
    expect(result.specks).toBe(1);
    expect(result.slivers).toBe(1);
    expect(result.regionCount).toBe(2);
    expect(data[50 * width + 50]).toBe(255);
    expect(data[10 * width + 8]).toBe(0);
  });
});

describe('closeNarrowNecks', () => {
  function dumbbell(neckWidth: number) {
    // Two 40×40 rooms joined by a corridor, all inside ink.
    const width = 120;
    const height = 60;
    const data = new Uint8Array(width * height).fill(0);
    const open = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) data.fill(255, y * width + x0, y * width + x1);
    };
    open(5, 10, 45, 50);
    open(75, 10, 115, 50);
    open(45, 30 - Math.floor(neckWidth / 2), 75, 30 - Math.floor(neckWidth / 2) + neckWidth);
    return { width, height, data };
  }

  it('closes a neck narrower than the gap and leaves each room whole', () => {
    const page = dumbbell(4);
    expect(labelRuns(page, 255).areas).toHaveLength(1);
    expect(closeNarrowNecks(page, 4, 100, 3)).toBe(1);
    const rooms = labelRuns(page, 255).areas.filter((a) => a >= 1000);
    expect(rooms).toHaveLength(2);
  });

  it('leaves a wide passage alone', () => {
    const page = dumbbell(24);
    const before = Buffer.from(page.data);
    expect(closeNarrowNecks(page, 4, 100, 3)).toBe(0);
    expect(Buffer.from(page.data).equals(before)).toBe(true);
  });
});
