/**
 * Detail lines (decision 048): the open lines a coloring book draws inside a shape, where a fold,
 * an ear's edge or a wing's overlap runs into the outline and stops. The merging removes a
 * boundary whole, so a boundary that is strong along part of its length (a leg against the body,
 * drawn by a person only where the two overlap) is lost with its weak part. These lines give the
 * strong parts back: the basins' boundaries the merging removed, kept where the boundary evidence
 * along them is strong, long enough to read as a line.
 */
import type { Chain } from './draw-boundaries';
import { crackChains, cracksWhere } from './draw-boundaries';
import type { Segmentation } from './segment-regions';

/** Where a page draws detail lines, in working pixels and boundary probability. */
export interface DetailParams {
  /** Least mean boundary evidence of the two pixels either side of a crack. */
  minEvidence: number;
  /** Least length of a detail line, in cracks. */
  minLength: number;
}

/** A detail line that meets no boundary is drawn only when this many times the least length. */
const FREE_LENGTH = 3;

/** How far a detail line's end reaches to meet a drawn line, working pixels: a nearer gap would be a leak on paper. */
const SNAP_RADIUS = 4;

/** Where a page draws no detail: per region label (`plainRegions`) and per pixel (`plainPixels`, nonzero = plain). */
export interface PlainParts {
  plainRegions?: Uint8Array;
  plainPixels?: Int32Array;
}

/**
 * The open lines inside `regions`: cracks between two basins of `over` that lie in one region,
 * with evidence at least `minEvidence`, chained and kept when `minLength` cracks long or more.
 * Regions and pixels `plain` names stay plain. An end near a region boundary is carried on to
 * it, so a line either meets the outline or stands clear of it.
 */
export function detailChains(over: Segmentation, regions: Segmentation, evidence: Float32Array, params: DetailParams, plain: PlainParts = {}): Chain[] {
  const { width, height, labels } = regions;
  const basin = over.labels;
  const doubled = 2 * params.minEvidence;
  const { plainRegions, plainPixels } = plain;
  const { hCrack, vCrack } = cracksWhere(width, height, (a, b) => {
    const label = labels[a];
    if (basin[a] === basin[b] || label !== labels[b] || evidence[a] + evidence[b] < doubled) return false;
    return !(plainRegions?.[label] || plainPixels?.[a] || plainPixels?.[b]);
  });
  const chains = crackChains(width, height, hCrack, vCrack);
  const kept: Chain[] = [];
  for (const chain of chains) {
    const length = chain.length / 2 - 1;
    if (length < params.minLength) continue;
    const snapped = snapEnds(chain, regions);
    // A short line that touches nothing reads as a speck of texture (a dash in the grass), not as
    // a fold running out of an outline.
    if (length < FREE_LENGTH * params.minLength && !touchesBoundary(snapped, regions)) continue;
    kept.push(snapped);
  }
  return kept;
}

/** Whether either end of a chain lies on a region boundary or the picture's border. */
function touchesBoundary(chain: Chain, regions: Segmentation): boolean {
  const n = chain.length;
  return onBoundary(regions, chain[0], chain[1]) || onBoundary(regions, chain[n - 2], chain[n - 1]);
}

/** Whether the pixel-corner point (x, y) lies on a boundary between two regions (or on the picture's border). */
function onBoundary(regions: Segmentation, x: number, y: number): boolean {
  const { width, height, labels } = regions;
  if (x <= 0 || y <= 0 || x >= width || y >= height) return true;
  const i = (y - 1) * width + x - 1;
  const l = labels[i];
  return labels[i + 1] !== l || labels[i + width] !== l || labels[i + width + 1] !== l;
}

/** The boundary point nearest (x, y) within SNAP_RADIUS, or null. */
function nearestBoundary(regions: Segmentation, x: number, y: number): [number, number] | null {
  let best: [number, number] | null = null;
  let bestD = SNAP_RADIUS * SNAP_RADIUS + 1;
  for (let dy = -SNAP_RADIUS; dy <= SNAP_RADIUS; dy++) {
    for (let dx = -SNAP_RADIUS; dx <= SNAP_RADIUS; dx++) {
      const d = dx * dx + dy * dy;
      if (d >= bestD) continue;
      const px = x + dx;
      const py = y + dy;
      if (px < 0 || py < 0 || px > regions.width || py > regions.height) continue;
      if (onBoundary(regions, px, py)) {
        best = [px, py];
        bestD = d;
      }
    }
  }
  return best;
}

/** The chain with each end that stops short of a region boundary carried on to the nearest one within SNAP_RADIUS. */
function snapEnds(chain: Chain, regions: Segmentation): Chain {
  const n = chain.length;
  if (chain[0] === chain[n - 2] && chain[1] === chain[n - 1]) return chain;
  const head = nearestBoundary(regions, chain[0], chain[1]);
  const tail = nearestBoundary(regions, chain[n - 2], chain[n - 1]);
  const before = head && (head[0] !== chain[0] || head[1] !== chain[1]) ? head : [];
  const after = tail && (tail[0] !== chain[n - 2] || tail[1] !== chain[n - 1]) ? tail : [];
  return before.length === 0 && after.length === 0 ? chain : [...before, ...chain, ...after];
}
