/**
 * Connected components of a page bitmap's ink (value < 128) or paper (≥ 128), kept as row runs
 * instead of a label per pixel. A page has a few hundred thousand runs against millions of
 * pixels, so counting, measuring and filling components this way reads the bitmap once and
 * allocates no page-sized label array.
 */
import { findRoot, unite } from '../raster/union-find';

export interface RunComponents {
  runs: number;
  /** Per run: first pixel index (y * width + x) and one past its last. */
  from: Int32Array;
  to: Int32Array;
  /** The runs of row y are rowStart[y] .. rowStart[y + 1] - 1. */
  rowStart: Int32Array;
  /** Per run: component id, 1..count. */
  id: Int32Array;
  /** Pixel count per component id; index 0 unused. */
  areas: Float64Array;
  count: number;
}

/**
 * Labels the ink (`ink: true`, pixels < 128) or paper (≥ 128) of a bitmap, 4- or 8-connected.
 * Ids are given in raster order of each component's first run, like labelComponents.
 */
export function labelRuns(data: Uint8Array, width: number, height: number, ink: boolean, connectivity: 4 | 8): RunComponents {
  return labelRowRuns(scanRuns(data, width, height, ink), width, height, connectivity);
}

/** Row runs of one side of a page (ink or paper), in raster order. */
export interface RowRuns {
  runs: number;
  /** Per run: first pixel index (y * width + x) and one past its last. */
  from: Int32Array;
  to: Int32Array;
  /** The runs of row y are rowStart[y] .. rowStart[y + 1] - 1. */
  rowStart: Int32Array;
}

/** Growable run storage used while building a RowRuns. */
export class RunBuilder {
  from: Int32Array;
  to: Int32Array;
  runs = 0;
  constructor(capacity: number) {
    this.from = new Int32Array(Math.max(16, capacity));
    this.to = new Int32Array(Math.max(16, capacity));
  }
  push(from: number, to: number): void {
    if (this.runs === this.from.length) {
      const grownFrom = new Int32Array(this.runs * 2);
      grownFrom.set(this.from);
      this.from = grownFrom;
      const grownTo = new Int32Array(this.runs * 2);
      grownTo.set(this.to);
      this.to = grownTo;
    }
    this.from[this.runs] = from;
    this.to[this.runs++] = to;
  }
  done(rowStart: Int32Array): RowRuns {
    return { runs: this.runs, from: this.from.subarray(0, this.runs), to: this.to.subarray(0, this.runs), rowStart };
  }
}

/** The top bit of each byte of a 32-bit word, as a signed integer (what `&` gives back). */
const HIGH_BITS = 0x80808080 | 0;

/**
 * The runs of ink (`ink: true`, pixels < 128) or paper (≥ 128) of a bitmap, in one scan. Long
 * stretches of the other side are skipped four pixels at a time (a page is mostly paper).
 */
export function scanRuns(data: Uint8Array, width: number, height: number, ink: boolean): RowRuns {
  const builder = new RunBuilder(height * 8);
  const rowStart = new Int32Array(height + 1);
  const words = data.byteOffset % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, data.length >> 2) : null;
  // Words of the side being skipped, then of the side being measured.
  const skipWord = ink ? HIGH_BITS : 0;
  const runWord = ink ? 0 : HIGH_BITS;
  for (let y = 0; y < height; y++) {
    rowStart[y] = builder.runs;
    const rowEnd = (y + 1) * width;
    let i = y * width;
    while (i < rowEnd) {
      if (ink) {
        while (i < rowEnd && (i & 3) !== 0 && data[i] >= 128) i++;
      } else {
        while (i < rowEnd && (i & 3) !== 0 && data[i] < 128) i++;
      }
      if (words !== null) while (i + 4 <= rowEnd && (words[i >> 2] & HIGH_BITS) === skipWord) i += 4;
      if (ink) {
        while (i < rowEnd && data[i] >= 128) i++;
      } else {
        while (i < rowEnd && data[i] < 128) i++;
      }
      if (i >= rowEnd) break;
      const start = i;
      if (ink) {
        while (i < rowEnd && (i & 3) !== 0 && data[i] < 128) i++;
      } else {
        while (i < rowEnd && (i & 3) !== 0 && data[i] >= 128) i++;
      }
      if (words !== null) while (i + 4 <= rowEnd && (words[i >> 2] & HIGH_BITS) === runWord) i += 4;
      if (ink) {
        while (i < rowEnd && data[i] < 128) i++;
      } else {
        while (i < rowEnd && data[i] >= 128) i++;
      }
      builder.push(start, i);
    }
  }
  rowStart[height] = builder.runs;
  return builder.done(rowStart);
}

/** The runs of the other side: the gaps between `runs` in each row. */
export function complementRuns(set: RowRuns, width: number, height: number): RowRuns {
  const builder = new RunBuilder(set.runs + height);
  const rowStart = new Int32Array(height + 1);
  const { from, to } = set;
  for (let y = 0; y < height; y++) {
    rowStart[y] = builder.runs;
    let x = y * width;
    for (let r = set.rowStart[y]; r < set.rowStart[y + 1]; r++) {
      if (from[r] > x) builder.push(x, from[r]);
      x = to[r];
    }
    if (x < (y + 1) * width) builder.push(x, (y + 1) * width);
  }
  rowStart[height] = builder.runs;
  return builder.done(rowStart);
}

/** The runs of the components with `areas[id] >= minArea`. */
export function runsOfLarge(components: RunComponents, minArea: number, height: number): RowRuns {
  const { from, to, id, areas, rowStart } = components;
  const builder = new RunBuilder(components.runs);
  const rows = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rows[y] = builder.runs;
    for (let r = rowStart[y]; r < rowStart[y + 1]; r++) if (areas[id[r]] >= minArea) builder.push(from[r], to[r]);
  }
  rows[height] = builder.runs;
  return builder.done(rows);
}

/**
 * Connected components of a set of row runs, 4- or 8-connected (union–find between each run and
 * the overlapping runs of the row above). Ids are given in raster order of each component's first run.
 */
export function labelRowRuns(set: RowRuns, width: number, height: number, connectivity: 4 | 8): RunComponents {
  const { runs, from, to, rowStart } = set;
  const parent = new Int32Array(runs);
  const reach = connectivity === 8 ? 1 : 0;
  for (let y = 0; y < height; y++) {
    let j = y > 0 ? rowStart[y - 1] : 0;
    const prevStop = rowStart[y];
    for (let r = rowStart[y]; r < rowStart[y + 1]; r++) {
      parent[r] = r;
      // Runs of the row above overlapping [from - reach, to + reach), shifted up one row.
      const lo = from[r] - width - reach;
      const hi = to[r] - width + reach;
      while (j < prevStop && to[j] <= lo) j++;
      for (let k = j; k < prevStop && from[k] < hi; k++) {
        unite(parent, k, r);
      }
    }
  }
  const id = new Int32Array(runs);
  const areaList: number[] = [0];
  let count = 0;
  for (let r = 0; r < runs; r++) {
    const root = findRoot(parent, r);
    // Roots come first in raster order (unions keep the smaller index as root).
    const label = root === r ? ++count : id[root];
    if (root === r) areaList.push(0);
    id[r] = label;
    areaList[label] += to[r] - from[r];
  }
  return { runs, from, to, rowStart, id, areas: Float64Array.from(areaList), count };
}

/** Sets every pixel of the components with `areas[id] < maxArea` to `value`; returns how many components. */
export function fillSmallComponents(data: Uint8Array, components: RunComponents, maxArea: number, value: number): number {
  const { runs, from, to, id, areas } = components;
  for (let r = 0; r < runs; r++) if (areas[id[r]] < maxArea) data.fill(value, from[r], to[r]);
  let filled = 0;
  for (let c = 1; c <= components.count; c++) if (areas[c] < maxArea) filled++;
  return filled;
}

/**
 * A zeroed scratch array kept between calls (one per kind and thread: calls are synchronous),
 * so the page-sized temporaries of the checker and the tracer are not allocated, faulted in and
 * collected again for every page. The caller must hand it back all zeros, or drop it (dropScratch)
 * if it cannot.
 */
type ScratchArray = Uint8Array | Uint16Array | Int32Array;
const scratch = new Map<string, ScratchArray>();
export function zeroedScratch<T extends ScratchArray>(key: string, length: number, kind: new (length: number) => T): T {
  const held = scratch.get(key);
  if (held instanceof kind && held.length >= length) return held.subarray(0, length) as T;
  const fresh = new kind(length);
  scratch.set(key, fresh);
  return fresh;
}
/** Forgets a scratch array that may not be all zeros (after an error). */
export function dropScratch(key: string): void {
  scratch.delete(key);
}
