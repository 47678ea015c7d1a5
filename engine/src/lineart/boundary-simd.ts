// Runs boundary-simd.wat (the boundary model's per-pixel arithmetic in WebAssembly SIMD): one
// instance per process, its memory grown to the largest photo seen. Each call copies its planes
// in and its result out; the copies cost a few milliseconds against the hundreds the plain loops
// took at 160,000 pixels.
import { BOUNDARY_SIMD_WASM } from './boundary-simd-wasm';

/** The parts of the WebAssembly API used here (the project's TypeScript libraries do not declare it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

interface Kernels {
  memory: { buffer: ArrayBuffer; grow: (pages: number) => number };
  run: (n: number, count: number, hidden: number, weights: number, bias: number, w2: number, b2: number, planes: number, stride: number, out: number) => void;
  log1p: (at: number, n: number) => void;
}

let kernels: Kernels | null | undefined;

/** The compiled module, once per process; null where WebAssembly SIMD is missing. */
function simdKernels(): Kernels | null {
  if (kernels !== undefined) return kernels;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  try {
    if (!api) throw new Error('no WebAssembly');
    kernels = new api.Instance(new api.Module(Buffer.from(BOUNDARY_SIMD_WASM, 'base64'))).exports as Kernels;
  } catch {
    kernels = null;
  }
  return kernels;
}

/** The module's memory as floats, at least `bytes` long. */
function heapOf(k: Kernels, bytes: number): Float32Array {
  const { memory } = k;
  if (memory.buffer.byteLength < bytes) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
  return new Float32Array(memory.buffer);
}

/** Whether the SIMD kernels run here (the tests compare them with the plain loops). */
export function simdAvailable(): boolean {
  return simdKernels() !== null;
}

/**
 * A one-hidden-layer tanh perceptron with a logistic output on every pixel of `planes`, its
 * standardisation already folded into `weights` (hidden × planes, row-major) and `bias`; null
 * where SIMD is missing.
 */
export function simdPerceptron(
  planes: Float32Array[],
  n: number,
  weights: ArrayLike<number>,
  bias: ArrayLike<number>,
  w2: ArrayLike<number>,
  b2: number,
): Float32Array | null {
  const k = simdKernels();
  if (!k) return null;
  const count = planes.length;
  const hidden = bias.length;
  // Layout (bytes, 16-aligned): weights as 4-lane vectors, bias, w2, the planes padded to 16 pixels, out.
  const padded = Math.ceil(n / 16) * 16;
  const stride = padded * 4;
  const weightsAt = 0;
  const biasAt = weightsAt + hidden * count * 16;
  const w2At = biasAt + hidden * 16;
  const planesAt = w2At + hidden * 16;
  const outAt = planesAt + count * stride;
  const heap = heapOf(k, outAt + stride);
  const splat = (at: number, values: ArrayLike<number>): void => {
    for (let i = 0; i < values.length; i++) heap.fill(values[i], at / 4 + 4 * i, at / 4 + 4 * i + 4);
  };
  splat(weightsAt, weights);
  splat(biasAt, bias);
  splat(w2At, w2);
  for (let j = 0; j < count; j++) {
    const at = (planesAt + j * stride) / 4;
    heap.set(planes[j].subarray(0, n), at);
    heap.fill(0, at + n, at + padded);
  }
  k.run(padded, count, hidden, weightsAt, biasAt, w2At, b2, planesAt, stride, outAt);
  return heap.slice(outAt / 4, outAt / 4 + n);
}

/** log(1 + x) of every value of every plane, in place (to f32 rounding of Math.log1p). */
export function log1pPlanes(planes: Float32Array[]): void {
  const k = simdKernels();
  for (const plane of planes) {
    if (!k) {
      for (let i = 0; i < plane.length; i++) plane[i] = Math.log1p(plane[i]);
      continue;
    }
    const padded = Math.ceil(plane.length / 4) * 4;
    const heap = heapOf(k, padded * 4);
    heap.set(plane, 0);
    heap.fill(0, plane.length, padded);
    k.log1p(0, padded);
    plane.set(heap.subarray(0, plane.length));
  }
}
