import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { lineWidthPx, pageSizeForRatio } from '@studio/contracts/page';
import type { Bitmap } from '../page';
import { decodeImage } from '../io/load-image';
import { closeInk, dilateInk } from '../raster/binary-morphology';
import { squareExtreme } from '../raster/grey-morphology';
import { estimateLineWidth } from '../quality/check-page';

/** Widest drawn line kept as a line, in page pixels; anything broader and grey is shading. */
const LINE_MAX_PX = 30;
/** How much darker than its surroundings a stroke must be to count as ink (0-255). */
const STROKE_CONTRAST = 70;
/** Pixels this dark are ink whatever their surroundings (solid black areas are drawn on purpose). */
const SOLID_BLACK = 60;
/** Gaps narrower than about twice this, in page pixels, are bridged. */
const GAP_CLOSE_RADIUS = 4;

/**
 * A page drawn by an image model → our page: the drawing is fitted to the page on white, grey
 * shading and soft fills are dropped (a black top-hat keeps only thin dark strokes), what is left
 * is binarised, small gaps are closed, and lines thinner than the difficulty asks are thickened.
 */
export async function cleanupDrawing(input: Buffer, difficulty: Difficulty, ratio: Ratio): Promise<Bitmap> {
  const size = pageSizeForRatio(ratio);
  const image = await decodeImage(input, { resize: { width: size.width, height: size.height, fit: 'contain' } });
  const n = size.width * size.height;
  const grey = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    grey[i] = Math.round(0.299 * image.data[3 * i] + 0.587 * image.data[3 * i + 1] + 0.114 * image.data[3 * i + 2]);
  }
  const radius = LINE_MAX_PX >> 1;
  const closed = squareExtreme(squareExtreme(grey, size.width, size.height, radius, true), size.width, size.height, radius, false);
  const data = new Uint8Array(n);
  for (let i = 0; i < n; i++) data[i] = closed[i] - grey[i] >= STROKE_CONTRAST || grey[i] < SOLID_BLACK ? 0 : 255;
  closeInk(data, size.width, size.height, GAP_CLOSE_RADIUS);
  const page: Bitmap = { width: size.width, height: size.height, data };
  const wanted = lineWidthPx(difficulty);
  const ink = data.map((v) => (v === 0 ? 1 : 0));
  const measured = estimateLineWidth(ink, size.width, size.height);
  if (measured > 0 && measured < wanted * 0.8) dilateInk(data, size.width, size.height, (wanted * 0.9 - measured) / 2);
  return page;
}
