import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { wasmModuleSource } from '../../../scripts/wasm-source.mjs';
import { log1pPlanes, simdAvailable } from './boundary-simd';
import { BOUNDARY_MODEL } from './boundary-model-weights';
import { BOUNDARY_CONTEXT_MODEL } from './boundary-context-weights';
import { runMlp, runMlpScalar } from './mlp';
import { seededRandom } from './synthetic-images';

/** Planes of `n` values spread like the model's features (its means, ± 2.5 standard deviations). */
function featureLikePlanes(count: number, n: number, mean: readonly number[], std: readonly number[]): Float32Array[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, (_, j) => Float32Array.from({ length: n }, () => Math.max(0, mean[j] + std[j] * (5 * random() - 2.5))));
}

describe('boundary SIMD kernels', () => {
  it('run here (Node has WebAssembly SIMD)', () => {
    expect(simdAvailable()).toBe(true);
  });

  it('give the plain perceptron loop’s probabilities, for pixel counts that are not a multiple of 16', () => {
    for (const [model, n] of [
      [BOUNDARY_MODEL, 1],
      [BOUNDARY_MODEL, 4099],
      [BOUNDARY_CONTEXT_MODEL!, 333],
    ] as const) {
      const planes = featureLikePlanes(model.mean.length, n, model.mean, model.std);
      const fast = runMlp(planes, model, n);
      const plain = runMlpScalar(planes, model, n);
      expect(fast.length).toBe(n);
      let worst = 0;
      for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(fast[i] - plain[i]));
      expect(worst).toBeLessThan(5e-6);
      // Not a constant: the test would pass for a kernel that returned one value everywhere.
      expect(Math.max(...plain) - Math.min(...plain)).toBeGreaterThan(n > 1 ? 0.5 : -1);
    }
  });

  it('take log(1 + x) in place to float rounding, from 0 to large values', () => {
    const values = [0, 1e-9, 1e-4, 0.3, 0.41421, 1, 2.5, 7, 123.4, 1e6];
    const plane = Float32Array.from(values);
    const second = Float32Array.from(values.map((v) => v * 3));
    log1pPlanes([plane, second]);
    values.forEach((v, i) => {
      expect(Math.abs(plane[i] - Math.log1p(v))).toBeLessThanOrEqual(2e-7 * Math.max(1, Math.log1p(v)));
      expect(Math.abs(second[i] - Math.log1p(3 * v))).toBeLessThanOrEqual(2e-7 * Math.max(1, Math.log1p(3 * v)));
    });
  });

  it('are the committed bytes of boundary-simd.wat (run node scripts/build-wasm.mjs after editing it)', async () => {
    const dir = new URL('./', import.meta.url);
    const wat = await readFile(new URL('boundary-simd.wat', dir), 'utf8');
    const committed = await readFile(new URL('boundary-simd-wasm.ts', dir), 'utf8');
    expect(await wasmModuleSource('engine/src/lineart/boundary-simd.wat', wat, 'BOUNDARY_SIMD_WASM')).toBe(committed);
  });
});
