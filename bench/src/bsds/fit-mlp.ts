// The fitting both model trainers share (train-boundary-model.ts, train-merge-cost.ts): the small
// MLP of engine/src/lineart/mlp.ts, featureCount → hidden (tanh) → 1 (sigmoid), fitted by Adam
// on cross-entropy with soft targets, optionally weighted per sample.

/** The fitted network, with the standardisation the engine applies before it. */
export interface FittedMlp {
  mean: number[];
  std: number[];
  hidden: number;
  w1: number[];
  b1: number[];
  w2: number[];
  b2: number;
}

export interface FitOptions {
  featureCount: number;
  hidden: number;
  epochs: number;
  /** Seeded random numbers: the initial weights, then each epoch's shuffle, so a rerun gives the same weights. */
  random: () => number;
  /** Per-sample weights (their mean is scaled to 1); every sample weighs 1 without. */
  weights?: ArrayLike<number>;
  /** Called after each epoch with its mean (weighted) loss. */
  onEpoch?: (epoch: number, loss: number) => void;
}

const LEARNING_RATE = 0.003;
const BATCH = 256;

/** Fits the MLP to samples X (row-major, featureCount per sample) with targets Y in 0..1. */
export function fitMlp(X: ArrayLike<number>, Y: ArrayLike<number>, options: FitOptions): FittedMlp {
  const { featureCount, hidden, random, weights } = options;
  const m = Y.length;
  // Standardise features; the means and deviations ship with the weights.
  const mean = new Array<number>(featureCount).fill(0);
  const std = new Array<number>(featureCount).fill(0);
  for (let s = 0; s < m; s++) for (let j = 0; j < featureCount; j++) mean[j] += X[s * featureCount + j] / m;
  for (let s = 0; s < m; s++) for (let j = 0; j < featureCount; j++) std[j] += (X[s * featureCount + j] - mean[j]) ** 2 / m;
  for (let j = 0; j < featureCount; j++) std[j] = Math.sqrt(std[j]) || 1;
  const Xs = new Float64Array(m * featureCount);
  for (let s = 0; s < m; s++) for (let j = 0; j < featureCount; j++) Xs[s * featureCount + j] = (X[s * featureCount + j] - mean[j]) / std[j];
  let scale = 1;
  if (weights) {
    let weightSum = 0;
    for (let s = 0; s < m; s++) weightSum += weights[s];
    scale = m / weightSum;
  }

  const w1 = Array.from({ length: hidden * featureCount }, () => (random() - 0.5) * 0.4);
  const b1 = new Array<number>(hidden).fill(0);
  const w2 = Array.from({ length: hidden }, () => (random() - 0.5) * 0.4);
  const b2 = [0];
  const params = [w1, b1, w2, b2];
  const adamM = params.map((p) => new Float64Array(p.length));
  const adamV = params.map((p) => new Float64Array(p.length));
  const grads = params.map((p) => new Float64Array(p.length));
  const h = new Float64Array(hidden);
  const order = Array.from({ length: m }, (_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = m - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let loss = 0;
    for (let start = 0; start < m; start += BATCH) {
      for (const g of grads) g.fill(0);
      const end = Math.min(m, start + BATCH);
      for (let k = start; k < end; k++) {
        const s = order[k];
        const x = s * featureCount;
        let z = b2[0];
        for (let u = 0; u < hidden; u++) {
          let a = b1[u];
          for (let j = 0; j < featureCount; j++) a += w1[u * featureCount + j] * Xs[x + j];
          h[u] = Math.tanh(a);
          z += w2[u] * h[u];
        }
        const p = 1 / (1 + Math.exp(-z));
        const y = Y[s];
        const weight = weights ? weights[s] * scale : 1;
        loss -= weight * (y * Math.log(p + 1e-9) + (1 - y) * Math.log(1 - p + 1e-9));
        const dz = weight * (p - y);
        grads[3][0] += dz;
        for (let u = 0; u < hidden; u++) {
          grads[2][u] += dz * h[u];
          const da = dz * w2[u] * (1 - h[u] * h[u]);
          grads[1][u] += da;
          for (let j = 0; j < featureCount; j++) grads[0][u * featureCount + j] += da * Xs[x + j];
        }
      }
      step++;
      const size = end - start;
      const c1 = 1 - 0.9 ** step;
      const c2 = 1 - 0.999 ** step;
      params.forEach((param, q) => {
        for (let i = 0; i < param.length; i++) {
          const g = grads[q][i] / size;
          adamM[q][i] = 0.9 * adamM[q][i] + 0.1 * g;
          adamV[q][i] = 0.999 * adamV[q][i] + 0.001 * g * g;
          param[i] -= (LEARNING_RATE * adamM[q][i]) / c1 / (Math.sqrt(adamV[q][i] / c2) + 1e-8);
        }
      });
    }
    options.onEpoch?.(epoch + 1, loss / m);
  }
  return { mean, std, hidden, w1, b1, w2, b2: b2[0] };
}
