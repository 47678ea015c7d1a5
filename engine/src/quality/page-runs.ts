/**
 * Connected components of a page bitmap's ink (value < 128) or paper (≥ 128), kept as row runs
 * instead of a label per pixel. A page has a few hundred thousand runs against millions of
 * pixels, so counting, measuring and filling components this way reads the bitmap once and
 * allocates no page-sized label array.
 */
export interface RunComponents {
  runs: number;
  /** Per run: first pixel index (y * width + x) and one past its last. */
  from: Int32Array;
  to: Int32Array;
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
  let capacity = 1 << 16;
  let from: Int32Array = new Int32Array(capacity);
  let to: Int32Array = new Int32Array(capacity);
  let parent: Int32Array = new Int32Array(capacity);
  let runs = 0;
  const grow = (): void => {
    capacity *= 2;
    const resize = (a: Int32Array): Int32Array => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    from = resize(from);
    to = resize(to);
    parent = resize(parent);
  };
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const reach = connectivity === 8 ? 1 : 0;
  let prevFirst = 0;
  let prevStop = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const rowEnd = row + width;
    const first = runs;
    let j = prevFirst;
    let i = row;
    while (i < rowEnd) {
      // Skip to the next member pixel, then to the end of its run.
      if (ink) {
        while (i < rowEnd && data[i] >= 128) i++;
      } else {
        while (i < rowEnd && data[i] < 128) i++;
      }
      if (i >= rowEnd) break;
      const start = i;
      if (ink) {
        while (i < rowEnd && data[i] < 128) i++;
      } else {
        while (i < rowEnd && data[i] >= 128) i++;
      }
      if (runs === capacity) grow();
      const r = runs++;
      from[r] = start;
      to[r] = i;
      parent[r] = r;
      // Runs of the row above overlapping [start - reach, i + reach), shifted up one row.
      const lo = start - width - reach;
      const hi = i - width + reach;
      while (j < prevStop && to[j] <= lo) j++;
      for (let k = j; k < prevStop && from[k] < hi; k++) {
        const a = find(k);
        const b = find(r);
        if (a !== b) {
          if (a < b) parent[b] = a;
          else parent[a] = b;
        }
      }
    }
    prevFirst = first;
    prevStop = runs;
  }
  const id = new Int32Array(runs);
  const areaList: number[] = [0];
  let count = 0;
  for (let r = 0; r < runs; r++) {
    const root = find(r);
    // Roots come first in raster order (unions keep the smaller index as root).
    const label = root === r ? ++count : id[root];
    if (root === r) areaList.push(0);
    id[r] = label;
    areaList[label] += to[r] - from[r];
  }
  return { runs, from: from.subarray(0, runs), to: to.subarray(0, runs), id, areas: Float64Array.from(areaList), count };
}

/** Sets every pixel of the components with `areas[id] < maxArea` to `value`; returns how many components. */
export function fillSmallComponents(data: Uint8Array, components: RunComponents, maxArea: number, value: number): number {
  const { runs, from, to, id, areas } = components;
  for (let r = 0; r < runs; r++) if (areas[id[r]] < maxArea) data.fill(value, from[r], to[r]);
  let filled = 0;
  for (let c = 1; c <= components.count; c++) if (areas[c] < maxArea) filled++;
  return filled;
}
