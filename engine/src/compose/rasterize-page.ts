import sharp from 'sharp';
import type { Bitmap } from '../page';

const INK = 0;
const PAPER = 255;

/** Renders page SVG with librsvg and thresholds it to exactly 0/255: no anti-aliasing grey survives. */
export async function rasterizeSvg(svg: string, width: number, height: number): Promise<Bitmap> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(width * height);
  const channels = info.channels;
  for (let i = 0, j = 0; i < out.length; i++, j += channels) out[i] = data[j] < 128 ? INK : PAPER;
  return { width, height, data: out };
}

/** Horizontal runs of one pixel value, grouped into 4-connected components. */
export interface RunComponents {
  /** Per run: row, first column, column after the last, component id. */
  runs: Int32Array;
  runCount: number;
  areas: number[];
  touchesBorder: boolean[];
}

/**
 * 4-connected components of the pixels equal to `value`, found on runs rather than pixels: a page
 * has tens of thousands of runs against millions of pixels.
 */
export function labelRuns(bitmap: Bitmap, value: number): RunComponents {
  const { width, height, data } = bitmap;
  let runs = new Int32Array(1 << 16);
  let runCount = 0;
  const parent: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const rowStart = runCount;
    const row = y * width;
    let x = 0;
    let p = prevStart;
    while (x < width) {
      while (x < width && data[row + x] !== value) x++;
      if (x >= width) break;
      const start = x;
      while (x < width && data[row + x] === value) x++;
      if ((runCount + 1) * 4 > runs.length) {
        const grown = new Int32Array(runs.length * 2);
        grown.set(runs);
        runs = grown;
      }
      const id = parent.length;
      parent.push(id);
      const r = runCount * 4;
      runs[r] = y;
      runs[r + 1] = start;
      runs[r + 2] = x;
      runs[r + 3] = id;
      // Join every run of the row above that overlaps this one.
      while (p < prevEnd && runs[p * 4 + 2] <= start) p++;
      for (let q = p; q < prevEnd && runs[q * 4 + 1] < x; q++) {
        const a = find(runs[q * 4 + 3]);
        const b = find(id);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      runCount++;
    }
    prevStart = rowStart;
    prevEnd = runCount;
  }
  const compact = new Map<number, number>();
  const areas: number[] = [];
  const touchesBorder: boolean[] = [];
  for (let i = 0; i < runCount; i++) {
    const r = i * 4;
    const root = find(runs[r + 3]);
    let id = compact.get(root);
    if (id === undefined) {
      id = areas.length;
      compact.set(root, id);
      areas.push(0);
      touchesBorder.push(false);
    }
    runs[r + 3] = id;
    areas[id] += runs[r + 2] - runs[r + 1];
    if (runs[r] === 0 || runs[r] === height - 1 || runs[r + 1] === 0 || runs[r + 2] === width) touchesBorder[id] = true;
  }
  return { runs, runCount, areas, touchesBorder };
}

function paintRuns(bitmap: Bitmap, components: RunComponents, selected: Uint8Array, value: number): void {
  const { runs } = components;
  for (let i = 0; i < components.runCount; i++) {
    const r = i * 4;
    if (!selected[runs[r + 3]]) continue;
    bitmap.data.fill(value, runs[r] * bitmap.width + runs[r + 1], runs[r] * bitmap.width + runs[r + 2]);
  }
}

export interface CleanupResult {
  bitmap: Bitmap;
  /** White areas too small to colour that were inked over (doubled lines, wedges). */
  slivers: number;
  /** Stray black dots turned back to paper. */
  specks: number;
  regionCount: number;
}

/**
 * Where a colour edge and a line nearly coincide the outline leaves thin white wedges nobody can
 * colour; those become ink. Isolated black dots smaller than a speck become paper. What is left
 * is counted: every white area is one region to colour.
 */
export function cleanPage(bitmap: Bitmap, minRegionPx: number, maxSpeckPx: number): CleanupResult {
  const black = labelRuns(bitmap, INK);
  const speckIds = new Uint8Array(black.areas.length);
  let specks = 0;
  black.areas.forEach((area, id) => {
    if (area <= maxSpeckPx) {
      speckIds[id] = 1;
      specks++;
    }
  });
  if (specks > 0) paintRuns(bitmap, black, speckIds, PAPER);
  const white = labelRuns(bitmap, PAPER);
  const sliverIds = new Uint8Array(white.areas.length);
  let slivers = 0;
  white.areas.forEach((area, id) => {
    if (area < minRegionPx) {
      sliverIds[id] = 1;
      slivers++;
    }
  });
  if (slivers > 0) paintRuns(bitmap, white, sliverIds, INK);
  return { bitmap, slivers, specks, regionCount: white.areas.length - slivers };
}

/** Inks straight axis-aligned strokes into a bitmap exactly where librsvg would put them after thresholding. */
export function inkAxisLines(bitmap: Bitmap, lines: { x1: number; y1: number; x2: number; y2: number }[], lineWidth: number): void {
  const half = lineWidth / 2;
  for (const line of lines) {
    const x0 = Math.max(0, Math.round(Math.min(line.x1, line.x2) - half));
    const x1 = Math.min(bitmap.width, Math.round(Math.max(line.x1, line.x2) + half));
    const y0 = Math.max(0, Math.round(Math.min(line.y1, line.y2) - half));
    const y1 = Math.min(bitmap.height, Math.round(Math.max(line.y1, line.y2) + half));
    for (let y = y0; y < y1; y++) bitmap.data.fill(INK, y * bitmap.width + x0, y * bitmap.width + x1);
  }
}

/** Greyscale PNG of a pure black/white bitmap (libimagequant's 1-bit palette path is 10× slower). */
export async function encodeBitmapPng(bitmap: Bitmap): Promise<Buffer> {
  return sharp(Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.length), {
    raw: { width: bitmap.width, height: bitmap.height, channels: 1 },
  })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

export async function decodePngToBitmap(png: Buffer): Promise<Bitmap> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
}

/** Chamfer (3-4) distance from every paper pixel to the nearest ink pixel or the page edge; 3 = one pixel. */
function paperDistance(bitmap: Bitmap): Uint16Array {
  const { width, height, data } = bitmap;
  const dist = new Uint16Array(width * height);
  const far = 65000;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i] === INK) continue;
      // The page edge is a wall for a pen too.
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        dist[i] = 3;
        continue;
      }
      let d = far;
      const up = i - width;
      if (dist[i - 1] + 3 < d) d = dist[i - 1] + 3;
      if (dist[up] + 3 < d) d = dist[up] + 3;
      if (dist[up - 1] + 4 < d) d = dist[up - 1] + 4;
      if (dist[up + 1] + 4 < d) d = dist[up + 1] + 4;
      dist[i] = d;
    }
  }
  for (let y = height - 2; y >= 1; y--) {
    for (let x = width - 2; x >= 1; x--) {
      const i = y * width + x;
      let d = dist[i];
      if (d === 0) continue;
      const down = i + width;
      if (dist[i + 1] + 3 < d) d = dist[i + 1] + 3;
      if (dist[down] + 3 < d) d = dist[down] + 3;
      if (dist[down + 1] + 4 < d) d = dist[down + 1] + 4;
      if (dist[down - 1] + 4 < d) d = dist[down - 1] + 4;
      dist[i] = d;
    }
  }
  return dist;
}

/**
 * Colour runs from one area into another through a neck narrower than a felt tip. Such a region
 * holds two or more large "cores" once everything within `radiusPx` of ink is set aside. Each
 * pixel of the region goes to its nearest core (a flood from all cores at once), and a line
 * `cutWidthPx` wide is inked where two cores' shares meet: the neck is closed, each side keeps
 * its full shape. Returns how many regions were split.
 */
export function closeNarrowNecks(bitmap: Bitmap, radiusPx: number, minCorePx: number, cutWidthPx: number): number {
  const { width, height } = bitmap;
  const dist = paperDistance(bitmap);
  const limit = radiusPx * 3;
  const core = new Uint8Array(width * height);
  for (let i = 0; i < core.length; i++) core[i] = dist[i] > limit ? PAPER : INK;
  const cores = labelRuns({ width, height, data: core }, PAPER);
  const paper = labelRuns(bitmap, PAPER);
  const regionOf = new Int32Array(width * height).fill(-1);
  for (let r = 0; r < paper.runCount; r++) {
    const o = r * 4;
    regionOf.fill(paper.runs[o + 3], paper.runs[o] * width + paper.runs[o + 1], paper.runs[o] * width + paper.runs[o + 2]);
  }
  const coresInRegion = new Int32Array(paper.areas.length);
  const counted = new Uint8Array(cores.areas.length);
  for (let r = 0; r < cores.runCount; r++) {
    const o = r * 4;
    const id = cores.runs[o + 3];
    if (counted[id] || cores.areas[id] < minCorePx) continue;
    counted[id] = 1;
    coresInRegion[regionOf[cores.runs[o] * width + cores.runs[o + 1]]]++;
  }
  const leaking = new Uint8Array(paper.areas.length);
  let split = 0;
  coresInRegion.forEach((count, id) => {
    if (count > 1) {
      leaking[id] = 1;
      split++;
    }
  });
  if (split === 0) return 0;
  const seeds = new Int32Array(width * height).fill(-1);
  for (let r = 0; r < cores.runCount; r++) {
    const o = r * 4;
    const id = cores.runs[o + 3];
    if (!counted[id]) continue;
    const row = cores.runs[o] * width;
    if (!leaking[regionOf[row + cores.runs[o + 1]]]) continue;
    seeds.fill(id, row + cores.runs[o + 1], row + cores.runs[o + 2]);
  }
  cutBetweenSeeds(bitmap, seeds, cutWidthPx);
  return split;
}

/**
 * Floods the paper outwards from labelled seed pixels (`seeds[i]` ≥ 0) all at once and inks a
 * line `cutWidthPx` wide wherever two seeds' floods meet. Used to split a region between its cores.
 */
export function cutBetweenSeeds(bitmap: Bitmap, seeds: Int32Array, cutWidthPx: number): void {
  const { width, height, data } = bitmap;
  const owner = seeds.slice();
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < owner.length; i++) if (owner[i] >= 0 && data[i] === PAPER) queue[tail++] = i;
  const cuts: number[] = [];
  while (head < tail) {
    const p = queue[head++];
    const x = p % width;
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p >= width ? p - width : -1, p + width < data.length ? p + width : -1]) {
      if (q < 0 || data[q] !== PAPER) continue;
      if (owner[q] === -1) {
        owner[q] = owner[p];
        queue[tail++] = q;
      } else if (owner[q] !== owner[p]) cuts.push(p);
    }
  }
  const half = Math.max(1, Math.round(cutWidthPx / 2));
  for (const p of cuts) {
    const x = p % width;
    const y = (p - x) / width;
    for (let yy = Math.max(0, y - half); yy <= Math.min(height - 1, y + half); yy++) {
      data.fill(INK, yy * width + Math.max(0, x - half), yy * width + Math.min(width, x + half + 1));
    }
  }
}
