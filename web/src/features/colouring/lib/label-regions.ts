/**
 * The regions of a page: 4-connected components of its paper (white) pixels. A page's master PNG
 * is pure black on white with no anti-aliasing (engine/src/page.ts), so these are exactly the
 * areas a child colours between the lines; a fill never leaks through a line the way a flood fill
 * on a scaled, anti-aliased screen image does.
 *
 * Labelling works on runs (horizontal stretches of paper in one row): the runs of neighbouring rows
 * that share a column are joined with union-find, so a 2400×3150 page costs one pass over its
 * pixels and a second over its runs.
 */
export interface PageRegions {
  width: number;
  height: number;
  /** Per master pixel: 0 on a line, else the region (1…count). */
  labels: Int32Array;
  count: number;
  /** Paper pixels per region (index 0 unused). */
  areas: Float64Array;
}

/** Pixels at least this light are paper; the masters are 0 or 255, this only guards odd encoders. */
export const PAPER_THRESHOLD = 128;

class GrowableInt32 {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Labels the paper of a page given as RGBA (canvas ImageData) or one grey channel per pixel
 * (`channels` 4 or 1; the red channel is read).
 */
export function labelRegions(pixels: ArrayLike<number>, width: number, height: number, channels: 1 | 4 = 4): PageRegions {
  if (pixels.length < width * height * channels) throw new Error('labelRegions: fewer pixels than width × height');
  const runX0 = new GrowableInt32(height * 4);
  const runX1 = new GrowableInt32(height * 4);
  const rowStart = new Int32Array(height + 1);
  for (let y = 0; y < height; y += 1) {
    rowStart[y] = runX0.length;
    let x = 0;
    let at = y * width * channels;
    while (x < width) {
      while (x < width && pixels[at] < PAPER_THRESHOLD) {
        x += 1;
        at += channels;
      }
      if (x >= width) break;
      const start = x;
      while (x < width && pixels[at] >= PAPER_THRESHOLD) {
        x += 1;
        at += channels;
      }
      runX0.push(start);
      runX1.push(x);
    }
  }
  rowStart[height] = runX0.length;
  const runs = runX0.length;
  const x0 = runX0.data;
  const x1 = runX1.data;

  const parent = new Int32Array(runs);
  for (let i = 0; i < runs; i += 1) parent[i] = i;
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root];
    while (parent[i] !== root) {
      const next = parent[i];
      parent[i] = root;
      i = next;
    }
    return root;
  };

  // Runs of row y and row y-1 touch when they share a column (4-connectivity: no diagonal steps).
  for (let y = 1; y < height; y += 1) {
    let above = rowStart[y - 1];
    const aboveEnd = rowStart[y];
    for (let r = rowStart[y]; r < rowStart[y + 1]; r += 1) {
      while (above < aboveEnd && x1[above] <= x0[r]) above += 1;
      let k = above;
      while (k < aboveEnd && x0[k] < x1[r]) {
        const a = find(r);
        const b = find(k);
        if (a !== b) {
          // The older run stays the root, so labels number in reading order.
          if (a < b) parent[b] = a;
          else parent[a] = b;
        }
        k += 1;
      }
    }
  }

  const labelOfRoot = new Int32Array(runs);
  let count = 0;
  const runLabel = new Int32Array(runs);
  for (let r = 0; r < runs; r += 1) {
    const root = find(r);
    if (labelOfRoot[root] === 0) labelOfRoot[root] = ++count;
    runLabel[r] = labelOfRoot[root];
  }

  const labels = new Int32Array(width * height);
  const areas = new Float64Array(count + 1);
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    for (let r = rowStart[y]; r < rowStart[y + 1]; r += 1) {
      labels.fill(runLabel[r], base + x0[r], base + x1[r]);
      areas[runLabel[r]] += x1[r] - x0[r];
    }
  }
  return { width, height, labels, count, areas };
}
