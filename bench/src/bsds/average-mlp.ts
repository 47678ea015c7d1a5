// Two perceptrons of engine/src/lineart/mlp.ts as one: the log-odds of the result are the weighted
// mean of theirs. Their hidden units are put side by side, the second's first layer restated in
// the first's standardisation, and the output layers scaled. The page runs one model, a little
// wider, not two (decision 046).
import type { MlpWeights } from '@studio/engine/lineart/mlp';

/** The model whose log-odds are `share` × those of `a` plus (1 − `share`) × those of `b`. */
export function averagedMlp(a: MlpWeights, b: MlpWeights, share = 0.5): MlpWeights {
  const n = a.mean.length;
  if (b.mean.length !== n) throw new Error('the two models read different features');
  const w1 = [...a.w1];
  const b1 = [...a.b1];
  // b's unit u sees (x − mean_b) / std_b = ((x − mean_a) / std_a) · std_a / std_b + (mean_a − mean_b) / std_b.
  for (let u = 0; u < b.hidden; u++) {
    let bias = b.b1[u];
    for (let j = 0; j < n; j++) {
      const w = b.w1[u * n + j];
      w1.push((w * a.std[j]) / b.std[j]);
      bias += (w * (a.mean[j] - b.mean[j])) / b.std[j];
    }
    b1.push(bias);
  }
  return {
    features: a.features,
    mean: [...a.mean],
    std: [...a.std],
    hidden: a.hidden + b.hidden,
    w1,
    b1,
    w2: [...a.w2.map((w) => share * w), ...b.w2.map((w) => (1 - share) * w)],
    b2: share * a.b2 + (1 - share) * b.b2,
  };
}
