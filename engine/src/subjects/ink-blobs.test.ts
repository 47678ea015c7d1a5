import { describe, expect, it } from 'vitest';
import { inkDepth, isInkBlob, whitened } from './ink-blobs';

const SIZE = 64;
const CELL = SIZE / 72;

function raster(paint: (x: number, y: number) => boolean): Uint8Array {
  const cells = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) cells[y * SIZE + x] = paint(x + 0.5, y + 0.5) ? 1 : 0;
  return cells;
}

describe('ink blobs', () => {
  it('tells a solid disc from a pupil and from a long line', () => {
    const disc = raster((x, y) => (x - 32) ** 2 + (y - 32) ** 2 <= 10 ** 2);
    const pupil = raster((x, y) => (x - 32) ** 2 + (y - 32) ** 2 <= 3 ** 2);
    const line = raster((x, y) => y >= 30 && y < 31.5 && x > 4 && x < 60);
    expect(isInkBlob(disc, SIZE, CELL)).toBe(true);
    expect(isInkBlob(pupil, SIZE, CELL)).toBe(false);
    expect(isInkBlob(line, SIZE, CELL)).toBe(false);
    expect(inkDepth(disc, SIZE)).toBeGreaterThan(inkDepth(line, SIZE));
  });

  it('turns a blob into a closed white area with an outline', () => {
    const blob = whitened({ tag: 'path', attrs: { d: 'M0 0L10 0L10 10M20 20L30 20L30 30' }, role: 'ink', color: null });
    expect(blob.role).toBe('fill');
    expect(blob.attrs.d).toBe('M0 0L10 0L10 10zM20 20L30 20L30 30z');
  });
});
