import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../io/load-image';
import type { RgbImage } from '../io/load-image';
import { findFaceShapes } from './face-model';
import type { FaceShape } from './face-model';
import { humanFaces, mayShowFaces, mergedFaces, peopleFaces } from './human-faces';

const portrait = async (): Promise<RgbImage> => decodeImage(await readFile(new URL('./fixtures/face-portrait.jpg', import.meta.url)));

function centre(face: FaceShape, from: number, to: number): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (let k = from; k <= to; k++) {
    x += face.points[2 * k] / (to - from + 1);
    y += face.points[2 * k + 1] / (to - from + 1);
  }
  return { x, y };
}

describe('the face model', () => {
  it('finds the face of a small portrait with its 68 landmarks where a face has them', async () => {
    const image = await portrait();
    const faces = await findFaceShapes(image);
    expect(faces).not.toBeNull();
    expect(faces?.length).toBe(1);
    const face = (faces ?? [])[0];
    expect(face.score).toBeGreaterThan(0.9);
    expect(face.points.length).toBe(136);
    const left = centre(face, 36, 41);
    const right = centre(face, 42, 47);
    const nose = centre(face, 31, 35);
    const mouth = centre(face, 48, 59);
    expect(left.x).toBeLessThan(right.x);
    expect(Math.abs(left.y - right.y)).toBeLessThan(0.1 * face.box.height);
    expect(nose.y).toBeGreaterThan(Math.max(left.y, right.y));
    expect(mouth.y).toBeGreaterThan(nose.y);
    for (const p of [left, right, nose, mouth]) {
      expect(p.x).toBeGreaterThan(face.box.x);
      expect(p.x).toBeLessThan(face.box.x + face.box.width);
    }
    expect(humanFaces(faces ?? [], image)).toEqual(faces);
  }, 20_000);

  it('answers null, not an error, when its packages cannot be found', async () => {
    const nowhere = path.join(mkdtempSync(path.join(tmpdir(), 'no-face-model-')), 'here.js');
    expect(await findFaceShapes(await portrait(), { resolveFrom: nowhere })).toBeNull();
  });
});

describe('humanFaces', () => {
  it('drops a find whose box is far wider than its features (an animal head), and keeps a grey photo\'s face without a colour test', async () => {
    const image = await portrait();
    const [face] = (await findFaceShapes(image)) ?? [];
    const wide = { ...face, box: { ...face.box, width: 4 * face.box.width } };
    expect(humanFaces([wide], image)).toEqual([]);
    // An unsure find with no skin colour on its cheeks: dropped in colour, kept in grey.
    const unsure = { ...face, score: 0.7 };
    const green: RgbImage = { ...image, data: image.data.map((v, i) => (i % 3 === 1 ? 200 : 40)) };
    expect(humanFaces([unsure], green)).toEqual([]);
    const grey: RgbImage = { ...image, data: image.data.map((v, i) => image.data[i - (i % 3)]) };
    expect(humanFaces([unsure], grey)).toEqual([unsure]);
  }, 20_000);
});

describe('mayShowFaces', () => {
  it('runs the model on a photo with skin colour or on a grey one, not on a colour photo without skin colour', async () => {
    const image = await portrait();
    expect(mayShowFaces(image)).toBe(true);
    expect(mayShowFaces({ ...image, data: image.data.map((v, i) => (i % 3 === 1 ? 200 : 40)) })).toBe(false);
    expect(mayShowFaces({ ...image, data: image.data.map((v, i) => image.data[i - (i % 3)]) })).toBe(true);
  });
});

describe('peopleFaces', () => {
  it('finds the portrait\'s face once though both scales find it', async () => {
    const faces = await peopleFaces(await portrait());
    expect(faces?.length).toBe(1);
  }, 20_000);

  it('merges faces whose boxes overlap, keeping the higher score, and keeps apart ones that do not', async () => {
    const [face] = (await findFaceShapes(await portrait())) ?? [];
    const shifted = { ...face, score: face.score - 0.1, box: { ...face.box, x: face.box.x + 0.1 * face.box.width } };
    const elsewhere = { ...face, box: { ...face.box, x: face.box.x + 2 * face.box.width } };
    expect(mergedFaces([[shifted], [face]])).toEqual([face]);
    expect(mergedFaces([[face], [elsewhere]]).length).toBe(2);
  }, 20_000);
});
