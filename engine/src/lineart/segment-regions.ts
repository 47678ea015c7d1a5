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
export function watershed(gradient: Float32Array, width: number, height: number): Segmentation {
  const n = width * height;
  let max = 0;
  for (let i = 0; i < n; i++) if (gradient[i] > max) max = gradient[i];
  // Coarse levels on a square-root scale: weak texture ripples fall into one plateau instead of
  // each seeding a basin, which keeps the over-segmentation (and the merging) small.
  const levels = 40;
  const q = new Uint8Array(n);
  const scale = max > 0 ? 1 / max : 0;
  for (let i = 0; i < n; i++) q[i] = Math.round(Math.min(1, 2 * gradient[i] * scale) * (levels - 1));

  // Markers: plateaus of pixels no higher than any 8-neighbour.
  const isMin = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = q[i];
      let minimum = true;
      for (let dy = -1; dy <= 1 && minimum; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          if (q[yy * width + xx] < v) {
            minimum = false;
            break;
          }
        }
      }
      isMin[i] = minimum ? 1 : 0;
    }
  }
  const labels = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (!isMin[s] || labels[s] !== -1) continue;
    // A plateau of minimum pixels is only a basin if no plateau pixel touches a lower pixel;
    // flat runs on a slope are left to the flooding.
    let top = 0;
    stack[top++] = s;
    labels[s] = count;
    const members: number[] = [];
    let slope = false;
    while (top > 0) {
      const p = stack[--top];
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const r = yy * width + xx;
          if (q[r] < q[p]) slope = true;
          if (q[r] === q[p] && labels[r] === -1) {
            labels[r] = count;
            stack[top++] = r;
          }
        }
      }
    }
    if (slope) for (const p of members) labels[p] = -2;
    else count++;
  }
  for (let i = 0; i < n; i++) if (labels[i] === -2) labels[i] = -1;

  // FIFO within a level: a last-in-first-out queue would let one basin snake across a plateau.
  const head = new Int32Array(levels).fill(-1);
  const tail = new Int32Array(levels).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const queued = new Uint8Array(n);
  const push = (p: number, level: number): void => {
    if (tail[level] === -1) head[level] = p;
    else next[tail[level]] = p;
    tail[level] = p;
    queued[p] = 1;
  };
  const neighbours = [-1, 1, -width, width];
  const pushNeighbours = (p: number, level: number): void => {
    const x = p % width;
    for (let k = 0; k < 4; k++) {
      if ((k === 0 && x === 0) || (k === 1 && x === width - 1)) continue;
      const r = p + neighbours[k];
      if (r < 0 || r >= n || labels[r] !== -1 || queued[r]) continue;
      labels[r] = labels[p];
      push(r, Math.max(level, q[r]));
    }
  };
  const seeds: number[] = [];
  for (let p = 0; p < n; p++) if (labels[p] >= 0) seeds.push(p);
  for (const p of seeds) pushNeighbours(p, q[p]);
  for (let level = 0; level < levels; level++) {
    while (head[level] !== -1) {
      const p = head[level];
      head[level] = next[p];
      if (head[level] === -1) tail[level] = -1;
      pushNeighbours(p, level);
    }
  }
  return { width, height, labels, count };
}

interface Edge {
  length: number;
  strength: number;
}

export interface MergeOptions {
  targetRegions: number;
  /** Regions smaller than this many pixels are merged away whatever their boundary. */
  minArea: number;
  /** Colour planes (L, a, b): region colour difference adds to boundary strength. */
  planes: Float32Array[];
  colourWeight: number;
}

/** Binary min-heap of merge candidates. */
class CandidateHeap {
  private cost: number[] = [];
  private a: number[] = [];
  private b: number[] = [];
  private stamp: number[] = [];
  get size(): number {
    return this.cost.length;
  }
  push(cost: number, a: number, b: number, stamp: number): void {
    let i = this.cost.length;
    this.cost.push(cost);
    this.a.push(a);
    this.b.push(b);
    this.stamp.push(stamp);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.less(parent, i)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): [number, number, number, number] {
    const top: [number, number, number, number] = [this.cost[0], this.a[0], this.b[0], this.stamp[0]];
    const last = this.cost.length - 1;
    this.swap(0, last);
    this.cost.pop();
    this.a.pop();
    this.b.pop();
    this.stamp.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.cost.length && this.less(l, m)) m = l;
      if (r < this.cost.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
  // Ties broken by ids so the merge order, and so the page, never depends on insertion luck.
  private less(i: number, j: number): boolean {
    if (this.cost[i] !== this.cost[j]) return this.cost[i] < this.cost[j];
    if (this.a[i] !== this.a[j]) return this.a[i] < this.a[j];
    return this.b[i] < this.b[j];
  }
  private swap(i: number, j: number): void {
    let t = this.cost[i];
    this.cost[i] = this.cost[j];
    this.cost[j] = t;
    t = this.a[i];
    this.a[i] = this.a[j];
    this.a[j] = t;
    t = this.b[i];
    this.b[i] = this.b[j];
    this.b[j] = t;
    t = this.stamp[i];
    this.stamp[i] = this.stamp[j];
    this.stamp[j] = t;
  }
}

/**
 * Greedy region merging. The cost of removing a boundary is its mean gradient plus the colour
 * difference of the two regions, scaled down for small regions so specks of texture go first.
 * Returns a relabelled segmentation with ids 0..count-1.
 */
export function mergeRegions(seg: Segmentation, gradient: Float32Array, options: MergeOptions): Segmentation {
  const { width, height, labels } = seg;
  const count = seg.count;
  const area = new Float64Array(count);
  const sums = options.planes.map(() => new Float64Array(count));
  for (let i = 0; i < labels.length; i++) {
    const r = labels[i];
    area[r]++;
    for (let c = 0; c < sums.length; c++) sums[c][r] += options.planes[c][i];
  }
  const adjacency: Map<number, Edge>[] = Array.from({ length: count }, () => new Map());
  const addPair = (p: number, q: number): void => {
    const a = labels[p];
    const b = labels[q];
    if (a === b) return;
    const s = (gradient[p] + gradient[q]) / 2;
    let e = adjacency[a].get(b);
    if (!e) {
      e = { length: 0, strength: 0 };
      adjacency[a].set(b, e);
      adjacency[b].set(a, e);
    }
    e.length++;
    e.strength += s;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x + 1 < width) addPair(i, i + 1);
      if (y + 1 < height) addPair(i, i + width);
    }
  }
  const parent = new Int32Array(count);
  for (let i = 0; i < count; i++) parent[i] = i;
  const version = new Int32Array(count);
  const alive = new Uint8Array(count).fill(1);
  const typicalArea = (width * height) / Math.max(1, options.targetRegions);

  const cost = (a: number, b: number, e: Edge): number => {
    let colour = 0;
    for (let c = 0; c < sums.length; c++) {
      const d = sums[c][a] / area[a] - sums[c][b] / area[b];
      colour += d * d;
    }
    const strength = e.strength / e.length + options.colourWeight * Math.sqrt(colour);
    const small = Math.min(area[a], area[b]);
    const sizeFactor = small < options.minArea ? 1e-3 * (small / options.minArea) : Math.min(1, Math.sqrt(small / typicalArea));
    return strength * sizeFactor;
  };
  const stampOf = (a: number, b: number): number => version[a] * 65536 + version[b];

  const heap = new CandidateHeap();
  for (let a = 0; a < count; a++) {
    for (const [b, e] of adjacency[a]) if (a < b) heap.push(cost(a, b, e), a, b, stampOf(a, b));
  }
  let remaining = count;
  while (remaining > options.targetRegions && heap.size > 0) {
    const [, a, b, stamp] = heap.pop();
    if (!alive[a] || !alive[b] || stamp !== stampOf(a, b)) continue;
    // Merge the smaller region into the larger.
    const [keep, gone] = area[a] >= area[b] ? [a, b] : [b, a];
    alive[gone] = 0;
    parent[gone] = keep;
    area[keep] += area[gone];
    for (let c = 0; c < sums.length; c++) sums[c][keep] += sums[c][gone];
    adjacency[keep].delete(gone);
    for (const [c, e] of adjacency[gone]) {
      if (c === keep) continue;
      adjacency[c].delete(gone);
      const existing = adjacency[keep].get(c);
      if (existing) {
        existing.length += e.length;
        existing.strength += e.strength;
      } else {
        adjacency[keep].set(c, e);
        adjacency[c].set(keep, e);
      }
    }
    adjacency[gone].clear();
    version[keep]++;
    remaining--;
    // Only boundaries of the grown region changed cost; the version bump makes its old entries stale.
    for (const [c, e] of adjacency[keep]) {
      const [x, y] = keep < c ? [keep, c] : [c, keep];
      heap.push(cost(x, y, e), x, y, stampOf(x, y));
    }
  }
  const find = (r: number): number => {
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  };
  const remap = new Int32Array(count).fill(-1);
  let next = 0;
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const root = find(labels[i]);
    if (remap[root] === -1) remap[root] = next++;
    out[i] = remap[root];
  }
  return { width, height, labels: out, count: next };
}
