import { matchPixels } from './match-pixels';
import { thin } from './thin';

/** Largest match distance as a fraction of the image diagonal (the benchmark's rule). */
export const MAX_DIST_FRACTION = 0.0075;

/** The benchmark's thresholds: n values evenly spaced strictly inside (0, 1). */
export function thresholds(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i + 1) / (n + 1));
}

/** Per-threshold counts for one image. */
export interface ImageCounts {
  id: string;
  /** Human boundary pixels matched, summed over annotators. */
  cntR: number[];
  /** Human boundary pixels, summed over annotators. */
  sumR: number[];
  /** Machine pixels matched to at least one annotator. */
  cntP: number[];
  /** Machine pixels. */
  sumP: number[];
}

/**
 * Scores one soft boundary map (values 0..1) against every annotator's boundary map (1 =
 * boundary) at each threshold: binarise at p >= t, thin, match to each annotator.
 */
export function evaluateImage(
  id: string,
  soft: Float32Array,
  humans: Uint8Array[],
  width: number,
  height: number,
  thresholdList: number[],
): ImageCounts {
  const maxDist = MAX_DIST_FRACTION * Math.hypot(width, height);
  const counts: ImageCounts = { id, cntR: [], sumR: [], cntP: [], sumP: [] };
  const humanTotals = humans.map((h) => h.reduce((s, v) => s + (v ? 1 : 0), 0));
  const n = width * height;
  for (const t of thresholdList) {
    const machine = new Uint8Array(n);
    for (let i = 0; i < n; i++) machine[i] = soft[i] >= t ? 1 : 0;
    thin(machine, width, height);
    let sumP = 0;
    for (let i = 0; i < n; i++) sumP += machine[i];
    const anyMatch = new Uint8Array(n);
    let cntR = 0;
    let sumR = 0;
    humans.forEach((human, k) => {
      const result = matchPixels(machine, human, width, height, maxDist);
      cntR += result.matched;
      sumR += humanTotals[k];
      for (let i = 0; i < n; i++) if (result.machineMatched[i]) anyMatch[i] = 1;
    });
    let cntP = 0;
    for (let i = 0; i < n; i++) cntP += anyMatch[i];
    counts.cntR.push(cntR);
    counts.sumR.push(sumR);
    counts.cntP.push(cntP);
    counts.sumP.push(sumP);
  }
  return counts;
}

const fmeasure = (r: number, p: number): number => (r + p > 0 ? (2 * p * r) / (p + r) : 0);

/** Best F over thresholds, searching linearly between neighbouring thresholds as the reference does. */
export function maxF(t: number[], r: number[], p: number[]): { t: number; r: number; p: number; f: number } {
  let best = { t: t[0], r: r[0], p: p[0], f: fmeasure(r[0], p[0]) };
  for (let i = 1; i < t.length; i++) {
    for (let s = 0; s < 100; s++) {
      const d = s / 99;
      const tt = t[i] * d + t[i - 1] * (1 - d);
      const rr = r[i] * d + r[i - 1] * (1 - d);
      const pp = p[i] * d + p[i - 1] * (1 - d);
      const ff = fmeasure(rr, pp);
      if (ff > best.f) best = { t: tt, r: rr, p: pp, f: ff };
    }
  }
  return best;
}

export interface BenchmarkScores {
  ods: { t: number; r: number; p: number; f: number };
  ois: { r: number; p: number; f: number };
  ap: number;
  perThreshold: { t: number; r: number; p: number; f: number }[];
  perImage: { id: string; t: number; r: number; p: number; f: number }[];
}

const ratio = (a: number, b: number): number => a / (b === 0 ? 1 : b);

/** ODS (one threshold for the dataset), OIS (best threshold per image) and average precision. */
export function summarise(images: ImageCounts[], thresholdList: number[]): BenchmarkScores {
  const k = thresholdList.length;
  const total = { cntR: new Array(k).fill(0), sumR: new Array(k).fill(0), cntP: new Array(k).fill(0), sumP: new Array(k).fill(0) };
  let bestCntR = 0;
  let bestSumR = 0;
  let bestCntP = 0;
  let bestSumP = 0;
  const perImage: BenchmarkScores['perImage'] = [];
  for (const img of images) {
    const r = img.cntR.map((c, i) => ratio(c, img.sumR[i]));
    const p = img.cntP.map((c, i) => ratio(c, img.sumP[i]));
    perImage.push({ id: img.id, ...maxF(thresholdList, r, p) });
    let best = 0;
    let bestF = -1;
    for (let i = 0; i < k; i++) {
      const f = fmeasure(r[i], p[i]);
      if (f > bestF) {
        bestF = f;
        best = i;
      }
      total.cntR[i] += img.cntR[i];
      total.sumR[i] += img.sumR[i];
      total.cntP[i] += img.cntP[i];
      total.sumP[i] += img.sumP[i];
    }
    bestCntR += img.cntR[best];
    bestSumR += img.sumR[best];
    bestCntP += img.cntP[best];
    bestSumP += img.sumP[best];
  }
  const R = total.cntR.map((c, i) => ratio(c, total.sumR[i]));
  const P = total.cntP.map((c, i) => ratio(c, total.sumP[i]));
  const oisR = ratio(bestCntR, bestSumR);
  const oisP = ratio(bestCntP, bestSumP);
  return {
    ods: maxF(thresholdList, R, P),
    ois: { r: oisR, p: oisP, f: fmeasure(oisR, oisP) },
    ap: averagePrecision(R, P),
    perThreshold: thresholdList.map((t, i) => ({ t, r: R[i], p: P[i], f: fmeasure(R[i], P[i]) })),
    perImage,
  };
}

/**
 * Area under the precision–recall curve sampled at recall 0, 0.01, …, 1 by linear
 * interpolation between measured points; recall values outside the measured range count 0.
 */
function averagePrecision(R: number[], P: number[]): number {
  const points = R.map((r, i) => [r, P[i]] as const)
    .filter(([r], i, all) => all.findIndex(([q]) => q === r) === i)
    .sort((a, b) => a[0] - b[0]);
  if (points.length < 2) return 0;
  let sum = 0;
  for (let s = 0; s <= 100; s++) {
    const r = s / 100;
    if (r < points[0][0] || r > points[points.length - 1][0]) continue;
    for (let i = 1; i < points.length; i++) {
      const [r0, p0] = points[i - 1];
      const [r1, p1] = points[i];
      if (r >= r0 && r <= r1) {
        sum += r1 === r0 ? p0 : p0 + ((p1 - p0) * (r - r0)) / (r1 - r0);
        break;
      }
    }
  }
  return sum * 0.01;
}
