// Placeholder until bench/src/bsds/train-merge-cost.ts writes the trained model.
import type { MlpWeights } from './mlp';

export const MERGE_COST_MODEL: MlpWeights = {
  mean: Array.from({ length: 16 }, () => 0),
  std: Array.from({ length: 16 }, () => 1),
  hidden: 1,
  w1: [1, ...Array.from({ length: 15 }, () => 0)],
  b1: [0],
  w2: [1],
  b2: 0,
};
