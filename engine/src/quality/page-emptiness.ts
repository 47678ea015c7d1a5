/**
 * How empty a page looks: the largest connected white area inside the frame, as a share of the
 * inside of the frame, measured on the page raster the user receives (0 ink, 255 paper).
 *
 * Stable API (the page checker and bench:fidelity use it):
 * - `pageEmptiness(bitmap, inside?)` → `Emptiness`: `share` in 0..1 is the metric; `inside` is
 *   the box it was measured in (given, or found by `findFrameInside`).
 * - `findFrameInside(bitmap)` → `PixelBox`: the inside of the page's frame, read from the raster
 *   alone: on each side, the innermost straight ink line running across the middle three fifths
 *   of the side within the outer FRAME_SEARCH_SHARE of the page. A side without such a line (a
 *   page with no frame, or a frame that is not a straight band) is measured from the page edge.
 * White is 4-connected (a pen crosses only through a side, not a corner); the frame's band and
 * the margin outside it are not part of the inside, so they never count as empty.
 */
import type { Bitmap } from '../page';
import { labelRuns } from './page-runs';

/** A box in page pixels: x, y of the top-left pixel and its size. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Emptiness {
  /** Largest white area inside the frame ÷ the area inside the frame (0 = no white, 1 = blank). */
  share: number;
  largestPx: number;
  insidePx: number;
  inside: PixelBox;
}

/** A frame lies within this share of the page's shorter side from each edge. */
export const FRAME_SEARCH_SHARE = 0.12;
/** A row (or column) is a frame line when at least this share of its middle stretch is ink. */
const LINE_COVER = 0.97;
/** The middle stretch of a side that a frame line must cross (rounded corners lie outside it). */
const MIDDLE = [0.2, 0.8] as const;

const isInk = (v: number): boolean => v < 128;

/** Share of ink along a row (horizontal) or column between `a` and `b`. */
function inkCover(bitmap: Bitmap, horizontal: boolean, line: number, a: number, b: number): number {
  const { width, data } = bitmap;
  let ink = 0;
  if (horizontal) {
    const row = line * width;
    for (let x = a; x < b; x++) if (isInk(data[row + x])) ink++;
  } else {
    for (let y = a; y < b; y++) if (isInk(data[y * width + line])) ink++;
  }
  return ink / Math.max(1, b - a);
}

/**
 * Distance from one edge to the first paper line inside that edge's innermost frame line, or 0
 * when no frame line lies within the search band. `fromEnd` measures from the bottom or right.
 */
function frameDepth(bitmap: Bitmap, horizontal: boolean, fromEnd: boolean): number {
  const { width, height } = bitmap;
  const across = horizontal ? width : height;
  const along = horizontal ? height : width;
  const search = Math.floor(Math.min(width, height) * FRAME_SEARCH_SHARE);
  const a = Math.floor(across * MIDDLE[0]);
  const b = Math.ceil(across * MIDDLE[1]);
  let depth = 0;
  for (let k = 0; k < search && k < along; k++) {
    const line = fromEnd ? along - 1 - k : k;
    if (inkCover(bitmap, horizontal, line, a, b) >= LINE_COVER) depth = k + 1;
  }
  return depth;
}

/** The inside of the page's frame (see the file header); the whole page when it has none. */
export function findFrameInside(bitmap: Bitmap): PixelBox {
  const top = frameDepth(bitmap, true, false);
  const bottom = frameDepth(bitmap, true, true);
  const left = frameDepth(bitmap, false, false);
  const right = frameDepth(bitmap, false, true);
  return { x: left, y: top, width: Math.max(0, bitmap.width - left - right), height: Math.max(0, bitmap.height - top - bottom) };
}

/** The emptiness metric of a page bitmap, inside `inside` (default: the frame found on the raster). */
export function pageEmptiness(bitmap: Bitmap, inside: PixelBox = findFrameInside(bitmap)): Emptiness {
  const x0 = Math.max(0, Math.floor(inside.x));
  const y0 = Math.max(0, Math.floor(inside.y));
  const x1 = Math.min(bitmap.width, Math.ceil(inside.x + inside.width));
  const y1 = Math.min(bitmap.height, Math.ceil(inside.y + inside.height));
  const box = { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
  const insidePx = box.width * box.height;
  if (insidePx === 0) return { share: 0, largestPx: 0, insidePx: 0, inside: box };
  const crop = new Uint8Array(insidePx);
  for (let y = 0; y < box.height; y++) {
    const start = (y0 + y) * bitmap.width + x0;
    crop.set(bitmap.data.subarray(start, start + box.width), y * box.width);
  }
  const paper = labelRuns(crop, box.width, box.height, false, 4);
  let largestPx = 0;
  for (let id = 1; id <= paper.count; id++) if (paper.areas[id] > largestPx) largestPx = paper.areas[id];
  return { share: largestPx / insidePx, largestPx, insidePx, inside: box };
}
