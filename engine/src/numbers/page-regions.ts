import type { Bitmap } from '../page';
import { chamferDistance } from '../raster/distance-transform';
import { labelComponents } from '../raster/label-components';

/**
 * The paper regions of a page as colour by number sees them: 4-connected paper components (the
 * same regions the page checker counts), each pixel's distance to the nearest line, each
 * region's most central point, and which regions share a line.
 */
export interface PageRegions {
  width: number;
  height: number;
  /** Region per pixel (ids from 1), 0 on ink. */
  labels: Int32Array;
  count: number;
  /** Pixels per region; index 0 unused. */
  areas: number[];
  /** Regions touching the page edge: the paper around the picture, never numbered. */
  touchesBorder: boolean[];
  /** Chamfer distance to the nearest ink pixel, in thirds of a pixel (0 on ink). */
  distance: Uint16Array;
  /** Per region: the pixel farthest from any line (its pole), and that distance. */
  pole: Int32Array;
  poleDistance: Uint16Array;
  /** Per region: neighbouring regions (across one line) and how long the line between them is. */
  neighbours: Map<number, number>[];
}

/** Regions meet across a line when the nearest paper on both sides belongs to each. */
function regionNeighbours(labels: Int32Array, width: number, height: number, count: number): Map<number, number>[] {
  // Each ink pixel takes the label of the nearest paper pixel (two chamfer passes carrying labels),
  // so a line of any width splits into the two regions it separates.
  const n = width * height;
  const near = Int32Array.from(labels);
  const dist = new Uint16Array(n);
  for (let i = 0; i < n; i++) dist[i] = labels[i] ? 0 : 65535;
  // Inlined relaxations (this runs over every pixel of the page twice): paper pixels are skipped.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let d = dist[i];
      if (d === 0) continue;
      let from = -1;
      let c: number;
      if (x > 0 && (c = dist[i - 1] + 3) < d) {
        d = c;
        from = i - 1;
      }
      if (y > 0) {
        const up = i - width;
        if ((c = dist[up] + 3) < d) {
          d = c;
          from = up;
        }
        if (x > 0 && (c = dist[up - 1] + 4) < d) {
          d = c;
          from = up - 1;
        }
        if (x < width - 1 && (c = dist[up + 1] + 4) < d) {
          d = c;
          from = up + 1;
        }
      }
      if (from >= 0) {
        dist[i] = d;
        near[i] = near[from];
      }
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let d = dist[i];
      if (d === 0) continue;
      let from = -1;
      let c: number;
      if (x < width - 1 && (c = dist[i + 1] + 3) < d) {
        d = c;
        from = i + 1;
      }
      if (y < height - 1) {
        const down = i + width;
        if ((c = dist[down] + 3) < d) {
          d = c;
          from = down;
        }
        if (x < width - 1 && (c = dist[down + 1] + 4) < d) {
          d = c;
          from = down + 1;
        }
        if (x > 0 && (c = dist[down - 1] + 4) < d) {
          d = c;
          from = down - 1;
        }
      }
      if (from >= 0) {
        dist[i] = d;
        near[i] = near[from];
      }
    }
  }
  const neighbours: Map<number, number>[] = Array.from({ length: count + 1 }, () => new Map());
  const meet = (a: number, b: number): void => {
    if (a === b || a === 0 || b === 0) return;
    neighbours[a].set(b, (neighbours[a].get(b) ?? 0) + 1);
    neighbours[b].set(a, (neighbours[b].get(a) ?? 0) + 1);
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      // Only across lines: two paper pixels of different regions never touch 4-wise.
      if (labels[i] !== 0) continue;
      if (x < width - 1) meet(near[i], near[i + 1]);
      if (y < height - 1) meet(near[i], near[i + width]);
    }
  }
  return neighbours;
}

export function findPageRegions(page: Bitmap): PageRegions {
  const { width, height, data } = page;
  const { labels, areas, touchesBorder, count } = labelComponents(data, width, height, 255, 4);
  const distance = chamferDistance(data, width, height, 255);
  const pole = new Int32Array(count + 1).fill(-1);
  const poleDistance = new Uint16Array(count + 1);
  for (let i = 0; i < labels.length; i++) {
    const r = labels[i];
    if (r !== 0 && distance[i] > poleDistance[r]) {
      poleDistance[r] = distance[i];
      pole[r] = i;
    }
  }
  return { width, height, labels, count, areas, touchesBorder, distance, pole, poleDistance, neighbours: regionNeighbours(labels, width, height, count) };
}
