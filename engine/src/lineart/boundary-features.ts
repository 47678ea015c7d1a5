import type { RgbImage } from '../io/load-image';
import { gaussianBlur } from '../raster/gaussian-blur';
import { rgbToLab } from './boundary-map';
import { recursiveGaussianBlur } from './recursive-blur';
import { log1pPlanes } from './boundary-simd';

/** Gaussian scales (pixels at BSDS size, about 480x320) of the boundary features. */
export const FEATURE_SIGMAS = [1, 2, 4] as const;
/** Names, in order, of the feature planes computeBoundaryFeatures returns. */
/** Distances (pixels at BSDS size) at which the two sides of an edge are compared. */
export const SIDE_DISTANCES = [2, 4, 8] as const;
export const FEATURE_NAMES = [
  ...FEATURE_SIGMAS.flatMap((s) => [`L${s}`, `a${s}`, `b${s}`, `surround${s}`, `texture${s}`, `ridge${s}`]),
  'L8',
  'a8',
  'b8',
  ...SIDE_DISTANCES.map((d) => `sides${d}`),
];

export interface BoundaryFeatures {
  width: number;
  height: number;
  /** One plane per feature, log(1 + strength): ratios between cues become differences a linear layer can use. */
  planes: Float32Array[];
  /** Edge-normal direction (radians) from the middle scale's colour structure tensor, for thinning. */
  angle: Float32Array;
}

/** The blur the features use: the recursive filter costs the same at any sigma, but below 2 its peak is too sharp (see recursive-blur.ts). */
function featureBlur(blurKind: 'kernel' | 'recursive', width: number, height: number): (plane: Float32Array, sigma: number) => Float32Array {
  return (plane, sigma) =>
    blurKind === 'recursive' && sigma >= 2 ? recursiveGaussianBlur(plane, width, height, sigma) : gaussianBlur(plane, width, height, sigma);
}

/** Colour-channel gradient weights (L, a, b) of every feature. */
const CHANNEL_WEIGHTS = [1, 1.5, 1.5];

/**
 * The features of the coarse scales, which need no other: the third feature sigma's six planes,
 * the coarse gradient's three, and the CIELAB planes blurred at the third sigma (the widest
 * two-sides contrast reads them). Apart so a page can have them made on another thread while
 * this one makes the rest (computeBoundaryFeatures' `coarse`).
 */
export interface CoarseFeatures {
  scalePlanes: Float32Array[];
  coarsePlanes: Float32Array[];
  blurredLab: Float32Array[];
}

export function coarseFeatures(lab: Float32Array[], width: number, height: number, scale = 1, blurKind: 'kernel' | 'recursive' = 'kernel'): CoarseFeatures {
  const blur = featureBlur(blurKind, width, height);
  const base = FEATURE_SIGMAS[2];
  const blurredLab = lab.map((plane) => blur(plane, base * scale));
  const { planes: scalePlanes } = scaleFeatures(blurredLab, width, height, base * scale, blur);
  const coarsePlanes = colourGradients(
    lab.map((plane) => blur(plane, 8 * scale)),
    width,
    height,
    8 * scale,
    CHANNEL_WEIGHTS,
  ).mags;
  return { scalePlanes, coarsePlanes, blurredLab };
}

/**
 * One feature sigma's six planes (each channel's gradient, the surrounding gradient energy, its
 * gradient, the ridge strength) from the CIELAB planes blurred at that sigma, and the edge
 * orientation there.
 */
function scaleFeatures(
  blurred: Float32Array[],
  width: number,
  height: number,
  sigma: number,
  blur: (plane: Float32Array, sigma: number) => Float32Array,
): { planes: Float32Array[]; orientation: Float32Array } {
  const n = width * height;
  const g = colourGradients(blurred, width, height, sigma, CHANNEL_WEIGHTS);
  const planes = [...g.mags];
  const surround = blur(g.total, sigma * 3);
  planes.push(surround);
  // Texture gradient: where the amount of edge energy itself changes (grass meeting sky).
  planes.push(gradientMagnitude(surround, width, height, sigma * 3));
  const orientation = new Float32Array(n);
  for (let i = 0; i < n; i++) orientation[i] = 0.5 * Math.atan2(2 * g.jxy[i], g.jxx[i] - g.jyy[i]);
  planes.push(ridgeStrength(g.total, orientation, width, height));
  return { planes, orientation };
}

/**
 * Per-pixel cues for the learned boundary map: colour-channel gradient strength at three scales,
 * the surrounding gradient energy at each scale (texture: an edge among many equal edges is
 * probably grass, not an object outline), and one coarse gradient.
 * `scale` multiplies the sigmas so a larger image sees the same structures. `lab`: the image's
 * CIELAB planes when the caller has them already (read, not changed).
 */
export function computeBoundaryFeatures(
  image: RgbImage,
  scale = 1,
  blurKind: 'kernel' | 'recursive' = 'kernel',
  lab: Float32Array[] = rgbToLab(image),
): BoundaryFeatures {
  const { width, height } = image;
  return finishFeatures(fineScaleFeatures(lab, width, height, scale, blurKind), coarseFeatures(lab, width, height, scale, blurKind));
}

/** The features of the first two sigmas, with what the rest need of them: computeBoundaryFeatures' first part. */
export interface FineScaleFeatures {
  width: number;
  height: number;
  scale: number;
  blurKind: 'kernel' | 'recursive';
  /** The first and second sigmas' six planes each. */
  planes: Float32Array[];
  /** Edge-normal direction at the second sigma. */
  angle: Float32Array;
  /** The CIELAB planes, and blurred at each sigma made so far (the two-sides contrast reads them). */
  lab: Float32Array[];
  blurredLab: Map<number, Float32Array[]>;
}

export function fineScaleFeatures(lab: Float32Array[], width: number, height: number, scale = 1, blurKind: 'kernel' | 'recursive' = 'kernel'): FineScaleFeatures {
  const blur = featureBlur(blurKind, width, height);
  const planes: Float32Array[] = [];
  const blurredLab = new Map<number, Float32Array[]>();
  let angle: Float32Array = new Float32Array(width * height);
  for (const base of FEATURE_SIGMAS.slice(0, 2)) {
    const sigma = base * scale;
    const blurred = lab.map((plane) => blur(plane, sigma));
    blurredLab.set(sigma, blurred);
    const { planes: own, orientation } = scaleFeatures(blurred, width, height, sigma, blur);
    planes.push(...own);
    if (base === 2) angle = orientation;
  }
  return { width, height, scale, blurKind, planes, angle, lab, blurredLab };
}

/**
 * All the features, in FEATURE_NAMES order, from the fine scales' and the coarse scales' (which a
 * page has made on another thread meanwhile): the two-sides contrasts added, every plane taken
 * to log(1 + strength).
 */
export function finishFeatures(fine: FineScaleFeatures, coarse: CoarseFeatures): BoundaryFeatures {
  const { width, height, scale, angle } = fine;
  const n = width * height;
  const planes = [...fine.planes, ...coarse.scalePlanes, ...coarse.coarsePlanes];
  const blurredLab = new Map(fine.blurredLab).set(FEATURE_SIGMAS[2] * scale, coarse.blurredLab);
  // The edge normal's components, once for the three distances.
  const normalX = new Float64Array(n);
  const normalY = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    normalX[i] = Math.cos(angle[i]);
    normalY[i] = Math.sin(angle[i]);
  }
  for (const d of SIDE_DISTANCES) {
    const distance = d * scale;
    // The contrast at distance d reads the colour blurred at d / 2: one of the feature sigmas, at
    // a scale of 1 or more.
    const sigma = Math.max(0.7, distance / 2);
    const blurred = blurredLab.get(sigma) ?? fine.lab.map((plane) => featureBlur(fine.blurKind, width, height)(plane, sigma));
    planes.push(sideContrast(blurred, normalX, normalY, width, height, distance, CHANNEL_WEIGHTS));
  }
  log1pPlanes(planes);
  return { width, height, planes, angle };
}

/** Per-channel gradient magnitudes of a colour image, their combined magnitude and colour structure tensor. */
interface ColourGradients {
  mags: Float32Array[];
  total: Float32Array;
  jxx: Float32Array;
  jyy: Float32Array;
  jxy: Float32Array;
}

/**
 * The gradients of `blurred` (L, a, b at one sigma): each channel's magnitude, scaled by sigma
 * (scale-normalised), and the structure tensor of all three weighted by `channelWeights`. A
 * function of its own, so V8 compiles its pixel loop fully.
 */
function colourGradients(blurred: Float32Array[], width: number, height: number, sigma: number, channelWeights: number[]): ColourGradients {
  const n = width * height;
  const mags: Float32Array[] = [];
  const total = new Float32Array(n);
  const jxx = new Float32Array(n);
  const jyy = new Float32Array(n);
  const jxy = new Float32Array(n);
  for (let c = 0; c < blurred.length; c++) {
    const m = new Float32Array(n);
    const w = channelWeights[c] * channelWeights[c];
    channelGradient(blurred[c], m, width, height, sigma, { jxx, jyy, jxy, w });
    mags.push(m);
  }
  for (let i = 0; i < n; i++) total[i] = Math.sqrt(jxx[i] + jyy[i]);
  return { mags, total, jxx, jyy, jxy };
}

/**
 * One channel's central-difference gradient, scaled by `step`: its magnitude into `m`, and with
 * `tensor`, w × its structure tensor added to jxx, jyy, jxy.
 */
function channelGradient(
  s: Float32Array,
  m: Float32Array,
  width: number,
  height: number,
  step: number,
  tensor: { jxx: Float32Array; jyy: Float32Array; jxy: Float32Array; w: number } | null,
): void {
  for (let y = 0; y < height; y++) {
    const up = y > 0 ? -width : 0;
    const down = y < height - 1 ? width : 0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const gx = (s[x < width - 1 ? i + 1 : i] - s[x > 0 ? i - 1 : i]) * 0.5 * step;
      const gy = (s[i + down] - s[i + up]) * 0.5 * step;
      m[i] = Math.sqrt(gx * gx + gy * gy);
      if (tensor) {
        tensor.jxx[i] += tensor.w * gx * gx;
        tensor.jyy[i] += tensor.w * gy * gy;
        tensor.jxy[i] += tensor.w * gx * gy;
      }
    }
  }
}

function gradientMagnitude(plane: Float32Array, width: number, height: number, step: number): Float32Array {
  const out = new Float32Array(plane.length);
  channelGradient(plane, out, width, height, step, null);
  return out;
}

const THIRD_PI = Math.PI / 3;
const SIXTH_PI = Math.PI / 6;

/**
 * How much a pixel stands above its two neighbours across the edge (ratio, ≥ 0): ridges of the
 * gradient are where boundaries are drawn, flanks are not.
 */
function ridgeStrength(magnitude: Float32Array, angle: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(magnitude.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Math.round of the normal's cosine and sine, without the trigonometry: the angle lies
      // in [−π/2, π/2], where cos ≥ ½ within π/3 of 0 and |sin| ≥ ½ beyond π/6.
      const a = angle[i];
      const dx = a <= THIRD_PI && a >= -THIRD_PI ? 1 : 0;
      const dy = a >= SIXTH_PI ? 1 : a < -SIXTH_PI ? -1 : 0;
      const x1 = Math.min(width - 1, Math.max(0, x + dx));
      const y1 = Math.min(height - 1, Math.max(0, y + dy));
      const x2 = Math.min(width - 1, Math.max(0, x - dx));
      const y2 = Math.min(height - 1, Math.max(0, y - dy));
      const side = Math.max(magnitude[y1 * width + x1], magnitude[y2 * width + x2]);
      out[i] = magnitude[i] / (side + 1e-3);
    }
  }
  return out;
}

/**
 * Colour difference between the two sides of a possible edge: the image (`blurred` at half the
 * distance) sampled `distance` pixels away on either side along the edge normal (normalX,
 * normalY). Unlike a gradient it sees a boundary between two textured areas whose means differ (a
 * half-disc cue, like the oriented gradients of gPb, at one orientation).
 */
function sideContrast(
  blurred: Float32Array[],
  normalX: Float64Array,
  normalY: Float64Array,
  width: number,
  height: number,
  distance: number,
  channelWeights: number[],
): Float32Array {
  const n = width * height;
  const out = new Float32Array(n);
  /** The pixel nearest (x, y), clamped to the picture. */
  const indexAt = (x: number, y: number): number => {
    const xi = x < 0 ? 0 : x > width - 1 ? width - 1 : Math.round(x);
    const yi = y < 0 ? 0 : y > height - 1 ? height - 1 : Math.round(y);
    return yi * width + xi;
  };
  const [p0, p1, p2] = blurred;
  const [w0, w1, w2] = channelWeights;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = normalX[i] * distance;
      const dy = normalY[i] * distance;
      const ahead = indexAt(x + dx, y + dy);
      const behind = indexAt(x - dx, y - dy);
      const d0 = (p0[ahead] - p0[behind]) * w0;
      const d1 = (p1[ahead] - p1[behind]) * w1;
      const d2 = (p2[ahead] - p2[behind]) * w2;
      out[i] = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2);
    }
  }
  return out;
}
