import { describe, expect, it } from 'vitest';
import { gaussianBlur } from '../raster/gaussian-blur';
import { recursiveBlurCoefficients, recursiveGaussianBlur } from './recursive-blur';

/** The filter one row, then one column, at a time: the plain form the paired loops must match to the bit. */
function oneChainAtATime(src: Float32Array, width: number, height: number, B: number, c: [number, number, number]): Float32Array {
  const [c1, c2, c3] = c;
  const out = new Float32Array(src.length);
  const run = (read: (k: number) => number, write: (k: number, v: number) => void, length: number, scratch: Float32Array | Float64Array): void => {
    let p1 = read(0);
    let p2 = p1;
    let p3 = p1;
    for (let k = 0; k < length; k++) {
      const v = B * read(k) + c1 * p1 + c2 * p2 + c3 * p3;
      scratch[k] = v;
      [p3, p2, p1] = [p2, p1, v];
    }
    p2 = p3 = p1;
    for (let k = length - 1; k >= 0; k--) {
      const v = B * scratch[k] + c1 * p1 + c2 * p2 + c3 * p3;
      write(k, v);
      [p3, p2, p1] = [p2, p1, v];
    }
  };
  for (let y = 0; y < height; y++) run((x) => src[y * width + x], (x, v) => (out[y * width + x] = v), width, new Float64Array(width));
  for (let x = 0; x < width; x++) run((y) => out[y * width + x], (y, v) => (out[y * width + x] = v), height, new Float32Array(height));
  return out;
}

describe('recursiveGaussianBlur', () => {
  it('runs rows and columns in pairs without changing a bit: the same as one at a time, at odd and even sizes', () => {
    for (const [w, h] of [[40, 30], [41, 31], [1, 7], [9, 1]]) {
      const src = new Float32Array(w * h);
      for (let i = 0; i < src.length; i++) src[i] = Math.sin(i * 0.37) * 50 + (i % 13);
      for (const sigma of [2, 5.5]) {
        const { B, c1, c2, c3 } = recursiveBlurCoefficients(sigma);
        expect(Array.from(recursiveGaussianBlur(src, w, h, sigma))).toEqual(Array.from(oneChainAtATime(src, w, h, B, [c1, c2, c3])));
      }
    }
  });

  it('keeps a flat image flat', () => {
    const out = recursiveGaussianBlur(new Float32Array(40 * 30).fill(7), 40, 30, 3);
    for (const v of out) expect(v).toBeCloseTo(7, 4);
  });

  it('is close to the kernel blur: within 3% on a step edge, 13% at the peak of an impulse', () => {
    const [w, h] = [81, 61];
    const impulse = new Float32Array(w * h);
    impulse[30 * w + 40] = 1000;
    const step = new Float32Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 40; x < w; x++) step[y * w + x] = 100;
    for (const sigma of [1.2, 2, 3.2, 6]) {
      for (const [image, tolerance] of [[impulse, 0.13], [step, 0.03]] as const) {
        const fast = recursiveGaussianBlur(image, w, h, sigma);
        const exact = gaussianBlur(image, w, h, sigma);
        const peak = Math.max(...exact);
        let worst = 0;
        for (let i = 0; i < fast.length; i++) worst = Math.max(worst, Math.abs(fast[i] - exact[i]));
        expect(worst / peak).toBeLessThan(tolerance);
      }
    }
  });
});
