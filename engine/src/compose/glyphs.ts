/**
 * Big bubble letters and numbers for alphabet and counting pages ("A is for apple", "number 3 with
 * three balloons": issue 34, letters and counts were never drawn). Each glyph is a skeleton of
 * strokes in a unit box; it is drawn twice, a wide black stroke and a narrower paper one on top,
 * so the strokes of one glyph merge into a single outlined shape with no line where they cross,
 * and its counters (the holes of A, B, 8) are closed areas of their own. No font is needed.
 */
import type { Box } from './svg-shapes';
import { n } from './svg-shapes';

type Stroke = [number, number][];

/** Points on an ellipse from angle a0 to a1 in degrees (0 right, 90 down), both included. */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Stroke {
  const steps = Math.max(6, Math.ceil(Math.abs(a1 - a0) / 12));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as [number, number];
  });
}

const joined = (...parts: Stroke[]): Stroke => parts.flat() as Stroke;

/** Strokes of each glyph in a box 1 high and 1 wide (drawn narrower, see ASPECT). */
const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 1], [0.5, 0], [1, 1]], [[0.17, 0.72], [0.83, 0.72]]],
  B: [[[0, 0], [0, 1]], joined([[0, 0]], arc(0.55, 0.25, 0.33, 0.25, -90, 90), [[0, 0.5]]), joined([[0, 0.5]], arc(0.58, 0.75, 0.4, 0.25, -90, 90), [[0, 1]])],
  C: [arc(0.55, 0.5, 0.5, 0.5, -40, -320)],
  D: [[[0, 0], [0, 1]], joined([[0, 0]], arc(0.4, 0.5, 0.6, 0.5, -90, 90), [[0, 1]])],
  E: [[[1, 0], [0, 0], [0, 1], [1, 1]], [[0, 0.5], [0.8, 0.5]]],
  F: [[[1, 0], [0, 0], [0, 1]], [[0, 0.5], [0.8, 0.5]]],
  G: [joined(arc(0.55, 0.5, 0.5, 0.5, -40, -340), [[1, 0.58], [0.6, 0.58]])],
  H: [[[0, 0], [0, 1]], [[1, 0], [1, 1]], [[0, 0.5], [1, 0.5]]],
  I: [[[0.5, 0], [0.5, 1]], [[0.15, 0], [0.85, 0]], [[0.15, 1], [0.85, 1]]],
  J: [[[0.3, 0], [0.95, 0]], joined([[0.72, 0]], arc(0.4, 0.68, 0.32, 0.32, 0, 180))],
  K: [[[0, 0], [0, 1]], [[0.95, 0], [0, 0.62]], [[0.32, 0.42], [1, 1]]],
  L: [[[0, 0], [0, 1], [0.9, 1]]],
  M: [[[0, 1], [0, 0], [0.5, 0.62], [1, 0], [1, 1]]],
  N: [[[0, 1], [0, 0], [1, 1], [1, 0]]],
  O: [arc(0.5, 0.5, 0.5, 0.5, 0, 360)],
  P: [[[0, 1], [0, 0]], joined([[0, 0]], arc(0.55, 0.28, 0.4, 0.28, -90, 90), [[0, 0.56]])],
  Q: [arc(0.5, 0.5, 0.5, 0.5, 0, 360), [[0.62, 0.68], [1, 1.04]]],
  R: [[[0, 1], [0, 0]], joined([[0, 0]], arc(0.55, 0.28, 0.4, 0.28, -90, 90), [[0, 0.56]]), [[0.45, 0.56], [1, 1]]],
  S: [joined(arc(0.5, 0.26, 0.42, 0.26, -10, -270), arc(0.5, 0.76, 0.46, 0.24, -90, 170))],
  T: [[[0, 0], [1, 0]], [[0.5, 0], [0.5, 1]]],
  U: [joined([[0, 0]], arc(0.5, 0.58, 0.5, 0.42, 180, 0), [[1, 0]])],
  V: [[[0, 0], [0.5, 1], [1, 0]]],
  W: [[[0, 0], [0.25, 1], [0.5, 0.35], [0.75, 1], [1, 0]]],
  X: [[[0, 0], [1, 1]], [[1, 0], [0, 1]]],
  Y: [[[0, 0], [0.5, 0.5], [1, 0]], [[0.5, 0.5], [0.5, 1]]],
  Z: [[[0, 0], [1, 0], [0, 1], [1, 1]]],
  '0': [arc(0.5, 0.5, 0.46, 0.5, 0, 360)],
  '1': [[[0.18, 0.22], [0.58, 0], [0.58, 1]], [[0.2, 1], [0.95, 1]]],
  '2': [joined(arc(0.5, 0.3, 0.42, 0.3, -165, 25), [[0, 1], [1, 1]])],
  '3': [joined(arc(0.5, 0.26, 0.4, 0.26, -160, 90), arc(0.5, 0.75, 0.46, 0.25, -90, 160))],
  '4': [[[0.78, 1], [0.78, 0], [0, 0.7], [1, 0.7]]],
  '5': [joined([[0.9, 0], [0.18, 0], [0.12, 0.46]], arc(0.5, 0.68, 0.42, 0.32, -145, 150))],
  '6': [joined(arc(0.62, 0.5, 0.5, 0.5, -70, -180), arc(0.5, 0.7, 0.42, 0.3, 180, 540))],
  '7': [[[0, 0], [1, 0], [0.35, 1]]],
  '8': [arc(0.5, 0.26, 0.36, 0.26, 0, 360), arc(0.5, 0.74, 0.44, 0.26, 0, 360)],
  '9': [arc(0.5, 0.3, 0.42, 0.3, 0, 360), [[0.92, 0.3], [0.86, 0.74], [0.5, 1], [0.14, 0.92]]],
};

/** Width of a glyph for its height (M and W are wider). */
const ASPECT: Record<string, number> = { A: 0.88, M: 0.95, W: 1.05, I: 0.55, '1': 0.55 };
const aspectOf = (ch: string): number => ASPECT[ch] ?? 0.75;

/** True when every character of `text` can be drawn. */
export function canDrawGlyphs(text: string): boolean {
  return text.length > 0 && [...text].every((ch) => GLYPHS[ch] !== undefined);
}

/** The width a text of glyphs takes at a height (letters, their strokes and the gaps between). */
export function glyphsWidth(text: string, height: number, strokeShare: number): number {
  const stroke = height * strokeShare;
  return [...text].reduce((sum, ch) => sum + aspectOf(ch) * (height - stroke) + stroke, 0) + height * 0.12 * (text.length - 1);
}

/**
 * `text` (A–Z, 0–9) as bubble glyphs centred in `box`: each glyph's strokes `strokeShare` of its
 * height thick, outlined with the page's line.
 */
export function drawGlyphs(text: string, box: Box, lineWidthPx: number, strokeShare: number, fill: string, dots: string | null = null): string {
  const width = glyphsWidth(text, box.height, strokeShare);
  const scale = Math.min(1, box.width / width);
  const height = box.height * scale;
  const stroke = height * strokeShare;
  let x = box.x + (box.width - width * scale) / 2 + stroke / 2;
  const y = box.y + (box.height - height) / 2 + stroke / 2;
  const inner = height - stroke;
  const paths: string[] = [];
  const marks: string[] = [];
  const centres: [number, number][] = [];
  for (const ch of text) {
    const w = aspectOf(ch) * inner;
    const strokes = GLYPHS[ch].map((st) => st.map(([px, py]): [number, number] => [x + px * w, y + py * inner]));
    paths.push(strokes.map((st) => st.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${n(px)} ${n(py)}`).join('')).join(''));
    // Richer pages: a row of dots down the middle of each stroke, each a small area of its own.
    if (dots) for (const st of strokes) marks.push(...dotsAlong(st, stroke * 1.05, stroke * 0.2, dots, centres));
    x += w + stroke + height * 0.12;
  }
  const d = paths.join('');
  const common = 'fill="none" stroke-linecap="round" stroke-linejoin="round"';
  return `<path d="${d}" ${common} stroke="#000" stroke-width="${n(stroke + 2 * lineWidthPx)}"/><path d="${d}" ${common} stroke="${fill}" stroke-width="${n(stroke)}"/>${marks.join('')}`;
}

/** Circles every `step` along a polyline, clear of its ends (where strokes meet and overlap). */
function dotsAlong(points: [number, number][], step: number, r: number, fill: string, taken: [number, number][]): string[] {
  const at: [number, number][] = [];
  let carry = step * 0.75;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const len = Math.hypot(x1 - x0, y1 - y0);
    let t = carry;
    for (; t < len; t += step) at.push([x0 + ((x1 - x0) * t) / len, y0 + ((y1 - y0) * t) / len]);
    carry = t - len;
  }
  // The last dot would sit on the round end or a joint with another stroke; none where another
  // stroke's dots already are (where the loops of an 8 meet).
  const kept = (at.length > 2 ? at.slice(0, -1) : at).filter(([x, y]) => taken.every(([tx, ty]) => Math.hypot(tx - x, ty - y) > step * 0.8));
  taken.push(...kept);
  return kept.map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`);
}
