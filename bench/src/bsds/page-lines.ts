// The lines a photo page draws, as the BSDS500 benchmark scores them: the page's own smoothed
// boundary lines (drawnLines, photo-to-page.ts) at the photo's size, one pixel wide, before
// stroking. bench:quality --map page and page-tune.ts both score this map.
import type { Difficulty } from '@studio/contracts/constants';
import { drawnLines } from '@studio/engine/lineart/photo-to-page';
import type { MarkedRegions } from '@studio/engine/lineart/photo-regions';
import type { Chain } from '@studio/engine/lineart/draw-boundaries';

/**
 * 1 on every pixel a drawn line passes through, in the human maps' convention: BSDS500's maps
 * (seg2bmap) mark a boundary between two pixels on the one above or left of it, half a pixel
 * towards the origin. A point in pixel-corner coordinates is moved the same half pixel and marks
 * the pixel it then falls in, so a straight crack lands where a person's boundary on it does.
 */
export function pageLineMap(regions: MarkedRegions, difficulty: Difficulty, details: Chain[] = []): Float32Array {
  const { width, height } = regions;
  const map = new Float32Array(width * height);
  const mark = (x: number, y: number): void => {
    const px = Math.min(width - 1, Math.max(0, Math.floor(x - 0.5)));
    const py = Math.min(height - 1, Math.max(0, Math.floor(y - 0.5)));
    map[py * width + px] = 1;
  };
  for (const { line } of drawnLines(regions, difficulty, details)) {
    mark(line[0], line[1]);
    for (let k = 2; k < line.length; k += 2) {
      const [x0, y0, x1, y1] = [line[k - 2], line[k - 1], line[k], line[k + 1]];
      // Samples every half pixel along the segment: no gaps in the line.
      const steps = Math.max(1, Math.ceil(2 * Math.hypot(x1 - x0, y1 - y0)));
      for (let s = 1; s <= steps; s++) mark(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps);
    }
  }
  return map;
}
