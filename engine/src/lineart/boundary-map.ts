import type { RgbImage } from '../io/load-image';
import { gaussianBlur } from '../raster/gaussian-blur';
import { recursiveGaussianBlur } from './recursive-blur';

/** A float map the size of the image it was computed from. */
export interface FloatMap {
  width: number;
  height: number;
  data: Float32Array;
}

/** Colour planes in CIELAB (D65), which is closer to how different two colours look than RGB. */
export function rgbToLab(image: RgbImage): [Float32Array, Float32Array, Float32Array] {
  const n = image.width * image.height;
  const toLinear = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    toLinear[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const src = image.data;
  for (let i = 0; i < n; i++) {
    const r = toLinear[src[3 * i]];
    const g = toLinear[src[3 * i + 1]];
    const b = toLinear[src[3 * i + 2]];
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    L[i] = 116 * fy - 16;
    A[i] = 500 * (fx - fy);
    B[i] = 200 * (fy - fz);
  }
  return [L, A, B];
}

export interface GradientField {
  width: number;
  height: number;
  /** Colour gradient strength (square root of the structure tensor's larger eigenvalue). */
  magnitude: Float32Array;
  /** Direction across the edge, radians. */
  angle: Float32Array;
}

export interface GradientOptions {
  /** Gaussian scales, in pixels of the image, whose structure tensors are summed. */
  sigmas: number[];
  /** Weight of the two chroma planes against lightness: colour edges that keep their brightness still count. */
  chromaWeight: number;
  /** `recursive`: the sigma-independent recursive Gaussian (the page pipeline's choice: fast at any scale). Default `kernel`. */
  blur?: 'kernel' | 'recursive';
  /** Whether to compute `angle` (default true); without it `angle` is empty. */
  withAngle?: boolean;
}

/**
 * Multi-scale colour gradient (Di Zenzo structure tensor over L, a, b), summed over scales with
 * each scale's derivatives normalised by sigma so coarse edges are not drowned by fine texture.
 */
export function colourGradient(planes: Float32Array[], width: number, height: number, options: GradientOptions): GradientField {
  const n = width * height;
  const jxx = new Float32Array(n);
  const jyy = new Float32Array(n);
  const jxy = new Float32Array(n);
  const weights = [1, options.chromaWeight, options.chromaWeight];
  const blur = options.blur === 'recursive' ? recursiveGaussianBlur : gaussianBlur;
  for (const sigma of options.sigmas) {
    const norm = Math.sqrt(sigma) / options.sigmas.length;
    for (let c = 0; c < planes.length; c++) {
      const s = blur(planes[c], width, height, sigma);
      // The central differences carry a factor 1/2 each, folded into the weight.
      const w = weights[c] * norm * norm * 0.25;
      for (let y = 0; y < height; y++) {
        const row = y * width;
        const up = y > 0 ? -width : 0;
        const down = y < height - 1 ? width : 0;
        for (let x = 0; x < width; x++) {
          const i = row + x;
          const gx = s[x < width - 1 ? i + 1 : i] - s[x > 0 ? i - 1 : i];
          const gy = s[i + down] - s[i + up];
          jxx[i] += w * gx * gx;
          jyy[i] += w * gy * gy;
          jxy[i] += w * gx * gy;
        }
      }
    }
  }
  const magnitude = new Float32Array(n);
  const withAngle = options.withAngle !== false;
  const angle = new Float32Array(withAngle ? n : 0);
  for (let i = 0; i < n; i++) {
    const a = jxx[i];
    const b = jyy[i];
    const c = jxy[i];
    const root = Math.sqrt((a - b) * (a - b) + 4 * c * c);
    magnitude[i] = Math.sqrt(Math.max(0, (a + b + root) / 2));
    if (withAngle) angle[i] = 0.5 * Math.atan2(2 * c, a - b);
  }
  return { width, height, magnitude, angle };
}

/** Keeps only ridge pixels: a pixel survives if it is not weaker than its two neighbours across the edge. */
export function suppressNonMaxima(field: GradientField): Float32Array {
  const { width, height, magnitude, angle } = field;
  const out = new Float32Array(width * height);
  const sample = (x: number, y: number): number => {
    const xi = Math.min(width - 1, Math.max(0, Math.round(x)));
    const yi = Math.min(height - 1, Math.max(0, Math.round(y)));
    return magnitude[yi * width + xi];
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const m = magnitude[i];
      if (m === 0) continue;
      const dx = Math.cos(angle[i]);
      const dy = Math.sin(angle[i]);
      if (m >= sample(x + dx, y + dy) && m > sample(x - dx, y - dy)) out[i] = m;
    }
  }
  return out;
}

export interface SoftBoundaryOptions extends GradientOptions {
  /** Gradient strength that maps to probability 1 - 1/e; a global constant keeps thresholds comparable across photos. */
  scale: number;
}

export const DEFAULT_SOFT_BOUNDARY: SoftBoundaryOptions = { sigmas: [1, 2, 4], chromaWeight: 1.5, scale: 12 };

/**
 * The hand-tuned baseline: multi-scale colour gradient mapped to [0, 1] and thinned to ridges.
 * The page pipeline segments on this gradient; the benchmark scores the learned map by default
 * (`npm run bench:quality -- --map gradient` scores this one).
 */
export function gradientBoundaryMap(image: RgbImage, options: SoftBoundaryOptions = DEFAULT_SOFT_BOUNDARY): FloatMap {
  const planes = rgbToLab(image);
  const field = colourGradient(planes, image.width, image.height, options);
  const ridges = suppressNonMaxima(field);
  const data = new Float32Array(ridges.length);
  for (let i = 0; i < ridges.length; i++) data[i] = ridges[i] > 0 ? 1 - Math.exp(-ridges[i] / options.scale) : 0;
  return { width: image.width, height: image.height, data };
}
