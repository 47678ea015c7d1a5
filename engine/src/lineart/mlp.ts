// The boundary model's perceptron, apart from boundary-model.ts so the weight files (which import
// its type) and the model (which imports the weights) do not import each other.
import { simdPerceptron } from './boundary-simd';

/** A one-hidden-layer perceptron as the training script writes it. */
export interface MlpWeights {
  /** Feature names, in order (for reading the weights; the code checks the count). */
  features?: readonly string[];
  mean: readonly number[];
  std: readonly number[];
  hidden: number;
  w1: readonly number[];
  b1: readonly number[];
  w2: readonly number[];
  b2: number;
}

/** Each model's first layer with its standardisation folded in, made once per model. */
const folded = new WeakMap<MlpWeights, { weights: Float64Array; bias: Float64Array }>();

/**
 * The model's first layer with the standardisation folded in, w·(x − mean)/std = (w/std)·x −
 * w·mean/std, for `count` inputs.
 */
function foldStandardisation(model: MlpWeights, count: number): { weights: Float64Array; bias: Float64Array } {
  const { mean, std, hidden, w1, b1 } = model;
  if (count !== mean.length) throw new Error('boundary model and features disagree; retrain the model');
  const made = folded.get(model);
  if (made) return made;
  const weights = new Float64Array(hidden * count);
  const bias = new Float64Array(hidden);
  for (let u = 0; u < hidden; u++) {
    let b = b1[u];
    for (let j = 0; j < count; j++) {
      weights[u * count + j] = w1[u * count + j] / std[j];
      b -= (w1[u * count + j] * mean[j]) / std[j];
    }
    bias[u] = b;
  }
  const layer = { weights, bias };
  folded.set(model, layer);
  return layer;
}

/**
 * Runs the MLP on every pixel of standardised feature planes; returns probabilities. The work is
 * 24 × 24 multiply-adds a pixel, the photo page's largest single cost, so it runs in WebAssembly
 * SIMD, sixteen pixels a step (about 10× the plain loop at 160k pixels); results agree with
 * runMlpScalar to 1e-6.
 */
export function runMlp(planes: Float32Array[], model: MlpWeights, n: number): Float32Array {
  const { weights, bias } = foldStandardisation(model, planes.length);
  return simdPerceptron(planes, n, weights, bias, model.w2, model.b2) ?? runMlpScalar(planes, model, n);
}

/**
 * The plain TypeScript loop: the reference the SIMD module is tested against, and the fallback
 * where WebAssembly SIMD is missing.
 */
export function runMlpScalar(planes: Float32Array[], model: MlpWeights, n: number): Float32Array {
  const { hidden, w2, b2 } = model;
  const count = planes.length;
  const { weights, bias } = foldStandardisation(model, count);
  const probability = new Float32Array(n);
  // Blocks of pixels, one hidden unit at a time: each plane is read in order, and the inner
  // loops are plain multiply-adds over typed arrays.
  const block = 1024;
  const a = new Float64Array(block);
  const z = new Float64Array(block);
  for (let start = 0; start < n; start += block) {
    const end = Math.min(n, start + block);
    const len = end - start;
    z.fill(b2);
    for (let u = 0; u < hidden; u++) {
      a.fill(bias[u]);
      for (let j = 0; j < count; j++) {
        const w = weights[u * count + j];
        const plane = planes[j];
        for (let k = 0; k < len; k++) a[k] += w * plane[start + k];
      }
      const out = w2[u];
      for (let k = 0; k < len; k++) {
        // tanh by one exp: 1 − 2 / (e^{2x} + 1), exact to float rounding and cheaper than Math.tanh here.
        const x = a[k] > 20 ? 20 : a[k] < -20 ? -20 : a[k];
        z[k] += out * (1 - 2 / (Math.exp(2 * x) + 1));
      }
    }
    for (let k = 0; k < len; k++) probability[start + k] = 1 / (1 + Math.exp(-z[k]));
  }
  return probability;
}

/** The same perceptron on one feature vector (a merge candidate, not a pixel plane). */
export function mlpProbability(x: ArrayLike<number>, model: MlpWeights): number {
  const { mean, hidden, w2, b2 } = model;
  const count = mean.length;
  const { weights, bias } = foldStandardisation(model, count);
  let z = b2;
  for (let u = 0; u < hidden; u++) {
    let a = bias[u];
    const row = u * count;
    for (let j = 0; j < count; j++) a += weights[row + j] * x[j];
    z += w2[u] * Math.tanh(a);
  }
  return 1 / (1 + Math.exp(-z));
}
