import type { RgbImage } from '../io/load-image';
import { computeBoundaryFeatures } from './boundary-features';
import type { FloatMap } from './boundary-map';
import { suppressNonMaxima } from './boundary-map';
import { gaussianBlur } from '../raster/gaussian-blur';
import { BOUNDARY_MODEL } from './boundary-model-weights';

/**
 * Boundary probability per pixel from the small MLP trained on the BSDS500 train split
 * (bench/src/bsds/train-boundary-model.ts), before thinning.
 */
export function boundaryProbability(image: RgbImage, scale = 1): { probability: Float32Array; angle: Float32Array } {
  const features = computeBoundaryFeatures(image, scale);
  const { mean, std, hidden, w1, b1, w2, b2 } = BOUNDARY_MODEL;
  const count = features.planes.length;
  if (count !== mean.length) throw new Error('boundary model and features disagree; retrain the model');
  const n = image.width * image.height;
  const probability = new Float32Array(n);
  const x = new Float64Array(count);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < count; j++) x[j] = (features.planes[j][i] - mean[j]) / std[j];
    let z = b2;
    for (let u = 0; u < hidden; u++) {
      let a = b1[u];
      const row = u * count;
      for (let j = 0; j < count; j++) a += w1[row + j] * x[j];
      z += w2[u] * Math.tanh(a);
    }
    probability[i] = 1 / (1 + Math.exp(-z));
  }
  return { probability, angle: features.angle };
}

/** The learned soft boundary map, thinned to ridges across the edge direction. */
export function learnedBoundaryMap(image: RgbImage, scale = 1): FloatMap {
  const { width, height } = image;
  const { probability } = boundaryProbability(image, scale);
  // Thinning a lightly smoothed map keeps one ridge where neighbouring pixels tie.
  const smooth = gaussianBlur(probability, width, height, 1);
  const data = suppressNonMaxima({ width, height, magnitude: smooth, angle: ridgeNormal(probability, width, height) });
  return { width: image.width, height: image.height, data };
}

/**
 * Direction across a ridge of the probability map: the principal curvature direction of the
 * lightly smoothed map (largest-magnitude eigenvector of its Hessian). Thinning along it keeps
 * the ridge line, whatever cue made the ridge.
 */
export function ridgeNormal(map: Float32Array, width: number, height: number): Float32Array {
  const s = gaussianBlur(map, width, height, 1);
  const out = new Float32Array(map.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const dxx = s[i + 1] - 2 * s[i] + s[i - 1];
      const dyy = s[i + width] - 2 * s[i] + s[i - width];
      const dxy = (s[i + width + 1] - s[i + width - 1] - s[i - width + 1] + s[i - width - 1]) / 4;
      // The eigenvector of the most negative curvature: across a ridge the map falls fastest.
      out[i] = 0.5 * Math.atan2(2 * dxy, dxx - dyy) + Math.PI / 2;
    }
  }
  return out;
}
