import type { PageRegions } from './page-regions';
import type { RegionCrayons } from './region-colours';

/** Where one number goes: its box centre and height (page pixels), and a leader when it sits outside its region. */
export interface NumberMark {
  region: number;
  x: number;
  y: number;
  height: number;
  /** A small region's number placed nearby: the line runs from `from` (the box's edge) to `to` (inside the region). */
  leader: { from: { x: number; y: number }; to: { x: number; y: number } } | null;
}

export interface PlacementRules {
  /** Digit heights to try, largest first (page pixels); the last is the smallest legible. */
  heights: number[];
  /** Width over height of the widest number the key will use. */
  aspect: number;
  /** Least paper between a number's box and any line, for a number `height` tall. */
  clearance(height: number): number;
  /** Regions at least this large (pixels) that cannot hold a number get a leader line; smaller ones merge. */
  leaderMinArea: number;
  /** How far (pixels) from its region a leader's number may sit. */
  leaderReach: number;
}

export interface Placement {
  marks: NumberMark[];
  /** The crayon each region is filled with in the solution (merged regions take a neighbour's). */
  fill: RegionCrayons;
  merged: number;
}

/** Summed-area table of ink: a box is clear of lines when its sum is 0. */
function inkTable(labels: Int32Array, width: number, height: number): Int32Array {
  const w1 = width + 1;
  const table = new Int32Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      if (labels[y * width + x] === 0) row++;
      table[(y + 1) * w1 + x + 1] = table[y * w1 + x + 1] + row;
    }
  }
  return table;
}

/** Cells of 8 pixels taken by numbers already placed (with a margin), so leaders' numbers keep clear of them. */
const CELL = 8;

export function placeNumbers(regions: PageRegions, crayons: RegionCrayons, rules: PlacementRules): Placement {
  const { width, height, labels, distance, count, areas } = regions;
  const w1 = width + 1;
  const ink = inkTable(labels, width, height);
  const clearBox = (x0: number, y0: number, x1: number, y1: number): boolean => {
    if (x0 < 0 || y0 < 0 || x1 > width || y1 > height) return false;
    return ink[y1 * w1 + x1] - ink[y0 * w1 + x1] - ink[y1 * w1 + x0] + ink[y0 * w1 + x0] === 0;
  };
  /** The box of a number of height h centred at (x, y), grown by its clearance. */
  const boxAt = (x: number, y: number, h: number, grow: number) => {
    const halfW = (rules.aspect * h) / 2 + grow;
    const halfH = h / 2 + grow;
    return [Math.floor(x - halfW), Math.floor(y - halfH), Math.ceil(x + halfW), Math.ceil(y + halfH)] as const;
  };
  const fits = (x: number, y: number, h: number): boolean => clearBox(...boxAt(x, y, h, rules.clearance(h)));

  // Candidate centres per region: a grid of paper pixels far enough from lines for the smallest number.
  const smallest = rules.heights[rules.heights.length - 1];
  const need = Math.floor((smallest / 2 + rules.clearance(smallest)) * 3);
  const step = Math.max(2, Math.round(smallest / 6));
  const candidates: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = y * width + x;
      const r = labels[i];
      if (r !== 0 && crayons[r] >= 0 && distance[i] >= need) candidates[r].push(i);
    }
  }
  const MAX_TRIES = 400;
  const marks: NumberMark[] = [];
  const placed = new Uint8Array(count + 1);
  for (const h of rules.heights) {
    for (let r = 1; r <= count; r++) {
      if (placed[r] || crayons[r] < 0) continue;
      const list = candidates[r];
      if (list.length === 0) continue;
      // Most central first: the pole, then grid points by distance to lines.
      list.sort((a, b) => distance[b] - distance[a] || a - b);
      const tries = [regions.pole[r], ...list.slice(0, MAX_TRIES)];
      for (const i of tries) {
        const x = i % width;
        const y = (i - x) / width;
        if (!fits(x + 0.5, y + 0.5, h)) continue;
        marks.push({ region: r, x: x + 0.5, y: y + 0.5, height: h, leader: null });
        placed[r] = 1;
        break;
      }
    }
  }

  // Occupancy of placed numbers, for the leaders' numbers.
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const taken = new Uint8Array(cw * ch);
  const take = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let cy = Math.max(0, Math.floor(y0 / CELL)); cy <= Math.min(ch - 1, Math.floor((y1 - 1) / CELL)); cy++) {
      for (let cx = Math.max(0, Math.floor(x0 / CELL)); cx <= Math.min(cw - 1, Math.floor((x1 - 1) / CELL)); cx++) taken[cy * cw + cx] = 1;
    }
  };
  const isTaken = (x0: number, y0: number, x1: number, y1: number): boolean => {
    for (let cy = Math.max(0, Math.floor(y0 / CELL)); cy <= Math.min(ch - 1, Math.floor((y1 - 1) / CELL)); cy++) {
      for (let cx = Math.max(0, Math.floor(x0 / CELL)); cx <= Math.min(cw - 1, Math.floor((x1 - 1) / CELL)); cx++) if (taken[cy * cw + cx]) return true;
    }
    return false;
  };
  const margin = smallest / 2;
  for (const m of marks) take(...boxAt(m.x, m.y, m.height, margin));

  // Leaders: regions big enough to colour but too small or thin for a number get one nearby.
  const leaderRegions: number[] = [];
  for (let r = 1; r <= count; r++) if (!placed[r] && crayons[r] >= 0 && areas[r] >= rules.leaderMinArea && regions.pole[r] >= 0) leaderRegions.push(r);
  leaderRegions.sort((a, b) => areas[b] - areas[a] || a - b);
  const h = smallest;
  const stepL = Math.max(4, Math.round(h / 3));
  const reach = rules.leaderReach;
  const offsets: [number, number][] = [];
  for (let dy = -reach; dy <= reach; dy += stepL) {
    for (let dx = -reach; dx <= reach; dx += stepL) if (dx * dx + dy * dy <= reach * reach) offsets.push([dx, dy]);
  }
  offsets.sort((a, b) => a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1]) || a[1] - b[1] || a[0] - b[0]);
  for (const r of leaderRegions) {
    const p = regions.pole[r];
    const tx = (p % width) + 0.5;
    const ty = Math.floor(p / width) + 0.5;
    for (const [dx, dy] of offsets) {
      const x = tx + dx;
      const y = ty + dy;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const at = Math.floor(y) * width + Math.floor(x);
      // Not on the region itself (no room there), nor on the paper around the picture.
      if (labels[at] === r || labels[at] === 0 || regions.touchesBorder[labels[at]]) continue;
      if (!fits(x, y, h) || isTaken(...boxAt(x, y, h, margin))) continue;
      const from = boxEdgeToward(x, y, (rules.aspect * h) / 2 + h * 0.15, h / 2 + h * 0.15, tx, ty);
      if (crossesTaken(from.x, from.y, tx, ty, isTaken)) continue;
      marks.push({ region: r, x, y, height: h, leader: { from, to: { x: tx, y: ty } } });
      placed[r] = 1;
      take(...boxAt(x, y, h, margin));
      break;
    }
  }

  // Whatever is left merges into its neighbour along the longest shared line (that neighbour's
  // colour in the solution; paper when it is paper).
  const fill = Int16Array.from(crayons);
  let merged = 0;
  const order: number[] = [];
  for (let r = 1; r <= count; r++) if (!placed[r] && crayons[r] >= 0) order.push(r);
  for (const r of order) fill[r] = -2;
  for (let pass = 0; pass < 4 && order.some((r) => fill[r] === -2); pass++) {
    for (const r of order) {
      if (fill[r] !== -2) continue;
      let best = -1;
      let bestLength = 0;
      for (const [n, length] of regions.neighbours[r]) {
        if (fill[n] === -2 || regions.touchesBorder[n]) continue;
        if (length > bestLength || (length === bestLength && n < best)) {
          best = n;
          bestLength = length;
        }
      }
      if (best >= 0) fill[r] = fill[best];
    }
  }
  for (const r of order) {
    if (fill[r] === -2) fill[r] = -1;
    merged++;
  }
  return { marks, fill, merged };
}

/** Where the segment from a box centre to a target leaves the box (half sizes hw, hh). */
function boxEdgeToward(cx: number, cy: number, hw: number, hh: number, tx: number, ty: number): { x: number; y: number } {
  const dx = tx - cx;
  const dy = ty - cy;
  const t = Math.min(dx === 0 ? Infinity : hw / Math.abs(dx), dy === 0 ? Infinity : hh / Math.abs(dy), 1);
  return { x: cx + dx * t, y: cy + dy * t };
}

/** Whether a leader passes over another number (sampled every few pixels, ends excluded). */
function crossesTaken(x0: number, y0: number, x1: number, y1: number, isTaken: (a: number, b: number, c: number, d: number) => boolean): boolean {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.ceil(length / 4);
  for (let s = 2; s < steps - 1; s++) {
    const x = x0 + ((x1 - x0) * s) / steps;
    const y = y0 + ((y1 - y0) * s) / steps;
    if (isTaken(x, y, x + 1, y + 1)) return true;
  }
  return false;
}
