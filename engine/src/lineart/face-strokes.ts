/**
 * A face drawn from its 68 landmarks (face-model.ts) the way a colouring book draws one: the jaw
 * as one smooth line carried up the temples, both eyes as almonds with a filled pupil (solid
 * ovals where the face is too small for an almond to keep paper inside, and at toddler), brows,
 * the bottom of the nose and the mouth along the lips. The region-based page draws a face as
 * whatever its shading cut it into (decision 055: blank faces, one eye and a blob); here the
 * face's inside is cleared of those lines first and the features are drawn instead. The hair
 * above the brows stays the page's own regions.
 *
 * Points are iBUG 300-W's 68: jaw 0–16, brows 17–21 and 22–26, nose bridge 27–30, the nose's
 * bottom 31–35, eyes 36–41 and 42–47 (corner, two upper, corner, two lower), lips 48–59 outside
 * and 60–67 inside.
 */
import type { Difficulty } from '@studio/contracts/constants';
import { lineWidthPx, PX_PER_MM } from '@studio/contracts/page';
import { LEAK_GAP_MM, REGION_MIN_MM2 } from '../quality/check-page';
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

/** An eye's drawn opening, as a share of its width: at least this open (a squint, or a real eye's 0.3–0.4, reads as no eye on paper). */
const EYE_OPENING = { min: 0.5, max: 0.65 };

/**
 * Least white of an eye (its almond's paper less the pupil), as a multiple of the checker's
 * least region: a smaller white is filled in by the page's finishing, so the eye is drawn solid.
 */
const EYE_WHITE_REGIONS = 1.3;

/** Paper left under the pupil, as a multiple of the checker's leak gap: the eye's white stays one region. */
const UNDER_PUPIL_GAPS = 1.2;

/** How far below the upper lid's middle line the pupil's centre lies, as a share of its radius. */
const PUPIL_UNDER_LID = 0.5;

/** Least pupil radius, as a multiple of the almond's line width: smaller, the eye is drawn solid. */
const LEAST_PUPIL = 0.6;

/**
 * Widest an eye is drawn, as a share of the distance between the eyes' centres (a real eye is
 * about 0.6 of it): a small face's eyes are drawn up to this wide to hold an almond and a pupil.
 */
const WIDEST_EYE = 0.8;

/** Step by which a small eye is grown, until it holds its almond or reaches WIDEST_EYE. */
const EYE_GROWTH = 1.05;

/** Above this gap between the lips (a share of the mouth's width) the mouth is drawn open, as a closed shape. */
const OPEN_MOUTH = 0.12;

/**
 * A toddler face's eyes: solid ovals at least this wide and tall, as shares of the distance
 * between the eyes' centres. Sized to the least filled mark only, a small face's eyes printed as
 * two specks under the thick toddler line (the Apollo crew, the mariachi band: issue 38).
 */
const TODDLER_EYE = { width: 0.34, height: 0.44 };

/**
 * A toddler face's mouth: a smile line this much wider than the mouth's corners are apart, at
 * least TODDLER_SMILE.least of the distance between the eyes, sagging `sag` of its width.
 */
const TODDLER_SMILE = { least: 0.75, sag: 0.18 };

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
 * its corners, opened to EYE_OPENING of its width, with a round pupil hanging from the upper lid
 * (one piece of ink with the almond, never a speck), the white below and beside it one region;
 * or, where that white would be too small to keep (and at toddler), a solid oval of at least the
 * least filled area.
 */
function eyeDrawing(six: Point[], lineWidth: number, solid: boolean, widest: number, least: { rx: number; ry: number } = { rx: 0, ry: 0 }): { outline: FaceStroke | null; fill: number[] } {
  const [a, up1, up2, b, low1, low2] = six;
  const found = Math.max(1, distance(a, b));
  const u: Point = [(b[0] - a[0]) / found, (b[1] - a[1]) / found];
  // The normal pointing down the face when the corners run left to right.
  const n: Point = [-u[1], u[0]];
  const measured = (distance(up1, low2) + distance(up2, low1)) / 2;
  const openness = Math.min(EYE_OPENING.max, Math.max(EYE_OPENING.min, measured / found));
  const centre = mean(six);
  // The eye's axis through its centre: corners as found, the lids symmetric about their mean line.
  const across = (p: Point): number => (p[0] - centre[0]) * n[0] + (p[1] - centre[1]) * n[1];
  const offset = (across(a) + across(b)) / 2;
  const mid: Point = [centre[0] + offset * n[0], centre[1] + offset * n[1]];
  // The pupil's centre lies PUPIL_UNDER_LID of its radius below the upper lid's middle line (an
  // iris tucked under the lid), and it leaves UNDER_PUPIL_GAPS of paper above the lower lid.
  const pupilOf = (width: number): number => Math.min(0.25 * width, (openness * width - lineWidth / 2 - UNDER_PUPIL_GAPS * LEAK_GAP_MM * PX_PER_MM) / (1 + PUPIL_UNDER_LID));
  // The almond's paper (about 0.8 of the ellipse inside its lines) less the part of the pupil below the upper lid's line.
  const whiteOf = (width: number): number => {
    const r = pupilOf(width);
    const t = Math.max(-r, Math.min(r, lineWidth / 2 - PUPIL_UNDER_LID * r));
    const belowLid = r * r * Math.acos(t / r) - t * Math.sqrt(r * r - t * t);
    return 0.8 * (Math.PI / 4) * (width - lineWidth) * (openness * width - lineWidth) - belowLid;
  };
  const leastWhite = EYE_WHITE_REGIONS * REGION_MIN_MM2 * PX_PER_MM * PX_PER_MM;
  const fits = (width: number): boolean => pupilOf(width) >= LEAST_PUPIL * lineWidth && whiteOf(width) >= leastWhite;
  // An eye too small for its almond is drawn larger, as a colouring book would, up to `widest`.
  let width = found;
  while (!fits(width) && width * EYE_GROWTH <= widest) width *= EYE_GROWTH;
  if (solid || !fits(width)) {
    // A solid oval, grown to the least filled area (a child's drawing has big eyes too).
    let rx = found / 2;
    let ry = Math.max((openness * found) / 2, rx * 0.7);
    const grow = Math.sqrt(Math.max(1, leastFill() / (Math.PI * rx * ry)));
    rx = Math.max(rx * grow, least.rx);
    ry = Math.max(ry * grow, least.ry);
    return { outline: null, fill: ellipse(mid, u, rx, ry) };
  }
  const opening = openness * width;
  const radius = pupilOf(width);
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
  // The pupil as a disc cut by the upper lid's line: an iris under the lid, not a bump over it.
  const drop = PUPIL_UNDER_LID * radius - 0.55 * opening;
  const pupil: number[] = [];
  for (let k = 0; k < 32; k++) {
    const angle = (2 * Math.PI * k) / 32;
    const along = radius * Math.cos(angle);
    const t = Math.min(1, Math.max(0, along / width + 0.5));
    const lid = -0.55 * opening * Math.sin(Math.PI * t) ** 0.85;
    const down = Math.max(lid, drop + radius * Math.sin(angle));
    pupil.push(mid[0] + along * u[0] + down * n[0], mid[1] + along * u[1] + down * n[1]);
  }
  return { outline: { line: outline, width: lineWidth }, fill: pupil };
}

/** A stroke kept only when it holds enough ink not to be a speck. */
function worthDrawing(line: number[], width: number): boolean {
  return polylineLength(line) * width + (Math.PI * width * width) / 4 >= LEAST_STROKE_MM2 * PX_PER_MM * PX_PER_MM;
}

/**
 * A toddler face's smile: a curve through the mouth's corners (drawn at least
 * TODDLER_SMILE.least × `eyeGap` wide) sagging towards the chin, `down` being the face's down.
 */
function smileLine(left: Point, right: Point, eyeGap: number, down: Point): number[] {
  const centre = mean([left, right]);
  const found = Math.max(1, distance(left, right));
  const half = Math.max(found, TODDLER_SMILE.least * eyeGap) / 2;
  const u: Point = [(right[0] - left[0]) / found, (right[1] - left[1]) / found];
  const sag = TODDLER_SMILE.sag * 2 * half;
  const ps: Point[] = [];
  for (let k = 0; k <= 4; k++) {
    const t = k / 4 - 0.5;
    const drop = sag * (1 - 4 * t * t);
    ps.push([centre[0] + 2 * t * half * u[0] + drop * down[0], centre[1] + 2 * t * half * u[1] + drop * down[1]]);
  }
  return smoothCurve(ps, false);
}

/**
 * What one face puts on a page: `points` are its 68 landmarks in page pixels. Toddler pages get
 * the simplest face that reads as one: two bold solid eyes and a smile line, no brows, no nose;
 * children and up almond eyes with pupils where the face is big enough to hold them, brows, the
 * nose; teen and adult pages draw the lips as a shape, the others the line between them.
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
  const raise = (q: Point): Point => [q[0] + CLEAR_ABOVE_BROWS * eyeGap * up[0], q[1] + CLEAR_ABOVE_BROWS * eyeGap * up[1]];
  const clear = [...range(0, 16).flat(), ...range(17, 26).reverse().flatMap((q) => raise(q))];

  // The face's outline: the jaw, carried up the temples to the cleared area's top corners, so the
  // region lines clipped at its sides end on it and the face stays closed off from the hair.
  const outlinePoints = [raise(p(17)), ...range(0, 16), raise(p(26))].map((q): Point => [q[0], q[1]]);
  const strokes: FaceStroke[] = [{ line: smoothCurve(outlinePoints, false), width: line }];
  const outlines: FaceStroke[] = [];
  const fills: number[][] = [];
  const toddler = difficulty === 'toddler';
  const boldEye = toddler ? { rx: (TODDLER_EYE.width / 2) * eyeGap, ry: (TODDLER_EYE.height / 2) * eyeGap } : undefined;
  for (const eye of [leftEye, rightEye]) {
    const drawn = eyeDrawing(eye, feature, toddler, WIDEST_EYE * eyeGap, boldEye);
    if (drawn.outline) outlines.push(drawn.outline);
    fills.push(drawn.fill);
  }
  if (toddler) {
    strokes.push({ line: smileLine(p(48), p(54), eyeGap, [-up[0], -up[1]]), width: line });
    return { clear, outlines, strokes, fills, eyes: 2 };
  }
  const maybe = (curve: number[], width: number): void => {
    if (worthDrawing(curve, width)) strokes.push({ line: curve, width });
  };
  maybe(smoothCurve(range(17, 21), false), feature);
  maybe(smoothCurve(range(22, 26), false), feature);
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
  if (difficulty !== 'children') {
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

/** Whether (x, y) lies inside the closed polygon `poly` (even-odd rule). */
function insidePolygon(poly: number[], x: number, y: number): boolean {
  let inside = false;
  const n = poly.length / 2;
  for (let k = 0, j = n - 1; k < n; j = k++) {
    const yk = poly[2 * k + 1];
    const yj = poly[2 * j + 1];
    if (yk > y !== yj > y && x < poly[2 * j] + ((y - yj) / (yk - yj)) * (poly[2 * k] - poly[2 * j])) inside = !inside;
  }
  return inside;
}

/**
 * The polylines with their points inside any of `polygons` (the faces' cleared areas) taken out,
 * each cut into the runs left outside: a region line that ran through a face now ends at the
 * face with the round end of its stroke. Clipped here rather than erased on the page, a line
 * that grazes a face keeps its full width instead of being shaved to a sliver.
 */
export function clipOutside(lines: number[][], polygons: number[][]): number[][] {
  if (polygons.length === 0) return lines;
  const boxes = polygons.map((poly) => {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < poly.length; i += 2) {
      box[0] = Math.min(box[0], poly[i]);
      box[1] = Math.min(box[1], poly[i + 1]);
      box[2] = Math.max(box[2], poly[i]);
      box[3] = Math.max(box[3], poly[i + 1]);
    }
    return box;
  });
  const inAny = (x: number, y: number): boolean => polygons.some((poly, k) => x >= boxes[k][0] && x <= boxes[k][2] && y >= boxes[k][1] && y <= boxes[k][3] && insidePolygon(poly, x, y));
  const out: number[][] = [];
  for (const line of lines) {
    let run: number[] = [];
    for (let i = 0; i + 1 < line.length; i += 2) {
      if (!inAny(line[i], line[i + 1])) {
        run.push(line[i], line[i + 1]);
        continue;
      }
      // A lone point left between two cuts would be a dot: dropped.
      if (run.length >= 4) out.push(run);
      run = [];
    }
    if (run.length >= 4 || (run.length === line.length && run.length > 0)) out.push(run);
  }
  return out;
}

/** `poly` drawn in towards its centroid by `by` pixels (enough for the faces' outlines, which are about convex). */
function shrunk(poly: number[], by: number): number[] {
  let cx = 0;
  let cy = 0;
  const n = poly.length / 2;
  for (let i = 0; i < poly.length; i += 2) {
    cx += poly[i] / n;
    cy += poly[i + 1] / n;
  }
  const out: number[] = [];
  for (let i = 0; i < poly.length; i += 2) {
    const dx = poly[i] - cx;
    const dy = poly[i + 1] - cy;
    const d = Math.hypot(dx, dy);
    const k = d > by ? (d - by) / d : 0;
    out.push(cx + dx * k, cy + dy * k);
  }
  return out;
}

/**
 * Draws `drawing` on `page`: clears the face (the region lines were clipped already, so this
 * takes the marks drawn inside it, less a line's width at its edge, where a clipped line's round
 * end lies), then strokes, outlines (their insides cleared first) and fills.
 */
export function drawFace(page: Bitmap, drawing: FaceDrawing): void {
  fillPolygon(page, shrunk(drawing.clear, drawing.strokes[0].width), 255);
  for (const stroke of drawing.strokes) strokePolylines(page, [stroke.line], stroke.width);
  for (const outline of drawing.outlines) {
    fillPolygon(page, outline.line, 255);
    strokePolylines(page, [outline.line], outline.width);
  }
  for (const fill of drawing.fills) fillPolygon(page, fill, 0);
}
