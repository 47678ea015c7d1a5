import type { Difficulty } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS, PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap, PageReport } from '../page';
import { labelComponents } from '../raster/label-components';
import type { Components } from '../raster/label-components';
import { CHAMFER_UNIT } from '../raster/distance-transform';
import { labelRuns } from './page-runs';
import type { RunComponents } from './page-runs';

/** An ink blob smaller than this, not touching anything else, is a speck nobody drew on purpose. */
export const SPECK_MAX_MM2 = 2;
/** Paper areas smaller than this are too small to colour and are not counted as regions. */
export const REGION_MIN_MM2 = 4;
/** Colour bleeds through a gap narrower than this (a felt tip is about 1 mm wide). */
export const LEAK_GAP_MM = 0.8;
/** Each side of a gap must hold at least this much paper beyond the gap for it to count as a leak. */
export const LEAK_CORE_MIN_MM2 = 6;
/** Accepted line width around the difficulty's nominal width. */
const LINE_WIDTH_TOLERANCE = [0.6, 1.6] as const;

const mm2ToPx = (mm2: number): number => mm2 * PX_PER_MM * PX_PER_MM;

/**
 * Estimates the typical stroke width: the median, over ridge pixels of the ink (pixels at least
 * as far from paper as their four neighbours), of twice the distance to paper. The median keeps
 * junctions and solid fills from inflating it.
 */
export function estimateLineWidth(ink: Uint8Array, width: number, height: number): number {
  return lineWidthOf(ink, width, height, false);
}

/**
 * estimateLineWidth on either an ink mask (1 = ink, `dark` false) or a page bitmap (ink < 128,
 * `dark` true), so the checker needs no page-sized mask. The distance starts at the distance to
 * the page edge (beyond it is paper too: a frame drawn at the edge is as wide as it looks); the
 * chamfer passes only lower it, which gives the same result as clamping afterwards.
 */
function lineWidthOf(source: Uint8Array, width: number, height: number, dark: boolean): number {
  return lineWidthOnRuns(labelRuns(dark ? source : inkMaskAsPage(source), width, height, true, 4), width, height);
}

/** An ink mask (1 = ink) as page values (0 ink, 255 paper). */
function inkMaskAsPage(ink: Uint8Array): Uint8Array {
  const page = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) page[i] = ink[i] ? 0 : 255;
  return page;
}

/**
 * The line-width estimate computed on the ink's row runs only: the chamfer passes visit ink
 * pixels (paper is distance 0 and never changes), in raster order forward and reverse order
 * back, which is what the full-raster passes do with paper skipped.
 */
function lineWidthOnRuns(ink: RunComponents, width: number, height: number): number {
  const { runs, from, to } = ink;
  const dist = new Uint16Array(width * height);
  for (let r = 0; r < runs; r++) {
    const y = (from[r] / width) | 0;
    const toEdgeY = y + 1 < height - y ? y + 1 : height - y;
    const row = y * width;
    for (let i = from[r]; i < to[r]; i++) {
      const x = i - row;
      const toEdgeX = x + 1 < width - x ? x + 1 : width - x;
      dist[i] = (toEdgeX < toEdgeY ? toEdgeX : toEdgeY) * CHAMFER_UNIT;
    }
  }
  for (let r = 0; r < runs; r++) {
    const row = ((from[r] / width) | 0) * width;
    for (let i = from[r]; i < to[r]; i++) {
      const x = i - row;
      let v = dist[i];
      let c: number;
      if (x > 0 && (c = dist[i - 1] + 3) < v) v = c;
      if (i >= width) {
        const up = i - width;
        if ((c = dist[up] + 3) < v) v = c;
        if (x > 0 && (c = dist[up - 1] + 4) < v) v = c;
        if (x < width - 1 && (c = dist[up + 1] + 4) < v) v = c;
      }
      dist[i] = v;
    }
  }
  const last = width * (height - 1);
  for (let r = runs - 1; r >= 0; r--) {
    const row = ((from[r] / width) | 0) * width;
    for (let i = to[r] - 1; i >= from[r]; i--) {
      const x = i - row;
      let v = dist[i];
      let c: number;
      if (x < width - 1 && (c = dist[i + 1] + 3) < v) v = c;
      if (i < last) {
        const down = i + width;
        if ((c = dist[down] + 3) < v) v = c;
        if (x < width - 1 && (c = dist[down + 1] + 4) < v) v = c;
        if (x > 0 && (c = dist[down - 1] + 4) < v) v = c;
      }
      dist[i] = v;
    }
  }
  const histogram = new Uint32Array(1024);
  let ridges = 0;
  for (let r = 0; r < runs; r++) {
    const row = ((from[r] / width) | 0) * width;
    for (let i = from[r]; i < to[r]; i++) {
      const x = i - row;
      const d = dist[i];
      if (x > 0 && dist[i - 1] > d) continue;
      if (x < width - 1 && dist[i + 1] > d) continue;
      if (i >= width && dist[i - width] > d) continue;
      if (i < last && dist[i + width] > d) continue;
      histogram[d < 1023 ? d : 1023]++;
      ridges++;
    }
  }
  if (ridges === 0) return 0;
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin];
    // A distance d from the centre pixel spans 2d - 1/2 pixels on average over odd and even widths.
    if (seen * 2 >= ridges) return Math.max(1, (2 * bin) / CHAMFER_UNIT - 0.5);
  }
  return 0;
}

export interface LeakAnalysis {
  /** The analysis runs at half resolution: a pixel there is paper if any of its four page pixels is. */
  width: number;
  height: number;
  /** Paper regions at half resolution. */
  paper: Components;
  /** Large paper cores (labelled) left when everything within half a gap of ink or the page edge is removed. */
  cores: Components;
  /** Whether each core is large enough to count; index by core id. */
  coreCounts: Uint8Array;
  /** Number of large cores in each half-resolution paper region. */
  coresPerRegion: Int32Array;
  leakingRegions: number;
}

/**
 * A leak is a region whose paper splits into two or more large cores once everything within
 * half a gap width of ink (or the page edge) is taken away: the cores meet through a neck
 * narrower than the gap, where a pen would cross. Measured at half resolution (a gap is
 * about 9 page pixels), where "paper if any" keeps even one-pixel gaps open.
 */
export function findLeaks(ink: Uint8Array, width: number, height: number): LeakAnalysis {
  return leaksOf(ink, width, height, false);
}

/** findLeaks on an ink mask (`dark` false) or directly on a page bitmap (ink < 128, `dark` true). */
export function leaksOf(source: Uint8Array, width: number, height: number, dark: boolean): LeakAnalysis {
  const w2 = (width + 1) >> 1;
  const h2 = (height + 1) >> 1;
  const n2 = w2 * h2;
  let paperMask: Uint8Array;
  if (dark) paperMask = halfResPaper(source, width, height, 1);
  else {
    paperMask = new Uint8Array(n2);
    for (let y = 0; y < height; y++) {
      const row2 = (y >> 1) * w2;
      const row = y * width;
      for (let x = 0; x < width; x++) if (!source[row + x]) paperMask[row2 + (x >> 1)] = 1;
    }
  }
  const paper = labelComponents(paperMask, w2, h2, 1, 4);
  const core = leakCores(paperMask, w2, h2, 1, 1);
  const cores = labelComponents(core, w2, h2, 1, 4);
  const coreMin = mm2ToPx(LEAK_CORE_MIN_MM2) / 4;
  const coresPerRegion = new Int32Array(paper.count + 1);
  const coreCounts = new Uint8Array(cores.count + 1);
  const seenCore = new Uint8Array(cores.count + 1);
  for (let i = 0; i < n2; i++) {
    const c = cores.labels[i];
    if (c === 0 || seenCore[c]) continue;
    seenCore[c] = 1;
    if (cores.areas[c] >= coreMin) {
      coreCounts[c] = 1;
      coresPerRegion[paper.labels[i]]++;
    }
  }
  let leakingRegions = 0;
  for (let id = 1; id <= paper.count; id++) if (coresPerRegion[id] > 1) leakingRegions++;
  return { width: w2, height: h2, paper, cores, coreCounts, coresPerRegion, leakingRegions };
}

/**
 * The cores of findLeaks on a half-resolution paper mask: paper pixels (`paper` value) farther
 * than half a gap from anything else, and at least that far from the page edge (the edge is a
 * wall for the pen too), marked `value`. The same set as "3-4 chamfer distance > half a gap",
 * found without a distance transform: the chamfer ball of that radius is a few rows of known
 * half-widths, so each row only needs the distance to its nearest non-paper pixel along the row.
 */
export function leakCores(mask: Uint8Array, width: number, height: number, paper: number, value: number): Uint8Array {
  const halfGap = (LEAK_GAP_MM * PX_PER_MM) / 4;
  const margin = Math.ceil(halfGap);
  // Targets within chamfer distance ≤ reach disqualify a pixel (distance > limit ⇔ none within floor(limit)).
  const reach = Math.floor(halfGap * CHAMFER_UNIT);
  const chamfer = (dx: number, dy: number): number => 3 * Math.max(dx, dy) + Math.min(dx, dy);
  const rows = Math.floor(reach / 3);
  const halfWidth: number[] = [];
  for (let dy = 0; dy <= rows; dy++) {
    let dx = 0;
    while (chamfer(dx + 1, dy) <= reach) dx++;
    halfWidth.push(dx);
  }
  const cap = Math.max(...halfWidth) + 1;
  // Distance along the row to the nearest non-paper pixel, capped (beyond the edge is not a target).
  const along = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let d = cap;
    for (let x = 0; x < width; x++) {
      d = mask[row + x] === paper ? (d < cap ? d + 1 : cap) : 0;
      along[row + x] = d;
    }
    d = cap;
    for (let x = width - 1; x >= 0; x--) {
      d = mask[row + x] === paper ? (d < cap ? d + 1 : cap) : 0;
      if (d < along[row + x]) along[row + x] = d;
    }
  }
  const core = new Uint8Array(width * height);
  for (let y = margin; y < height - margin; y++) {
    for (let x = margin; x < width - margin; x++) {
      const i = y * width + x;
      let clear = along[i] > halfWidth[0];
      for (let dy = 1; clear && dy <= rows; dy++) {
        const need = halfWidth[dy];
        if ((y - dy >= 0 && along[i - dy * width] <= need) || (y + dy < height && along[i + dy * width] <= need)) clear = false;
      }
      if (clear) core[i] = value;
    }
  }
  return core;
}

/**
 * A page bitmap at half resolution: `value` where any of the four page pixels is paper (≥ 128), 0 elsewhere.
 */
function halfResPaper(data: Uint8Array, width: number, height: number, value: number): Uint8Array {
  const w2 = (width + 1) >> 1;
  const h2 = (height + 1) >> 1;
  const mask = new Uint8Array(w2 * h2);
  for (let y2 = 0; y2 < h2; y2++) {
    const r0 = 2 * y2 * width;
    const r1 = 2 * y2 + 1 < height ? r0 + width : r0;
    const out = y2 * w2;
    for (let x2 = 0; x2 < w2; x2++) {
      const x0 = 2 * x2;
      const x1 = x0 + 1 < width ? x0 + 1 : x0;
      if (data[r0 + x0] >= 128 || data[r0 + x1] >= 128 || data[r1 + x0] >= 128 || data[r1 + x1] >= 128) mask[out + x2] = value;
    }
  }
  return mask;
}

/**
 * The number of leaking regions of a page bitmap (ink < 128), as findLeaks counts them, with
 * components kept as row runs: what the checker needs, without per-pixel labels.
 */
export function countLeaks(data: Uint8Array, width: number, height: number): number {
  const w2 = (width + 1) >> 1;
  const h2 = (height + 1) >> 1;
  const paperMask = halfResPaper(data, width, height, 255);
  const core = leakCores(paperMask, w2, h2, 255, 255);
  const paper = labelRuns(paperMask, w2, h2, false, 4);
  const cores = labelRuns(core, w2, h2, false, 4);
  const coreMin = mm2ToPx(LEAK_CORE_MIN_MM2) / 4;
  const coresPerRegion = new Int32Array(paper.count + 1);
  let seen = 0;
  for (let r = 0; r < cores.runs; r++) {
    const c = cores.id[r];
    // Ids are given in raster order of first run: a new id is a core's first run.
    if (c <= seen) continue;
    seen = c;
    if (cores.areas[c] < coreMin) continue;
    // The paper run holding this core run's first pixel (runs are sorted by position).
    const at = cores.from[r];
    let lo = 0;
    let hi = paper.runs - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (paper.from[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    coresPerRegion[paper.id[lo]]++;
  }
  let leaking = 0;
  for (let id = 1; id <= paper.count; id++) if (coresPerRegion[id] > 1) leaking++;
  return leaking;
}

/**
 * Measures what makes a page printable: no grey, no specks, no regions that leak into each other
 * through narrow gaps, and (when a difficulty is given) the region count and line width of that
 * difficulty. The worker uses `passes` as a gate.
 */
export function checkPage(bitmap: Bitmap, difficulty?: Difficulty): PageReport {
  const { width, height, data } = bitmap;
  const n = width * height;
  let greyPixels = 0;
  for (let i = 0; i < n; i++) {
    const v = data[i];
    if (v !== 0 && v !== 255) greyPixels++;
  }

  // Ink is every pixel < 128; components are counted on row runs, without a page-sized mask.
  const inkParts = labelRuns(data, width, height, true, 8);
  const speckMax = mm2ToPx(SPECK_MAX_MM2);
  let specks = 0;
  for (let id = 1; id <= inkParts.count; id++) if (inkParts.areas[id] < speckMax) specks++;

  const paper = labelRuns(data, width, height, false, 4);
  const regionMin = mm2ToPx(REGION_MIN_MM2);
  let regionCount = 0;
  for (let id = 1; id <= paper.count; id++) if (paper.areas[id] >= regionMin) regionCount++;

  const leakingRegions = countLeaks(data, width, height);

  // Runs do not depend on connectivity: the ink's runs serve the line-width estimate too.
  const lineWidthPx = lineWidthOnRuns(inkParts, width, height);
  const lineWidthMm = lineWidthPx / PX_PER_MM;

  const problems: string[] = [];
  if (greyPixels > 0) problems.push(`${greyPixels} grey pixels`);
  if (specks > 0) problems.push(`${specks} specks`);
  if (leakingRegions > 0) problems.push(`${leakingRegions} regions leak through gaps under ${LEAK_GAP_MM} mm`);
  if (difficulty) {
    const spec = DIFFICULTY_SPECS[difficulty];
    if (regionCount < spec.minRegions || regionCount > spec.maxRegions) {
      problems.push(`${regionCount} regions; ${difficulty} wants ${spec.minRegions}-${spec.maxRegions}`);
    }
    const [low, high] = LINE_WIDTH_TOLERANCE;
    if (lineWidthMm < spec.lineMm * low || lineWidthMm > spec.lineMm * high) {
      problems.push(`lines ${lineWidthMm.toFixed(2)} mm; ${difficulty} wants about ${spec.lineMm} mm`);
    }
  }
  return {
    width,
    height,
    greyPixels,
    specks,
    leakingRegions,
    regionCount,
    lineWidthPx,
    lineWidthMm,
    passes: problems.length === 0,
    problems,
  };
}
