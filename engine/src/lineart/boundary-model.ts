import type { RgbImage } from '../io/load-image';
import { computeBoundaryFeatures } from './boundary-features';
import type { BoundaryFeatures } from './boundary-features';
import type { FloatMap } from './boundary-map';
import { suppressNonMaxima } from './boundary-map';
import { gaussianBlur, gaussianWeights } from '../raster/gaussian-blur';
import { runMlp } from './mlp';
import { BOUNDARY_MODEL } from './boundary-model-weights';
import { BOUNDARY_CONTEXT_MODEL } from './boundary-context-weights';
import { BOUNDARY_THIRD_MODEL } from './boundary-third-weights';

/** Names of the context planes the second stage adds to the first stage's features. */
export const CONTEXT_FEATURE_NAMES = ['p', 'p2', 'p4', 'p8', 'along', 'ridge'];

/**
 * Context from the first stage's probability map (auto-context): the map itself, blurred at
 * three scales (is this pixel near other boundaries?), smoothed along the edges (is it part of
 * a long contour?) and how far it stands above its neighbours across the edge.
 */
export function contextPlanes(p: Float32Array, width: number, height: number): Float32Array[] {
  const normal = ridgeNormal(p, width, height);
  const along = smoothAlongEdges(p, normal, width, height, 2);
  const ridge = new Float32Array(p.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = Math.cos(normal[i]);
      const dy = Math.sin(normal[i]);
      let side = 0;
      for (const k of [-2, -1, 1, 2]) {
        const sx = Math.min(width - 1, Math.max(0, Math.round(x + k * dx)));
        const sy = Math.min(height - 1, Math.max(0, Math.round(y + k * dy)));
        side = Math.max(side, p[sy * width + sx]);
      }
      ridge[i] = p[i] / (side + 0.02);
    }
  }
  return [p, gaussianBlur(p, width, height, 2), gaussianBlur(p, width, height, 4), gaussianBlur(p, width, height, 8), along, ridge];
}

/**
 * Boundary probability per pixel from the small MLPs trained on the BSDS500 train split
 * (bench/src/bsds/train-boundary-model.ts), before thinning: the first stage on colour and
 * texture cues, then (when trained) a second and a third stage that also see context planes from
 * the previous stage's map. `stages` below 3 stops early (photo pages use the first stage only, for speed).
 * `lab`: the image's CIELAB planes when the caller has them already.
 */
export function boundaryProbability(
  image: RgbImage,
  scale = 1,
  stages = 3,
  blur: 'kernel' | 'recursive' = 'kernel',
  lab?: Float32Array[],
): { probability: Float32Array; angle: Float32Array } {
  return probabilityOfFeatures(computeBoundaryFeatures(image, scale, blur, lab), stages);
}

/** boundaryProbability from the features already computed (a page makes them on two threads). */
export function probabilityOfFeatures(features: BoundaryFeatures, stages = 3): { probability: Float32Array; angle: Float32Array } {
  const { width, height } = features;
  const n = width * height;
  let probability = runMlp(features.planes, BOUNDARY_MODEL, n);
  for (const model of [BOUNDARY_CONTEXT_MODEL, BOUNDARY_THIRD_MODEL].slice(0, stages - 1)) {
    if (!model) break;
    probability = runMlp([...features.planes, ...contextPlanes(probability, width, height)], model, n);
  }
  return { probability, angle: features.angle };
}

/** Width (pixels at BSDS size) of the band along the image frame where the thinned map fades out. */
export const FRAME_FADE = 5;

/**
 * The learned soft boundary map, thinned to ridges across the edge direction and faded to zero
 * at the image frame. People rarely draw an outline along the frame (in the first 50 BSDS val
 * images, human boundaries are less than half as dense within five pixels of it as inside), but
 * the model's cues do not know where the frame is and fire there as often as anywhere. The
 * linear fade over five pixels is the border suppression of Dollár and Zitnick's structured-edge
 * thinning.
 */
export function learnedBoundaryMap(image: RgbImage, scale = 1): FloatMap {
  const { width, height } = image;
  const { probability } = boundaryProbability(image, scale);
  // Thinning a lightly smoothed map keeps one ridge where neighbouring pixels tie.
  const smooth = gaussianBlur(probability, width, height, 1);
  const data = suppressNonMaxima({ width, height, magnitude: smooth, angle: ridgeNormal(probability, width, height) });
  fadeAtFrame(data, width, height, FRAME_FADE * scale);
  return { width: image.width, height: image.height, data };
}

/** Multiplies the map by (distance to the nearest image edge) / band, within the band. */
export function fadeAtFrame(map: Float32Array, width: number, height: number, band: number): void {
  if (band <= 0) return;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.min(x, y, width - 1 - x, height - 1 - y);
      if (d < band) map[y * width + x] *= d / band;
    }
  }
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

/**
 * Smooths a boundary map along the edges (across the given normals), so a contour pixel is
 * supported by its neighbours on the same contour while the edge stays sharp across.
 */
export function smoothAlongEdges(map: Float32Array, normal: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const out = new Float32Array(map.length);
  const radius = Math.ceil(sigma * 2);
  const { weights, total } = gaussianWeights(sigma, radius);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Tangent: the normal turned a quarter.
      const tx = -Math.sin(normal[i]);
      const ty = Math.cos(normal[i]);
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const sx = Math.min(width - 1, Math.max(0, Math.round(x + k * tx)));
        const sy = Math.min(height - 1, Math.max(0, Math.round(y + k * ty)));
        sum += map[sy * width + sx] * weights[k + radius];
      }
      out[i] = sum / total;
    }
  }
  return out;
}
