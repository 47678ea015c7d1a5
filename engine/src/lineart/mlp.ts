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
  const probability = new Float32Array(n);
  const x = new Float64Array(count);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < count; j++) x[j] = (planes[j][i] - mean[j]) / std[j];
    let z = b2;
    for (let u = 0; u < hidden; u++) {
      let a = b1[u];
      const row = u * count;
      for (let j = 0; j < count; j++) a += w1[row + j] * x[j];
      z += w2[u] * Math.tanh(a);
    }
    probability[i] = 1 / (1 + Math.exp(-z));
  }
  return probability;
}
