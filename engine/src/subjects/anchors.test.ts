import { describe, expect, it } from 'vitest';
import { boundsOf, computeAnchors, findEyes, heavierEnd, neckRow } from './anchors';

const SIZE = 64;

/** A drawing pad of SIZE² cells with shapes to paint into it. */
function pad(): { cells: Uint8Array; rect: (x0: number, y0: number, x1: number, y1: number) => void; disc: (cx: number, cy: number, r: number) => void } {
  const cells = new Uint8Array(SIZE * SIZE);
  return {
    cells,
    rect(x0, y0, x1, y1) {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells[y * SIZE + x] = 1;
    },
    disc(cx, cy, r) {
      for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) cells[y * SIZE + x] = 1;
    },
  };
}

describe('findEyes', () => {
  it('finds compact ink dots in the upper part and ignores lines, big ink and low dots', () => {
    const ink = pad();
    ink.disc(20, 20, 2);
    ink.disc(40, 20, 2);
    ink.rect(10, 30, 50, 30); // a mouth line
    ink.disc(30, 58, 2); // a button low on the body
    const box = { left: 4, top: 4, right: 59, bottom: 60 };
    const eyes = findEyes(ink.cells, SIZE, box).map(([x, y]) => [Math.round(x), Math.round(y)]);
    expect(eyes).toEqual([
      [20, 20],
      [40, 20],
    ]);
  });
});

describe('computeAnchors', () => {
  it('puts a profile’s mouth at its snout, below the eye, on the side it faces', () => {
    // A dog-like profile facing left: a body, four legs, a head at the upper left with one eye.
    const s = pad();
    s.rect(20, 24, 56, 40);
    s.rect(22, 40, 25, 56);
    s.rect(50, 40, 53, 56);
    s.rect(8, 12, 26, 28); // head; its left edge (x = 8) is the snout
    const anchors = computeAnchors(s.cells, [[14, 17]], SIZE, 'animal', 'dog');
    expect(anchors).toMatchObject({ pose: 'side', facing: -1, hands: [] });
    const [mx, my] = anchors!.mouth!;
    expect(mx).toBeGreaterThanOrEqual(8);
    expect(mx).toBeLessThanOrEqual(10);
    expect(my).toBeGreaterThan(17);
    expect(my).toBeLessThanOrEqual(29);
  });

  it('mirrors for a profile facing right, and finds the head end without eyes', () => {
    const s = pad();
    s.rect(8, 24, 44, 40);
    s.rect(10, 40, 13, 56);
    s.rect(38, 40, 41, 56);
    s.rect(38, 10, 56, 28);
    s.rect(4, 30, 8, 32); // a thin tail
    const box = boundsOf(s.cells, SIZE)!;
    expect(heavierEnd(s.cells, SIZE, box)).toBe(1);
    const anchors = computeAnchors(s.cells, [], SIZE, 'animal', 'fox');
    expect(anchors).toMatchObject({ pose: 'side', facing: 1 });
    expect(anchors!.mouth![0]).toBeGreaterThanOrEqual(55);
    expect(anchors!.mouth![1]).toBeGreaterThan(10);
    expect(anchors!.mouth![1]).toBeLessThan(29);
  });

  it('puts a front face’s mouth on its centre line, halfway from the eyes to the chin', () => {
    const s = pad();
    s.disc(32, 32, 24);
    const anchors = computeAnchors(s.cells, [[24, 26], [40, 26]], SIZE, 'animal', 'bear');
    expect(anchors).toMatchObject({ pose: 'face', facing: 0, hands: [] });
    const [mx, my] = anchors!.mouth!;
    expect(mx).toBeCloseTo(32, 0);
    // Eyes at 26, chin at 55: halfway is 40.5.
    expect(my).toBeGreaterThan(38);
    expect(my).toBeLessThan(43);
  });

  it('finds the hands of a figure with arms at the ends of its arms, and its mouth in the head', () => {
    const s = pad();
    s.disc(32, 14, 10); // head, rows 4–24
    s.rect(29, 24, 35, 27); // neck
    s.rect(22, 28, 42, 60); // body
    s.rect(8, 36, 22, 40); // left arm, hand at x = 8
    s.rect(42, 36, 56, 40); // right arm, hand at x = 56
    const box = boundsOf(s.cells, SIZE)!;
    // Between the head's widest row (14) and the body (28): the narrow join.
    expect(neckRow(s.cells, SIZE, box)).toBeGreaterThanOrEqual(20);
    expect(neckRow(s.cells, SIZE, box)).toBeLessThanOrEqual(27);
    const anchors = computeAnchors(s.cells, [[28, 12], [36, 12]], SIZE, 'toy', 'teddy bear');
    expect(anchors).toMatchObject({ pose: 'figure', facing: 0 });
    const [left, right] = anchors!.hands;
    expect(left[0]).toBeLessThanOrEqual(9);
    expect(right[0]).toBeGreaterThanOrEqual(56);
    for (const hand of [left, right]) {
      expect(hand[1]).toBeGreaterThanOrEqual(36);
      expect(hand[1]).toBeLessThanOrEqual(41);
    }
    const [mx, my] = anchors!.mouth!;
    expect(mx).toBeCloseTo(32, 0);
    expect(my).toBeGreaterThan(12);
    expect(my).toBeLessThan(24);
  });

  it('gives a person bust two hands in front of the chest', () => {
    const s = pad();
    s.disc(32, 18, 12);
    s.rect(28, 30, 36, 34);
    s.rect(12, 35, 52, 60);
    const anchors = computeAnchors(s.cells, [[27, 16], [37, 16]], SIZE, 'person', 'girl');
    expect(anchors?.pose).toBe('bust');
    expect(anchors!.hands).toHaveLength(2);
    for (const [x, y] of anchors!.hands) {
      expect(y).toBeGreaterThan(35);
      expect(y).toBeLessThanOrEqual(61);
      expect(x).toBeGreaterThan(12);
      expect(x).toBeLessThan(53);
    }
  });

  it('has no anchors for things, for creatures listed as unreliable, and for an undecidable profile', () => {
    const s = pad();
    s.disc(32, 32, 20);
    expect(computeAnchors(s.cells, [[26, 26], [38, 26]], SIZE, 'food', 'red apple')).toBeNull();
    expect(computeAnchors(s.cells, [[26, 26], [38, 26]], SIZE, 'bird', 'owl')).toBeNull();
    // No eyes and both ends alike: there is no telling where the head is.
    expect(computeAnchors(s.cells, [], SIZE, 'animal', 'blob')).toBeNull();
  });

  it('converts cells to the 72-unit box', () => {
    const s = pad();
    s.disc(32, 32, 24);
    const cells = computeAnchors(s.cells, [[24, 26], [40, 26]], SIZE, 'animal', 'bear', 1)!;
    const units = computeAnchors(s.cells, [[24, 26], [40, 26]], SIZE, 'animal', 'bear', 72 / SIZE)!;
    expect(units.mouth![0]).toBeCloseTo((cells.mouth![0] * 72) / SIZE, 1);
  });
});
