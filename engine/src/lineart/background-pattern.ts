/**
 * Decorative patterns for the background of an adult photo page (decision 039). The adult band
 * asks for at least 200 regions; a simple photo (a cat on a floor, a car on a road) has a few
 * dozen shapes a person would draw, and merging its basins to a count filled the rest with
 * arbitrary cells: every adult page printed as a jigsaw. Adult coloring books fill such a
 * background with a pattern instead: fish scales in the sky (rows of circles, each row tucked
 * under the one below), a honeycomb of hexagons on the ground. The subject keeps the photo's
 * own lines; only calm background regions are patterned.
 */
import type { Segmentation } from './segment-regions';

/** A region's pattern: kept whole, fish scales, hexagons. */
export type Pattern = 'none' | 'scales' | 'hexagons';

/** Numbers the cells named by `name(x + 0.5, y + 0.5)` from 0, in raster order of first appearance. */
function cellLabels(width: number, height: number, name: (x: number, y: number) => number): Segmentation {
  const labels = new Int32Array(width * height);
  const ids = new Map<number, number>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const key = name(x + 0.5, y + 0.5);
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      labels[y * width + x] = id;
    }
  }
  return { width, height, labels, count: ids.size };
}

/**
 * Pointy-top hexagons of `area` pixels each (a honeycomb), numbered from 0 in raster order of
 * first appearance: a pixel belongs to the hexagon whose centre is nearest (cube rounding of
 * axial coordinates).
 */
export function hexagonPattern(width: number, height: number, area: number): Segmentation {
  // A hexagon of circumradius s covers (3√3 / 2) s².
  const s = Math.sqrt((2 * area) / (3 * Math.sqrt(3)));
  const columns = Math.ceil(width / s) + 8;
  return cellLabels(width, height, (x, y) => {
    const q = ((Math.sqrt(3) / 3) * x - y / 3) / s;
    const r = ((2 / 3) * y) / s;
    let rq = Math.round(q);
    let rr = Math.round(r);
    const rs = Math.round(-q - r);
    const dq = Math.abs(rq - q);
    const dr = Math.abs(rr - r);
    const ds = Math.abs(rs + q + r);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    return (rr + 4) * 4 * columns + rq + 2 * columns;
  });
}

/**
 * Fish scales of `area` pixels each: circles of radius r = √(area / 2) on rows r apart, 2r apart
 * along a row, every other row shifted by r (they cover the plane). A pixel belongs to the
 * circle of the lowest row that holds it, so each scale shows its round top above the two
 * scales below. Numbered from 0 in raster order of first appearance.
 */
export function scalePattern(width: number, height: number, area: number): Segmentation {
  const radius = Math.sqrt(area / 2);
  // Circles are named by row and column; columns stay within ±(width / radius) + 2.
  const columns = Math.ceil(width / radius) + 8;
  const r2 = radius * radius * (1 + 1e-9);
  return cellLabels(width, height, (cx, cy) => {
    const lastRow = Math.floor((cy + radius) / radius);
    const firstRow = Math.ceil((cy - radius) / radius);
    let key = -1;
    let nearest = Infinity;
    // The lowest row first: it lies on top.
    for (let row = lastRow; row >= firstRow; row--) {
      const shift = row & 1 ? radius : 0;
      const column = Math.round((cx - shift) / (2 * radius));
      const dx = cx - (shift + 2 * radius * column);
      const dy = cy - radius * row;
      const d2 = dx * dx + dy * dy;
      const name = (row + 4) * columns + column + 4;
      if (d2 <= r2) return name;
      // Rounding can leave a pixel a hair outside every circle: it joins the nearest.
      if (d2 < nearest) {
        nearest = d2;
        key = name;
      }
    }
    return key;
  });
}

/**
 * The regions with each region cut along its pattern (`patterns`, per label) into cells of about
 * `cellArea` pixels. Pieces smaller than `minPiece` pixels (a sliver where a cell meets the
 * region's edge) join the neighbouring piece of the same region they share most edge with; a
 * region too small for a whole cell stays whole. Returns the regions, numbered in raster order.
 */
export function patternRegions(regions: Segmentation, patterns: Pattern[], cellArea: number, minPiece: number): Segmentation {
  const { width, height, labels } = regions;
  const n = labels.length;
  const cells = {
    none: null,
    scales: patterns.includes('scales') ? scalePattern(width, height, cellArea) : null,
    hexagons: patterns.includes('hexagons') ? hexagonPattern(width, height, cellArea) : null,
  };
  const stride = Math.max(cells.scales?.count ?? 0, cells.hexagons?.count ?? 0) + 1;
  // Pieces: (region, cell) where the region is patterned, the region itself elsewhere.
  const pieceOf = new Map<number, number>();
  const piece = new Int32Array(n);
  const owner: number[] = [];
  for (let i = 0; i < n; i++) {
    const region = labels[i];
    const pattern = cells[patterns[region]];
    const key = pattern ? region * stride + pattern.labels[i] + 1 : region * stride;
    let id = pieceOf.get(key);
    if (id === undefined) {
      id = owner.length;
      pieceOf.set(key, id);
      owner.push(region);
    }
    piece[i] = id;
  }
  // A cell cut by a region's edge can fall apart into several bits: each connected bit is a piece.
  const parts = connectedPieces(piece, width, height);
  const partOwner = new Int32Array(parts.count);
  const area = new Float64Array(parts.count);
  for (let i = 0; i < n; i++) {
    partOwner[parts.labels[i]] = owner[piece[i]];
    area[parts.labels[i]]++;
  }
  // Slivers join their largest-contact neighbour within the same region, smallest first, until none is left.
  const parent = Int32Array.from({ length: parts.count }, (_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]];
      k = parent[k];
    }
    return k;
  };
  const contacts = new Map<number, Map<number, number>>();
  const touch = (a: number, b: number): void => {
    if (a === b || partOwner[a] !== partOwner[b]) return;
    for (const [p, q] of [[a, b], [b, a]]) {
      let row = contacts.get(p);
      if (!row) contacts.set(p, (row = new Map()));
      row.set(q, (row.get(q) ?? 0) + 1);
    }
  };
  for (let i = 0; i < n; i++) {
    const x = i % width;
    if (x + 1 < width) touch(parts.labels[i], parts.labels[i + 1]);
    if (i + width < n) touch(parts.labels[i], parts.labels[i + width]);
  }
  const order = [...area.keys()].filter((k) => area[k] < minPiece).sort((a, b) => area[a] - area[b] || a - b);
  for (const k of order) {
    const root = find(k);
    if (area[root] >= minPiece) continue;
    // A joined piece keeps its members' contacts (under its root), so a sliver among slivers still finds a whole cell.
    let best = -1;
    let most = 0;
    for (const [other, shared] of contacts.get(root) ?? []) {
      const target = find(other);
      if (target === root) continue;
      if (shared > most || (shared === most && target < best)) {
        most = shared;
        best = target;
      }
    }
    if (best < 0) continue;
    parent[root] = best;
    area[best] += area[root];
    const row = contacts.get(best) ?? new Map<number, number>();
    for (const [other, shared] of contacts.get(root) ?? []) row.set(other, (row.get(other) ?? 0) + shared);
    contacts.set(best, row);
    contacts.delete(root);
  }
  // Number the joined pieces in raster order.
  const relabel = new Int32Array(parts.count).fill(-1);
  const out = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const root = find(parts.labels[i]);
    if (relabel[root] < 0) relabel[root] = count++;
    out[i] = relabel[root];
  }
  return { width, height, labels: out, count };
}

/** 4-connected components of equal labels, numbered from 0 in raster order. */
function connectedPieces(labels: Int32Array, width: number, height: number): Segmentation {
  const n = labels.length;
  const out = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (out[start] >= 0) continue;
    const value = labels[start];
    out[start] = count;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % width;
      if (x > 0 && out[i - 1] < 0 && labels[i - 1] === value) {
        out[i - 1] = count;
        stack.push(i - 1);
      }
      if (x + 1 < width && out[i + 1] < 0 && labels[i + 1] === value) {
        out[i + 1] = count;
        stack.push(i + 1);
      }
      if (i >= width && out[i - width] < 0 && labels[i - width] === value) {
        out[i - width] = count;
        stack.push(i - width);
      }
      if (i + width < n && out[i + width] < 0 && labels[i + width] === value) {
        out[i + width] = count;
        stack.push(i + width);
      }
    }
    count++;
  }
  return { width, height, labels: out, count };
}
