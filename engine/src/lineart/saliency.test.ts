import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { subjectSaliency } from './saliency';

/** Green field with a red disc of radius r at (cx, cy). */
function discImage(width: number, height: number, cx: number, cy: number, r: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const inside = (x - cx) ** 2 + (y - cy) ** 2 < r * r;
      data.set(inside ? [200, 40, 30] : [70, 130, 50], i);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('subjectSaliency', () => {
  it('finds a disc unlike the border, wherever it stands', () => {
    for (const [cx, cy] of [
      [80, 60],
      [40, 70],
    ]) {
      const image = discImage(160, 120, cx, cy, 25);
      const saliency = subjectSaliency(image, new Float32Array(160 * 120));
      const at = (x: number, y: number): number => saliency[y * 160 + x];
      expect(at(cx, cy)).toBeGreaterThan(0.6);
      expect(at(150, 10)).toBeLessThan(0.2);
    }
  });
});

/**
 * A head-and-shoulders portrait: sky above a green field, a face and neck in the middle (skin, or
 * `skin` false: a grey balloon on a string, no face), and a shirt of the field's own green
 * running out of the frame at the bottom.
 */
function portrait(width: number, height: number, skin: boolean): RgbImage {
  const data = new Uint8Array(width * height * 3);
  const cx = width / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const face = ((x - cx) / 18) ** 2 + ((y - 45) / 22) ** 2 < 1 || (Math.abs(x - cx) < 7 && y >= 45 && y < 75);
      const body = y >= 75 && Math.abs(x - cx) < 48 - Math.max(0, 85 - y);
      const colour = face ? (skin ? [214, 170, 140] : [150, 150, 160]) : body ? [60, 128, 60] : y < 70 ? [120, 170, 230] : [66, 132, 56];
      data.set(colour, 3 * (y * width + x));
    }
  }
  return { data, width, height, channels: 3 };
}

describe('subjectSaliency on a portrait', () => {
  it('keeps the shirt under a face as subject when asked, though it has the colour of the field at the frame', () => {
    const width = 160;
    const height = 160;
    const person = subjectSaliency(portrait(width, height, true), new Float32Array(width * height), true);
    const balloon = subjectSaliency(portrait(width, height, false), new Float32Array(width * height), true);
    const plain = subjectSaliency(portrait(width, height, true), new Float32Array(width * height));
    const at = (map: Float32Array, x: number, y: number): number => map[y * width + x];
    expect(at(person, 80, 45)).toBeGreaterThan(0.6);
    // The middle of the chest: subject under a face, background under a balloon.
    expect(at(person, 80, 120)).toBeGreaterThan(0.5);
    expect(at(balloon, 80, 120)).toBeLessThan(0.25);
    // Without the cue (pages that keep the background) the shirt is the field's.
    expect(at(plain, 80, 120)).toBeLessThan(0.25);
    // The field beside the shoulders stays background.
    expect(at(person, 5, 120)).toBeLessThan(0.25);
  });
});
