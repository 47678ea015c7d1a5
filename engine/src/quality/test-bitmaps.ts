import type { Bitmap } from '../page';

/** Small drawn pages for the quality tests: white paper, filled rectangles, rectangle outlines. */
export function blank(width: number, height: number): Bitmap {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

export function rect(page: Bitmap, x0: number, y0: number, x1: number, y1: number, value = 0): void {
  for (let y = y0; y < y1; y++) page.data.fill(value, y * page.width + x0, y * page.width + x1);
}

/** Outline of a rectangle, `w` pixels thick, drawn inside [x0, x1) x [y0, y1). */
export function outline(page: Bitmap, x0: number, y0: number, x1: number, y1: number, w: number): void {
  rect(page, x0, y0, x1, y0 + w);
  rect(page, x0, y1 - w, x1, y1);
  rect(page, x0, y0, x0 + w, y1);
  rect(page, x1 - w, y0, x1, y1);
}
