/**
 * Faces found by a model made for it (decision 055): `@vladmandic/face-api`'s SSD MobileNet v1
 * detector and its 68-point landmark model, on TensorFlow.js's WebAssembly backend. The weights
 * and the `.wasm` files ship inside the npm packages, so nothing is fetched and nothing native is
 * built. This file is the only one that knows the library; the page sees `FaceShape`s.
 *
 * The model is loaded once per thread, on first use, and kept. When it cannot load (a package
 * missing, its files moved), `findFaceShapes` answers null and the page falls back to the
 * classical faces (face-features.ts): a page never fails for want of the model.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { RgbImage } from '../io/load-image';
import { tfOnWasm } from './tf-wasm';
import type { Tf } from './tf-wasm';

/** One face: its box and its 68 landmarks (iBUG 300-W order), in the pixels of the image it was found in. */
export interface FaceShape {
  /** x, y of each of the 68 points in turn. */
  points: Float32Array;
  box: { x: number; y: number; width: number; height: number };
  score: number;
}

// Types only: the packages are required at run time (loadModel), so a missing one is a fallback, not a crash.
type FaceApi = typeof FaceApiModule;

/** Where the packages live; tests point it elsewhere to see the fallback. */
export interface FaceModelSource {
  /** Resolves the packages (face-api's `model/` folder beside its package.json). */
  resolveFrom: string;
}

/**
 * Least detector score of a face. Above face-api's default (0.5): on the real photo set the finds
 * scored 0.5–0.6 were a calf's, a pony's, a kitten's and a spaniel's faces, and two people's
 * faces whose landmarks had collapsed (decision 055); people's usable faces scored 0.75 and up.
 */
export const MIN_FACE_SCORE = 0.6;

/** Most faces a page draws: a team photo's faces beyond these are too small to draw anyway. */
const MAX_FACES = 12;

type WeightMap = Parameters<FaceApi['nets']['ssdMobilenetv1']['loadFromWeightMap']>[0];

interface LoadedModel {
  faceapi: FaceApi;
  tf: Tf;
}

/** face-api's weights: the manifest's groups read from `dir` and decoded into named tensors. */
function weightMap(tf: Tf, dir: string, name: string): WeightMap {
  const manifest = JSON.parse(readFileSync(path.join(dir, `${name}-weights_manifest.json`), 'utf8')) as { paths: string[]; weights: Parameters<Tf['io']['decodeWeights']>[1] }[];
  const bytes = Buffer.concat(manifest.flatMap((group) => group.paths.map((file) => readFileSync(path.join(dir, file)))));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  // face-api declares its own copy of tfjs's types; the tensors are the same tfjs's.
  return tf.io.decodeWeights(buffer, manifest.flatMap((group) => group.weights)) as unknown as WeightMap;
}

async function loadModel(source: FaceModelSource): Promise<LoadedModel> {
  const require = createRequire(source.resolveFrom);
  const tf = await tfOnWasm(require);
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  faceapi.nets.ssdMobilenetv1.loadFromWeightMap(weightMap(tf, modelDir, 'ssd_mobilenetv1_model'));
  faceapi.nets.faceLandmark68Net.loadFromWeightMap(weightMap(tf, modelDir, 'face_landmark_68_model'));
  return { faceapi, tf };
}

/** The packages are found from this module (from source, engine/; from the bundle, server/dist/: node_modules above both). */
const DEFAULT_SOURCE: FaceModelSource = { resolveFrom: import.meta.url };

/** This thread's model, per source: loading is asynchronous, so the promise is what is kept. */
const loaded = new Map<string, Promise<LoadedModel | null>>();

/** The model, loaded once per thread and source; null when it cannot load. */
export function faceModel(source: FaceModelSource = DEFAULT_SOURCE): Promise<LoadedModel | null> {
  let model = loaded.get(source.resolveFrom);
  if (!model) {
    model = loadModel(source).catch(() => null);
    loaded.set(source.resolveFrom, model);
  }
  return model;
}

/**
 * The faces in `image` with their landmarks, largest first, in its pixels, of a detector score
 * of at least `minScore`; null when the model cannot load (the caller falls back to the
 * classical faces).
 */
export async function findFaceShapes(image: RgbImage, source: FaceModelSource = DEFAULT_SOURCE, minScore = MIN_FACE_SCORE): Promise<FaceShape[] | null> {
  const model = await faceModel(source);
  if (!model) return null;
  const { faceapi, tf } = model;
  const input = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: MAX_FACES })).withFaceLandmarks();
    const faces = found.map(({ detection, landmarks }) => {
      const points = new Float32Array(2 * landmarks.positions.length);
      landmarks.positions.forEach((p, k) => {
        points[2 * k] = p.x;
        points[2 * k + 1] = p.y;
      });
      const { x, y, width, height } = detection.box;
      return { points, box: { x, y, width, height }, score: detection.score };
    });
    return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    input.dispose();
  }
}
