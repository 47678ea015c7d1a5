/**
 * Drawn lines that look drawn (decision 065): a boundary chain is cut at its corners, and each
 * piece between them is drawn as a straight segment where the photo's edge is straight, as an arc
 * where it is round, and as the smoothed chain (smoothChainKeepingShape) where it is neither. A
 * person draws a wall, a window or a roof with a ruler's line and a sharp corner; the smoothing
 * alone drew them as wobbly rounded blobs.
 */
import type { Chain } from './draw-boundaries';
import { smoothChain, smoothChainKeepingShape } from './draw-boundaries';

/** How the pieces are told apart, in working pixels and radians. */
export interface ChainFit {
  /** Largest distance of a piece's chain points from its fitted line or arc. */
  tolerance: number;
  /** Points either side over which the turning at a point is measured (chain points are a crack, one pixel, apart). */
  reach: number;
  /** Least turning at a corner. */
  cornerAngle: number;
  /** Least length of a straight piece's points fitted (all but the few nearest each corner). */
  minLine: number;
  /** Least length of a piece drawn as an arc. */
  minArc: number;
  /** Largest slow bend (a bow or an S) of a short straight piece's points about its line. */
  bend: number;
  /** A longer piece may bow as much as an arc of this radius. */
  bendRadius: number;
  /** Gaussian smoothing of the chain the corners and fits are found on (not the one drawn). */
  guideSigma: number;
}

/**
 * Set on the shapes of fit-chains.test.ts and looked at on the real photo set's houses and
 * vehicles (decision 065): a tolerance of 1.25 working pixels takes a wall's watershed wander
 * (about a pixel) and the crack staircase (half a pixel) and no more; a corner turns at least 40°
 * over four pixels either side (or six), which a circle does only below a radius of 11 (17)
 * pixels, and a piece of such a circle bows too much to pass as a line.
 */
export const CHAIN_FIT: ChainFit = { tolerance: 1.25, reach: 4, cornerAngle: (40 * Math.PI) / 180, minLine: 6, minArc: 12, bend: 0.5, bendRadius: 25, guideSigma: 1.5 };

/** A piece of the chain, points `from`..`to` (inclusive) of the chain being fitted. */
interface Piece {
  from: number;
  to: number;
  /** A fitted line: a point on it and its unit direction; null when the piece is not straight. */
  line: { cx: number; cy: number; ux: number; uy: number } | null;
}

const pointsOf = (chain: Chain): number => chain.length / 2;

function isClosed(chain: Chain): boolean {
  const n = pointsOf(chain);
  return n > 2 && chain[0] === chain[2 * n - 2] && chain[1] === chain[2 * n - 1];
}

/**
 * Turning of the chain at each point over `reach` points either side, and over half as many
 * again, whichever is more (a corner the watershed bevelled by a pixel turns over a longer
 * stretch); 0 where it cannot be measured (near an open chain's ends).
 */
function turning(chain: Chain, closed: boolean, reach: number): Float64Array {
  const n = pointsOf(chain);
  const m = closed ? n - 1 : n;
  const angle = new Float64Array(n);
  const far = Math.round(1.5 * reach);
  if (m < 2 * far + 1) return angle;
  const at = (k: number): number => (closed ? ((k % m) + m) % m : k);
  const turn = (i: number, r: number): number => {
    const a = at(i - r);
    const b = at(i + r);
    const ax = chain[2 * i] - chain[2 * a];
    const ay = chain[2 * i + 1] - chain[2 * a + 1];
    const bx = chain[2 * b] - chain[2 * i];
    const by = chain[2 * b + 1] - chain[2 * i + 1];
    return Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
  };
  for (let i = closed ? 0 : far; i < (closed ? m : n - far); i++) angle[i] = Math.max(turn(i, reach), turn(i, far));
  if (closed) angle[n - 1] = angle[0];
  return angle;
}

/** Corner candidates: points turning at least `cornerAngle`, the strongest within `reach` of each other (ties to the first). */
function cornerCandidates(chain: Chain, closed: boolean, fit: ChainFit): number[] {
  const n = pointsOf(chain);
  const m = closed ? n - 1 : n;
  const angle = turning(chain, closed, fit.reach);
  const corners: number[] = [];
  for (let i = 0; i < m; i++) {
    if (angle[i] < fit.cornerAngle) continue;
    let best = true;
    for (let k = -fit.reach; k <= fit.reach && best; k++) {
      if (k === 0) continue;
      const j = closed ? (((i + k) % m) + m) % m : i + k;
      if (j < 0 || j >= m) continue;
      if (angle[j] > angle[i] || (angle[j] === angle[i] && k < 0)) best = false;
    }
    if (best) corners.push(i);
  }
  return corners;
}

/** Points from..to of the chain, copied (inclusive). */
function slice(chain: Chain, from: number, to: number): Chain {
  return chain.slice(2 * from, 2 * to + 2);
}

/**
 * The least-squares line through points first..last (principal axis), when every point but the
 * few nearest each end lies within the tolerance of it and the piece does not bend: a piece of a
 * tight curve fits a line within a pixel over a short length, but its middle stands off the line
 * one way and its ends the other.
 */
function straightLine(chain: Chain, first: number, last: number, fit: ChainFit): Piece['line'] {
  // A corner is rounded over a few points (by the guide's smoothing, and often by the watershed):
  // they are left out of the fit, the line is drawn to the corner all the same.
  const trim = Math.ceil(2 * fit.guideSigma);
  if (last - first - 2 * trim < fit.minLine) return null;
  const from = first + trim;
  const to = last - trim;
  const [cx, cy] = meanOf(chain, from, to);
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = from; i <= to; i++) {
    const dx = chain[2 * i] - cx;
    const dy = chain[2 * i + 1] - cy;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  // The offsets' slow part (least-squares Legendre P2 and P3 over the piece): a bow or an S
  // that the points' jitter does not make.
  let p2 = 0;
  let p3 = 0;
  let n2 = 0;
  let n3 = 0;
  for (let i = from; i <= to; i++) {
    const offset = -(chain[2 * i] - cx) * uy + (chain[2 * i + 1] - cy) * ux;
    if (Math.abs(offset) > fit.tolerance) return null;
    const t = (2 * (i - from)) / (to - from) - 1;
    const l2 = (3 * t * t - 1) / 2;
    const l3 = (5 * t * t * t - 3 * t) / 2;
    p2 += offset * l2;
    p3 += offset * l3;
    n2 += l2 * l2;
    n3 += l3 * l3;
  }
  const a2 = p2 / n2;
  const a3 = p3 / n3;
  // A long piece may bow as a wide circle does (a wall seen in perspective, a watershed's
  // one-pixel wander): the bow allowed is that of a circle of radius `bendRadius`, at least
  // `bend`. An S is no circle: a wavy edge's flank between two crests is one, and stays a curve.
  const bow = Math.max(fit.bend, (to - from) ** 2 / (8 * fit.bendRadius));
  if (Math.abs(1.5 * a2) > bow || Math.abs(a3) > fit.bend) return null;
  return { cx, cy, ux, uy };
}

/** The mean point of a chain's points from..to (inclusive). */
function meanOf(chain: Chain, from: number, to: number): [number, number] {
  let x = 0;
  let y = 0;
  for (let i = from; i <= to; i++) {
    x += chain[2 * i];
    y += chain[2 * i + 1];
  }
  const count = to - from + 1;
  return [x / count, y / count];
}

/**
 * The circle through points from..to by least squares (x² + y² + Dx + Ey + F = 0, Kåsa's fit),
 * when every point lies within the tolerance of it: centre and radius, else null.
 */
function circleFit(chain: Chain, from: number, to: number, fit: ChainFit): { x: number; y: number; r: number } | null {
  const count = to - from + 1;
  if (count < 3) return null;
  // Centred on the points' mean, for a well-conditioned system.
  const [mx, my] = meanOf(chain, from, to);
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let suuu = 0;
  let svvv = 0;
  let suvv = 0;
  let svuu = 0;
  for (let i = from; i <= to; i++) {
    const u = chain[2 * i] - mx;
    const v = chain[2 * i + 1] - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return null;
  const bu = (suuu + suvv) / 2;
  const bv = (svvv + svuu) / 2;
  const uc = (bu * svv - bv * suv) / det;
  const vc = (bv * suu - bu * suv) / det;
  const r = Math.sqrt(uc * uc + vc * vc + (suu + svv) / count);
  const x = uc + mx;
  const y = vc + my;
  for (let i = from; i <= to; i++) {
    if (Math.abs(Math.hypot(chain[2 * i] - x, chain[2 * i + 1] - y) - r) > fit.tolerance) return null;
  }
  return { x, y, r };
}

/**
 * Points from..to drawn along the fitted circle, a point per working pixel of arc: from the first
 * point's angle round the way the chain turns to the last's, meeting the chain's ends exactly.
 */
function arcPoints(chain: Chain, from: number, to: number, circle: { x: number; y: number; r: number }): Chain {
  // A closed loop meets nothing: it is the circle itself.
  const loop = isClosed(chain) && from === 0 && to === pointsOf(chain) - 1;
  const { x, y, r } = circle;
  let sweep = 0;
  let previous = Math.atan2(chain[2 * from + 1] - y, chain[2 * from] - x);
  const start = previous;
  for (let i = from + 1; i <= to; i++) {
    const a = Math.atan2(chain[2 * i + 1] - y, chain[2 * i] - x);
    let d = a - previous;
    if (d > Math.PI) d -= 2 * Math.PI;
    if (d < -Math.PI) d += 2 * Math.PI;
    sweep += d;
    previous = a;
  }
  const r0 = loop ? r : Math.hypot(chain[2 * from] - x, chain[2 * from + 1] - y);
  const r1 = loop ? r : Math.hypot(chain[2 * to] - x, chain[2 * to + 1] - y);
  const steps = Math.max(2, Math.ceil(Math.abs(sweep) * r));
  const out: Chain = loop ? [x + r * Math.cos(start), y + r * Math.sin(start)] : [chain[2 * from], chain[2 * from + 1]];
  // On the circle, but for a few points at each end that go over to the chain's own end.
  const ramp = Math.min(steps / 2, 4);
  for (let s = 1; s < steps; s++) {
    const a = start + (sweep * s) / steps;
    const radius = r + (r0 - r) * Math.max(0, 1 - s / ramp) + (r1 - r) * Math.max(0, 1 - (steps - s) / ramp);
    out.push(x + radius * Math.cos(a), y + radius * Math.sin(a));
  }
  out.push(...(loop ? out.slice(0, 2) : [chain[2 * to], chain[2 * to + 1]]));
  return out;
}

/** Where two lines cross, or null when they are (nearly) parallel. */
function crossing(a: NonNullable<Piece['line']>, b: NonNullable<Piece['line']>): [number, number] | null {
  const det = a.ux * b.uy - a.uy * b.ux;
  if (Math.abs(det) < 0.2) return null;
  const t = ((b.cx - a.cx) * b.uy - (b.cy - a.cy) * b.ux) / det;
  return [a.cx + t * a.ux, a.cy + t * a.uy];
}

/** The foot of a point on a line. */
function foot(line: NonNullable<Piece['line']>, px: number, py: number): [number, number] {
  const t = (px - line.cx) * line.ux + (py - line.cy) * line.uy;
  return [line.cx + t * line.ux, line.cy + t * line.uy];
}

/**
 * A chain drawn as straight segments, arcs and smoothed curves: cut at its corners (points turning
 * at least `cornerAngle` over `reach` points either side), each piece between them a line where
 * it fits one within the tolerance, else the smoothed chain (`sigma`, smoothChainKeepingShape)
 * with its ends on the corners, so corners stay sharp. A corner between two curved pieces is no
 * corner: a lumpy outline keeps its one smooth curve. A piece (or a closed loop without corners)
 * that fits a circle is drawn on the circle. Open chains keep their ends where they are, so the
 * lines still meet at their junctions. Deterministic: arithmetic only.
 */
export function fitChain(chain: Chain, sigma: number, fit: ChainFit = CHAIN_FIT): Chain {
  const n = pointsOf(chain);
  if (n < 3) return chain;
  const closed = isClosed(chain);
  // Corners and fits are found on the chain with its crack staircase and single-pixel jitter
  // smoothed away; what is drawn where no line fits is the raw chain smoothed as before.
  let guide = smoothChain(chain, fit.guideSigma);
  let corners = cornerCandidates(guide, closed, fit);
  if (closed) {
    if (corners.length === 0) return curve(chain, guide, sigma, fit);
    // A closed loop starts and ends at its first corner, as an open chain would at its ends.
    chain = rotated(chain, corners[0]);
    guide = rotated(guide, corners[0]);
    corners = corners.map((c) => c - corners[0]);
  }
  const breaks = [0, ...corners.filter((c) => c > 0 && c < n - 1), n - 1];
  let pieces: Piece[] = [];
  for (let k = 0; k + 1 < breaks.length; k++) pieces.push({ from: breaks[k], to: breaks[k + 1], line: straightLine(guide, breaks[k], breaks[k + 1], fit) });
  pieces = joinPieces(pieces, guide, fit);
  // Two lines meet at a sharp corner only where the chain reaches it: a wave's crest, or a round
  // corner, turns as much between two straight flanks but stays clear of where they cross. Its
  // flanks are drawn as the curve they are part of.
  let rounded = false;
  for (let k = 1; k < pieces.length; k++) {
    const before = pieces[k - 1].line;
    const after = pieces[k].line;
    if (before && after && !reachesCrossing(chain, pieces[k].from, before, after, fit)) {
      pieces[k - 1].line = null;
      pieces[k].line = null;
      rounded = true;
    }
  }
  if (closed && pieces.length > 1) {
    const before = pieces[pieces.length - 1].line;
    const after = pieces[0].line;
    if (before && after && !reachesCrossing(chain, 0, before, after, fit)) {
      pieces[pieces.length - 1].line = null;
      pieces[0].line = null;
      rounded = true;
    }
  }
  if (rounded) pieces = joinPieces(pieces, guide, fit);
  if (closed && pieces.length > 1 && !pieces[0].line && !pieces[pieces.length - 1].line) {
    // The loop's start is no corner either: it begins at its next corner instead, which has a line after it.
    return fitChain(rotated(chain, pieces[0].to), sigma, fit);
  }
  if (pieces.length === 1 && !pieces[0].line) return curve(chain, guide, sigma, fit);
  // Each corner where it is drawn: where two lines cross, else on the straight side, else where the chain turns. Open ends stay put.
  const at: [number, number][] = [];
  for (let k = 0; k <= pieces.length; k++) {
    const before = k > 0 ? pieces[k - 1] : closed ? pieces[pieces.length - 1] : null;
    const after = k < pieces.length ? pieces[k] : closed ? pieces[0] : null;
    const index = k < pieces.length ? pieces[k].from : pieces[k - 1].to;
    const px = guide[2 * index];
    const py = guide[2 * index + 1];
    if (!before || !after) {
      at.push([chain[2 * index], chain[2 * index + 1]]);
      continue;
    }
    const cross = before.line && after.line ? crossing(before.line, after.line) : null;
    if (cross) at.push(cross);
    else if (before.line) at.push(foot(before.line, px, py));
    else if (after.line) at.push(foot(after.line, px, py));
    else at.push([px, py]);
  }
  const out: Chain = [at[0][0], at[0][1]];
  pieces.forEach((piece, k) => {
    const [ex, ey] = at[k + 1];
    if (!piece.line) {
      const drawn = curve(slice(chain, piece.from, piece.to), slice(guide, piece.from, piece.to), sigma, fit);
      for (let i = 2; i < drawn.length - 2; i++) out.push(drawn[i]);
    }
    out.push(ex, ey);
  });
  return out;
}

/**
 * Neighbours that fit one line together are one line (a wobble taken for a corner); then a
 * corner between two curves is no corner, so a lumpy outline keeps one smooth curve.
 */
function joinPieces(pieces: Piece[], guide: Chain, fit: ChainFit): Piece[] {
  const joined: Piece[] = [];
  for (const piece of pieces) {
    const last = joined[joined.length - 1];
    const one = last && (last.line || piece.line) ? straightLine(guide, last.from, piece.to, fit) : null;
    if (last && one) joined[joined.length - 1] = { from: last.from, to: piece.to, line: one };
    else if (last && !last.line && !piece.line) last.to = piece.to;
    else joined.push({ ...piece });
  }
  return joined;
}

/** Whether the raw chain near its point `index` comes within the tolerance of where the two lines cross. */
function reachesCrossing(chain: Chain, index: number, before: NonNullable<Piece['line']>, after: NonNullable<Piece['line']>, fit: ChainFit): boolean {
  const cross = crossing(before, after);
  if (!cross) return false;
  const n = pointsOf(chain);
  const closed = isClosed(chain);
  const m = closed ? n - 1 : n;
  for (let k = -2 * fit.reach; k <= 2 * fit.reach; k++) {
    const j = closed ? (((index + k) % m) + m) % m : index + k;
    if (j < 0 || j >= n) continue;
    if (Math.hypot(chain[2 * j] - cross[0], chain[2 * j + 1] - cross[1]) <= fit.tolerance) return true;
  }
  return false;
}

/** A closed chain (first point repeated last) begun at its point `start`. */
function rotated(chain: Chain, start: number): Chain {
  const m = pointsOf(chain) - 1;
  const out: Chain = [];
  for (let k = 0; k <= m; k++) {
    const j = (start + k) % m;
    out.push(chain[2 * j], chain[2 * j + 1]);
  }
  return out;
}

/** A piece with no corner inside: on its circle when it fits one, else smoothed along its length. */
function curve(chain: Chain, guide: Chain, sigma: number, fit: ChainFit): Chain {
  const n = pointsOf(chain);
  if (n - 1 >= fit.minArc) {
    const circle = circleFit(guide, 0, n - 1, fit);
    // A circle far larger than the piece is a line the line test found bowed: the smoothing draws it as well.
    if (circle && circle.r <= 4 * (n - 1)) return arcPoints(chain, 0, n - 1, circle);
  }
  return smoothChainKeepingShape(chain, sigma);
}
