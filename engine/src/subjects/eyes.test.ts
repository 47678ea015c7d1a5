import { beforeAll, describe, expect, it } from 'vitest';
import { CREATURE_EYE_KINDS, EYELESS_CREATURES, eyeElements, placeEyes, wantsEyes } from './eyes';
import { decodeMask, loadSubjectLibrary, MASK_SIZE, SUBJECT_BOX } from './subject-library';
import type { SubjectLibrary } from './subject-library';

const SIZE = 64;

function disc(cells: Uint8Array, cx: number, cy: number, r: number): void {
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) cells[y * SIZE + x] = 1;
}

function rect(cells: Uint8Array, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells[y * SIZE + x] = 1;
}

describe('placeEyes', () => {
  // A creature in profile facing left: a round head at the upper left on a long body.
  const solid = new Uint8Array(SIZE * SIZE);
  rect(solid, 24, 28, 58, 46);
  disc(solid, 16, 20, 10);
  rect(solid, 16, 24, 28, 34);
  const lines = new Uint8Array(SIZE * SIZE);
  const box = { left: 6, top: 10, right: 58, bottom: 46 };

  it('puts one eye on the head of a profile, on the side it faces', () => {
    const eyes = placeEyes(solid, lines, SIZE, box, -1, 1)!;
    expect(eyes).toHaveLength(1);
    const [eye] = eyes;
    expect(Math.hypot(eye.cx - 16, eye.cy - 20)).toBeLessThan(10 - eye.r);
    expect(eye.cx).toBeLessThan(20);
  });

  it('puts two level eyes on the head of a front view', () => {
    const front = new Uint8Array(SIZE * SIZE);
    disc(front, 32, 18, 12);
    rect(front, 22, 28, 42, 60);
    const eyes = placeEyes(front, lines, SIZE, { left: 20, top: 6, right: 44, bottom: 60 }, 0, 1)!;
    expect(eyes).toHaveLength(2);
    expect(eyes[0].cy).toBe(eyes[1].cy);
    for (const e of eyes) expect(Math.hypot(e.cx - 32, e.cy - 18)).toBeLessThan(12 - e.r);
  });

  it('keeps clear of the lines drawn inside the silhouette', () => {
    const crossed = new Uint8Array(SIZE * SIZE);
    rect(crossed, 6, 19, 26, 20);
    const eyes = placeEyes(solid, crossed, SIZE, box, -1, 1)!;
    for (const e of eyes) expect(Math.abs(e.cy - 20)).toBeGreaterThan(e.r);
  });

  it('gives no eye to a head too thin to hold one', () => {
    const thin = new Uint8Array(SIZE * SIZE);
    rect(thin, 4, 30, 60, 32);
    expect(placeEyes(thin, lines, SIZE, { left: 4, top: 30, right: 60, bottom: 32 }, -1, 1)).toBeNull();
  });

  it('draws a white eye with a pupil that has a highlight cut out of it', () => {
    const [white, pupil] = eyeElements([{ cx: 10, cy: 10, r: 4 }], 1, 0.5);
    expect(white).toMatchObject({ tag: 'circle', role: 'fill', attrs: { cx: '5', cy: '5', r: '2' } });
    expect(pupil.role).toBe('ink');
    expect(pupil.attrs['fill-rule']).toBe('evenodd');
    expect(pupil.attrs.d.match(/M/g)).toHaveLength(2);
  });
});

describe('the library’s creatures', () => {
  let library: SubjectLibrary;
  beforeAll(async () => {
    library = await loadSubjectLibrary();
  }, 120_000);

  it('all have eyes, but for the listed exceptions', () => {
    const eyeless = library.subjects.filter((s) => wantsEyes(s.kind, s.name) && !s.eyes).map((s) => s.name);
    expect(eyeless).toEqual([]);
    const creatures = library.subjects.filter((s) => CREATURE_EYE_KINDS.has(s.kind));
    for (const name of Object.keys(EYELESS_CREATURES)) expect(creatures.some((s) => s.name === name)).toBe(true);
  });

  it('have the eyes the build added inside their silhouette', () => {
    const cell = MASK_SIZE / SUBJECT_BOX;
    const added = library.subjects.filter((s) => s.eyes?.source === 'added');
    expect(added.length).toBeGreaterThan(50);
    for (const subject of added) {
      const mask = decodeMask(subject);
      for (const [x, y, r] of subject.eyes!.at) {
        for (let a = 0; a < 16; a++) {
          const px = Math.floor((x + Math.cos((a * Math.PI) / 8) * r) * cell);
          const py = Math.floor((y + Math.sin((a * Math.PI) / 8) * r) * cell);
          expect(mask[py * MASK_SIZE + px], `${subject.name} eye at ${x},${y}`).toBe(1);
        }
      }
    }
  });

  it('include the issue’s faceless animals, now with eyes', () => {
    for (const name of ['t-rex', 'rabbit', 'cat', 'dragon', 'elephant', 'dog', 'horse', 'fox', 'bird', 'fish', 'dolphin', 'shark', 'snake', 'sauropod']) {
      const subjects = library.subjects.filter((s) => s.name === name);
      expect(subjects.length, name).toBeGreaterThan(0);
      for (const s of subjects) expect(s.eyes, name).not.toBeNull();
    }
  });
});
