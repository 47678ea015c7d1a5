import type { Box } from './svg-shapes';
import type { Random } from './seeded-random';
import { circle, paint, polygon } from './svg-shapes';
import type { Point } from './svg-shapes';

const MOSAIC_COLORS = ['#ffe3e3', '#fff3bf', '#d3f9d8', '#d0ebff', '#e5dbff', '#ffe8cc'];

/**
 * A radial pattern round a centre (the subject's middle) over a box: rings of wedge cells, every
 * other ring turned by half a wedge like brickwork, the rings widening outwards. It frames the
 * subject where a mosaic only filled the paper (decision 058).
 */
export function drawSunburst(box: Box, centre: Point, innerRadius: number, random: Random, colored: boolean): string {
  const [cx, cy] = centre;
  const far = Math.max(...[[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]].map(([x, y]) => Math.hypot(x - cx, y - cy)));
  const wedges = 2 * random.int(11, 14);
  const growth = random.range(1.24, 1.32);
  const inBox = (x: number, y: number, margin: number): boolean => x > box.x - margin && x < box.x + box.width + margin && y > box.y - margin && y < box.y + box.height + margin;
  const out: string[] = [circle(cx, cy, innerRadius, paint(colored, '#fff3bf'))];
  let ring = 0;
  for (let r0 = innerRadius; r0 < far; r0 *= growth, ring++) {
    const r1 = r0 * growth;
    const turn = ring % 2 ? Math.PI / wedges : 0;
    // Each cell as a polygon (arcs in short steps), so the page's SVG subset draws it as is.
    const steps = Math.max(2, Math.ceil(((2 * Math.PI) / wedges) * r1 / 40));
    for (let w = 0; w < wedges; w++) {
      const a0 = turn + (w * 2 * Math.PI) / wedges;
      const a1 = a0 + (2 * Math.PI) / wedges;
      const points: Point[] = [];
      for (let s = 0; s <= steps; s++) points.push([cx + r0 * Math.cos(a0 + ((a1 - a0) * s) / steps), cy + r0 * Math.sin(a0 + ((a1 - a0) * s) / steps)]);
      for (let s = steps; s >= 0; s--) points.push([cx + r1 * Math.cos(a0 + ((a1 - a0) * s) / steps), cy + r1 * Math.sin(a0 + ((a1 - a0) * s) / steps)]);
      // Cells wholly outside the box would only be cut away by the frame.
      if (!points.some(([x, y]) => inBox(x, y, 0))) continue;
      out.push(polygon(points, paint(colored, MOSAIC_COLORS[(w + ring) % MOSAIC_COLORS.length])));
    }
  }
  return out.join('');
}
