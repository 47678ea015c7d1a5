import { describe, expect, it } from 'vitest';
import { gaussianBlur } from '../raster/gaussian-blur';
import { recursiveGaussianBlur } from './recursive-blur';

describe('recursiveGaussianBlur', () => {
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
