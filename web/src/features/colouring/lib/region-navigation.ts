/**
 * Keyboard reach: arrow keys move a focus ring from region to region. The next region in a
 * direction is the nearest anchor on that side, preferring ones straight ahead (sideways distance
 * counts double), so ↓ from the sun goes to the cloud below it, not to a far corner.
 */
export type Direction = 'left' | 'right' | 'up' | 'down';

export function nextRegion(anchors: Float64Array, candidates: readonly number[], from: number, direction: Direction): number {
  if (candidates.length === 0) return 0;
  if (!from) return candidates[0];
  const fx = anchors[2 * from];
  const fy = anchors[2 * from + 1];
  let best = from;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const region of candidates) {
    if (region === from) continue;
    const dx = anchors[2 * region] - fx;
    const dy = anchors[2 * region + 1] - fy;
    const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const aside = direction === 'right' || direction === 'left' ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 0) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      bestScore = score;
      best = region;
    }
  }
  return best;
}

/** Regions worth a keyboard stop: big enough to see (specks in a credit line are left out), in reading order. */
export function keyboardRegions(areas: Float64Array, anchors: Float64Array, minArea: number): number[] {
  const out: number[] = [];
  for (let r = 1; r < areas.length; r += 1) if (areas[r] >= minArea) out.push(r);
  return out.sort((a, b) => anchors[2 * a + 1] - anchors[2 * b + 1] || anchors[2 * a] - anchors[2 * b]);
}
