import type { Difficulty } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS, PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap, PageReport } from '../page';
import { labelComponents } from '../raster/label-components';
import type { Components } from '../raster/label-components';
import { CHAMFER_UNIT } from '../raster/distance-transform';
import { complementRuns, dropScratch, labelRowRuns, labelRuns, RunBuilder, scanRuns, zeroedScratch } from './page-runs';
import type { RowRuns, RunComponents } from './page-runs';
import { pageEmptiness } from './page-emptiness';
import type { PixelBox } from './page-emptiness';

/** An ink blob smaller than this, not touching anything else, is a speck nobody drew on purpose. */
export const SPECK_MAX_MM2 = 2;
/** Paper areas smaller than this are too small to colour and are not counted as regions. */
export const REGION_MIN_MM2 = 4;
/** Colour bleeds through a gap narrower than this (a felt tip is about 1 mm wide). */
export const LEAK_GAP_MM = 0.8;
/** Each side of a gap must hold at least this much paper beyond the gap for it to count as a leak. */
export const LEAK_CORE_MIN_MM2 = 6;
/** A page whose largest white area covers more than this share of the inside of its frame is empty. */
export const EMPTY_INSIDE_SHARE = 0.8;
/** The inside of the frame must hold at least this share of the difficulty's fewest regions. */
export const INSIDE_REGIONS_SHARE = 0.5;
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
  try {
    return lineWidthOfRuns(ink, width, height);
  } catch (error) {
    dropScratch('line-width');
    throw error;
  }
}

function lineWidthOfRuns(ink: RunComponents, width: number, height: number): number {
  const { runs, from, to } = ink;
  // Zero on paper is all the passes need; only ink pixels are written, and zeroed again below.
  const dist = zeroedScratch('line-width', width * height, Uint16Array);
  const rowOf = new Int32Array(runs);
  for (let r = 0; r < runs; r++) rowOf[r] = (from[r] / width) | 0;
  const last = height - 1;
  // Forward pass, starting each pixel at its distance to the page edge (the neighbours it reads,
  // left and the row above, are already final for this pass; paper reads as 0). The left
  // neighbour is the value just written, or paper before the run, or nothing at the row start.
  for (let r = 0; r < runs; r++) {
    const y = rowOf[r];
    const toEdgeY = (y + 1 < height - y ? y + 1 : height - y) * CHAMFER_UNIT;
    const row = y * width;
    let left = from[r] > row ? 0 : 65535;
    for (let i = from[r]; i < to[r]; i++) {
      const x = i - row;
      const toEdgeX = (x + 1 < width - x ? x + 1 : width - x) * CHAMFER_UNIT;
      let v = toEdgeX < toEdgeY ? toEdgeX : toEdgeY;
      let c = left + 3;
      if (c < v) v = c;
      if (y > 0) {
        const up = i - width;
        if ((c = dist[up] + 3) < v) v = c;
        if (x > 0 && (c = dist[up - 1] + 4) < v) v = c;
        if (x < width - 1 && (c = dist[up + 1] + 4) < v) v = c;
      }
      dist[i] = v;
      left = v;
    }
  }
  for (let r = runs - 1; r >= 0; r--) {
    const y = rowOf[r];
    const row = y * width;
    let right = to[r] < row + width ? 0 : 65535;
    for (let i = to[r] - 1; i >= from[r]; i--) {
      const x = i - row;
      let v = dist[i];
      let c = right + 3;
      if (c < v) v = c;
      if (y < last) {
        const down = i + width;
        if ((c = dist[down] + 3) < v) v = c;
        if (x < width - 1 && (c = dist[down + 1] + 4) < v) v = c;
        if (x > 0 && (c = dist[down - 1] + 4) < v) v = c;
      }
      dist[i] = v;
      right = v;
    }
  }
  const histogram = new Uint32Array(1024);
  let ridges = 0;
  for (let r = 0; r < runs; r++) {
    const y = rowOf[r];
    const row = y * width;
    for (let i = from[r]; i < to[r]; i++) {
      const d = dist[i];
      if (i > row && dist[i - 1] > d) continue;
      if (i < row + width - 1 && dist[i + 1] > d) continue;
      if (y > 0 && dist[i - width] > d) continue;
      if (y < last && dist[i + width] > d) continue;
      histogram[d < 1023 ? d : 1023]++;
      ridges++;
    }
  }
  for (let r = 0; r < runs; r++) dist.fill(0, from[r], to[r]);
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

/** The chamfer ball of half a gap at half resolution: row half-widths, and the page margin. */
function leakBall(): { halfWidth: number[]; margin: number } {
  const halfGap = (LEAK_GAP_MM * PX_PER_MM) / 4;
  const reach = Math.floor(halfGap * CHAMFER_UNIT);
  const chamfer = (dx: number, dy: number): number => 3 * Math.max(dx, dy) + Math.min(dx, dy);
  const halfWidth: number[] = [];
  for (let dy = 0; dy <= Math.floor(reach / 3); dy++) {
    let dx = 0;
    while (chamfer(dx + 1, dy) <= reach) dx++;
    halfWidth.push(dx);
  }
  return { halfWidth, margin: Math.ceil(halfGap) };
}

/**
 * Paper runs at half resolution: a half-resolution pixel is paper if any of its four page
 * pixels is (the runs of two page rows, halved and merged).
 */
export function halfResRuns(paper: RowRuns, width: number, height: number): RowRuns {
  const w2 = (width + 1) >> 1;
  const h2 = (height + 1) >> 1;
  const { from, to, rowStart } = paper;
  const out = new RunBuilder(paper.runs);
  const rows = new Int32Array(h2 + 1);
  for (let y2 = 0; y2 < h2; y2++) {
    rows[y2] = out.runs;
    const ya = 2 * y2;
    const yb = ya + 1 < height ? ya + 1 : ya;
    let a = rowStart[ya];
    const aEnd = rowStart[ya + 1];
    let b = yb === ya ? aEnd : rowStart[yb];
    const bEnd = rowStart[yb + 1];
    const baseA = ya * width;
    const baseB = yb * width;
    const base2 = y2 * w2;
    let curFrom = -1;
    let curTo = -1;
    while (a < aEnd || b < bEnd) {
      let x0: number;
      let x1: number;
      // The next run by start, from either row; its half-resolution span.
      if (b >= bEnd || (a < aEnd && from[a] - baseA <= from[b] - baseB)) {
        x0 = (from[a] - baseA) >> 1;
        x1 = ((to[a] - baseA - 1) >> 1) + 1;
        a++;
      } else {
        x0 = (from[b] - baseB) >> 1;
        x1 = ((to[b] - baseB - 1) >> 1) + 1;
        b++;
      }
      if (curTo >= 0 && x0 <= curTo) {
        if (x1 > curTo) curTo = x1;
        continue;
      }
      if (curTo >= 0) out.push(base2 + curFrom, base2 + curTo);
      curFrom = x0;
      curTo = x1;
    }
    if (curTo >= 0) out.push(base2 + curFrom, base2 + curTo);
  }
  rows[h2] = out.runs;
  return out.done(rows);
}

/**
 * leakCores on row runs: the core of a row is its paper runs shrunk by the ball's half-width,
 * intersected with the rows above and below shrunk by theirs (a run that reaches the row's end
 * is not shrunk there: beyond the edge is not a target; the margin keeps cores off the edge).
 * The same pixels as leakCores, computed per run instead of per pixel.
 */
export function leakCoreRuns(paper: RowRuns, width: number, height: number): RowRuns {
  const { halfWidth, margin } = leakBall();
  const rows = halfWidth.length - 1;
  const { from, to, rowStart } = paper;
  const out = new RunBuilder(paper.runs >> 1);
  const rowsOut = new Int32Array(height + 1);
  // The row's core so far, as x intervals; intersected in place with each shrunk neighbour row.
  let cur = new Int32Array(2 * width + 4);
  let next = new Int32Array(2 * width + 4);
  for (let y = 0; y < height; y++) {
    rowsOut[y] = out.runs;
    if (y < margin || y >= height - margin || width - 2 * margin <= 0) continue;
    cur[0] = margin;
    cur[1] = width - margin;
    let curCount = 1;
    for (let k = 0; k <= 2 * rows && curCount > 0; k++) {
      // Rows y, y-1, y+1, y-2, y+2, ...
      const dy = (k + 1) >> 1;
      const yy = k === 0 ? y : k % 2 === 1 ? y - dy : y + dy;
      if (yy < 0 || yy >= height) continue;
      const need = halfWidth[dy];
      const base = yy * width;
      let nextCount = 0;
      let c = 0;
      let r = rowStart[yy];
      const rEnd = rowStart[yy + 1];
      while (c < curCount && r < rEnd) {
        const a = from[r] - base;
        const b = to[r] - base;
        const ea = a > 0 ? a + need : a;
        const eb = b < width ? b - need : b;
        if (ea >= eb) {
          r++;
          continue;
        }
        const ca = cur[2 * c];
        const cb = cur[2 * c + 1];
        const lo = ca > ea ? ca : ea;
        const hi = cb < eb ? cb : eb;
        if (lo < hi) {
          next[2 * nextCount] = lo;
          next[2 * nextCount + 1] = hi;
          nextCount++;
        }
        if (cb < eb) c++;
        else r++;
      }
      const swap = cur;
      cur = next;
      next = swap;
      curCount = nextCount;
    }
    const base = y * width;
    for (let c = 0; c < curCount; c++) out.push(base + cur[2 * c], base + cur[2 * c + 1]);
  }
  rowsOut[height] = out.runs;
  return out.done(rowsOut);
}

/** findLeaks on row runs: paper and cores at half resolution as run components. */
export interface RunLeakAnalysis {
  width: number;
  height: number;
  paper: RunComponents;
  cores: RunComponents;
  /** Per core id: 1 if it is large enough to count. */
  coreCounts: Uint8Array;
  /** Per core id: the half-resolution paper region it lies in. */
  coreRegion: Int32Array;
  /** Number of large cores in each half-resolution paper region. */
  coresPerRegion: Int32Array;
  leakingRegions: number;
}

/** The leak analysis of a page given its paper runs (page resolution), without per-pixel arrays. */
export function leaksOfRuns(paperRuns: RowRuns, width: number, height: number): RunLeakAnalysis {
  const w2 = (width + 1) >> 1;
  const h2 = (height + 1) >> 1;
  const half = halfResRuns(paperRuns, width, height);
  const paper = labelRowRuns(half, w2, h2, 4);
  const cores = labelRowRuns(leakCoreRuns(half, w2, h2), w2, h2, 4);
  const coreMin = mm2ToPx(LEAK_CORE_MIN_MM2) / 4;
  const coresPerRegion = new Int32Array(paper.count + 1);
  const coreCounts = new Uint8Array(cores.count + 1);
  const coreRegion = new Int32Array(cores.count + 1);
  let seen = 0;
  for (let r = 0; r < cores.runs; r++) {
    const c = cores.id[r];
    // Ids are given in raster order of first run: a new id is a core's first run.
    if (c <= seen) continue;
    seen = c;
    // The paper run holding this core run's first pixel (runs are sorted by position).
    const at = cores.from[r];
    let lo = 0;
    let hi = paper.runs - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (paper.from[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    coreRegion[c] = paper.id[lo];
    if (cores.areas[c] < coreMin) continue;
    coreCounts[c] = 1;
    coresPerRegion[paper.id[lo]]++;
  }
  let leakingRegions = 0;
  for (let id = 1; id <= paper.count; id++) if (coresPerRegion[id] > 1) leakingRegions++;
  return { width: w2, height: h2, paper, cores, coreCounts, coreRegion, coresPerRegion, leakingRegions };
}

/**
 * The number of leaking regions of a page bitmap (ink < 128), as findLeaks counts them, with
 * components kept as row runs: what the checker needs, without per-pixel labels.
 */
export function countLeaks(data: Uint8Array, width: number, height: number): number {
  return leaksOfRuns(complementRuns(scanRuns(data, width, height, true), width, height), width, height).leakingRegions;
}

/** Pixels that are neither pure ink (0) nor pure paper (255); four at a time where aligned. */
export function countGrey(data: Uint8Array): number {
  let grey = 0;
  let i = 0;
  const n = data.length;
  while (i < n && (data.byteOffset + i) % 4 !== 0) {
    if (data[i] !== 0 && data[i] !== 255) grey++;
    i++;
  }
  const words = new Int32Array(data.buffer, data.byteOffset + i, (n - i) >> 2);
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === 0 || w === -1) continue;
    for (let j = 4 * k + i; j < 4 * k + i + 4; j++) if (data[j] !== 0 && data[j] !== 255) grey++;
  }
  for (let j = i + 4 * words.length; j < n; j++) if (data[j] !== 0 && data[j] !== 255) grey++;
  return grey;
}

/** Paper regions with at least `minArea` pixels inside `box` (a region crossing its edge counts by its inside part). */
function regionsInside(paper: RunComponents, width: number, box: PixelBox, minArea: number): number {
  const areas = new Float64Array(paper.count + 1);
  const [x0, x1] = [box.x, box.x + box.width];
  for (let y = Math.max(0, box.y); y < box.y + box.height && y + 1 < paper.rowStart.length; y++) {
    for (let r = paper.rowStart[y]; r < paper.rowStart[y + 1]; r++) {
      const from = Math.max(paper.from[r] - y * width, x0);
      const to = Math.min(paper.to[r] - y * width, x1);
      if (to > from) areas[paper.id[r]] += to - from;
    }
  }
  let count = 0;
  for (let id = 1; id <= paper.count; id++) if (areas[id] >= minArea) count++;
  return count;
}

/**
 * Measures what makes a page printable: no grey, no specks, no regions that leak into each other
 * through narrow gaps, and (when a difficulty is given) the region count and line width of that
 * difficulty. Given the inside of the page's frame, it also fails a page whose inside is empty:
 * one white area filling it, or too few regions there (the frame's own cells do not count). The
 * worker uses `passes` as a gate.
 */
export function checkPage(bitmap: Bitmap, difficulty?: Difficulty, inside?: PixelBox): PageReport {
  const { width, height, data } = bitmap;
  const greyPixels = countGrey(data);

  // Ink is every pixel < 128, scanned once into row runs; paper runs are the gaps between them.
  const inkRuns = scanRuns(data, width, height, true);
  const inkParts = labelRowRuns(inkRuns, width, height, 8);
  const speckMax = mm2ToPx(SPECK_MAX_MM2);
  let specks = 0;
  for (let id = 1; id <= inkParts.count; id++) if (inkParts.areas[id] < speckMax) specks++;

  const paperRuns = complementRuns(inkRuns, width, height);
  const paper = labelRowRuns(paperRuns, width, height, 4);
  const regionMin = mm2ToPx(REGION_MIN_MM2);
  let regionCount = 0;
  for (let id = 1; id <= paper.count; id++) if (paper.areas[id] >= regionMin) regionCount++;

  const leakingRegions = leaksOfRuns(paperRuns, width, height).leakingRegions;

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
    if (inside) {
      const wanted = Math.ceil(spec.minRegions * INSIDE_REGIONS_SHARE);
      const insideRegions = regionsInside(paper, width, inside, regionMin);
      if (insideRegions < wanted) problems.push(`empty inside: ${insideRegions} regions inside the frame; ${difficulty} wants at least ${wanted} there`);
    }
  }
  if (inside) {
    const { share } = pageEmptiness(bitmap, inside);
    if (share > EMPTY_INSIDE_SHARE) problems.push(`empty inside: one white area covers ${Math.round(share * 100)}% of the inside of the frame`);
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
