/**
 * Photo → regions: a watershed over-segmentation of the gradient, then greedy merging of the
 * weakest boundaries (with small regions merged first) until the difficulty's region count is
 * reached. Regions are closed by construction, so the lines drawn between them cannot leak.
 */

export interface Segmentation {
  width: number;
  height: number;
  /** Region id per pixel, 0..count-1. */
  labels: Int32Array;
  count: number;
}

/**
 * Meyer's flooding from every regional minimum of the quantised gradient, with a bucket queue.
 * No watershed-line pixels: every pixel gets the label of the basin that reached it first.
 */
export function watershed(gradient: Float32Array, width: number, height: number, seeds: Float32Array = gradient): Segmentation {
  const n = width * height;
  const q = quantise(gradient, n);
  // Basins start at the regional minima of `seeds` (by default the flooded map itself).
  const qSeeds = seeds === gradient ? q : quantise(seeds, n);
  const labels = markMinima(qSeeds, width, height);
  return flood(q, labels, width, height);
}

/** Levels of the quantised maps the watershed floods. */
const LEVELS = 64;

function quantise(gradient: Float32Array, n: number): Uint8Array {
  let max = 0;
  for (let i = 0; i < n; i++) if (gradient[i] > max) max = gradient[i];
  // Levels up to half the maximum, clipped above: weak ripples fall into one plateau instead of
  // each seeding a basin, which keeps the over-segmentation (and the merging) small. 64 levels,
  // not 40: the boundary evidence is smooth (computed small and enlarged), and 40 levels left an
  // adult 9:16 page fewer basins than the regions it needs (100 levels: same page-line F, slower).
  const levels = LEVELS;
  const q = new Uint8Array(n);
  const scale = max > 0 ? 1 / max : 0;
  for (let i = 0; i < n; i++) q[i] = Math.round(Math.min(1, 2 * gradient[i] * scale) * (levels - 1));
  return q;
}

/** Labels 0.. on the plateaus of `q` that are regional minima, -1 elsewhere (labels.count via max + 1). */
function markMinima(q: Uint8Array, width: number, height: number): Int32Array {
  const n = width * height;

  // Markers: plateaus of pixels no higher than any 8-neighbour. The lowest of each pixel's
  // 3x3 neighbourhood comes from a row pass (lowest of three across) and a column pass over it.
  const across = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let m = q[i];
      if (x > 0 && q[i - 1] < m) m = q[i - 1];
      if (x < width - 1 && q[i + 1] < m) m = q[i + 1];
      across[i] = m;
    }
  }
  const isMin = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const up = y > 0 ? -width : 0;
    const down = y < height - 1 ? width : 0;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const v = q[i];
      isMin[i] = across[i] >= v && across[i + up] >= v && across[i + down] >= v ? 1 : 0;
    }
  }
  const labels = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  // Members of the plateau being filled, to undo it when it turns out to lie on a slope.
  const members = new Int32Array(n);
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (!isMin[s] || labels[s] !== -1) continue;
    // A plateau of minimum pixels is only a basin if no plateau pixel touches a lower pixel;
    // flat runs on a slope are left to the flooding.
    let top = 0;
    let memberCount = 0;
    stack[top++] = s;
    labels[s] = count;
    let slope = false;
    while (top > 0) {
      const p = stack[--top];
      members[memberCount++] = p;
      const x = p % width;
      const y = (p - x) / width;
      const level = q[p];
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const r = yy * width + xx;
          const other = q[r];
          if (other < level) slope = true;
          else if (other === level && labels[r] === -1) {
            labels[r] = count;
            stack[top++] = r;
          }
        }
      }
    }
    if (slope) for (let m = 0; m < memberCount; m++) labels[members[m]] = -2;
    else count++;
  }
  for (let i = 0; i < n; i++) if (labels[i] === -2) labels[i] = -1;
  return labels;
}

/** Floods `q` from the labelled pixels: every unlabelled pixel joins the basin that reaches it first. */
function flood(q: Uint8Array, labels: Int32Array, width: number, height: number): Segmentation {
  const n = width * height;
  const levels = LEVELS;
  let count = 0;
  for (let i = 0; i < n; i++) if (labels[i] >= count) count = labels[i] + 1;

  // FIFO within a level: a last-in-first-out queue would let one basin snake across a plateau.
  const head = new Int32Array(levels).fill(-1);
  const tail = new Int32Array(levels).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const queued = new Uint8Array(n);
  /** Gives p's unlabelled 4-neighbours p's basin and queues them at max(level, their height). */
  const spread = (p: number, level: number): void => {
    const x = p % width;
    const label = labels[p];
    for (let k = 0; k < 4; k++) {
      let r: number;
      if (k === 0) {
        if (x === 0) continue;
        r = p - 1;
      } else if (k === 1) {
        if (x === width - 1) continue;
        r = p + 1;
      } else if (k === 2) {
        r = p - width;
        if (r < 0) continue;
      } else {
        r = p + width;
        if (r >= n) continue;
      }
      if (labels[r] !== -1 || queued[r]) continue;
      labels[r] = label;
      const at = q[r] > level ? q[r] : level;
      if (tail[at] === -1) head[at] = r;
      else next[tail[at]] = r;
      tail[at] = r;
      queued[r] = 1;
    }
  };
  for (let p = 0; p < n; p++) if (labels[p] >= 0 && !queued[p]) spread(p, q[p]);
  for (let level = 0; level < levels; level++) {
    while (head[level] !== -1) {
      const p = head[level];
      head[level] = next[p];
      if (head[level] === -1) tail[level] = -1;
      spread(p, level);
    }
  }
  return { width, height, labels, count };
}

export interface MergeOptions {
  /** Merging never goes below this many regions. */
  targetRegions: number;
  /**
   * The hierarchy's cut: once at most `maxRegions` are left, merging stops at the first boundary
   * whose cost exceeds this (Infinity: merge down to `targetRegions`).
   */
  maxCost?: number;
  maxRegions?: number;
  /**
   * When given, receives per pixel the level at which its right or lower boundary disappears
   * (running maximum of merge costs; Infinity for boundaries never merged): an ultrametric
   * contour map of the merging, for tuning `maxCost`.
   */
  levels?: Float32Array;
  /** When given, receives the level of each merge, in order. */
  mergeLevels?: number[];
  /** Region count a typical region's area is reckoned from (the size prior); `targetRegions` when absent. */
  typicalRegions?: number;
  /** Regions smaller than this many pixels are merged away whatever their boundary. */
  minArea: number;
  /** Colour planes (L, a, b): region colour difference adds to boundary strength. */
  planes: Float32Array[];
  colourWeight: number;
  /** Planes averaged along each boundary for `boundaryCost` (MergeCandidate.along). */
  boundaryPlanes?: Float32Array[];
  /** Planes averaged over each region for `boundaryCost`, after the colour planes in MergeCandidate.meanA/meanB. */
  regionPlanes?: Float32Array[];
  /** Histogram bin of every pixel and the number of bins: region histograms, compared in MergeCandidate.histogramDistance. */
  histogram?: { bins: Uint8Array; count: number };
  /**
   * Replaces the built-in cost (mean strength plus colour difference, scaled by size) with a
   * cost of the candidate's statistics; regions under `minArea` are still merged first.
   */
  boundaryCost?: (candidate: MergeCandidate) => number;
  /** Regions (by input label) that are never merged: every boundary of theirs stays. */
  keepApart?: Uint8Array;
}

/**
 * What `boundaryCost` sees of a boundary between regions a and b. One object is refilled for
 * every candidate: read it, do not keep it.
 */
export interface MergeCandidate {
  /** Boundary length, pixel edges. */
  length: number;
  /** Mean of the merged map (`gradient`) along the boundary. */
  strength: number;
  /** Mean of each of `boundaryPlanes` along the boundary. */
  along: Float64Array;
  areaA: number;
  areaB: number;
  /** Means of the colour planes, then of `regionPlanes`, over region a and over region b. */
  meanA: Float64Array;
  meanB: Float64Array;
  /** Chi-squared distance of the two regions' histograms, 0 (same) to 1 (disjoint); 0 without `histogram`. */
  histogramDistance: number;
  /** Pixels of the whole picture. */
  totalArea: number;
}

/**
 * Binary min-heap of merge candidates in growable typed arrays; `pop` leaves the top entry in
 * `top*` fields, so the hot loop allocates nothing.
 */
class CandidateHeap {
  private cost = new Float64Array(1024);
  private a = new Int32Array(1024);
  private b = new Int32Array(1024);
  private stamp = new Float64Array(1024);
  size = 0;
  /** Cost of the entry `pop` would take next. */
  topCost(): number {
    return this.cost[0];
  }
  topA = 0;
  topB = 0;
  topStamp = 0;
  push(cost: number, a: number, b: number, stamp: number): void {
    if (this.size === this.cost.length) this.grow();
    let i = this.size++;
    // Sift up with a hole instead of swaps.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.lessThan(parent, cost, a, b)) break;
      this.move(parent, i);
      i = parent;
    }
    this.cost[i] = cost;
    this.a[i] = a;
    this.b[i] = b;
    this.stamp[i] = stamp;
  }
  pop(): void {
    this.topA = this.a[0];
    this.topB = this.b[0];
    this.topStamp = this.stamp[0];
    const last = --this.size;
    const cost = this.cost[last];
    const a = this.a[last];
    const b = this.b[last];
    const stamp = this.stamp[last];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= last) break;
      const r = l + 1;
      let m = l;
      if (r < last && this.less(r, l)) m = r;
      if (!this.lessThan(m, cost, a, b)) break;
      this.move(m, i);
      i = m;
    }
    this.cost[i] = cost;
    this.a[i] = a;
    this.b[i] = b;
    this.stamp[i] = stamp;
  }
  private grow(): void {
    const size = this.cost.length * 2;
    const cost = new Float64Array(size);
    cost.set(this.cost);
    this.cost = cost;
    const a = new Int32Array(size);
    a.set(this.a);
    this.a = a;
    const b = new Int32Array(size);
    b.set(this.b);
    this.b = b;
    const stamp = new Float64Array(size);
    stamp.set(this.stamp);
    this.stamp = stamp;
  }
  private move(from: number, to: number): void {
    this.cost[to] = this.cost[from];
    this.a[to] = this.a[from];
    this.b[to] = this.b[from];
    this.stamp[to] = this.stamp[from];
  }
  // Ties broken by ids so the merge order, and so the page, never depends on insertion luck.
  private less(i: number, j: number): boolean {
    if (this.cost[i] !== this.cost[j]) return this.cost[i] < this.cost[j];
    if (this.a[i] !== this.a[j]) return this.a[i] < this.a[j];
    return this.b[i] < this.b[j];
  }
  /** Whether entry i orders before (cost, a, b). */
  private lessThan(i: number, cost: number, a: number, b: number): boolean {
    if (this.cost[i] !== cost) return this.cost[i] < cost;
    if (this.a[i] !== a) return this.a[i] < a;
    return this.b[i] < b;
  }
}

/** Per region of `labels`: its area, its sums of each of `planes` (interleaved, sums[r * planes.length + c]) and its histogram. */
function regionStatistics(
  labels: Int32Array,
  count: number,
  planes: Float32Array[],
  histogram: { bins: Uint8Array; count: number } | undefined,
): { area: Float64Array; sums: Float64Array; histograms: Float64Array; binCount: number } {
  const area = new Float64Array(count);
  countAreas(labels, area);
  const sums = new Float64Array(count * planes.length);
  for (let c = 0; c < planes.length; c++) addPlane(labels, planes[c], sums, planes.length, c);
  const binCount = histogram?.count ?? 0;
  const histograms = new Float64Array(count * binCount);
  if (histogram) addBins(labels, histogram.bins, histograms, binCount);
  return { area, sums, histograms, binCount };
}

// The pixel loops are functions of their own, small enough for V8 to compile each fully: inside
// mergeRegions they ran three to four times slower.
function countAreas(labels: Int32Array, area: Float64Array): void {
  for (let i = 0; i < labels.length; i++) area[labels[i]]++;
}

function addPlane(labels: Int32Array, plane: Float32Array, sums: Float64Array, stride: number, offset: number): void {
  for (let i = 0; i < labels.length; i++) sums[labels[i] * stride + offset] += plane[i];
}

function addBins(labels: Int32Array, bins: Uint8Array, histograms: Float64Array, binCount: number): void {
  for (let i = 0; i < labels.length; i++) histograms[labels[i] * binCount + bins[i]]++;
}

/** The boundaries between the regions of a segmentation, as edge records mergeRegions grows as it merges. */
interface BoundaryRecords {
  /** Per record: boundary length (pixel edges), summed strength, summed boundary planes (interleaved). */
  edgeLength: Float64Array;
  edgeStrength: Float64Array;
  edgeSums: Float64Array;
  edges: number;
  /** Per region: neighbour → record. */
  adjacency: Map<number, number>[];
  /** With `withPixels`: per pixel, the records of its right and lower boundaries (2i, 2i + 1), −1 for none. */
  pixelEdge: Int32Array | null;
}

/** Collects the boundary records of `seg`: lengths, mean strength of `gradient` and sums of `planes` along each. */
function boundaryRecords(seg: Segmentation, gradient: Float32Array, planes: Float32Array[], withPixels: boolean): BoundaryRecords {
  const { width, height, labels, count } = seg;
  const alongCount = planes.length;
  const records: BoundaryRecords = {
    edgeLength: new Float64Array(4096),
    edgeStrength: new Float64Array(4096),
    edgeSums: new Float64Array(4096 * alongCount),
    edges: 0,
    adjacency: [],
    pixelEdge: withPixels ? new Int32Array(2 * labels.length).fill(-1) : null,
  };
  for (let r = 0; r < count; r++) records.adjacency.push(new Map());
  // Boundary pixels come in stretches between the same two regions: the last pair looked up
  // across each direction is remembered, so most need no map lookup.
  let rightA = -1;
  let rightB = -1;
  let rightEdge = -1;
  let downA = -1;
  let downB = -1;
  let downEdge = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const lastRow = y + 1 >= height;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const a = labels[i];
      if (x + 1 < width) {
        const q = i + 1;
        const b = labels[q];
        if (a !== b) {
          if (a !== rightA || b !== rightB) {
            rightA = a;
            rightB = b;
            rightEdge = edgeOf(records, a, b, alongCount);
          }
          addToRecord(records, rightEdge, gradient, planes, i, q);
          if (records.pixelEdge) records.pixelEdge[2 * i] = rightEdge;
        }
      }
      if (!lastRow) {
        const q = i + width;
        const b = labels[q];
        if (a !== b) {
          if (a !== downA || b !== downB) {
            downA = a;
            downB = b;
            downEdge = edgeOf(records, a, b, alongCount);
          }
          addToRecord(records, downEdge, gradient, planes, i, q);
          if (records.pixelEdge) records.pixelEdge[2 * i + 1] = downEdge;
        }
      }
    }
  }
  return records;
}

/** Adds the boundary between pixels i and q to record e. */
function addToRecord(records: BoundaryRecords, e: number, gradient: Float32Array, planes: Float32Array[], i: number, q: number): void {
  const alongCount = planes.length;
  records.edgeLength[e]++;
  records.edgeStrength[e] += (gradient[i] + gradient[q]) / 2;
  for (let k = 0; k < alongCount; k++) records.edgeSums[e * alongCount + k] += (planes[k][i] + planes[k][q]) / 2;
}

/** The record of the boundary between regions a and b, made (and the arrays grown) on first use. */
function edgeOf(records: BoundaryRecords, a: number, b: number, alongCount: number): number {
  let e = records.adjacency[a].get(b);
  if (e === undefined) {
    const edges = records.edges;
    if (edges === records.edgeLength.length) {
      const grownLength = new Float64Array(edges * 2);
      grownLength.set(records.edgeLength);
      records.edgeLength = grownLength;
      const grownStrength = new Float64Array(edges * 2);
      grownStrength.set(records.edgeStrength);
      records.edgeStrength = grownStrength;
      const grownSums = new Float64Array(edges * 2 * alongCount);
      grownSums.set(records.edgeSums);
      records.edgeSums = grownSums;
    }
    e = records.edges++;
    records.adjacency[a].set(b, e);
    records.adjacency[b].set(a, e);
  }
  return e;
}

/** The state of one merging: regions' statistics, their boundaries, and the cost of removing one. */
class RegionMerger {
  readonly area: Float64Array;
  readonly sums: Float64Array;
  readonly histograms: Float64Array;
  readonly binCount: number;
  readonly planeCount: number;
  readonly colourCount: number;
  readonly alongCount: number;
  readonly records: BoundaryRecords;
  readonly parent: Int32Array;
  readonly version: Int32Array;
  readonly alive: Uint8Array;
  readonly typicalArea: number;
  readonly minArea: number;
  readonly colourWeight: number;
  readonly boundaryCost: ((candidate: MergeCandidate) => number) | null;
  readonly keepApart: Uint8Array | null;
  /** Refilled for every candidate the caller's cost weighs. */
  readonly candidate: MergeCandidate;

  constructor(seg: Segmentation, gradient: Float32Array, options: MergeOptions) {
    const { width, height, labels, count } = seg;
    // The colour planes come first: the built-in cost's colour difference reads only those.
    this.colourCount = options.planes.length;
    const regionPlanes = [...options.planes, ...(options.regionPlanes ?? [])];
    this.planeCount = regionPlanes.length;
    const { area, sums, histograms, binCount } = regionStatistics(labels, count, regionPlanes, options.histogram);
    this.area = area;
    this.sums = sums;
    this.histograms = histograms;
    this.binCount = binCount;
    const boundaryPlanes = options.boundaryPlanes ?? [];
    this.alongCount = boundaryPlanes.length;
    this.records = boundaryRecords(seg, gradient, boundaryPlanes, options.levels !== undefined);
    this.parent = Int32Array.from({ length: count }, (_, i) => i);
    this.version = new Int32Array(count);
    this.alive = new Uint8Array(count).fill(1);
    this.typicalArea = (width * height) / Math.max(1, options.typicalRegions ?? options.targetRegions);
    this.minArea = options.minArea;
    this.colourWeight = options.colourWeight;
    this.boundaryCost = options.boundaryCost ?? null;
    this.keepApart = options.keepApart ?? null;
    this.candidate = {
      length: 0,
      strength: 0,
      along: new Float64Array(this.alongCount),
      areaA: 0,
      areaB: 0,
      meanA: new Float64Array(this.planeCount),
      meanB: new Float64Array(this.planeCount),
      histogramDistance: 0,
      totalArea: labels.length,
    };
  }

  /** The cost of removing the boundary between regions a < b (record e). */
  cost(a: number, b: number, e: number): number {
    const { keepApart, area, sums, planeCount, minArea } = this;
    // A kept region is never merged, so its label stays its own and still indexes keepApart.
    if (keepApart && (keepApart[a] || keepApart[b])) return Infinity;
    if (this.boundaryCost) return this.learnedCost(this.boundaryCost, a, b, e);
    let colour = 0;
    for (let c = 0; c < this.colourCount; c++) {
      const d = sums[a * planeCount + c] / area[a] - sums[b * planeCount + c] / area[b];
      colour += d * d;
    }
    const { edgeLength, edgeStrength } = this.records;
    const strength = edgeStrength[e] / edgeLength[e] + this.colourWeight * Math.sqrt(colour);
    const small = Math.min(area[a], area[b]);
    const sizeFactor = small < minArea ? 1e-3 * (small / minArea) : Math.min(1, (small / this.typicalArea) ** 0.1);
    return strength * sizeFactor;
  }

  /** The caller's cost of the boundary between a and b (record e), regions under minArea first. */
  learnedCost(costOf: (c: MergeCandidate) => number, a: number, b: number, e: number): number {
    const { candidate, area, sums, planeCount, alongCount, histograms, binCount, minArea } = this;
    const { edgeLength, edgeStrength, edgeSums } = this.records;
    const length = edgeLength[e];
    candidate.length = length;
    candidate.strength = edgeStrength[e] / length;
    for (let k = 0; k < alongCount; k++) candidate.along[k] = edgeSums[e * alongCount + k] / length;
    candidate.areaA = area[a];
    candidate.areaB = area[b];
    for (let c = 0; c < planeCount; c++) {
      candidate.meanA[c] = sums[a * planeCount + c] / area[a];
      candidate.meanB[c] = sums[b * planeCount + c] / area[b];
    }
    // χ² of the normalised histograms p = hA / A, q = hB / B, one division a bin:
    // (p − q)² / (p + q) = (hA·B − hB·A)² / (A·B·(hA·B + hB·A)).
    let chi = 0;
    const areaA = area[a];
    const areaB = area[b];
    for (let k = 0; k < binCount; k++) {
      const p = histograms[a * binCount + k] * areaB;
      const q = histograms[b * binCount + k] * areaA;
      if (p + q > 0) chi += ((p - q) * (p - q)) / (p + q);
    }
    candidate.histogramDistance = chi / (2 * areaA * areaB);
    const small = Math.min(areaA, areaB);
    const value = costOf(candidate);
    return small < minArea ? 1e-3 * (small / minArea) * value : value;
  }

  stamp(a: number, b: number): number {
    return this.version[a] * 65536 + this.version[b];
  }

  /** Pushes every boundary of every region, a < b, onto the heap. */
  pushAll(heap: CandidateHeap): void {
    const { adjacency } = this.records;
    for (let a = 0; a < adjacency.length; a++) {
      // Loops, not forEach callbacks: a callback made per call is compiled again for every page.
      for (const [b, e] of adjacency[a]) if (a < b) heap.push(this.cost(a, b, e), a, b, this.stamp(a, b));
    }
  }

  /**
   * Merges the smaller of a and b into the larger, joins their boundary records with a common
   * neighbour (recording the absorbed record in `edgeParent`), and pushes the grown region's
   * boundaries at their new cost.
   */
  merge(a: number, b: number, heap: CandidateHeap, edgeParent: Int32Array | null): void {
    const { area, sums, planeCount, histograms, binCount, alongCount, alive, parent, version } = this;
    const { adjacency, edgeLength, edgeStrength, edgeSums } = this.records;
    const keep = area[a] >= area[b] ? a : b;
    const gone = keep === a ? b : a;
    alive[gone] = 0;
    parent[gone] = keep;
    area[keep] += area[gone];
    for (let c = 0; c < planeCount; c++) sums[keep * planeCount + c] += sums[gone * planeCount + c];
    for (let k = 0; k < binCount; k++) histograms[keep * binCount + k] += histograms[gone * binCount + k];
    const keepAdjacency = adjacency[keep];
    keepAdjacency.delete(gone);
    for (const [c, e] of adjacency[gone]) {
      if (c === keep) continue;
      adjacency[c].delete(gone);
      const existing = keepAdjacency.get(c);
      if (existing !== undefined) {
        edgeLength[existing] += edgeLength[e];
        edgeStrength[existing] += edgeStrength[e];
        for (let k = 0; k < alongCount; k++) edgeSums[existing * alongCount + k] += edgeSums[e * alongCount + k];
        if (edgeParent) edgeParent[e] = existing;
      } else {
        keepAdjacency.set(c, e);
        adjacency[c].set(keep, e);
      }
    }
    adjacency[gone].clear();
    version[keep]++;
    // Only boundaries of the grown region changed cost; the version bump makes its old entries stale.
    for (const [c, e] of keepAdjacency) {
      const x = keep < c ? keep : c;
      const y = keep < c ? c : keep;
      heap.push(this.cost(x, y, e), x, y, this.stamp(x, y));
    }
  }

  /** The root region of r (path halving). */
  find(r: number): number {
    const { parent } = this;
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  }
}

/**
 * Greedy region merging. The cost of removing a boundary is its mean gradient plus the colour
 * difference of the two regions, scaled down for small regions so specks of texture go first,
 * or the caller's `boundaryCost` of the statistics kept per boundary and per region (photo
 * pages: a learned cost, merge-cost.ts). Returns a relabelled segmentation with ids 0..count-1.
 */
export function mergeRegions(seg: Segmentation, gradient: Float32Array, options: MergeOptions): Segmentation {
  const { width, height, labels, count } = seg;
  const merger = new RegionMerger(seg, gradient, options);
  const { records, alive } = merger;
  const heap = new CandidateHeap();
  merger.pushAll(heap);
  const { levels } = options;
  // Edge records absorbed into another (two boundaries of a merged region with the same
  // neighbour) point at it; the level at which each record's boundary disappeared.
  const edgeParent = levels ? Int32Array.from({ length: records.edges }, (_, e) => e) : null;
  const edgeLevel = levels ? new Float64Array(records.edges).fill(Infinity) : null;
  const maxCost = options.maxCost ?? Infinity;
  const maxRegions = options.maxRegions ?? Infinity;
  let level = 0;
  let remaining = count;
  // Options read once, not in the loop: pages pass option objects of different shapes, and a
  // property read in the loop made V8 drop the loop's compiled code each time a new shape came.
  const { targetRegions, mergeLevels } = options;
  const { area, minArea } = merger;
  while (heap.size > 0) {
    const topCost = heap.topCost();
    heap.pop();
    const a = heap.topA;
    const b = heap.topB;
    if (!alive[a] || !alive[b] || heap.topStamp !== merger.stamp(a, b)) continue;
    // The floor stops the merging only once no region under minArea is left (they come first):
    // a simple photo reached it with a toddler face's eyes still regions of their own, too small
    // to colour, and the marks found none inside the face to draw filled.
    if (remaining <= targetRegions && Math.min(area[a], area[b]) >= minArea) break;
    if ((topCost > maxCost && remaining <= maxRegions) || topCost === Infinity) break;
    if (topCost > level) level = topCost;
    if (edgeLevel) edgeLevel[records.adjacency[a].get(b) as number] = level;
    mergeLevels?.push(level);
    merger.merge(a, b, heap, edgeParent);
    remaining--;
  }
  const { pixelEdge } = records;
  if (levels && pixelEdge && edgeParent && edgeLevel) {
    const levelOf = (e: number): number => {
      if (e < 0) return 0;
      // An absorbed record's boundary disappears with the record it joined, or earlier.
      let l = edgeLevel[e];
      while (edgeParent[e] !== e && l === Infinity) {
        e = edgeParent[e];
        l = edgeLevel[e];
      }
      return l;
    };
    for (let i = 0; i < labels.length; i++) levels[i] = Math.max(levelOf(pixelEdge[2 * i]), levelOf(pixelEdge[2 * i + 1]));
  }
  return relabel(labels, count, (r) => merger.find(r), width, height);
}

/** `labels` with each region replaced by its root, renumbered 0.. in raster order of first appearance. */
function relabel(labels: Int32Array, count: number, rootOf: (r: number) => number, width: number, height: number): Segmentation {
  const roots = new Int32Array(count);
  for (let r = 0; r < count; r++) roots[r] = rootOf(r);
  const remap = new Int32Array(count).fill(-1);
  let next = 0;
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const root = roots[labels[i]];
    if (remap[root] === -1) remap[root] = next++;
    out[i] = remap[root];
  }
  return { width, height, labels: out, count: next };
}
