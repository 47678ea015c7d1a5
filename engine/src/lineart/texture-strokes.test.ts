import { describe, expect, it } from 'vitest';
import { skeletonPaths, textureStrokes, thin } from './texture-strokes';
import type { TextureArea, TextureParams } from './texture-strokes';

const width = 120;
const height = 90;
const params: TextureParams = { minContrast: 1, minLength: 10, minCoherence: 0.5, clearOfOutline: 2 };

/** Lightness 70 with `dark(x, y)` pixels at 30. */
function picture(dark: (x: number, y: number) => boolean): Float32Array {
  const plane = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) plane[y * width + x] = dark(x, y) ? 30 : 70;
  return plane;
}

/** Everywhere allowed, one region, unless `labelOf` parts it. */
function area(labelOf: (x: number, y: number) => number = () => 0, allowedAt: (x: number, y: number) => boolean = () => true): TextureArea {
  const labels = new Int32Array(width * height);
  const allowed = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      labels[y * width + x] = labelOf(x, y);
      allowed[y * width + x] = allowedAt(x, y) ? 1 : 0;
    }
  }
  return { width, height, labels, allowed };
}

/** Stripes two pixels wide, every 12 pixels, running top to bottom between rows 15 and 75: fur or a facade's columns. */
const stripes = (x: number, y: number): boolean => y >= 15 && y < 75 && x >= 10 && x < 110 && x % 12 < 2;

/** Seeded pseudo-random numbers, so the test picture is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('thin', () => {
  it('makes a five-pixel bar one pixel wide and keeps its length', () => {
    const mask = new Uint8Array(width * height);
    for (let y = 40; y < 45; y++) for (let x = 20; x < 80; x++) mask[y * width + x] = 1;
    thin(mask, width, height);
    for (let x = 24; x < 76; x++) {
      let column = 0;
      for (let y = 0; y < height; y++) column += mask[y * width + x];
      expect(column).toBe(1);
    }
    const xs = [...mask.keys()].filter((i) => mask[i]).map((i) => i % width);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(50);
  });
});

describe('skeletonPaths', () => {
  it('walks a bent one-pixel line from one end to the other as one polyline', () => {
    const mask = new Uint8Array(width * height);
    for (let x = 10; x <= 40; x++) mask[20 * width + x] = 1;
    for (let y = 21; y <= 50; y++) mask[y * width + 40] = 1;
    const paths = skeletonPaths(mask, width, height);
    expect(paths).toHaveLength(1);
    expect(paths[0].length / 2).toBe(61);
    const ends = [paths[0].slice(0, 2), paths[0].slice(-2)].map(([x, y]) => `${x},${y}`).sort();
    expect(ends).toEqual(['10.5,20.5', '40.5,50.5']);
  });

  it('walks a closed ring whole', () => {
    const mask = new Uint8Array(width * height);
    for (let x = 30; x <= 50; x++) mask[30 * width + x] = mask[50 * width + x] = 1;
    for (let y = 31; y < 50; y++) mask[y * width + 30] = mask[y * width + 50] = 1;
    const paths = skeletonPaths(mask, width, height);
    expect(paths.reduce((sum, path) => sum + path.length / 2, 0)).toBe(80);
  });
});

describe('textureStrokes', () => {
  it('draws one long stroke along each dark stripe', () => {
    const strokes = textureStrokes(picture(stripes), area(), params);
    expect(strokes).toHaveLength(9);
    for (const stroke of strokes) {
      const xs = stroke.filter((_, k) => k % 2 === 0);
      const ys = stroke.filter((_, k) => k % 2 === 1);
      // Upright, on a stripe, most of its length.
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(2);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(45);
      expect(Math.min(...xs) % 12).toBeLessThan(3);
    }
  });

  it('draws nothing in a flat picture', () => {
    expect(textureStrokes(picture(() => false), area(), params)).toEqual([]);
  });

  it('leaves speckle that turns every way (foliage, gravel) blank', () => {
    const next = random(7);
    const speckle = Array.from({ length: width * height }, () => next() < 0.25);
    expect(textureStrokes(picture((x, y) => speckle[y * width + x]), area(), params)).toEqual([]);
  });

  it('keeps to the allowed pixels and clear of the outline between regions', () => {
    const allowedLeft = textureStrokes(picture(stripes), area(undefined, (x) => x < 60), params);
    expect(allowedLeft.length).toBeGreaterThan(0);
    for (const stroke of allowedLeft) for (let k = 0; k < stroke.length; k += 2) expect(stroke[k]).toBeLessThan(60);
    // A region boundary along a stripe: its line is the outline, drawn already.
    const parted = textureStrokes(picture(stripes), area((x) => (x < 49 ? 0 : 1)), params);
    expect(parted).toHaveLength(8);
    for (const stroke of parted) for (let k = 0; k < stroke.length; k += 2) expect(Math.abs(stroke[k] - 49)).toBeGreaterThan(2);
  });

  it('is deterministic', () => {
    const a = textureStrokes(picture(stripes), area(), params);
    const b = textureStrokes(picture(stripes), area(), params);
    expect(a).toEqual(b);
  });
});
