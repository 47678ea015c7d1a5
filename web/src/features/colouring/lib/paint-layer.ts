import { PAPER_PIXEL } from './colours';
import { NO_COLOUR } from './colouring-history';
import type { LayerRegions } from './layer-runs';

/** The part of the layer a fill changed: what must reach the canvas. */
export interface DirtyBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Writes one region's colour into the layer's pixels (a Uint32Array view of its ImageData) run
 * by run, and answers the box to upload. Cost: the region's pixels on the layer, nothing else.
 */
export function paintRegion(pixels: Uint32Array, layer: LayerRegions, region: number, colour: number): DirtyBox | null {
  if (region <= 0 || region > layer.count) return null;
  const value = colour === NO_COLOUR ? PAPER_PIXEL : colour;
  const { runs, runStart, boxes } = layer;
  for (let k = runStart[region]; k < runStart[region + 1]; k += 1) pixels.fill(value, runs[2 * k], runs[2 * k + 1]);
  const b = 4 * region;
  if (boxes[b + 2] <= boxes[b]) return null;
  return { x: boxes[b], y: boxes[b + 1], width: boxes[b + 2] - boxes[b], height: boxes[b + 3] - boxes[b + 1] };
}

/** The union of two boxes (either may be null). */
export function unionBox(a: DirtyBox | null, b: DirtyBox | null): DirtyBox | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * The region under a layer pixel; on a line, the nearest region within `reach` layer pixels (a
 * finger that lands on a line still colours what it meant). 0 when there is none.
 */
export function regionAt(layer: LayerRegions, x: number, y: number, reach = 0): number {
  const lx = Math.floor(x);
  const ly = Math.floor(y);
  const { width, height, labels } = layer;
  const at = (px: number, py: number) => (px >= 0 && py >= 0 && px < width && py < height ? labels[py * width + px] : 0);
  const direct = at(lx, ly);
  if (direct || reach <= 0) return direct;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let dy = -reach; dy <= reach; dy += 1) {
    for (let dx = -reach; dx <= reach; dx += 1) {
      const distance = dx * dx + dy * dy;
      if (distance >= bestDistance || distance > reach * reach) continue;
      const label = at(lx + dx, ly + dy);
      if (label) {
        best = label;
        bestDistance = distance;
      }
    }
  }
  return best;
}
