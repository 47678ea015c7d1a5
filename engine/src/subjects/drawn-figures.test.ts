import { describe, expect, it } from 'vitest';
import { limbPath } from './drawn-figures';
import type { Point } from './drawn-figures';

/** The outline's points, from the path's "M x y L x y …" form. */
function outline(d: string): Point[] {
  return [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m): Point => [Number(m[1]), Number(m[2])]);
}

describe('limbPath', () => {
  it.each([
    ['down', [[36, 20], [36, 40]] as Point[]],
    ['up', [[36, 40], [36, 20]] as Point[]],
    ['left, bent', [[40, 20], [38, 30], [20, 35]] as Point[]],
    ['right, bent', [[20, 20], [24, 30], [44, 36]] as Point[]],
  ])('rounds both ends of a limb going %s outward, never denting them', (_, points) => {
    const width = 6;
    const pts = outline(limbPath(points, width));
    // Each end reaches half the width beyond its joint, along the limb (a dent would stop short).
    for (const [end, before] of [[points[points.length - 1], points[points.length - 2]], [points[0], points[1]]]) {
      const len = Math.hypot(end[0] - before[0], end[1] - before[1]);
      const dir = [(end[0] - before[0]) / len, (end[1] - before[1]) / len];
      const reach = Math.max(...pts.map(([x, y]) => (x - end[0]) * dir[0] + (y - end[1]) * dir[1]));
      expect(reach).toBeGreaterThan(width / 2 - 0.2);
    }
  });
});
