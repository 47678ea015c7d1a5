/**
 * Gaussian weights at offsets -radius..radius, not normalised, with their sum (callers that
 * shrink the window or divide once at the end need the raw weights).
 */
export function gaussianWeights(sigma: number, radius: number): { weights: number[]; total: number } {
  const weights: number[] = [];
  let total = 0;
  for (let k = -radius; k <= radius; k++) {
    const w = Math.exp(-(k * k) / (2 * sigma * sigma));
    weights.push(w);
    total += w;
  }
  return { weights, total };
}

/** Gaussian kernel truncated at 3 sigma, normalised to sum 1. */
export function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const value = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = value;
    sum += value;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  return kernel;
}

/**
 * Separable Gaussian blur of one float channel, edges clamped. Plain typed-array loops: on the
 * working-size images of the line-art pipeline this beats a round trip through libvips. The
 * vertical pass runs row by row so memory is read in order.
 */
export function gaussianBlur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  if (sigma <= 0) return src.slice();
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) >> 1;
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const padded = new Float32Array(width + 2 * radius);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) padded[x + radius] = src[row + x];
    for (let k = 0; k < radius; k++) {
      padded[k] = src[row];
      padded[width + radius + k] = src[row + width - 1];
    }
    // Two pixels a step, each with its own sum: a sum waits on its last addition, and two
    // independent ones overlap. Each keeps its order of addition, so no bit changes.
    let x = 0;
    for (; x + 1 < width; x += 2) {
      let acc = 0;
      let acc2 = 0;
      for (let k = 0; k < kernel.length; k++) {
        const w = kernel[k];
        acc += padded[x + k] * w;
        acc2 += padded[x + 1 + k] * w;
      }
      tmp[row + x] = acc;
      tmp[row + x + 1] = acc2;
    }
    if (x < width) {
      let acc = 0;
      for (let k = 0; k < kernel.length; k++) acc += padded[x + k] * kernel[k];
      tmp[row + x] = acc;
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let k = -radius; k <= radius; k++) {
      let yy = y + k;
      if (yy < 0) yy = 0;
      else if (yy >= height) yy = height - 1;
      const from = yy * width;
      const w = kernel[k + radius];
      for (let x = 0; x < width; x++) out[row + x] += tmp[from + x] * w;
    }
  }
  return out;
}
