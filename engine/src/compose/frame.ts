import type { Box } from './svg-shapes';
import { n, paint } from './svg-shapes';

/**
 * How the picture is framed: a single line by default; a wide band or a thin double line (both
 * can be split into cells to colour: the region dial) for a page short of regions.
 */
export type FrameStyle = 'band' | 'double' | 'single';

export interface FrameGeometry {
  style: FrameStyle;
  outer: Box;
  inner: Box;
  radius: number;
}

const BAND_SHARE: Record<FrameStyle, number> = { band: 0.05, double: 0.032, single: 0 };

/** The frame's geometry for a page: a margin, then a band (none for a single line) around the picture. */
export function frameGeometry(width: number, height: number, style: FrameStyle): FrameGeometry {
  const unit = Math.min(width, height);
  const margin = unit * 0.035;
  const band = unit * BAND_SHARE[style];
  const outer = { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin };
  const inner = { x: outer.x + band, y: outer.y + band, width: outer.width - 2 * band, height: outer.height - 2 * band };
  return { style, outer, inner, radius: unit * 0.03 };
}

function roundedRect(box: Box, r: number): string {
  const { x, y, width: w, height: h } = box;
  return `M${n(x + r)} ${n(y)}H${n(x + w - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w)} ${n(y + r)}V${n(y + h - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w - r)} ${n(y + h)}H${n(x + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + h - r)}V${n(y + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z`;
}

/**
 * The frame, drawn over the picture: paper covers everything outside the inside (scenery may run
 * past it and is cut cleanly here), then the band, split into `cells` by spokes. The cells are a
 * region dial: each is an area to colour, so a page short of its band gets more of them.
 */
export function drawFrame(frame: FrameGeometry, pageWidth: number, pageHeight: number, cells: number, colored: boolean): string {
  const { outer, inner, radius } = frame;
  const innerPath = roundedRect(inner, frame.style === 'single' ? radius : radius * 0.5);
  const out = [`<path d="M0 0H${n(pageWidth)}V${n(pageHeight)}H0Z${innerPath}" fill-rule="evenodd" fill="#fff" stroke="none"/>`];
  if (frame.style === 'single') {
    out.push(`<path d="${innerPath}" fill="none"/>`);
    return out.join('');
  }
  out.push(`<path d="${roundedRect(outer, radius)}${innerPath}" fill-rule="evenodd" fill="${paint(colored, '#e7f5ff')}"/>`);
  const spokes = frameSpokes(frame, cells);
  if (spokes.length) out.push(`<path d="${spokes.map((s) => `M${n(s.x1)} ${n(s.y1)}L${n(s.x2)} ${n(s.y2)}`).join('')}" fill="none"/>`);
  return out.join('');
}

export interface Spoke {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Axis-aligned spokes across the band, spread evenly along the inner edge (none without a band). */
export function frameSpokes(frame: FrameGeometry, cells: number): Spoke[] {
  if (cells <= 1 || frame.style === 'single') return [];
  const { outer, inner } = frame;
  const perimeter = 2 * (inner.width + inner.height);
  const spokes: Spoke[] = [];
  // A spoke that meets the inside's rounded corner leaves a hairline gap beside the curve: none there.
  const clear = (along: number, length: number): boolean => along > frame.radius && along < length - frame.radius;
  for (let i = 0; i < cells; i++) {
    let s = (i + 0.5) * (perimeter / cells);
    const onWidth = s < inner.width || (s >= inner.width + inner.height && s < 2 * inner.width + inner.height);
    const along = s < inner.width ? s : s < inner.width + inner.height ? s - inner.width : s < 2 * inner.width + inner.height ? s - inner.width - inner.height : s - 2 * inner.width - inner.height;
    if (!clear(along, onWidth ? inner.width : inner.height)) continue;
    if (s < inner.width) spokes.push({ x1: inner.x + s, y1: inner.y, x2: inner.x + s, y2: outer.y });
    else if ((s -= inner.width) < inner.height) spokes.push({ x1: inner.x + inner.width, y1: inner.y + s, x2: outer.x + outer.width, y2: inner.y + s });
    else if ((s -= inner.height) < inner.width) spokes.push({ x1: inner.x + inner.width - s, y1: inner.y + inner.height, x2: inner.x + inner.width - s, y2: outer.y + outer.height });
    else spokes.push({ x1: inner.x, y1: inner.y + inner.height - (s - inner.width), x2: outer.x, y2: inner.y + inner.height - (s - inner.width) });
  }
  return spokes;
}
