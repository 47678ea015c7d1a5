/**
 * A face drawn from its 68 landmarks (face-model.ts) the way a colouring book draws one: the jaw
 * as one smooth line, both eyes as almonds with a filled pupil (solid ovals where the face is too
 * small for an almond to keep paper inside, and at toddler), brows, the bottom of the nose and
 * the mouth along the lips. The region-based page draws a face as whatever its shading cut it
 * into (decision 055: blank faces, one eye and a blob); here the face's inside is cleared of
 * those lines first and the features are drawn instead. The hair above the brows stays the
 * page's own regions.
 *
 * Points are iBUG 300-W's 68: jaw 0–16, brows 17–21 and 22–26, nose bridge 27–30, the nose's
 * bottom 31–35, eyes 36–41 and 42–47 (corner, two upper, corner, two lower), lips 48–59 outside
 * and 60–67 inside.
 */
import type { Difficulty } from '@studio/contracts/constants';
import { lineWidthPx, PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap } from '../page';
import { strokePolylines } from './draw-boundaries';
import { MIN_FILLED_MM2 } from './feature-marks';

/** A stroke: a polyline in page pixels and its width. */
export interface FaceStroke {
  line: number[];
  width: number;
}

/** What one face puts on a page, in page pixels. */
export interface FaceDrawing {
  /** Closed polygon cleared of the page's lines before the face is drawn: the jaw, up over the brows. */
  clear: number[];
  /** Closed outlines whose inside is paper (the eyes' almonds): cleared again, then stroked. */
  outlines: FaceStroke[];
  /** Open strokes: jaw, brows, nose, mouth. */
  strokes: FaceStroke[];
  /** Filled closed polygons (pupils, solid eyes), drawn last. */
  fills: number[][];
  /** How many eyes were drawn (2 for every face; counted for the report and the tests). */
  eyes: number;
}

/** Coloring-book practice: features inside a shape thinner than its outline (as detail lines, photo-to-page.ts). */
const FEATURE_LINE_FACTOR = 0.75;

/** How far above the brows the cleared area reaches, as a share of the distance between the eyes. */
const CLEAR_ABOVE_BROWS = 0.25;

/** An eye's drawn opening, as a share of its width: at least this open (a squint reads as no eye on paper). */
const EYE_OPENING = { min: 0.42, max: 0.62 };

/** Least paper inside an almond, as a multiple of its line's width, for the eye to be drawn open rather than solid. */
const ALMOND_PAPER = 1.1;

/** Above this gap between the lips (a share of the mouth's width) the mouth is drawn open, as a closed shape. */
const OPEN_MOUTH = 0.12;

/** Least ink of a feature stroke, mm²: one drawn smaller would be a speck (the checker's is 2 mm²). */
const LEAST_STROKE_MM2 = MIN_FILLED_MM2;

type Point = [number, number];

function pointOf(points: ArrayLike<number>, k: number): Point {
  return [points[2 * k], points[2 * k + 1]];
}

function mean(ps: Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of ps) {
    x += p[0] / ps.length;
    y += p[1] / ps.length;
  }
  return [x, y];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/**
 * A Catmull-Rom curve through `ps` (closed when `closed`), `perSegment` points a segment, as a
 * flat polyline: smooth strokes through the landmarks, which lie on the curve.
 */
export function smoothCurve(ps: Point[], closed: boolean, perSegment = 8): number[] {
  const n = ps.length;
  if (n < 3) return ps.flat();
  const at = (k: number): Point => (closed ? ps[(k + n) % n] : ps[Math.max(0, Math.min(n - 1, k))]);
  const out: number[] = [];
  const segments = closed ? n : n - 1;
  for (let s = 0; s < segments; s++) {
    const [p0, p1, p2, p3] = [at(s - 1), at(s), at(s + 1), at(s + 2)];
    for (let k = 0; k < perSegment; k++) {
      const t = k / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      for (let c = 0; c < 2; c++) {
        out.push(0.5 * (2 * p1[c] + (-p0[c] + p2[c]) * t + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * t2 + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * t3));
      }
    }
  }
  const last = closed ? ps[0] : ps[n - 1];
  out.push(last[0], last[1]);
  return out;
}

function polylineLength(line: number[]): number {
  let length = 0;
  for (let i = 2; i + 1 < line.length; i += 2) length += Math.hypot(line[i] - line[i - 2], line[i + 1] - line[i - 1]);
  return length;
}

/** A closed ellipse polygon round `c`, radii `rx` along `u` and `ry` across it. */
function ellipse(c: Point, u: Point, rx: number, ry: number, steps = 32): number[] {
  const out: number[] = [];
  for (let k = 0; k <= steps; k++) {
    const a = (2 * Math.PI * k) / steps;
    const along = rx * Math.cos(a);
    const across = ry * Math.sin(a);
    out.push(c[0] + along * u[0] - across * u[1], c[1] + along * u[1] + across * u[0]);
  }
  return out;
}

/** Least area of a filled mark on the page, pixels. */
function leastFill(): number {
  return MIN_FILLED_MM2 * PX_PER_MM * PX_PER_MM;
}

/**
 * One eye from its six points (corner, upper, upper, corner, lower, lower): an almond between
 * its corners, opened to EYE_OPENING of its width, with a pupil touching both lids (so it is
 * one piece of ink with the almond, never a speck); or, where the almond would be too small to
 * keep paper inside (and at toddler), a solid oval of at least the least filled area.
 */
function eyeDrawing(six: Point[], lineWidth: number, solid: boolean): { outline: FaceStroke | null; fill: number[] } {
  const [a, up1, up2, b, low1, low2] = six;
  const width = Math.max(1, distance(a, b));
  const u: Point = [(b[0] - a[0]) / width, (b[1] - a[1]) / width];
  // The normal pointing down the face when the corners run left to right.
  const n: Point = [-u[1], u[0]];
  const measured = (distance(up1, low2) + distance(up2, low1)) / 2;
  const opening = Math.min(EYE_OPENING.max, Math.max(EYE_OPENING.min, measured / width)) * width;
  const centre = mean(six);
  // The eye's axis through its centre: corners as found, the lids symmetric about their mean line.
  const across = (p: Point): number => (p[0] - centre[0]) * n[0] + (p[1] - centre[1]) * n[1];
  const offset = (across(a) + across(b)) / 2;
  const mid: Point = [centre[0] + offset * n[0], centre[1] + offset * n[1]];
  if (solid || opening - lineWidth < ALMOND_PAPER * lineWidth) {
    // A solid oval, grown to the least filled area (a child's drawing has big eyes too).
    let rx = width / 2;
    let ry = Math.max(opening / 2, rx * 0.7);
    const grow = Math.sqrt(Math.max(1, leastFill() / (Math.PI * rx * ry)));
    rx *= grow;
    ry *= grow;
    return { outline: null, fill: ellipse(mid, u, rx, ry) };
  }
  // The almond: upper lid higher and rounder than the lower, as eyes are.
  const steps = 12;
  const upper: number[] = [];
  const lower: number[] = [];
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const along = (t - 0.5) * width;
    const bulge = Math.sin(Math.PI * t);
    upper.push(mid[0] + along * u[0] - 0.55 * opening * bulge ** 0.85 * n[0], mid[1] + along * u[1] - 0.55 * opening * bulge ** 0.85 * n[1]);
    lower.push(mid[0] + along * u[0] + 0.45 * opening * bulge ** 1.15 * n[0], mid[1] + along * u[1] + 0.45 * opening * bulge ** 1.15 * n[1]);
  }
  const outline = [...upper];
  for (let k = steps - 1; k >= 0; k--) outline.push(lower[2 * k], lower[2 * k + 1]);
  // The pupil: its centre between the lids' middles, its radius reaching both lines' middles.
  const pupilCentre: Point = [mid[0] - 0.05 * opening * n[0], mid[1] - 0.05 * opening * n[1]];
  const radius = Math.min(0.5 * opening, 0.3 * width);
  return { outline: { line: outline, width: lineWidth }, fill: ellipse(pupilCentre, u, radius, 0.5 * opening) };
}

/** A stroke kept only when it holds enough ink not to be a speck. */
function worthDrawing(line: number[], width: number): boolean {
  return polylineLength(line) * width + (Math.PI * width * width) / 4 >= LEAST_STROKE_MM2 * PX_PER_MM * PX_PER_MM;
}

/**
 * What one face puts on a page: `points` are its 68 landmarks in page pixels. Toddler pages get
 * solid oval eyes and no brows; children and up almond eyes with pupils where the face is big
 * enough to hold them; teen and adult pages draw the lips as a shape, the others the line between them.
 */
export function faceDrawing(points: ArrayLike<number>, difficulty: Difficulty): FaceDrawing {
  const p = (k: number): Point => pointOf(points, k);
  const range = (from: number, to: number): Point[] => Array.from({ length: to - from + 1 }, (_, k) => p(from + k));
  const line = lineWidthPx(difficulty);
  const feature = line * FEATURE_LINE_FACTOR;
  const leftEye = range(36, 41);
  const rightEye = range(42, 47);
  const eyeGap = distance(mean(leftEye), mean(rightEye));
  // Up from the brows, away from the chin: the face's own up, whatever its tilt.
  const chin = p(8);
  const browMiddle = mean([p(21), p(22)]);
  const upLength = Math.max(1, distance(chin, browMiddle));
  const up: Point = [(browMiddle[0] - chin[0]) / upLength, (browMiddle[1] - chin[1]) / upLength];
  const raise = (q: Point): number[] => [q[0] + CLEAR_ABOVE_BROWS * eyeGap * up[0], q[1] + CLEAR_ABOVE_BROWS * eyeGap * up[1]];
  const clear = [...range(0, 16).flat(), ...range(17, 26).reverse().flatMap(raise)];

  const strokes: FaceStroke[] = [{ line: smoothCurve(range(0, 16), false), width: line }];
  const outlines: FaceStroke[] = [];
  const fills: number[][] = [];
  const solidEyes = difficulty === 'toddler';
  for (const eye of [leftEye, rightEye]) {
    const drawn = eyeDrawing(eye, feature, solidEyes);
    if (drawn.outline) outlines.push(drawn.outline);
    fills.push(drawn.fill);
  }
  const maybe = (curve: number[], width: number): void => {
    if (worthDrawing(curve, width)) strokes.push({ line: curve, width });
  };
  if (difficulty !== 'toddler') {
    maybe(smoothCurve(range(17, 21), false), feature);
    maybe(smoothCurve(range(22, 26), false), feature);
  }
  maybe(smoothCurve(range(31, 35), false), feature);
  // The mouth: the line between the lips, through the mean of each pair of inner lip points.
  const mouthWidth = Math.max(1, distance(p(48), p(54)));
  const gap = (distance(p(61), p(67)) + distance(p(62), p(66)) + distance(p(63), p(65))) / 3;
  const between = [p(48), mean([p(61), p(67)]), mean([p(62), p(66)]), mean([p(63), p(65)]), p(54)];
  if (gap > OPEN_MOUTH * mouthWidth) {
    outlines.push({ line: smoothCurve([p(48), p(61), p(62), p(63), p(54), p(65), p(66), p(67)], true), width: feature });
  } else {
    maybe(smoothCurve(between, false), line);
  }
  if (difficulty === 'teen' || difficulty === 'adult') {
    // The lower lip's edge: lips as a shape to colour.
    maybe(smoothCurve([p(54), ...range(55, 59), p(48)], false), feature);
  }
  return { clear, outlines, strokes, fills, eyes: 2 };
}

/** Sets every pixel whose centre lies inside the closed polygon `poly` (even-odd rule) to `value`. */
export function fillPolygon(page: Bitmap, poly: number[], value: number): void {
  const { width, height, data } = page;
  let top = Infinity;
  let bottom = -Infinity;
  for (let i = 1; i < poly.length; i += 2) {
    top = Math.min(top, poly[i]);
    bottom = Math.max(bottom, poly[i]);
  }
  const n = poly.length / 2;
  const crossings: number[] = [];
  for (let y = Math.max(0, Math.floor(top)); y <= Math.min(height - 1, Math.ceil(bottom)); y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let k = 0; k < n; k++) {
      const x0 = poly[2 * k];
      const y0 = poly[2 * k + 1];
      const x1 = poly[(2 * k + 2) % (2 * n)];
      const y1 = poly[(2 * k + 3) % (2 * n)];
      if (y0 <= cy === y1 <= cy) continue;
      crossings.push(x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0));
    }
    crossings.sort((a, b) => a - b);
    for (let c = 0; c + 1 < crossings.length; c += 2) {
      const from = Math.max(0, Math.ceil(crossings[c] - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[c + 1] - 0.5));
      if (from <= to) data.fill(value, y * width + from, y * width + to + 1);
    }
  }
}

/** Draws `drawing` on `page`: clears the face, then strokes, outlines (their insides cleared first) and fills. */
export function drawFace(page: Bitmap, drawing: FaceDrawing): void {
  fillPolygon(page, drawing.clear, 255);
  for (const stroke of drawing.strokes) strokePolylines(page, [stroke.line], stroke.width);
  for (const outline of drawing.outlines) {
    fillPolygon(page, outline.line, 255);
    strokePolylines(page, [outline.line], outline.width);
  }
  for (const fill of drawing.fills) fillPolygon(page, fill, 0);
}
