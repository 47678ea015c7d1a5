import type { Box } from './scenes';
import { n, paint, rect } from './svg-shapes';

export interface FrameGeometry {
  outer: Box;
  inner: Box;
  radius: number;
}

/** The frame's geometry for a page: a margin, then a band whose inside holds the picture. */
export function frameGeometry(width: number, height: number, bandShare: number): FrameGeometry {
  const unit = Math.min(width, height);
  const margin = unit * 0.035;
  // The band is never narrower than the corner radius, so spokes never cross a rounded corner.
  const band = Math.max(unit * bandShare, unit * 0.032);
  const outer = { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin };
  const inner = { x: outer.x + band, y: outer.y + band, width: outer.width - 2 * band, height: outer.height - 2 * band };
  return { outer, inner, radius: unit * 0.03 };
}

/**
 * The frame's back layer: the band, split into `cells` by spokes. The cells are the page's
 * region dial: each one is a region to colour, so a page short of its band gets more cells.
 */
export function drawFrameBand(frame: FrameGeometry, cells: number, colored: boolean): string {
  const { outer, inner, radius } = frame;
  const out = [rect(outer.x, outer.y, outer.width, outer.height, paint(colored, '#e7f5ff'), radius)];
  const spokes = frameSpokes(frame, cells);
  if (spokes.length) out.push(`<path d="${spokes.map((s) => `M${n(s.x1)} ${n(s.y1)}L${n(s.x2)} ${n(s.y2)}`).join('')}" fill="none"/>`);
  out.push(rect(inner.x, inner.y, inner.width, inner.height, paint(colored, '#ffffff'), radius * 0.5));
  return out.join('');
}

export interface Spoke {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Axis-aligned spokes across the band, spread evenly along the inner edge. */
export function frameSpokes(frame: FrameGeometry, cells: number): Spoke[] {
  if (cells <= 1) return [];
  const { outer, inner } = frame;
  const perimeter = 2 * (inner.width + inner.height);
  const spokes: Spoke[] = [];
  for (let i = 0; i < cells; i++) {
    let s = (i + 0.5) * (perimeter / cells);
    if (s < inner.width) spokes.push({ x1: inner.x + s, y1: inner.y, x2: inner.x + s, y2: outer.y });
    else if ((s -= inner.width) < inner.height) spokes.push({ x1: inner.x + inner.width, y1: inner.y + s, x2: outer.x + outer.width, y2: inner.y + s });
    else if ((s -= inner.height) < inner.width) spokes.push({ x1: inner.x + inner.width - s, y1: inner.y + inner.height, x2: inner.x + inner.width - s, y2: outer.y + outer.height });
    else spokes.push({ x1: inner.x, y1: inner.y + inner.height - (s - inner.width), x2: outer.x, y2: inner.y + inner.height - (s - inner.width) });
  }
  return spokes;
}
