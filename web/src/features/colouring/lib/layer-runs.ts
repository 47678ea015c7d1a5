import type { PageRegions } from './label-regions';

/**
 * What the screen needs of a page's regions, at the resolution of the on-screen colour layer (the
 * page's size on the screen in device pixels, never more than the master): for each region its
 * runs of layer pixels, so a fill writes exactly those pixels and uploads only its bounding box.
 * The printed and saved picture is drawn from the master labels instead (compose-picture.ts).
 */
export interface LayerRegions {
  width: number;
  height: number;
  count: number;
  /** Per layer pixel: the region it shows (0: under a line, no region). */
  labels: Int32Array;
  /** Region r's runs are runs[2k], runs[2k+1] (start, end: layer pixel indices) for k in runStart[r] … runStart[r+1]-1. */
  runs: Int32Array;
  runStart: Int32Array;
  /** Layer bounding box per region: minX, minY, maxX (exclusive), maxY (exclusive) at 4r…4r+3. */
  boxes: Int32Array;
  /** A point well inside each region, in master pixels (x at 2r, y at 2r+1): where the keyboard focus ring sits. */
  anchors: Float64Array;
  /** Master pixels per region. */
  areas: Float64Array;
}

/**
 * Which region each layer pixel shows: the master pixel under its centre; a centre on a line takes
 * a region from the pixel's corners, so colour reaches the line's anti-aliased edge on screen
 * instead of leaving a pale seam (the line layer drawn on top hides the rest).
 */
export function sampleLayerLabels(regions: PageRegions, layerWidth: number, layerHeight: number): Int32Array {
  const { width, height, labels } = regions;
  const sx = width / layerWidth;
  const sy = height / layerHeight;
  const out = new Int32Array(layerWidth * layerHeight);
  const columns = new Int32Array(layerWidth);
  const lefts = new Int32Array(layerWidth);
  const rights = new Int32Array(layerWidth);
  for (let lx = 0; lx < layerWidth; lx += 1) {
    columns[lx] = Math.min(width - 1, Math.floor((lx + 0.5) * sx));
    lefts[lx] = Math.min(width - 1, Math.floor(lx * sx));
    rights[lx] = Math.min(width - 1, Math.max(lefts[lx], Math.ceil((lx + 1) * sx) - 1));
  }
  for (let ly = 0; ly < layerHeight; ly += 1) {
    const row = Math.min(height - 1, Math.floor((ly + 0.5) * sy)) * width;
    const topRow = Math.min(height - 1, Math.floor(ly * sy));
    const top = topRow * width;
    const bottom = Math.min(height - 1, Math.max(topRow, Math.ceil((ly + 1) * sy) - 1)) * width;
    const base = ly * layerWidth;
    for (let lx = 0; lx < layerWidth; lx += 1) {
      let label = labels[row + columns[lx]];
      if (label === 0) label = labels[top + lefts[lx]] || labels[top + rights[lx]] || labels[bottom + lefts[lx]] || labels[bottom + rights[lx]];
      out[base + lx] = label;
    }
  }
  return out;
}

/** Runs, boxes and anchors of every region on a layer of the given size. */
export function buildLayerRegions(regions: PageRegions, layerWidth: number, layerHeight: number): LayerRegions {
  const { count } = regions;
  const labels = sampleLayerLabels(regions, layerWidth, layerHeight);
  const boxes = new Int32Array((count + 1) * 4);
  for (let r = 0; r <= count; r += 1) {
    boxes[4 * r] = layerWidth;
    boxes[4 * r + 1] = layerHeight;
    boxes[4 * r + 2] = 0;
    boxes[4 * r + 3] = 0;
  }
  // First pass: runs per region and boxes; second: the runs themselves, grouped by region.
  const runCount = new Int32Array(count + 2);
  for (let ly = 0; ly < layerHeight; ly += 1) {
    const base = ly * layerWidth;
    let lx = 0;
    while (lx < layerWidth) {
      const label = labels[base + lx];
      const start = lx;
      while (lx < layerWidth && labels[base + lx] === label) lx += 1;
      if (label === 0) continue;
      runCount[label + 1] += 1;
      const b = 4 * label;
      if (start < boxes[b]) boxes[b] = start;
      if (ly < boxes[b + 1]) boxes[b + 1] = ly;
      if (lx > boxes[b + 2]) boxes[b + 2] = lx;
      if (ly + 1 > boxes[b + 3]) boxes[b + 3] = ly + 1;
    }
  }
  const runStart = new Int32Array(count + 2);
  for (let r = 1; r <= count + 1; r += 1) runStart[r] = runStart[r - 1] + runCount[r];
  const runs = new Int32Array(runStart[count + 1] * 2);
  const cursor = runStart.slice();
  for (let ly = 0; ly < layerHeight; ly += 1) {
    const base = ly * layerWidth;
    let lx = 0;
    while (lx < layerWidth) {
      const label = labels[base + lx];
      const start = lx;
      while (lx < layerWidth && labels[base + lx] === label) lx += 1;
      if (label === 0) continue;
      const k = cursor[label]++;
      runs[2 * k] = base + start;
      runs[2 * k + 1] = base + lx;
    }
  }
  return {
    width: layerWidth,
    height: layerHeight,
    count,
    labels,
    runs,
    runStart: runStart.subarray(0, count + 2),
    boxes,
    anchors: regionAnchors(regions),
    areas: regions.areas,
  };
}

/**
 * A point inside each region, away from its edges where that is cheap to find: on the region's
 * middle row (the row nearest its vertical centre that it covers), the middle of its longest run.
 */
export function regionAnchors(regions: PageRegions): Float64Array {
  const { width, height, labels, count } = regions;
  const top = new Int32Array(count + 1).fill(height);
  const bottom = new Int32Array(count + 1).fill(-1);
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    for (let x = 0; x < width; x += 1) {
      const label = labels[base + x];
      if (label === 0) continue;
      if (y < top[label]) top[label] = y;
      if (y > bottom[label]) bottom[label] = y;
    }
  }
  // For each region: the covered row nearest its middle, found by scanning rows outwards would cost
  // a pass per region; instead remember, per region, the best row and run seen so far in one pass.
  const bestDistance = new Float64Array(count + 1).fill(Number.POSITIVE_INFINITY);
  const bestLength = new Int32Array(count + 1);
  const anchors = new Float64Array((count + 1) * 2);
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    let x = 0;
    while (x < width) {
      const label = labels[base + x];
      const start = x;
      while (x < width && labels[base + x] === label) x += 1;
      if (label === 0) continue;
      const distance = Math.abs(y - (top[label] + bottom[label]) / 2);
      const length = x - start;
      if (distance < bestDistance[label] || (distance === bestDistance[label] && length > bestLength[label])) {
        bestDistance[label] = distance;
        bestLength[label] = length;
        anchors[2 * label] = (start + x) / 2;
        anchors[2 * label + 1] = y + 0.5;
      }
    }
  }
  return anchors;
}
