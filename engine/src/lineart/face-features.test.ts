import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { faceFeatures, findFaces, skinMask } from './face-features';

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
    const { holes } = faceFeatures(skin, image.width, image.height, 4);
    expect(holes).toHaveLength(3);
    // Raster order: the two eyes, then the mouth below them.
    const rows = holes.map((pixels) => Math.round(pixels.reduce((s, i) => s + Math.floor(i / image.width), 0) / pixels.length));
    expect(rows).toEqual([50, 50, 78]);
  });

  it('takes no patch without a pair of eyes for a face (a tan animal, sand, wood)', () => {
    const oneEye = portrait([EYES[0], MOUTH]);
    expect(faceFeatures(skinMask(oneEye), oneEye.width, oneEye.height, 4).holes).toEqual([]);
    expect(faceFeatures(skinMask(oneEye), oneEye.width, oneEye.height, 4).faces.every((f) => f === 0)).toBe(true);
    const speckled = portrait(
      Array.from({ length: 16 }, (_, k) => ({ x: 42 + (k % 4) * 12, y: 36 + Math.floor(k / 4) * 14, rx: 3, ry: 3 })),
    );
    expect(faceFeatures(skinMask(speckled), speckled.width, speckled.height, 4).holes).toEqual([]);
  });

  it('takes no patch of the wrong shape for a face (a strip of skin-coloured ground)', () => {
    const strip = portrait(EYES, { x: 60, y: 60, rx: 58, ry: 14 });
    expect(findFaces(skinMask(strip), strip.width, strip.height).faces).toEqual([]);
  });

  it('marks where the face lies: its skin down to the chin, not its features nor the neck below', () => {
    // The face oval (rows 22–98) with a neck under it (rows 95–125, narrower).
    const image = portrait([...EYES, MOUTH]);
    for (let y = 95; y <= 125; y++) for (let x = 50; x <= 70; x++) image.data.set(SKIN, 3 * (y * image.width + x));
    const { faces } = faceFeatures(skinMask(image), image.width, image.height, 4);
    const at = (x: number, y: number): number => faces[y * image.width + x];
    // Skin is the face; an eye, the mouth and the wall are not.
    expect([at(60, 40), at(40, 60), at(48, 50), at(60, 78), at(10, 10)]).toEqual([1, 1, 0, 0, 0]);
    // The chin: 0.75 of the patch's width (61) below the eyes (row 50), row 96; the neck below it is not face.
    expect(at(60, 95)).toBe(1);
    expect(at(60, 110)).toBe(0);
  });

  it('finds a face whose skin runs on down its neck into shoulders to the bottom of the picture', () => {
    // A shirt can pass for skin: then neck and shoulders join the face's patch to the bottom edge.
    const image = portrait([...EYES, MOUTH]);
    for (let y = 95; y < image.height; y++) {
      const [x0, x1] = y <= 112 ? [50, 70] : [10, 110];
      for (let x = x0; x <= x1; x++) image.data.set(SKIN, 3 * (y * image.width + x));
    }
    const skin = skinMask(image);
    expect(findFaces(skin, image.width, image.height).faces).toEqual([]);
    const [face] = findFaces(skin, image.width, image.height, true).faces;
    // Cut where the neck widens into the shoulders.
    expect(face?.y1).toBe(112);
    expect(faceFeatures(skin, image.width, image.height, 4).holes).toHaveLength(3);
  });

  it('leaves out of the face the pixels far from the lightness of its cheeks (light brown hair passes for skin)', () => {
    const image = portrait([...EYES, MOUTH]);
    const skin = skinMask(image);
    // Lightness 80 on the skin, 40 on the rows above the eyes' brows: hair the skin test took.
    const lightness = Float32Array.from({ length: image.width * image.height }, (_, i) => (Math.floor(i / image.width) < 35 ? 40 : 80));
    const at = (faces: Int32Array, x: number, y: number): number => faces[y * image.width + x];
    const plain = faceFeatures(skin, image.width, image.height, 4).faces;
    const withHair = faceFeatures(skin, image.width, image.height, 4, undefined, lightness).faces;
    expect([at(plain, 60, 30), at(plain, 60, 60)]).toEqual([1, 1]);
    expect([at(withHair, 60, 30), at(withHair, 60, 60)]).toEqual([0, 1]);
  });
});
