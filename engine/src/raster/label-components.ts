import { findRoot, unite } from './union-find';

export interface Components {
  /** Component id per pixel, 0 where the pixel is not part of the set. Ids start at 1, in raster order of first pixel. */
  labels: Int32Array;
  /** Pixel count per id; index 0 unused. */
  areas: number[];
  /** Whether each component touches the image border; index 0 unused. */
  touchesBorder: boolean[];
  count: number;
}

/**
 * Connected components of the pixels where `mask[i] === value`, 4- or 8-connected. Works on
 * runs: each row's runs are joined (union–find) to the overlapping runs of the row above, so the
 * cost is per run, not per neighbour test; a page-sized bitmap takes tens of milliseconds.
 */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  value: number,
  connectivity: 4 | 8 = 4,
): Components {
  let runStart: Int32Array = new Int32Array(1 << 16);
  let runEnd: Int32Array = new Int32Array(1 << 16);
  let runRow: Int32Array = new Int32Array(1 << 16);
  let parent: Int32Array = new Int32Array(1 << 16);
  let runs = 0;
  const grow = (): void => {
    const size = runStart.length * 2;
    const resize = (a: Int32Array): Int32Array => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    runStart = resize(runStart);
    runEnd = resize(runEnd);
    runRow = resize(runRow);
    parent = resize(parent);
  };
  const reach = connectivity === 8 ? 1 : 0;
  let prevFirst = 0;
  let prevCount = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const first = runs;
    let x = 0;
    let j = prevFirst;
    const prevStop = prevFirst + prevCount;
    while (x < width) {
      while (x < width && mask[row + x] !== value) x++;
      if (x >= width) break;
      const start = x;
      while (x < width && mask[row + x] === value) x++;
      if (runs === runStart.length) grow();
      const r = runs++;
      runStart[r] = start;
      runEnd[r] = x; // exclusive
      runRow[r] = y;
      parent[r] = r;
      // Runs above that overlap [start - reach, x + reach).
      while (j < prevStop && runEnd[j] + reach <= start) j++;
      for (let k = j; k < prevStop && runStart[k] < x + reach; k++) {
        unite(parent, k, r);
      }
    }
    prevFirst = first;
    prevCount = runs - first;
  }
  const labels = new Int32Array(width * height);
  const idOfRoot = new Int32Array(runs);
  const areas: number[] = [0];
  const touchesBorder: boolean[] = [false];
  let count = 0;
  for (let r = 0; r < runs; r++) {
    const root = findRoot(parent, r);
    if (root === r) {
      idOfRoot[r] = ++count;
      areas.push(0);
      touchesBorder.push(false);
    }
    const id = idOfRoot[root];
    const y = runRow[r];
    labels.fill(id, y * width + runStart[r], y * width + runEnd[r]);
    areas[id] += runEnd[r] - runStart[r];
    if (y === 0 || y === height - 1 || runStart[r] === 0 || runEnd[r] === width) touchesBorder[id] = true;
  }
  return { labels, areas, touchesBorder, count };
}
