import type { Bitmap } from '../page';
import { dropScratch, scanRuns, zeroedScratch } from '../quality/page-runs';
import { gaussianWeights } from '../raster/gaussian-blur';

/** A closed outline in pixel-corner coordinates. */
export type Outline = Float64Array; // x0, y0, x1, y1, ...

const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];

/**
 * Follows the pixel edges between ink (value < 128) and paper into closed loops, ink always on
 * the walker's right. Where two ink pixels touch only at a corner the walker turns towards the
 * ink, so diagonal neighbours stay one shape (8-connected ink, like the page checker counts it).
 */
export function traceCrackLoops(bitmap: Bitmap): Int32Array[] {
  try {
    return walkCracks(bitmap);
  } catch (error) {
    dropScratch('trace-cracks');
    throw error;
  }
}

function walkCracks(bitmap: Bitmap): Int32Array[] {
  const { width, height, data } = bitmap;
  const vw = width + 1;
  // Every crack set here is taken by exactly one walk below, so the array ends all zeros again.
  const out = zeroedScratch('trace-cracks', vw * (height + 1), Uint8Array);
  // Cracks from the ink's row runs: a run's two ends, and the parts of its top (bottom) side
  // not covered by ink runs of the row above (below). Work in proportion to the outline length.
  const ink = scanRuns(data, width, height, true);
  const { from, to, rowStart } = ink;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const top = y * vw;
    const bottom = top + vw;
    const aboveStart = y > 0 ? rowStart[y - 1] : 0;
    const aboveEnd = y > 0 ? rowStart[y] : 0;
    const belowStart = y + 1 < height ? rowStart[y + 1] : 0;
    const belowEnd = y + 1 < height ? rowStart[y + 2] : 0;
    let j = aboveStart;
    let k = belowStart;
    for (let r = rowStart[y]; r < rowStart[y + 1]; r++) {
      const a = from[r] - row;
      const b = to[r] - row;
      out[bottom + a] |= 8;
      out[top + b] |= 2;
      // Top side: [a, b) minus the runs above (shifted into this row's x).
      let x = a;
      while (j < aboveEnd && to[j] - row + width <= a) j++;
      for (let m = j; m < aboveEnd; m++) {
        const ca = from[m] - row + width;
        if (ca >= b) break;
        for (; x < ca; x++) out[top + x] |= 1;
        const cb = to[m] - row + width;
        if (cb > x) x = cb;
      }
      for (; x < b; x++) out[top + x] |= 1;
      // Bottom side: [a, b) minus the runs below.
      x = a;
      while (k < belowEnd && to[k] - row - width <= a) k++;
      for (let m = k; m < belowEnd; m++) {
        const ca = from[m] - row - width;
        if (ca >= b) break;
        for (; x < ca; x++) out[bottom + x + 1] |= 4;
        const cb = to[m] - row - width;
        if (cb > x) x = cb;
      }
      for (; x < b; x++) out[bottom + x + 1] |= 4;
    }
  }
  // For each heading and set of open cracks at a vertex: the turn to take. A right turn is
  // preferred, then straight on, then left: hugs the ink at corner-only contacts.
  const turn = new Int8Array(64).fill(-1);
  for (let dir = 0; dir < 4; dir++) {
    for (let bits = 1; bits < 16; bits++) {
      for (const d of [(dir + 1) & 3, dir, (dir + 3) & 3, (dir + 2) & 3]) {
        if (bits & (1 << d)) {
          turn[dir * 16 + bits] = d;
          break;
        }
      }
    }
  }
  const step = [1, vw, -1, -vw];
  const loops: Int32Array[] = [];
  let buffer = new Int32Array(4096);
  // Vertices with open cracks, in raster order; empty stretches skipped four at a time.
  const words = new Int32Array(out.buffer, out.byteOffset, out.length >> 2);
  for (let start = 0; start < out.length; start++) {
    if ((start & 3) === 0) {
      while (start + 4 <= out.length && words[start >> 2] === 0) start += 4;
      if (start >= out.length) break;
    }
    if (out[start] === 0) continue;
    let v = start;
    let dir = 0;
    while (!(out[v] & (1 << dir))) dir++;
    let count = 0;
    let x = v % vw;
    let y = (v - x) / vw;
    for (;;) {
      const bits = out[v];
      if (bits === 0) break;
      const chosen = turn[dir * 16 + bits];
      out[v] = bits & ~(1 << chosen);
      if (count + 2 > buffer.length) {
        const grown = new Int32Array(buffer.length * 2);
        grown.set(buffer);
        buffer = grown;
      }
      buffer[count++] = x;
      buffer[count++] = y;
      dir = chosen;
      v += step[dir];
      x += DX[dir];
      y += DY[dir];
    }
    loops.push(buffer.slice(0, count));
  }
  return loops;
}

/**
 * Removes the staircase of a pixel outline: edge midpoints smoothed with a small circular
 * Gaussian along the loop. Corners sharper than about two pixels are rounded, which is
 * invisible at 300 DPI.
 */
export function smoothLoop(loop: Int32Array, sigma = 1.2): Outline {
  const n = loop.length / 2;
  const mx = new Float64Array(n);
  const my = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    mx[i] = (loop[2 * i] + loop[2 * j]) / 2;
    my[i] = (loop[2 * i + 1] + loop[2 * j + 1]) / 2;
  }
  const result = new Float64Array(n * 2);
  if (n < 8) {
    for (let i = 0; i < n; i++) {
      result[2 * i] = mx[i];
      result[2 * i + 1] = my[i];
    }
    return result;
  }
  const radius = Math.min(Math.ceil(sigma * 3), Math.floor((n - 1) / 2));
  const { weights, total } = gaussianWeights(sigma, radius);
  // Wrapped copies of the midpoints, so the window never needs a modulo.
  const span = n + 2 * radius;
  const wx = new Float64Array(span);
  const wy = new Float64Array(span);
  for (let k = 0; k < span; k++) {
    const j = (k - radius + n) % n;
    wx[k] = mx[j];
    wy[k] = my[j];
  }
  const taps = weights.length;
  for (let i = 0; i < n; i++) {
    let sx = 0;
    let sy = 0;
    for (let k = 0; k < taps; k++) {
      const w = weights[k];
      sx += wx[i + k] * w;
      sy += wy[i + k] * w;
    }
    result[2 * i] = sx / total;
    result[2 * i + 1] = sy / total;
  }
  return result;
}

/** Douglas–Peucker on a closed outline, iterative so long loops cannot overflow the stack. */
export function simplifyLoop(points: Outline, tolerance: number): Outline {
  const n = points.length / 2;
  if (n <= 4) return points;
  // Split the loop at the point farthest from the first one, then simplify both open halves.
  let far = 0;
  let farDist = -1;
  for (let i = 1; i < n; i++) {
    const d = (points[2 * i] - points[0]) ** 2 + (points[2 * i + 1] - points[1]) ** 2;
    if (d > farDist) {
      farDist = d;
      far = i;
    }
  }
  const keep = new Uint8Array(n + 1);
  keep[0] = 1;
  keep[far] = 1;
  keep[n] = 1;
  const px = (i: number): number => points[2 * (i % n)];
  const py = (i: number): number => points[2 * (i % n) + 1];
  const stack: number[] = [0, far, far, n];
  const tol2 = tolerance * tolerance;
  while (stack.length > 0) {
    const b = stack.pop() as number;
    const a = stack.pop() as number;
    if (b - a < 2) continue;
    const ax = px(a);
    const ay = py(a);
    const dx = px(b) - ax;
    const dy = py(b) - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDist = tol2;
    for (let i = a + 1; i < b; i++) {
      const ex = px(i) - ax;
      const ey = py(i) - ay;
      let d: number;
      if (len2 === 0) d = ex * ex + ey * ey;
      else {
        const cross = ex * dy - ey * dx;
        d = (cross * cross) / len2;
      }
      if (d > worstDist) {
        worstDist = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(a, worst, worst, b);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(points[2 * i], points[2 * i + 1]);
  return Float64Array.from(kept);
}

/** A coordinate in tenths of a pixel (an integer) as the shortest decimal text. */
function tenths(v: number): string {
  if (v % 10 === 0) return String(v / 10);
  const a = v < 0 ? -v : v;
  return (v < 0 ? '-' : '') + String((a - (a % 10)) / 10) + '.' + String(a % 10);
}

/**
 * One closed outline as SVG path data: a closed quadratic B-spline whose control points are the
 * simplified vertices (curves pass through edge midpoints), in relative commands for size.
 * Numbers are rounded to a tenth of a pixel; a minus sign doubles as the separator.
 */
export function outlineToPathData(points: Outline): string {
  const n = points.length / 2;
  if (n < 3) return '';
  const px = new Int32Array(n);
  const py = new Int32Array(n);
  const ex = new Int32Array(n);
  const ey = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    px[i] = Math.round(points[2 * i] * 10);
    py[i] = Math.round(points[2 * i + 1] * 10);
    // Midpoints from the unrounded vertices, as before.
    ex[i] = Math.round(((points[2 * i] + points[2 * j]) / 2) * 10);
    ey[i] = Math.round(((points[2 * i + 1] + points[2 * j + 1]) / 2) * 10);
  }
  let cx = ex[0];
  let cy = ey[0];
  let d = `M${tenths(cx)} ${tenths(cy)}q`;
  for (let i = 1; i <= n; i++) {
    const k = i < n ? i : 0;
    const values = [px[k] - cx, py[k] - cy, ex[k] - cx, ey[k] - cy];
    for (let m = 0; m < 4; m++) {
      const v = values[m];
      if (v >= 0) d += ' ';
      d += tenths(v);
    }
    cx = ex[k];
    cy = ey[k];
  }
  return d + 'z';
}

/** Traces a black-on-white page into a compact SVG of filled outlines (even-odd holes). */
export function traceToSvg(bitmap: Bitmap): string {
  const loops = traceCrackLoops(bitmap);
  const paths: string[] = [];
  for (const loop of loops) {
    const d = outlineToPathData(simplifyLoop(smoothLoop(loop), 0.45));
    if (d) paths.push(d);
  }
  const { width, height } = bitmap;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    `<path fill="#000" fill-rule="evenodd" d="${paths.join('')}"/></svg>\n`
  );
}
