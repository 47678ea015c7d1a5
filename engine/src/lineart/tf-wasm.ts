/**
 * TensorFlow.js on its WebAssembly backend, for the models that run on it: the face model
 * (face-model.ts, decision 055) and the person mask (person-mask.ts, decision 076). The `.wasm`
 * files are read from the backend package's `dist/` (a path, not a URL: nothing is fetched), and
 * nothing native is built. Started once per thread and package; the models share it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type * as TfModule from '@tensorflow/tfjs';
import type * as TfWasmModule from '@tensorflow/tfjs-backend-wasm';

export type Tf = typeof TfModule;

/** Per resolved `@tensorflow/tfjs`: the backend's start is asynchronous, so the promise is kept. */
const started = new Map<string, Promise<Tf>>();

/**
 * `@tensorflow/tfjs` as `require` (a `createRequire` of the caller's) finds it, with the wasm
 * backend ready; rejects when a package or the `.wasm` files are missing (the caller falls back).
 */
export function tfOnWasm(require: NodeJS.Require): Promise<Tf> {
  const key = require.resolve('@tensorflow/tfjs');
  let tf = started.get(key);
  if (!tf) {
    tf = start(require);
    started.set(key, tf);
  }
  return tf;
}

async function start(require: NodeJS.Require): Promise<Tf> {
  const tf = require('@tensorflow/tfjs') as Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasmModule;
  const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  if (!existsSync(path.join(wasmDir, 'tfjs-backend-wasm-simd.wasm'))) throw new Error(`no tfjs wasm in ${wasmDir}`);
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend did not start');
  await tf.ready();
  return tf;
}
