import sharp from 'sharp';
import { PX_PER_MM } from '@studio/contracts/page';
import { outlineElementsToSvg } from '../subjects/openmoji-outline';
import type { Placement } from './place-subject';
import type { Box } from './svg-shapes';
import type { Random } from './seeded-random';
import { circle, n, paint, polygon } from './svg-shapes';
import type { Point } from './svg-shapes';

const MOSAIC_COLORS = ['#ffe3e3', '#fff3bf', '#d3f9d8', '#d0ebff', '#e5dbff', '#ffe8cc'];

function clipHalfPlane(poly: Point[], a: Point, b: Point): Point[] {
  // Keeps the side of the bisector of a–b that contains a.
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const nx = b[0] - a[0];
  const ny = b[1] - a[1];
  const side = (p: Point): number => (p[0] - mx) * nx + (p[1] - my) * ny;
  const out: Point[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    const sp = side(p);
    const sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  }
  return out;
}

/** A Voronoi mosaic over a box from jittered grid sites: the calm background of adult pages. */
export function drawMosaic(box: Box, cellSize: number, random: Random, colored: boolean): string {
  const cols = Math.max(2, Math.round(box.width / cellSize));
  const rows = Math.max(2, Math.round(box.height / cellSize));
  const cw = box.width / cols;
  const ch = box.height / rows;
  const sites: Point[][] = [];
  for (let r = 0; r < rows; r++) {
    sites.push([]);
    for (let c = 0; c < cols; c++) sites[r].push([box.x + (c + random.range(0.15, 0.85)) * cw, box.y + (r + random.range(0.15, 0.85)) * ch]);
  }
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let cell: Point[] = [[box.x, box.y], [box.x + box.width, box.y], [box.x + box.width, box.y + box.height], [box.x, box.y + box.height]];
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) {
          if ((dr === 0 && dc === 0) || !sites[r + dr]?.[c + dc]) continue;
          cell = clipHalfPlane(cell, sites[r][c], sites[r + dr][c + dc]);
        }
      }
      if (cell.length >= 3) out.push(polygon(cell, paint(colored, random.pick(MOSAIC_COLORS))));
    }
  }
  return out.join('');
}

const GRID = 160;

/** Distance (in grid cells) from each cell to the nearest line or the outside, cached per subject and line weight. */
const roomCache = new Map<string, Float32Array>();

async function roomMap(p: Placement, strokeUnits: number): Promise<Float32Array> {
  const key = `${p.subject.id}|${strokeUnits.toFixed(4)}`;
  const cached = roomCache.get(key);
  if (cached) return cached.slice();
  const [l, t, r, b] = p.subject.bounds;
  const span = Math.max(r - l, b - t);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${GRID}" height="${GRID}" viewBox="${n(l)} ${n(t)} ${n(span)} ${n(span)}"><rect x="-10" y="-10" width="100" height="100" fill="#000"/><g stroke-width="${strokeUnits * 3}" stroke-linejoin="round" stroke-linecap="round">${outlineElementsToSvg(p.subject.elements, false)}</g></svg>`;
  const { data } = await sharp(Buffer.from(svg)).resize(GRID, GRID).greyscale().raw().toBuffer({ resolveWithObject: true });
  // Chamfer distance from every ink or outside pixel, in grid cells.
  const dist = new Float32Array(GRID * GRID);
  for (let i = 0; i < dist.length; i++) dist[i] = data[i] > 200 ? 1e6 : 0;
  const pass = (i: number, j: number, w: number): void => {
    if (dist[j] + w < dist[i]) dist[i] = dist[j] + w;
  };
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++) {
      const i = y * GRID + x;
      if (x > 0) pass(i, i - 1, 1);
      if (y > 0) pass(i, i - GRID, 1);
      if (x > 0 && y > 0) pass(i, i - GRID - 1, 1.414);
      if (x < GRID - 1 && y > 0) pass(i, i - GRID + 1, 1.414);
    }
  for (let y = GRID - 1; y >= 0; y--)
    for (let x = GRID - 1; x >= 0; x--) {
      const i = y * GRID + x;
      if (x < GRID - 1) pass(i, i + 1, 1);
      if (y < GRID - 1) pass(i, i + GRID, 1);
      if (x < GRID - 1 && y < GRID - 1) pass(i, i + GRID + 1, 1.414);
      if (x > 0 && y < GRID - 1) pass(i, i + GRID - 1, 1.414);
    }
  // A worker lives long: keep only the most recent maps (each is 100 KB).
  if (roomCache.size >= 32) roomCache.delete(roomCache.keys().next().value!);
  roomCache.set(key, dist.slice());
  return dist;
}

/**
 * Small motifs inside a subject's own white areas, never touching its lines: the subject is
 * rendered small, and each motif goes where a distance map says there is room.
 */
export async function drawInteriorMotifs(p: Placement, lineWidthPx: number, random: Random, colored: boolean, maxMotifs: number): Promise<string> {
  const [l, t, r, b] = p.subject.bounds;
  const span = Math.max(r - l, b - t);
  const cell = span / GRID;
  const strokeUnits = lineWidthPx / p.scale;
  const dist = await roomMap(p, strokeUnits);
  const out: string[] = [];
  // Motifs smaller than ~3 mm across would be inked over as slivers; bigger than ~12 mm look empty.
  const mmPerCell = (cell * p.scale) / PX_PER_MM;
  const minCells = 3 / mmPerCell + 1.5;
  const maxCells = Math.max(minCells, 7 / mmPerCell);
  for (let k = 0; k < maxMotifs; k++) {
    let best = -1;
    let bestD = 0;
    for (let i = 0; i < dist.length; i++) if (dist[i] > bestD) [best, bestD] = [i, dist[i]];
    if (bestD < minCells) break;
    const radiusCells = Math.min(bestD - 1.5, maxCells) * random.range(0.75, 0.95);
    const gx = best % GRID;
    const gy = (best - gx) / GRID;
    const ux = l + (gx + 0.5) * cell;
    const uy = t + (gy + 0.5) * cell;
    const px = p.flip ? p.left + (r - ux) * p.scale : p.left + (ux - l) * p.scale;
    const py = p.bottom - (b - uy) * p.scale;
    out.push(motif(px, py, radiusCells * cell * p.scale, random, colored));
    const clear = radiusCells + 2.5;
    // The room left around this motif shrinks as far out as the biggest next motif could reach.
    const reach = clear + maxCells + 2;
    for (let y = Math.max(0, Math.floor(gy - reach)); y <= Math.min(GRID - 1, Math.ceil(gy + reach)); y++)
      for (let x = Math.max(0, Math.floor(gx - reach)); x <= Math.min(GRID - 1, Math.ceil(gx + reach)); x++) {
        const d = Math.hypot(x - gx, y - gy) - clear;
        const i = y * GRID + x;
        if (d < dist[i]) dist[i] = Math.max(0, d);
      }
  }
  return out.join('');
}

function motif(x: number, y: number, r: number, random: Random, colored: boolean): string {
  // A ring inside a motif only when the ring is wide enough to colour; else it prints as a blot.
  const color = random.pick(MOSAIC_COLORS);
  const roomForInner = r >= 5 * PX_PER_MM;
  switch (random.int(roomForInner ? 0 : 2, 3)) {
    case 0:
      return circle(x, y, r, paint(colored, color)) + circle(x, y, r * 0.5, paint(colored, '#ffd43b'));
    case 1: {
      const points: Point[] = [];
      for (let i = 0; i < 6; i++) points.push([x + r * Math.cos((i * Math.PI) / 3), y + r * Math.sin((i * Math.PI) / 3)]);
      return polygon(points, paint(colored, color)) + circle(x, y, r * 0.5, paint(colored, '#ffd43b'));
    }
    case 2:
      return polygon([[x, y - r], [x + r * 0.8, y], [x, y + r], [x - r * 0.8, y]], paint(colored, color));
    default: {
      const points: Point[] = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.5 : r;
        points.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
      }
      return polygon(points, paint(colored, color));
    }
  }
}
