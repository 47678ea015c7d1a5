import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../page';
import { findFrameInside, pageEmptiness } from './page-emptiness';
import { blank, outline, rect } from './test-bitmaps';

/** A composer-like frame: an outer line, a band split by a few spokes, an inner line. */
function framed(width: number, height: number): Bitmap {
  const page = blank(width, height);
  outline(page, 20, 20, width - 20, height - 20, 4);
  outline(page, 50, 50, width - 50, height - 50, 4);
  rect(page, width / 2, 20, width / 2 + 4, 50);
  rect(page, 20, height / 2, 50, height / 2 + 4);
  return page;
}

describe('findFrameInside', () => {
  it('finds the inside of a double-line frame with spokes in its band', () => {
    expect(findFrameInside(framed(600, 800))).toEqual({ x: 54, y: 54, width: 492, height: 692 });
  });

  it('measures a page without a frame from its edges', () => {
    const page = blank(300, 200);
    rect(page, 100, 50, 200, 150);
    expect(findFrameInside(page)).toEqual({ x: 0, y: 0, width: 300, height: 200 });
  });

  it('does not take a ground line deep inside the page for the frame', () => {
    const page = framed(600, 800);
    // A straight edge of a road across the whole inside, a fifth of the page up from the bottom.
    rect(page, 54, 640, 546, 644);
    expect(findFrameInside(page).height).toBe(692);
  });
});

describe('pageEmptiness', () => {
  it('is 1 for an empty frame, whatever the band and margin hold', () => {
    const result = pageEmptiness(framed(600, 800));
    expect(result.share).toBe(1);
    expect(result.insidePx).toBe(492 * 692);
  });

  it('is the largest white area, not the total: a wall across the middle halves it', () => {
    const page = framed(600, 800);
    // A horizontal wall splitting the inside into two equal halves.
    rect(page, 54, 398, 546, 402);
    const result = pageEmptiness(page);
    expect(result.largestPx).toBe(492 * 344);
    expect(result.share).toBeCloseTo(344 / 692, 5);
  });

  it('counts a white area reached only through a corner as separate (4-connected)', () => {
    const page = blank(10, 10);
    // Ink everywhere but two 5x5 squares touching at one corner.
    rect(page, 0, 0, 10, 10);
    rect(page, 0, 0, 5, 5, 255);
    rect(page, 5, 5, 10, 10, 255);
    expect(pageEmptiness(page, { x: 0, y: 0, width: 10, height: 10 }).share).toBe(0.25);
  });

  it('fills up as a drawing covers the inside', () => {
    const page = framed(600, 800);
    const empty = pageEmptiness(page).share;
    // A big outlined subject in the middle: its inside is a separate white area.
    outline(page, 150, 200, 450, 600, 6);
    const drawn = pageEmptiness(page).share;
    expect(drawn).toBeLessThan(empty);
    expect(drawn).toBeCloseTo((492 * 692 - 300 * 400) / (492 * 692), 5);
    // A grid of small cells leaves no large white area at all.
    for (let x = 54; x < 546; x += 40) rect(page, x, 54, x + 3, 746);
    for (let y = 54; y < 746; y += 40) rect(page, 54, y, 546, y + 3);
    expect(pageEmptiness(page).share).toBeLessThan(0.01);
  });

  it('uses a given box instead of looking for a frame, clipped to the page', () => {
    const page = blank(100, 100);
    rect(page, 0, 50, 100, 52);
    const result = pageEmptiness(page, { x: -10, y: 0, width: 200, height: 100 });
    expect(result.inside).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    expect(result.share).toBe(0.5);
  });
});
