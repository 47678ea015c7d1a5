/** The filter's gain and feedback coefficients at `sigma`. */
export function recursiveBlurCoefficients(sigma: number): { B: number; c1: number; c2: number; c3: number } {
  const s = Math.max(0.5, sigma);
  const q = s >= 2.5 ? 0.98711 * s - 0.9633 : 3.97156 - 4.14554 * Math.sqrt(1 - 0.26891 * s);
  const q2 = q * q;
  const q3 = q2 * q;
  const b0 = 1.57825 + 2.44413 * q + 1.4281 * q2 + 0.422205 * q3;
  const b1 = 2.44413 * q + 2.85619 * q2 + 1.26661 * q3;
  const b2 = -(1.4281 * q2 + 1.26661 * q3);
  const b3 = 0.422205 * q3;
  return { B: 1 - (b1 + b2 + b3) / b0, c1: b1 / b0, c2: b2 / b0, c3: b3 / b0 };
}

/**
 * Gaussian blur by the Young–van Vliet recursive filter (1995): a third-order causal pass and an
 * anti-causal pass along each axis. Its cost does not depend on sigma (about a dozen operations
 * per pixel and axis), where a truncated kernel at sigma 3 needs 19 taps. Within about 3% of the
 * true Gaussian on a step edge (what a gradient sees); sharper than it at the peak of an impulse
 * for small sigma (12% at sigma 1.2). Edges are clamped (the filter starts in the steady state
 * of the edge value). Blurs one float channel; returns a new array.
 */
export function recursiveGaussianBlur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const out = new Float32Array(src.length);
  if (sigma <= 0) {
    out.set(src);
    return out;
  }
  const { B, c1, c2, c3 } = recursiveBlurCoefficients(sigma);
  // Each row's (and column's) recursion waits on its own last output, so rows are run two at a
  // time, and columns too: the two chains are independent and the processor overlaps them (half
  // the time at 160,000 pixels). Each keeps its own arithmetic in its own order, so the result
  // is the same to the bit; a last odd row (or column) runs as both chains of its pair.
  // Horizontal: forward then backward along each row, in float64 scratch rows.
  const line = new Float64Array(width);
  const line2 = new Float64Array(width);
  for (let y = 0; y < height; y += 2) {
    const row = y * width;
    const row2 = y + 1 < height ? row + width : row;
    let p1 = src[row];
    let p2 = p1;
    let p3 = p1;
    let q1 = src[row2];
    let q2 = q1;
    let q3 = q1;
    for (let x = 0; x < width; x++) {
      const v = B * src[row + x] + c1 * p1 + c2 * p2 + c3 * p3;
      const w = B * src[row2 + x] + c1 * q1 + c2 * q2 + c3 * q3;
      line[x] = v;
      line2[x] = w;
      p3 = p2;
      p2 = p1;
      p1 = v;
      q3 = q2;
      q2 = q1;
      q1 = w;
    }
    p2 = p3 = p1;
    q2 = q3 = q1;
    for (let x = width - 1; x >= 0; x--) {
      const v = B * line[x] + c1 * p1 + c2 * p2 + c3 * p3;
      const w = B * line2[x] + c1 * q1 + c2 * q2 + c3 * q3;
      out[row + x] = v;
      out[row2 + x] = w;
      p3 = p2;
      p2 = p1;
      p1 = v;
      q3 = q2;
      q2 = q1;
      q1 = w;
    }
  }
  // Vertical: the same recursion down each pair of columns, the history in locals; the causal
  // pass is kept (rounded to float32, as a page-sized array would) in scratch columns.
  const column = new Float32Array(height);
  const column2 = new Float32Array(height);
  for (let x = 0; x < width; x += 2) {
    const next = x + 1 < width ? 1 : 0;
    let p1 = out[x];
    let p2 = p1;
    let p3 = p1;
    let q1 = out[x + next];
    let q2 = q1;
    let q3 = q1;
    for (let y = 0, i = x; y < height; y++, i += width) {
      const v = B * out[i] + c1 * p1 + c2 * p2 + c3 * p3;
      const w = B * out[i + next] + c1 * q1 + c2 * q2 + c3 * q3;
      column[y] = v;
      column2[y] = w;
      p3 = p2;
      p2 = p1;
      p1 = v;
      q3 = q2;
      q2 = q1;
      q1 = w;
    }
    p2 = p3 = p1;
    q2 = q3 = q1;
    for (let y = height - 1, i = x + (height - 1) * width; y >= 0; y--, i -= width) {
      const v = B * column[y] + c1 * p1 + c2 * p2 + c3 * p3;
      const w = B * column2[y] + c1 * q1 + c2 * q2 + c3 * q3;
      out[i] = v;
      out[i + next] = w;
      p3 = p2;
      p2 = p1;
      p1 = v;
      q3 = q2;
      q2 = q1;
      q1 = w;
    }
  }
  return out;
}
