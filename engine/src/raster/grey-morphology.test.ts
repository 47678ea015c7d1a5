import { describe, expect, it } from 'vitest';
import { squareExtreme } from './grey-morphology';
import { seededRandom } from '../lineart/synthetic-images';

/** The extreme over each pixel's square window, clipped at the image's edges, by brute force. */
function bruteForce(src: Uint8Array, width: number, height: number, radius: number, takeMax: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = takeMax ? 0 : 255;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(height - 1, y + radius); yy++) {
        for (let xx = Math.max(0, x - radius); xx <= Math.min(width - 1, x + radius); xx++) {
          const s = src[yy * width + xx];
          v = takeMax ? Math.max(v, s) : Math.min(v, s);
        }
      }
      out[y * width + x] = v;
    }
  }
  return out;
}

describe('squareExtreme', () => {
  it('is the square window’s max or min at every pixel, edges included, for any radius and shape', () => {
    const random = seededRandom(3);
    for (const [width, height, radius] of [
      [1, 1, 2],
      [7, 3, 1],
      [23, 17, 3],
      [40, 9, 6],
    ]) {
      const src = Uint8Array.from({ length: width * height }, () => Math.floor(random() * 256));
      for (const takeMax of [true, false]) expect(squareExtreme(src, width, height, radius, takeMax)).toEqual(bruteForce(src, width, height, radius, takeMax));
    }
  });
});
