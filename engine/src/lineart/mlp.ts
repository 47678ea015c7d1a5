// The boundary model's perceptron, apart from boundary-model.ts so the weight files (which import
// its type) and the model (which imports the weights) do not import each other.

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

/** Runs the MLP on every pixel of standardised feature planes; returns probabilities. */
export function runMlp(planes: Float32Array[], model: MlpWeights, n: number): Float32Array {
  const { mean, std, hidden, w1, b1, w2, b2 } = model;
  const count = planes.length;
  if (count !== mean.length) throw new Error('boundary model and features disagree; retrain the model');
  // Standardisation folded into the first layer: w·(x − mean)/std = (w/std)·x − w·mean/std.
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
  const { mean, std, hidden, w1, b1, w2, b2 } = model;
  const count = mean.length;
  let z = b2;
  for (let u = 0; u < hidden; u++) {
    let a = b1[u];
    for (let j = 0; j < count; j++) a += (w1[u * count + j] * (x[j] - mean[j])) / std[j];
    z += w2[u] * Math.tanh(a);
  }
  return 1 / (1 + Math.exp(-z));
}
