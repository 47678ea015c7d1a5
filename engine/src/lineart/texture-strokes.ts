/**
 * Texture strokes: the short lines an illustrator draws inside a shape for fur, feathers, folds,
 * stripes and a building's windows — the detail an adult page asks for inside its subject
 * (issue 38, items 3 and 4), where region outlines alone leave a bare silhouette.
 *
 * The method is the flow-guided difference of Gaussians of Kang, Lee and Chui ("Coherent Line
 * Drawing", NPAR 2007), simplified: the lightness is filtered across the photo's local edge
 * direction by a difference of Gaussians, that response is averaged along the direction (the
 * structure tensor's minor eigenvector), so a line follows the fur instead of breaking into
 * specks, and the dark side of each edge is kept. The kept pixels are thinned to one-pixel
 * skeletons, traced into polylines and the short ones dropped.
 */
import { recursiveGaussianBlur } from './recursive-blur';

export interface TextureParams {
  /** Least darkening of the flow-averaged difference of Gaussians, CIELAB lightness units. */
  minContrast: number;
  /** Least length of a stroke, working pixels. */
  minLength: number;
  /**
   * Least mean coherence along a stroke: fur, stripes, folds and a facade's lines run one way;
   * foliage, gravel and grass, which the page does not texture, turn every way.
   */
  minCoherence: number;
  /** No stroke pixel nearer a region boundary than this, working pixels: the outline is drawn already. */
  clearOfOutline: number;
}

/** Where strokes may go, per working pixel: 1 inside the subject and away from faces and marks. */
export interface TextureArea {
  width: number;
  height: number;
  allowed: Uint8Array;
  /** Region label per pixel: strokes keep clear of the boundaries between them. */
  labels: Int32Array;
}

/** σ of the centre Gaussian across the edge, working pixels; the surround is 1.6 times it. */
const DOG_SIGMA = 1;
/**
 * The difference is taken as centre − τ·surround − (1 − τ)·centre, which is τ times centre minus
 * surround: a flat area answers 0, and the strokes' least contrast (TextureParams.minContrast) was
 * set by eye against this scale.
 */
const DOG_TAU = 0.98;
/** σ of the structure tensor's smoothing: how wide a patch decides the local direction. */
const TENSOR_SIGMA = 2.5;
/** σ of the averaging along the direction, working pixels. */
const FLOW_SIGMA = 2.5;

/** Per pixel, the unit tangent (along the edges) of the smoothed structure tensor of `plane`. */
function edgeTangents(plane: Float32Array, width: number, height: number): { tx: Float32Array; ty: Float32Array; coherence: Float32Array } {
  const n = width * height;
  const jxx = new Float32Array(n);
  const jxy = new Float32Array(n);
  const jyy = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - 1);
      const right = Math.min(width - 1, x + 1);
      const gx = plane[y * width + right] - plane[y * width + left];
      const gy = plane[down + x] - plane[up + x];
      const i = y * width + x;
      jxx[i] = gx * gx;
      jxy[i] = gx * gy;
      jyy[i] = gy * gy;
    }
  }
  const sxx = recursiveGaussianBlur(jxx, width, height, TENSOR_SIGMA);
  const sxy = recursiveGaussianBlur(jxy, width, height, TENSOR_SIGMA);
  const syy = recursiveGaussianBlur(jyy, width, height, TENSOR_SIGMA);
  const tx = new Float32Array(n);
  const ty = new Float32Array(n);
  const coherence = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const trace = sxx[i] + syy[i];
    coherence[i] = trace > 1e-6 ? Math.sqrt((sxx[i] - syy[i]) ** 2 + 4 * sxy[i] ** 2) / trace : 0;
    if (trace <= 1e-6) continue;
    // The tangent is the eigenvector of the smaller eigenvalue (across it the picture changes least).
    const root = Math.sqrt((sxx[i] - syy[i]) ** 2 + 4 * sxy[i] ** 2);
    const minor = (trace - root) / 2;
    let vx = sxy[i];
    let vy = minor - sxx[i];
    if (Math.abs(vx) + Math.abs(vy) < 1e-9) {
      vx = minor - syy[i];
      vy = sxy[i];
    }
    const norm = Math.hypot(vx, vy);
    if (norm < 1e-9) continue;
    tx[i] = vx / norm;
    ty[i] = vy / norm;
  }
  return { tx, ty, coherence };
}

/**
 * The difference of Gaussians of `lightness`, averaged along the edge tangents, and per pixel how
 * much one direction rules there (the structure tensor's coherence, 0..1). With `wanted`, the
 * response is worked out only at the pixels `wanted` marks (0 elsewhere).
 */
export function flowDog(lightness: Float32Array, width: number, height: number, wanted?: Uint8Array): { response: Float32Array; coherence: Float32Array } {
  const centre = recursiveGaussianBlur(lightness, width, height, DOG_SIGMA);
  const surround = recursiveGaussianBlur(lightness, width, height, 1.6 * DOG_SIGMA);
  const dog = new Float32Array(lightness.length);
  for (let i = 0; i < dog.length; i++) dog[i] = centre[i] - DOG_TAU * surround[i] - (1 - DOG_TAU) * centre[i];
  const { tx, ty, coherence } = edgeTangents(centre, width, height);
  const reach = Math.ceil(2 * FLOW_SIGMA);
  const weights = Array.from({ length: 2 * reach + 1 }, (_, k) => Math.exp(-((k - reach) ** 2) / (2 * FLOW_SIGMA ** 2)));
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Float32Array(dog.length);
  const maxX = width - 1;
  const maxY = height - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (wanted && !wanted[i]) continue;
      // Steps of one pixel along the tangent, each read at the nearest pixel.
      let sum = 0;
      for (let k = -reach; k <= reach; k++) {
        const sx = Math.min(maxX, Math.max(0, Math.round(x + k * tx[i])));
        const sy = Math.min(maxY, Math.max(0, Math.round(y + k * ty[i])));
        sum += weights[k + reach] * dog[sy * width + sx];
      }
      out[i] = sum / total;
    }
  }
  return { response: out, coherence };
}

/**
 * `mask` widened by `radius` along each of `lines` lines of `length` pixels (line k starts at
 * k × `lineStride`, its pixels `step` apart): a pixel is set when a set pixel lies within `radius`
 * of it on its line.
 */
function widened(mask: Uint8Array, lines: number, length: number, lineStride: number, step: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let k = 0; k < lines; k++) {
    const start = k * lineStride;
    let last = -Infinity;
    for (let t = 0; t < length; t++) {
      if (mask[start + t * step]) last = t;
      if (t - last <= radius) out[start + t * step] = 1;
    }
    last = Infinity;
    for (let t = length - 1; t >= 0; t--) {
      if (mask[start + t * step]) last = t;
      if (last - t <= radius) out[start + t * step] = 1;
    }
  }
  return out;
}

/** Per pixel, 1 where a region boundary lies within `radius` working pixels (a square neighbourhood). */
function nearBoundary(area: TextureArea, radius: number): Uint8Array {
  const { width, height, labels } = area;
  const edge = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((x + 1 < width && labels[i] !== labels[i + 1]) || (y + 1 < height && labels[i] !== labels[i + width])) edge[i] = 1;
    }
  }
  // Two passes of a running window (rows, then columns) widen each boundary pixel to a square.
  return widened(widened(edge, height, width, width, 1, radius), width, height, 1, width, radius);
}

/** Zhang–Suen thinning of a binary picture, in place: every stroke becomes one pixel wide. */
export function thin(mask: Uint8Array, width: number, height: number): void {
  // Only the set pixels are visited; a pixel on the picture's edge counts its outside as unset.
  let live: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) live.push(i);
  const p = new Uint8Array(8);
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= width || y >= height ? 0 : mask[y * width + x]);
  const gone: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const pass of [0, 1]) {
      gone.length = 0;
      for (const i of live) {
        const x = i % width;
        const y = (i - x) / width;
        p[0] = at(x, y - 1);
        p[1] = at(x + 1, y - 1);
        p[2] = at(x + 1, y);
        p[3] = at(x + 1, y + 1);
        p[4] = at(x, y + 1);
        p[5] = at(x - 1, y + 1);
        p[6] = at(x - 1, y);
        p[7] = at(x - 1, y - 1);
        const neighbours = p[0] + p[1] + p[2] + p[3] + p[4] + p[5] + p[6] + p[7];
        if (neighbours < 2 || neighbours > 6) continue;
        let rises = 0;
        for (let k = 0; k < 8; k++) if (!p[k] && p[(k + 1) & 7]) rises++;
        if (rises !== 1) continue;
        if (pass === 0 ? p[0] * p[2] * p[4] || p[2] * p[4] * p[6] : p[0] * p[2] * p[6] || p[0] * p[4] * p[6]) continue;
        gone.push(i);
      }
      for (const i of gone) mask[i] = 0;
      if (gone.length) {
        changed = true;
        live = live.filter((i) => mask[i]);
      }
    }
  }
}

const STEPS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
] as const;

/**
 * The polylines of a one-pixel skeleton (pixel centres), each walked from an end (or, for a
 * closed loop, from any pixel) while an unvisited neighbour is left, side neighbours before
 * corner ones: a corner of the skeleton's staircase is not a fork, and at a real fork the walk
 * goes on along one branch, the other becoming a polyline of its own. Deterministic: scanned in rows.
 */
export function skeletonPaths(mask: Uint8Array, width: number, height: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const neighbours = (i: number): number[] => {
    const x = i % width;
    const y = (i - x) / width;
    const out: number[] = [];
    for (const [dx, dy] of STEPS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx]) out.push(ny * width + nx);
    }
    return out;
  };
  const walk = (start: number): number[] => {
    const path = [start];
    seen[start] = 1;
    let at = start;
    for (;;) {
      const next = neighbours(at).find((j) => !seen[j]);
      if (next === undefined) break;
      seen[next] = 1;
      path.push(next);
      at = next;
    }
    return path.flatMap((i) => [(i % width) + 0.5, Math.floor(i / width) + 0.5]);
  };
  const paths: number[][] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i] && !seen[i] && neighbours(i).length === 1) paths.push(walk(i));
  for (let i = 0; i < mask.length; i++) if (mask[i] && !seen[i]) paths.push(walk(i));
  return paths;
}

/** Mean of `plane` over the pixels a polyline of pixel centres visits. */
function meanAlong(plane: Float32Array, width: number, path: number[]): number {
  let sum = 0;
  for (let k = 0; k < path.length; k += 2) sum += plane[Math.floor(path[k + 1]) * width + Math.floor(path[k])];
  return sum / (path.length / 2);
}

/**
 * The texture strokes of a picture's lightness inside `area`, as polylines in working pixels,
 * longest first.
 */
export function textureStrokes(lightness: Float32Array, area: TextureArea, params: TextureParams): number[][] {
  const { width, height, allowed } = area;
  const near = nearBoundary(area, params.clearOfOutline);
  const wanted = new Uint8Array(width * height);
  for (let i = 0; i < wanted.length; i++) wanted[i] = allowed[i] && !near[i] ? 1 : 0;
  const { response, coherence } = flowDog(lightness, width, height, wanted);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) if (wanted[i] && response[i] <= -params.minContrast) mask[i] = 1;
  thin(mask, width, height);
  const length = (path: number[]): number => {
    let sum = 0;
    for (let k = 2; k < path.length; k += 2) sum += Math.hypot(path[k] - path[k - 2], path[k + 1] - path[k - 1]);
    return sum;
  };
  return skeletonPaths(mask, width, height)
    .map((path) => ({ path, length: length(path) }))
    .filter((stroke) => stroke.length >= params.minLength && meanAlong(coherence, width, stroke.path) >= params.minCoherence)
    .sort((a, b) => b.length - a.length)
    .map((stroke) => stroke.path);
}
