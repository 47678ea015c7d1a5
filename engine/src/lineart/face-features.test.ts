import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { faceHoles, findFaces, skinMask } from './face-features';

const SKIN: [number, number, number] = [224, 172, 140];
const WALL: [number, number, number] = [70, 110, 160];
const DARK: [number, number, number] = [40, 30, 30];

/** A 120 × 140 picture on a blue wall: a skin-coloured oval face with `marks` painted dark. */
function portrait(marks: { x: number; y: number; rx: number; ry: number }[], faceAt = { x: 60, y: 60, rx: 30, ry: 38 }): RgbImage {
  const width = 120;
  const height = 140;
  const data = new Uint8Array(width * height * 3);
  const inside = (x: number, y: number, e: { x: number; y: number; rx: number; ry: number }): boolean => ((x - e.x) / e.rx) ** 2 + ((y - e.y) / e.ry) ** 2 <= 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = marks.some((m) => inside(x, y, m)) ? DARK : inside(x, y, faceAt) ? SKIN : WALL;
      data.set(colour, 3 * (y * width + x));
    }
  }
  return { width, height, channels: 3, data };
}

const EYES = [
  { x: 48, y: 50, rx: 5, ry: 3 },
  { x: 72, y: 50, rx: 5, ry: 3 },
];
const MOUTH = { x: 60, y: 78, rx: 10, ry: 2 };

describe('faces and their features', () => {
  it('finds a face-shaped patch of skin and its eyes and mouth as holes', () => {
    const image = portrait([...EYES, MOUTH]);
    const skin = skinMask(image);
    expect(findFaces(skin, image.width, image.height).faces).toHaveLength(1);
    const holes = faceHoles(skin, image.width, image.height, 4);
    expect(holes).toHaveLength(3);
    // Raster order: the two eyes, then the mouth below them.
    const rows = holes.map((pixels) => Math.round(pixels.reduce((s, i) => s + Math.floor(i / image.width), 0) / pixels.length));
    expect(rows).toEqual([50, 50, 78]);
  });

  it('takes no patch without a pair of eyes for a face (a tan animal, sand, wood)', () => {
    const oneEye = portrait([EYES[0], MOUTH]);
    expect(faceHoles(skinMask(oneEye), oneEye.width, oneEye.height, 4)).toEqual([]);
    const speckled = portrait(
      Array.from({ length: 16 }, (_, k) => ({ x: 42 + (k % 4) * 12, y: 36 + Math.floor(k / 4) * 14, rx: 3, ry: 3 })),
    );
    expect(faceHoles(skinMask(speckled), speckled.width, speckled.height, 4)).toEqual([]);
  });

  it('takes no patch of the wrong shape for a face (a strip of skin-coloured ground)', () => {
    const strip = portrait(EYES, { x: 60, y: 60, rx: 58, ry: 14 });
    expect(findFaces(skinMask(strip), strip.width, strip.height).faces).toEqual([]);
  });
});
