import { describe, expect, it } from 'vitest';
import { mlpProbability } from '@studio/engine/lineart/mlp';
import type { MlpWeights } from '@studio/engine/lineart/mlp';
import { seededRandom } from '@studio/engine/lineart/synthetic-images';
import { averagedMlp } from './average-mlp';

const logit = (p: number): number => Math.log(p / (1 - p));

/** A random 3-input model with `hidden` units and its own standardisation. */
function randomModel(random: () => number, hidden: number): MlpWeights {
  const values = (k: number, scale: number, offset = 0): number[] => Array.from({ length: k }, () => offset + scale * (random() * 2 - 1));
  return { mean: values(3, 5), std: values(3, 1, 2), hidden, w1: values(3 * hidden, 1.5), b1: values(hidden, 1), w2: values(hidden, 2), b2: random() - 0.5 };
}

describe('averagedMlp', () => {
  it('gives the weighted mean of the two models\' log-odds on any input', () => {
    const random = seededRandom(7);
    const a = randomModel(random, 4);
    const b = randomModel(random, 3);
    for (const share of [0.5, 0.8]) {
      const both = averagedMlp(a, b, share);
      expect(both.hidden).toBe(7);
      for (let k = 0; k < 20; k++) {
        const x = [random() * 10 - 5, random() * 4, random() * 20 - 10];
        const expected = share * logit(mlpProbability(x, a)) + (1 - share) * logit(mlpProbability(x, b));
        expect(logit(mlpProbability(x, both))).toBeCloseTo(expected, 9);
      }
    }
  });

  it('refuses models that read different features', () => {
    const random = seededRandom(1);
    const a = randomModel(random, 2);
    expect(() => averagedMlp(a, { ...a, mean: [0, 0], std: [1, 1] })).toThrow(/different features/);
  });
});
