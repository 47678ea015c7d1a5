/**
 * A learned merge cost for the photo page's region merging (decision 036): the probability that
 * the boundary between two regions is one a person would draw, from statistics the merging keeps
 * per region and per boundary as it goes (learned agglomeration, as in Jain et al.'s "Learning to
 * agglomerate superpixel hierarchies"). The model is trained on the BSDS500 train split by
 * bench/src/bsds/train-merge-cost.ts, on the merge trajectories of this very merging.
 */
import type { MergeCandidate, MergeOptions } from './segment-regions';
import type { MlpWeights } from './mlp';
import { mlpProbability } from './mlp';

/** Feature names, in the order mergeFeatures writes them (the weights file repeats them). */
export const MERGE_FEATURE_NAMES = [
  'strength',
  'evidence',
  'strongShare',
  'fineAlong',
  'lengthOverSqrtArea',
  'logSmallShare',
  'logLargeShare',
  'dL',
  'da',
  'db',
  'chi2',
  'textureDiff',
  'contrastOverTexture',
  'saliencyMin',
  'saliencyMax',
  'logLength',
] as const;

/** Evidence above which a boundary pixel counts as strong (the robust share of the boundary). */
const STRONG_EVIDENCE = 0.3;

/** The per-pixel planes a merge keeps statistics of, built from a photo's basins. */
export interface MergeInputs {
  boundaryPlanes: Float32Array[];
  regionPlanes: Float32Array[];
  histogram: { bins: Uint8Array; count: number };
}

/** Coarse CIELAB bins (4 × 4 × 4): edges on L, a and b, the last bin open. */
const L_EDGES = [25, 50, 75];
const A_EDGES = [-6, 2, 12];
const B_EDGES = [-4, 8, 22];

function binOf(edges: number[], v: number): number {
  let k = 0;
  while (k < edges.length && v >= edges[k]) k++;
  return k;
}

/** Each photo's histogram bins, by its L plane: the marks' second merging reuses the first's. */
const binsByPlane = new WeakMap<Float32Array, Uint8Array>();

/** The coarse Lab histogram bin (4 × 4 × 4) of every pixel of `planes` (L, a, b). */
function histogramBins(planes: Float32Array[]): Uint8Array {
  const [L, A, B] = planes;
  let bins = binsByPlane.get(L);
  if (bins) return bins;
  bins = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) bins[i] = binOf(L_EDGES, L[i]) * 16 + binOf(A_EDGES, A[i]) * 4 + binOf(B_EDGES, B[i]);
  binsByPlane.set(L, bins);
  return bins;
}

/**
 * Boundary planes (evidence, fine gradient, strong-evidence indicator), region planes (saliency,
 * fine gradient as texture) and the coarse colour bin of every pixel. `extraBoundary` planes
 * (the training labels) come after the ones the features read.
 */
export function mergeInputs(
  planes: Float32Array[],
  evidence: Float32Array,
  fine: Float32Array,
  saliency: Float32Array,
  extraBoundary: Float32Array[] = [],
): MergeInputs {
  const n = evidence.length;
  const strong = new Float32Array(n);
  for (let i = 0; i < n; i++) strong[i] = evidence[i] > STRONG_EVIDENCE ? 1 : 0;
  return { boundaryPlanes: [evidence, fine, strong, ...extraBoundary], regionPlanes: [saliency, fine], histogram: { bins: histogramBins(planes), count: 64 } };
}

/** Writes the candidate's features (MERGE_FEATURE_NAMES) into `out`; `totalArea` is the picture's pixel count. */
export function mergeFeatures(c: MergeCandidate, totalArea: number, out: Float64Array): void {
  const small = Math.min(c.areaA, c.areaB);
  const large = Math.max(c.areaA, c.areaB);
  // meanA/meanB: L, a, b, then the region planes of mergeInputs (saliency, texture).
  const textureA = c.meanA[4];
  const textureB = c.meanB[4];
  out[0] = c.strength;
  out[1] = c.along[0];
  out[2] = c.along[2];
  out[3] = c.along[1];
  out[4] = c.length / Math.sqrt(small);
  out[5] = Math.log(small / totalArea);
  out[6] = Math.log(large / totalArea);
  out[7] = Math.abs(c.meanA[0] - c.meanB[0]);
  out[8] = Math.abs(c.meanA[1] - c.meanB[1]);
  out[9] = Math.abs(c.meanA[2] - c.meanB[2]);
  out[10] = c.histogramDistance;
  out[11] = Math.abs(textureA - textureB);
  out[12] = c.along[1] / (Math.max(textureA, textureB) + 0.05);
  out[13] = Math.min(c.meanA[3], c.meanB[3]);
  out[14] = Math.max(c.meanA[3], c.meanB[3]);
  out[15] = Math.log(c.length);
}

/** One cost function per model, kept: a new closure for every page made V8 recompile the merging's loop. */
const costFunctions = new WeakMap<MlpWeights, (candidate: MergeCandidate) => number>();

/** The model's probability that a person would draw the candidate's boundary. */
function learnedCostOf(model: MlpWeights): (candidate: MergeCandidate) => number {
  let cost = costFunctions.get(model);
  if (!cost) {
    const features = new Float64Array(MERGE_FEATURE_NAMES.length);
    cost = (candidate) => {
      mergeFeatures(candidate, candidate.totalArea, features);
      return mlpProbability(features, model);
    };
    costFunctions.set(model, cost);
  }
  return cost;
}

/** mergeRegions options that make it merge by the model's probability of a real boundary. */
export function learnedMergeOptions(
  inputs: MergeInputs,
  model: MlpWeights,
): Pick<MergeOptions, 'boundaryPlanes' | 'regionPlanes' | 'histogram' | 'boundaryCost'> {
  return { ...inputs, boundaryCost: learnedCostOf(model) };
}
