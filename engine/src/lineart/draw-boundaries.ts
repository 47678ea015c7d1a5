import type { Bitmap } from '../page';
import type { Segmentation } from './segment-regions';
import { gaussianWeights } from '../raster/gaussian-blur';

/** A polyline in working-image pixel-corner coordinates: x0, y0, x1, y1, ... */
export type Chain = number[];

/**
 * The boundaries between regions as chains of pixel-corner points, cut at junctions (corners
 * where three or more boundary edges meet) and at the image border. Closed loops come out with
 * their first point repeated at the end.
 */
export function boundaryChains(seg: Segmentation): Chain[] {
  const { width, height, labels } = seg;
  const { hCrack, vCrack } = noCracks(width, height);
  const vw = width + 1;
  // Written out rather than through cracksWhere: a call per pixel costs the page a few ms.
  for (let y = 1; y < height; y++) {
    for (let x = 0; x < width; x++) if (labels[(y - 1) * width + x] !== labels[y * width + x]) hCrack[y * vw + x] = 1;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 1; x < width; x++) if (labels[y * width + x - 1] !== labels[y * width + x]) vCrack[y * vw + x] = 1;
  }
  return crackChains(width, height, hCrack, vCrack);
}

/**
 * The crack edges of a width × height picture, all unset. A horizontal crack at vertex (x, y)
 * runs to (x+1, y) between pixels (x, y-1) and (x, y); a vertical crack at (x, y) runs to
 * (x, y+1) between pixels (x-1, y) and (x, y). Both are indexed y · (width + 1) + x.
 */
function noCracks(width: number, height: number): { hCrack: Uint8Array; vCrack: Uint8Array } {
  const size = (width + 1) * (height + 1);
  return { hCrack: new Uint8Array(size), vCrack: new Uint8Array(size) };
}

/** The crack edges between pixels `a` and `b` (indices into a width × height picture) for which `isCrack(a, b)` holds. */
export function cracksWhere(width: number, height: number, isCrack: (a: number, b: number) => boolean): { hCrack: Uint8Array; vCrack: Uint8Array } {
  const { hCrack, vCrack } = noCracks(width, height);
  const vw = width + 1;
  for (let y = 1; y < height; y++) {
    for (let x = 0; x < width; x++) if (isCrack((y - 1) * width + x, y * width + x)) hCrack[y * vw + x] = 1;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 1; x < width; x++) if (isCrack(y * width + x - 1, y * width + x)) vCrack[y * vw + x] = 1;
  }
  return { hCrack, vCrack };
}

/**
 * The set cracks (noCracks' layout) as chains of pixel-corner points, cut at junctions and at
 * the picture's border as in boundaryChains. Clears the arrays as it walks them.
 */
export function crackChains(width: number, height: number, hCrack: Uint8Array, vCrack: Uint8Array): Chain[] {
  const vw = width + 1;
  const degree = (v: number): number => {
    const x = v % vw;
    return hCrack[v] + (x > 0 ? hCrack[v - 1] : 0) + vCrack[v] + (v >= vw ? vCrack[v - vw] : 0);
  };
  /** Takes one unused crack at vertex v, clears it, and returns the vertex at its other end, or -1. */
  const step = (v: number): number => {
    const x = v % vw;
    if (hCrack[v]) {
      hCrack[v] = 0;
      return v + 1;
    }
    if (x > 0 && hCrack[v - 1]) {
      hCrack[v - 1] = 0;
      return v - 1;
    }
    if (vCrack[v]) {
      vCrack[v] = 0;
      return v + vw;
    }
    if (v >= vw && vCrack[v - vw]) {
      vCrack[v - vw] = 0;
      return v - vw;
    }
    return -1;
  };
  const total = vw * (height + 1);
  const isNode = new Uint8Array(total);
  for (let v = 0; v < total; v++) {
    const d = degree(v);
    if (d > 0 && d !== 2) isNode[v] = 1;
  }
  const chains: Chain[] = [];
  const walk = (start: number): void => {
    const chain: Chain = [start % vw, Math.floor(start / vw)];
    let v = step(start);
    while (v >= 0) {
      chain.push(v % vw, Math.floor(v / vw));
      if (isNode[v] || v === start) break;
      v = step(v);
    }
    chains.push(chain);
  };
  for (let v = 0; v < total; v++) {
    if (!isNode[v]) continue;
    while (degree(v) > 0) walk(v);
  }
  for (let v = 0; v < total; v++) while (degree(v) > 0) walk(v);
  return chains;
}

/**
 * Smooths a chain with a Gaussian along its length, ends pinned so chains still meet at their
 * junctions. Closed loops wrap around.
 */
export function smoothChain(chain: Chain, sigma: number): Chain {
  const n = chain.length / 2;
  if (n < 3 || sigma <= 0) return chain;
  const closed = chain[0] === chain[2 * n - 2] && chain[1] === chain[2 * n - 1];
  const radius = Math.ceil(sigma * 2.5);
  const { weights } = gaussianWeights(sigma, radius);
  const out: Chain = new Array(chain.length);
  const m = closed ? n - 1 : n;
  for (let i = 0; i < n; i++) {
    if (!closed && (i === 0 || i === n - 1)) {
      out[2 * i] = chain[2 * i];
      out[2 * i + 1] = chain[2 * i + 1];
      continue;
    }
    let sx = 0;
    let sy = 0;
    let total = 0;
    // Open chains shrink the window near their ends, so the pinned ends do not drag the curve.
    const r = closed ? radius : Math.min(radius, i, n - 1 - i);
    for (let k = -r; k <= r; k++) {
      const j = closed ? (((i + k) % m) + m) % m : i + k;
      const w = weights[k + radius];
      sx += chain[2 * j] * w;
      sy += chain[2 * j + 1] * w;
      total += w;
    }
    out[2 * i] = sx / total;
    out[2 * i + 1] = sy / total;
  }
  if (closed) {
    out[2 * n - 2] = out[0];
    out[2 * n - 1] = out[1];
  }
  return out;
}

/**
 * Smooths a chain along its length without shrinking it: 2·G(c) − G(G(c)), where G is smoothChain.
 * A Gaussian pulls every point toward its centre of curvature, so it cuts corners and shrinks
 * small regions; this form keeps what G keeps of the chain's slow turns (its response to a
 * frequency is 1 − (1 − g)², near 1 wherever G's g is) and still removes the pixel staircase
 * (2g − g² ≈ 2g where g is small). Ends stay pinned, as in smoothChain.
 */
export function smoothChainKeepingShape(chain: Chain, sigma: number): Chain {
  const once = smoothChain(chain, sigma);
  if (once === chain) return chain;
  const twice = smoothChain(once, sigma);
  return once.map((v, i) => 2 * v - twice[i]);
}

/** Row spans of a filled disc, as [dy, dxMin, dxMax] triples. */
function discSpans(radius: number): number[] {
  const spans: number[] = [];
  const r = Math.max(0.5, radius);
  const ri = Math.ceil(r);
  for (let dy = -ri; dy <= ri; dy++) {
    const half = Math.sqrt(Math.max(0, r * r - dy * dy));
    const dx = Math.floor(half + 0.5 - 1e-9);
    if (r * r - dy * dy < 0) continue;
    spans.push(dy, -dx, dx);
  }
  return spans;
}

/**
 * Draws polylines as round-capped strokes of `lineWidth` pixels into a page bitmap (0 = ink) by
 * stamping discs at sub-pixel steps along each segment.
 */
export function strokePolylines(page: Bitmap, polylines: number[][], lineWidth: number): void {
  const { width, height, data } = page;
  const spans = discSpans(lineWidth / 2);
  // Steps along a line are shorter than a pixel where it is thin: a disc at the pixel just inked is skipped.
  let lastX = NaN;
  let lastY = NaN;
  const stamp = (cx: number, cy: number): void => {
    const x0 = Math.round(cx);
    const y0 = Math.round(cy);
    if (x0 === lastX && y0 === lastY) return;
    lastX = x0;
    lastY = y0;
    for (let s = 0; s < spans.length; s += 3) {
      const y = y0 + spans[s];
      if (y < 0 || y >= height) continue;
      const from = Math.max(0, x0 + spans[s + 1]);
      const to = Math.min(width - 1, x0 + spans[s + 2]);
      // A short span is written by a loop: data.fill costs more to call than a dozen stores.
      if (to - from < 12) for (let i = y * width + from, end = y * width + to; i <= end; i++) data[i] = 0;
      else if (from <= to) data.fill(0, y * width + from, y * width + to + 1);
    }
  };
  const stepLength = Math.max(0.5, Math.min(2, lineWidth / 8));
  for (const line of polylines) {
    if (line.length < 2) continue;
    stamp(line[0], line[1]);
    for (let i = 2; i + 1 < line.length; i += 2) {
      const ax = line[i - 2];
      const ay = line[i - 1];
      const dx = line[i] - ax;
      const dy = line[i + 1] - ay;
      const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / stepLength));
      for (let s = 1; s <= steps; s++) stamp(ax + (dx * s) / steps, ay + (dy * s) / steps);
    }
  }
}
