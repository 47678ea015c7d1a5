import sharp from 'sharp';
import { PX_PER_MM } from '@studio/contracts/page';
import { outlineElementsToSvg } from '../subjects/openmoji-outline';
import type { OutlineElement } from '../subjects/openmoji-outline';
import type { SubjectKind } from '../subjects/curation';
import type { Placement } from './place-subject';
import type { Random } from './seeded-random';
import { n, smoothClosedPath } from './svg-shapes';
import type { Point } from './svg-shapes';

/**
 * Zentangle fills that follow a subject's shape (decision 058): each large white area of the
 * subject is cut into bands by inset contours (level lines of the distance to its own outline),
 * and alternate bands carry a row of small closed motifs. Everything is a closed outline, kept
 * clear of the subject's lines and of its face (eyes, nose, mouth).
 */

/** Cells across the subject's square for the area map (~0.6 mm a cell on a full page). */
const GRID = 256;
/** Around each eye, nose or mouth (a small solid-ink shape), in OpenMoji units: left plain. */
const FACE_RADIUS_UNITS = 6.5;
/** The largest solid-ink shape that is a feature of a face (an eye, a nostril), in units. */
const FEATURE_UNITS = 9;

export type DetailLevel = 'bands' | 'full';

const CREATURE_KINDS = new Set<SubjectKind>(['animal', 'bird', 'sea', 'bug', 'dinosaur', 'fantasy', 'person']);

interface AreaMap {
  /** Distance in cells from each cell to the nearest line, the outside, or a face feature's disc. */
  dist: Float32Array;
  /** Connected white area of each cell (0 for ink and outside). */
  labels: Int32Array;
  areas: number[];
}

const mapCache = new Map<string, AreaMap>();

async function render(svgBody: string, viewBox: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${GRID}" height="${GRID}" viewBox="${viewBox}">${svgBody}</svg>`;
  const { data } = await sharp(Buffer.from(svg)).resize(GRID, GRID).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data;
}

async function areaMap(p: Placement, strokeUnits: number): Promise<AreaMap> {
  const key = `${p.subject.id}|${strokeUnits.toFixed(4)}`;
  const cached = mapCache.get(key);
  if (cached) return cached;
  const [l, t, r, b] = p.subject.bounds;
  const span = Math.max(r - l, b - t);
  const viewBox = `${n(l)} ${n(t)} ${n(span)} ${n(span)}`;
  const lines = await render(
    `<rect x="-10" y="-10" width="100" height="100" fill="#000"/><g stroke-width="${strokeUnits.toFixed(4)}" stroke-linejoin="round" stroke-linecap="round">${outlineElementsToSvg(p.subject.elements, false)}</g>`,
    viewBox,
  );
  // Face features: solid ink (eyes, nostrils); without a pair of ink eyes, short drawn lines too
  // (closed eyes, a mouth), which would otherwise be mane or fur strokes.
  const featureLayer = (roles: OutlineElement['role'][]): Promise<Uint8Array> =>
    render(`<rect x="-10" y="-10" width="100" height="100" fill="#fff"/><g stroke-width="1.5">${outlineElementsToSvg(p.subject.elements.filter((e) => roles.includes(e.role)), false)}</g>`, viewBox);
  const cell = span / GRID;
  const size = GRID * GRID;
  const labels = new Int32Array(size);
  const areas = [0];
  const stack: number[] = [];
  for (let start = 0; start < size; start++) {
    if (lines[start] <= 160 || labels[start]) continue;
    const label = areas.length;
    let area = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      area++;
      const x = i % GRID;
      for (const j of [i - GRID, i + GRID, x > 0 ? i - 1 : -1, x < GRID - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < size && !labels[j] && lines[j] > 160) {
          labels[j] = label;
          stack.push(j);
        }
      }
    }
    areas.push(area);
  }
  // The face stays plain: every small solid-ink shape (an eye, a nostril) is a disc the bands go round.
  // Only creatures have faces: a door's knob or a house's window is patterned round like any shape.
  const creature = CREATURE_KINDS.has(p.subject.kind);
  let features = creature ? featureCentres(await featureLayer(['ink']), FEATURE_UNITS / cell) : [];
  if (creature && !eyePairs(features, cell).length) features = featureCentres(await featureLayer(['ink', 'stroke']), FEATURE_UNITS / cell);
  const discs: [number, number, number][] = features.map(([x, y]) => [x, y, FACE_RADIUS_UNITS / cell]);
  // A pair of eyes level with each other is a face: its muzzle and mouth below the eyes stay
  // plain too, and so does the whole area holding the eyes when it is not much more than a face.
  const plainAreas = new Set<number>();
  for (const [[x1, y1], [x2, y2]] of eyePairs(features, cell)) {
    const dx = Math.abs(x2 - x1) * cell;
    discs.push([(x1 + x2) / 2, (y1 + y2) / 2 + (dx * 0.5) / cell, (dx * 1.05) / cell]);
    for (const [x, y] of [[x1, y1], [x2, y2]]) {
      const label = nearestLabel(labels, Math.round(x), Math.round(y));
      if (label && areas[label] * cell * cell < 6 * dx * dx) plainAreas.add(label);
    }
  }
  const dist = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const x = i % GRID;
    const y = (i - x) / GRID;
    dist[i] = labels[i] && !plainAreas.has(labels[i]) && x > 0 && y > 0 && x < GRID - 1 && y < GRID - 1 ? 1e6 : 0;
  }
  for (const [cx, cy, radius] of discs) {
    for (let y = Math.max(0, Math.floor(cy - radius)); y <= Math.min(GRID - 1, Math.ceil(cy + radius)); y++)
      for (let x = Math.max(0, Math.floor(cx - radius)); x <= Math.min(GRID - 1, Math.ceil(cx + radius)); x++) if (Math.hypot(x - cx, y - cy) <= radius) dist[y * GRID + x] = 0;
  }
  euclidean(dist);
  const map = { dist, labels, areas };
  // A worker lives long: keep only the most recent maps (each is about 0.5 MB).
  if (mapCache.size >= 24) mapCache.delete(mapCache.keys().next().value!);
  mapCache.set(key, map);
  return map;
}

/** Pairs of features level with each other and a face's width apart (in units): eyes. */
function eyePairs(features: Point[], cell: number): [Point, Point][] {
  const pairs: [Point, Point][] = [];
  for (const [i, a] of features.entries()) {
    for (const b of features.slice(i + 1)) {
      const dx = Math.abs(b[0] - a[0]) * cell;
      if (dx >= 5 && dx <= 30 && Math.abs(b[1] - a[1]) * cell < dx * 0.25) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** The white area nearest a cell (searching a few cells out), or 0. */
function nearestLabel(labels: Int32Array, x: number, y: number): number {
  for (let radius = 0; radius <= 12; radius++) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < GRID && yy < GRID && labels[yy * GRID + xx]) return labels[yy * GRID + xx];
      }
    }
  }
  return 0;
}

/** Centres (in cells) of the solid-ink blobs no wider than `maxCells`: eyes, nostrils, a mouth. */
function featureCentres(ink: Uint8Array, maxCells: number): Point[] {
  const seen = new Uint8Array(ink.length);
  const out: Point[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] > 128 || seen[start]) continue;
    let [minX, minY, maxX, maxY, sx, sy, count] = [GRID, GRID, 0, 0, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % GRID;
      const y = (i - x) / GRID;
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      sx += x;
      sy += y;
      count++;
      for (const j of [i - GRID, i + GRID, x > 0 ? i - 1 : -1, x < GRID - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < ink.length && !seen[j] && ink[j] <= 128) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (maxX - minX <= maxCells && maxY - minY <= maxCells) out.push([sx / count, sy / count]);
  }
  return out;
}

/**
 * Exact Euclidean distance (in cells) to the nearest zero cell, in place: the lower envelope of
 * parabolas, a column pass then a row pass (Felzenszwalb and Huttenlocher). A chamfer distance
 * has octagonal steps that show as wobbles in the level lines.
 */
function euclidean(dist: Float32Array): void {
  const big = 1e12;
  const f = new Float64Array(GRID);
  const d = new Float64Array(GRID);
  const v = new Int32Array(GRID);
  const z = new Float64Array(GRID + 1);
  const pass1d = (): void => {
    let k = 0;
    v[0] = 0;
    z[0] = -Infinity;
    z[1] = Infinity;
    for (let q = 1; q < GRID; q++) {
      let sCut = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      while (sCut <= z[k]) {
        k--;
        sCut = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      }
      k++;
      v[k] = q;
      z[k] = sCut;
      z[k + 1] = Infinity;
    }
    k = 0;
    for (let q = 0; q < GRID; q++) {
      while (z[k + 1] < q) k++;
      d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
    }
  };
  for (let x = 0; x < GRID; x++) {
    for (let y = 0; y < GRID; y++) f[y] = dist[y * GRID + x] === 0 ? 0 : big;
    pass1d();
    for (let y = 0; y < GRID; y++) dist[y * GRID + x] = d[y];
  }
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) f[x] = dist[y * GRID + x];
    pass1d();
    for (let x = 0; x < GRID; x++) dist[y * GRID + x] = Math.sqrt(d[x]);
  }
}

/** Marching squares: the closed level lines of `field` at `level`, in cell coordinates. */
export function levelLines(field: Float32Array, size: number, level: number): Point[][] {
  const at = (x: number, y: number): number => field[y * size + x];
  const point = (edge: number): Point => {
    const horizontal = edge % 2 === 0;
    const base = edge >> 1;
    const x = base % size;
    const y = (base - x) / size;
    const a = at(x, y);
    const b = horizontal ? at(x + 1, y) : at(x, y + 1);
    const s = Math.abs(b - a) < 1e-9 ? 0.5 : (level - a) / (b - a);
    return horizontal ? [x + s, y] : [x, y + s];
  };
  const links = new Map<number, number[]>();
  const link = (e1: number, e2: number): void => {
    (links.get(e1) ?? links.set(e1, []).get(e1)!).push(e2);
    (links.get(e2) ?? links.set(e2, []).get(e2)!).push(e1);
  };
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const tl = at(x, y) >= level ? 1 : 0;
      const tr = at(x + 1, y) >= level ? 2 : 0;
      const br = at(x + 1, y + 1) >= level ? 4 : 0;
      const bl = at(x, y + 1) >= level ? 8 : 0;
      const index = tl | tr | br | bl;
      if (index === 0 || index === 15) continue;
      const top = (y * size + x) * 2;
      const bottom = ((y + 1) * size + x) * 2;
      const left = (y * size + x) * 2 + 1;
      const right = (y * size + x + 1) * 2 + 1;
      const centre = (at(x, y) + at(x + 1, y) + at(x + 1, y + 1) + at(x, y + 1)) / 4 >= level;
      switch (index) {
        case 1: case 14: link(left, top); break;
        case 2: case 13: link(top, right); break;
        case 3: case 12: link(left, right); break;
        case 4: case 11: link(right, bottom); break;
        case 6: case 9: link(top, bottom); break;
        case 7: case 8: link(left, bottom); break;
        case 5:
          if (centre) { link(top, right); link(left, bottom); } else { link(left, top); link(right, bottom); }
          break;
        case 10:
          if (centre) { link(left, top); link(right, bottom); } else { link(top, right); link(left, bottom); }
          break;
      }
    }
  }
  const loops: Point[][] = [];
  const used = new Set<number>();
  for (const start of links.keys()) {
    if (used.has(start)) continue;
    const loop: Point[] = [];
    let previous = -1;
    let current = start;
    while (!used.has(current)) {
      used.add(current);
      loop.push(point(current));
      const next = links.get(current)!.find((e) => e !== previous && !used.has(e));
      if (next === undefined) break;
      previous = current;
      current = next;
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

function loopLength(loop: Point[]): number {
  let length = 0;
  for (let i = 0; i < loop.length; i++) length += Math.hypot(loop[(i + 1) % loop.length][0] - loop[i][0], loop[(i + 1) % loop.length][1] - loop[i][1]);
  return length;
}

function loopArea(loop: Point[]): number {
  let area = 0;
  for (let i = 0; i < loop.length; i++) {
    const [x1, y1] = loop[i];
    const [x2, y2] = loop[(i + 1) % loop.length];
    area += x1 * y2 - x2 * y1;
  }
  return Math.abs(area) / 2;
}

/** Points every `step` along a closed loop, with the unit tangent there. */
function resample(loop: Point[], step: number): { at: Point; tangent: Point }[] {
  const total = loopLength(loop);
  const count = Math.max(3, Math.round(total / step));
  const spacing = total / count;
  const out: { at: Point; tangent: Point }[] = [];
  let walked = 0;
  let target = 0;
  for (let i = 0; i < loop.length && out.length < count; i++) {
    const a = loop[i];
    const b = loop[(i + 1) % loop.length];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    while (target <= walked + length && out.length < count) {
      const s = length > 0 ? (target - walked) / length : 0;
      out.push({ at: [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s], tangent: length > 0 ? [(b[0] - a[0]) / length, (b[1] - a[1]) / length] : [1, 0] });
      target += spacing;
    }
    walked += length;
  }
  return out;
}

type Motif = 'ovals' | 'leaves' | 'bricks' | 'scales' | 'zigzag' | 'feathers' | 'flowers' | 'swirls';
const SIMPLE_MOTIFS: Motif[] = ['ovals', 'leaves', 'bricks', 'scales'];
const ALL_MOTIFS: Motif[] = ['ovals', 'leaves', 'bricks', 'scales', 'zigzag', 'feathers', 'flowers', 'swirls'];
/** Motifs split in two closed halves: only where each half stays big enough to colour. */
const SPLIT_MOTIFS = new Set<Motif>(['feathers', 'swirls']);

interface MotifShape {
  svg: string;
  /** Points on its outline (page pixels), to check it stays inside its band. */
  outline: Point[];
}

/**
 * One motif centred at `c` (page pixels) lying along the band's tangent `t`: `a` is its half
 * length along the band, `r` its half width across. Every motif is one or two closed outlines.
 */
function motif(kind: Motif, c: Point, t: Point, a: number, r: number, index: number, dot: boolean): MotifShape {
  const [cx, cy] = c;
  const nrm: Point = [-t[1], t[0]];
  const pt = (u: number, v: number): Point => [cx + t[0] * u + nrm[0] * v, cy + t[1] * u + nrm[1] * v];
  const at = (u: number, v: number): string => pt(u, v).map(n).join(' ');
  const ellipsePoints = (ea: number, er: number): Point[] => Array.from({ length: 16 }, (_, i) => pt(ea * Math.cos((i * Math.PI) / 8), er * Math.sin((i * Math.PI) / 8)));
  const angle = ((Math.atan2(t[1], t[0]) * 180) / Math.PI).toFixed(1);
  const oval = `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(a)}" ry="${n(r)}" transform="rotate(${angle} ${n(cx)} ${n(cy)})" fill="none"/>`;
  switch (kind) {
    case 'ovals':
      // A dot in an oval: the dot small enough to be a dot, the ring round it wide enough to colour.
      return { svg: oval + (dot ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.28)}" fill="#000" stroke="none"/>` : ''), outline: ellipsePoints(a, r) };
    case 'leaves':
      return { svg: `<path d="M${at(-a, 0)}Q${at(0, -r * 2)} ${at(a, 0)}Q${at(0, r * 2)} ${at(-a, 0)}Z" fill="none"/>`, outline: [pt(-a, 0), pt(a, 0), pt(0, r), pt(0, -r), pt(-a / 2, r * 0.75), pt(a / 2, r * 0.75), pt(-a / 2, -r * 0.75), pt(a / 2, -r * 0.75)] };
    case 'feathers':
      // A leaf with its midrib from tip to tip: two closed halves.
      return { svg: `<path d="M${at(-a, 0)}Q${at(0, -r * 2)} ${at(a, 0)}Q${at(0, r * 2)} ${at(-a, 0)}Z" fill="none"/><path d="M${at(-a, 0)}L${at(a, 0)}" fill="none"/>`, outline: [pt(-a, 0), pt(a, 0), pt(0, r), pt(0, -r), pt(-a / 2, r * 0.75), pt(a / 2, r * 0.75), pt(-a / 2, -r * 0.75), pt(a / 2, -r * 0.75)] };
    case 'bricks': {
      const corners = [pt(-a, -r), pt(a, -r), pt(a, r), pt(-a, r)];
      return { svg: `<path d="M${corners.map((p) => p.map(n).join(' ')).join('L')}Z" fill="none"/>`, outline: corners };
    }
    case 'scales': {
      // A half oval, flat side on one edge of the band: a row of them reads as scales.
      const outline = [pt(-a, -r), pt(a, -r), ...Array.from({ length: 9 }, (_, i) => pt(a * Math.cos((i * Math.PI) / 8), -r + 2 * r * Math.sin((i * Math.PI) / 8)))];
      return { svg: `<path d="M${at(-a, -r)}L${at(a, -r)}A${n(a)} ${n(2 * r)} ${angle} 0 1 ${at(-a, -r)}Z" fill="none"/>`, outline };
    }
    case 'zigzag': {
      // Triangles pointing in and out in turn.
      const s = index % 2 ? 1 : -1;
      const corners = [pt(-a, s * r), pt(a, s * r), pt(0, -s * r)];
      return { svg: `<path d="M${corners.map((p) => p.map(n).join(' ')).join('L')}Z" fill="none"/>`, outline: corners };
    }
    case 'swirls':
      // An oval cut by an S through its centre: two closed halves.
      return { svg: oval + `<path d="M${at(-a, 0)}C${at(-a * 0.2, -r * 1.2)} ${at(a * 0.2, r * 1.2)} ${at(a, 0)}" fill="none"/>`, outline: ellipsePoints(a, r) };
    case 'flowers': {
      // Five round petals round a centre, one outline.
      const petals = 5;
      const rr = r * 0.62;
      let d = '';
      const outline: Point[] = [];
      for (let i = 0; i <= petals; i++) {
        const angleAt = (i * 2 * Math.PI) / petals + index;
        d += i === 0 ? `M${at(Math.cos(angleAt) * rr, Math.sin(angleAt) * rr)}` : `A${n(r * 0.37)} ${n(r * 0.37)} 0 0 1 ${at(Math.cos(angleAt) * rr, Math.sin(angleAt) * rr)}`;
        outline.push(pt(Math.cos(angleAt + Math.PI / petals) * r, Math.sin(angleAt + Math.PI / petals) * r));
      }
      return { svg: `<path d="${d}Z" fill="none"/>`, outline };
    }
  }
}

export interface ZentangleOptions {
  /** 'bands': a band of cells and a band of motifs inside each large area's edge (teen); 'full': bands all the way in (adult). */
  level: DetailLevel;
  lineWidthPx: number;
  random: Random;
}

type BandKind = 'plain' | 'cells' | 'zigzag' | 'motifs';

/**
 * Band widths on paper from an area's edge inwards: a plain band along the subject's own line,
 * then cells (the band cut across at intervals) and motifs in turn. Teen pages stop after one of
 * each, so the middle of each area stays plain.
 */
const BANDS: Record<DetailLevel, { width: number; kind: BandKind }[]> = {
  bands: [{ width: 5, kind: 'plain' }, { width: 6, kind: 'cells' }, { width: 10, kind: 'motifs' }],
  full: [
    { width: 3.5, kind: 'plain' }, { width: 4.5, kind: 'cells' }, { width: 8, kind: 'motifs' }, { width: 5, kind: 'zigzag' },
    { width: 8, kind: 'motifs' }, { width: 4.5, kind: 'cells' }, { width: 8, kind: 'motifs' }, { width: 5, kind: 'zigzag' },
  ],
};
/** Cuts across a band of cells, on paper. */
const CELL_MM: Record<DetailLevel, number> = { bands: 7, full: 5 };
/** The least white gap between a motif and any other line (the checker's leak gap is 0.8 mm). */
const GAP_MM = 1.05;
/** An area thinner than this (its middle this far from its edge) gets its bands narrowed, down to MIN_SQUEEZE. */
const MIN_SQUEEZE = 0.6;

/**
 * Bands, cells and motifs inside a placed subject's large white areas, as SVG in page pixels
 * (fill none, so the coloured preview keeps the artist's colours underneath).
 */
export async function drawZentangle(p: Placement, opts: ZentangleOptions): Promise<string> {
  const { level, lineWidthPx, random } = opts;
  const [l, t, r, b] = p.subject.bounds;
  const span = Math.max(r - l, b - t);
  const cell = span / GRID;
  const map = await areaMap(p, lineWidthPx / p.scale);
  const mm = PX_PER_MM;
  const pxPerCell = cell * p.scale;
  const mmPerCell = pxPerCell / mm;
  if (mmPerCell > 1.2) return '';
  const toPage = ([gx, gy]: Point): Point => {
    const ux = l + gx * cell;
    const uy = t + gy * cell;
    return [p.flip ? p.left + (r - ux) * p.scale : p.left + (ux - l) * p.scale, p.bottom - (b - uy) * p.scale];
  };
  const toGrid = ([px, py]: Point): Point => [((p.flip ? r - (px - p.left) / p.scale : l + (px - p.left) / p.scale) - l) / cell, (b - (p.bottom - py) / p.scale - t) / cell];
  const bands = BANDS[level];
  const edges: number[] = [];
  bands.reduce((sum, band) => (edges.push(sum + band.width), sum + band.width), 0);
  // Each area's distance field in paper millimetres, squeezed for thin areas so that they still
  // get their first band of cells (never below MIN_SQUEEZE: cells would get too small to colour).
  const deepest = new Float32Array(map.areas.length);
  for (let i = 0; i < map.dist.length; i++) deepest[map.labels[i]] = Math.max(deepest[map.labels[i]], map.dist[i] * mmPerCell);
  const needed = edges[1] + 1.5;
  const squeeze = Array.from(deepest, (d) => Math.max(MIN_SQUEEZE, Math.min(1, d / needed)));
  const field = new Float32Array(map.dist.length);
  const patterned = (label: number): boolean => label > 0 && deepest[label] >= edges[1] * MIN_SQUEEZE + 1 && map.areas[label] * mmPerCell * mmPerCell >= 150;
  for (let i = 0; i < field.length; i++) field[i] = patterned(map.labels[i]) ? (map.dist[i] * mmPerCell) / squeeze[map.labels[i]] : 0;
  // The subject's lines are a raster of cells: a light blur makes the level lines smooth curves.
  blur(field);
  blur(field);
  const fieldAt = (q: Point): number => sampleGrid(field, toGrid(q));
  const labelAt = (q: Point): number => {
    const [gx, gy] = toGrid(q);
    return map.labels[Math.min(GRID - 1, Math.max(0, Math.round(gy))) * GRID + Math.min(GRID - 1, Math.max(0, Math.round(gx)))];
  };
  // A loop enclosing less than this would be a sliver the cleanup inks black.
  const minLoopCells = 14 / (mmPerCell * mmPerCell);
  const step = (1.6 * mm) / pxPerCell;
  // The level lines, in page pixels, as drawn (Catmull-Rom through these points).
  const gridLoops = edges.map((edge) => levelLines(field, GRID, edge).filter((loop) => loopArea(loop) >= minLoopCells));
  // An inset line with no band of cells inside it would only double the subject's outline.
  const banded = new Set(gridLoops[1]?.map((loop) => map.labels[Math.round(loop[0][1]) * GRID + Math.round(loop[0][0])]) ?? []);
  gridLoops[0] = gridLoops[0].filter((loop) => banded.has(map.labels[Math.round(loop[0][1]) * GRID + Math.round(loop[0][0])]));
  const lines: Point[][][] = gridLoops.map((loops) => loops.map((loop) => resample(smoothLoop(loop), step).map(({ at }) => toPage(at))));
  const out: string[] = [];
  // Areas too thin for bands (a dragon's neck, a horse's leg) are cut across instead: stripes.
  const thin = new Set<number>();
  map.areas.forEach((area, label) => {
    if (label > 0 && !banded.has(label) && deepest[label] >= 2 && area * mmPerCell * mmPerCell >= 80) thin.add(label);
  });
  if (thin.size) out.push(stripes(map, thin, { toPage, pxPerCell, spacingPx: CELL_MM[level] * mm * 1.1, lineWidthPx, minCellPx: (level === 'full' ? 10 : 18) * mm * mm }));
  for (const loops of lines) for (const loop of loops) out.push(`<path d="${smoothClosedPath(loop)}" fill="none"/>`);
  const placed: { c: Point; reach: number }[] = [];
  const motifChoice = new Map<string, Motif>();
  const offset = random.int(0, ALL_MOTIFS.length - 1);
  bands.forEach((band, k) => {
    if (k === 0 || band.kind === 'plain' || !lines[k - 1].length) return;
    if (band.kind === 'cells' || band.kind === 'zigzag') {
      // A cell smaller than this (about twice what the cleanup inks) is not cut off.
      const minCellPx = (level === 'full' ? 10 : 18) * mm * mm;
      if (lines[k].length) out.push(cellCuts(lines[k - 1], lines[k], CELL_MM[level] * mm, band.width * 1.8 * mm, lineWidthPx, band.kind === 'zigzag', minCellPx));
      return;
    }
    const lower = edges[k - 1];
    const upper = edges[k];
    const middle = levelLines(field, GRID, (lower + upper) / 2).filter((loop) => loopArea(loop) >= minLoopCells * 0.5);
    for (const loop of middle) {
      const stops = resample(smoothLoop(loop), 1);
      const label = labelAt(toPage(stops[0].at));
      const squeezeHere = squeeze[label] ?? 1;
      // Half the band, less the lines' half widths and a gap each side, in real millimetres, and
      // a fifth to spare where the band bends.
      const across = ((band.width * squeezeHere * mm) / 2 - lineWidthPx - GAP_MM * mm) * 0.8;
      if (across < 1.2 * mm) continue;
      const palette = (level === 'full' ? ALL_MOTIFS : SIMPLE_MOTIFS).filter((m) => !SPLIT_MOTIFS.has(m) || across >= 2 * mm);
      const key = `${label}|${k}`;
      if (!motifChoice.has(key)) motifChoice.set(key, palette[(offset + motifChoice.size) % palette.length]);
      const kind = motifChoice.get(key)!;
      const along = kind === 'flowers' ? across : across * 1.6;
      const gapPx = lineWidthPx + GAP_MM * mm;
      const margin = (lineWidthPx / mm + GAP_MM) / squeezeHere;
      resample(smoothLoop(loop), (2 * along + gapPx) / pxPerCell).forEach(({ at, tangent }, index) => {
        const c = toPage(at);
        const reach = Math.hypot(along, across);
        // Clear of every motif placed already (a tight loop brings its own round again).
        if (placed.some((m) => Math.hypot(m.c[0] - c[0], m.c[1] - c[1]) < m.reach + reach + gapPx)) return;
        const pageTangent: Point = [p.flip ? -tangent[0] : tangent[0], tangent[1]];
        const shape = motif(kind, c, pageTangent, along, across, index, across >= 1.8 * mm);
        // Inside its band all round, or not at all (where the band bends sharply).
        if (!shape.outline.every((q) => {
          const d = fieldAt(q);
          return d >= lower + margin && d <= upper - margin;
        })) return;
        placed.push({ c, reach });
        out.push(shape.svg);
      });
    }
  });
  return out.join('');
}

interface StripeContext {
  toPage: (q: Point) => Point;
  pxPerCell: number;
  spacingPx: number;
  lineWidthPx: number;
  minCellPx: number;
}

/** A grid's value between its cells (bilinear), at a point in grid units clamped to the grid. */
function sampleGrid(values: ArrayLike<number>, [gx, gy]: Point): number {
  const x = Math.min(GRID - 2, Math.max(0, Math.floor(gx)));
  const y = Math.min(GRID - 2, Math.max(0, Math.floor(gy)));
  const fx = Math.min(1, Math.max(0, gx - x));
  const fy = Math.min(1, Math.max(0, gy - y));
  const i = y * GRID + x;
  return (values[i] * (1 - fx) + values[i + 1] * fx) * (1 - fy) + (values[i + GRID] * (1 - fx) + values[i + GRID + 1] * fx) * fy;
}

/**
 * Cuts straight across thin areas, at intervals along their middle: from one of the subject's
 * lines to the other, found by walking the distance map out to zero on each side. A cut that
 * would end at a face's plain disc rather than a line, or cross another cut, is left out.
 */
function stripes(map: AreaMap, labels: Set<number>, ctx: StripeContext): string {
  const { dist } = map;
  const at = (g: Point): number => sampleGrid(dist, g);
  const labelAt = ([gx, gy]: Point): number => map.labels[Math.min(GRID - 1, Math.max(0, Math.round(gy))) * GRID + Math.min(GRID - 1, Math.max(0, Math.round(gx)))];
  const deepest = new Float32Array(map.areas.length);
  for (let i = 0; i < dist.length; i++) deepest[map.labels[i]] = Math.max(deepest[map.labels[i]], dist[i]);
  const cuts: [Point, Point][] = [];
  const middles: Point[] = [];
  const spacingCells = ctx.spacingPx / ctx.pxPerCell;
  // The middle of each thin area: a level line a little inside its deepest ridge.
  for (const loop of levelLines(dist, GRID, 1.2)) {
    const label = labelAt(loop[0]);
    if (!labels.has(label)) continue;
    for (const { at: q, tangent } of resample(smoothLoop(loop), spacingCells / 3)) {
      // Across: one side meets the near line at once, the other crosses the area to the far one.
      const normal: Point = [-tangent[1], tangent[0]];
      const ends: Point[] = [];
      for (const sign of [1, -1]) {
        let lo = 0;
        let hi = 0;
        for (let t = 0.25; t < 40; t += 0.25) {
          if (at([q[0] + sign * normal[0] * t, q[1] + sign * normal[1] * t]) <= 0.05) {
            hi = t;
            break;
          }
          lo = t;
        }
        if (hi === 0) break;
        for (let i = 0; i < 12; i++) {
          const mid = (lo + hi) / 2;
          if (at([q[0] + sign * normal[0] * mid, q[1] + sign * normal[1] * mid]) <= 0.05) hi = mid;
          else lo = mid;
        }
        const end: Point = [q[0] + sign * normal[0] * hi, q[1] + sign * normal[1] * hi];
        // Just past the end there must be a line (ink), not more of the same area (a face's disc).
        if (labelAt([end[0] + sign * normal[0] * 1.5, end[1] + sign * normal[1] * 1.5]) === label) break;
        // Head-on only: a cut meeting a line at a slant leaves a sliver beside it that prints black.
        if (at([end[0] - sign * normal[0] * 2.5, end[1] - sign * normal[1] * 2.5]) < 2.5 * 0.85) break;
        ends.push(end);
      }
      if (ends.length < 2) continue;
      const [a, b] = ends.map(ctx.toPage);
      const middle: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      // Only across: a cut longer than the area is wide runs along it.
      if (length > 2.4 * deepest[label] * ctx.pxPerCell || length < ctx.lineWidthPx * 3) continue;
      if (middles.some((m) => Math.hypot(m[0] - middle[0], m[1] - middle[1]) < ctx.spacingPx)) continue;
      if (cuts.some(([c, d]) => segmentsCross(a, b, c, d) || Math.min(distanceToSegment(c, a, b), distanceToSegment(d, a, b)) < ctx.spacingPx * 0.4)) continue;
      if (length * ctx.spacingPx < ctx.minCellPx) continue;
      cuts.push([a, b]);
      middles.push(middle);
    }
  }
  if (!cuts.length) return '';
  // Each end runs on into the line it meets (half the line's width, and a quarter cell for the
  // map's precision), so the stripe closes.
  const over = ctx.lineWidthPx * 0.5 + ctx.pxPerCell * 0.25;
  return `<path d="${cuts
    .map(([a, b]) => {
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const ux = (b[0] - a[0]) / length;
      const uy = (b[1] - a[1]) / length;
      return `M${n(a[0] - ux * over)} ${n(a[1] - uy * over)}L${n(b[0] + ux * over)} ${n(b[1] + uy * over)}`;
    })
    .join('')}" fill="none"/>`;
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point): number => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t);
}

/** Where a ray from `from` along `dir` first meets one of `loops` (within `maxDist`), or null. */
function rayHit(from: Point, dir: Point, loops: Point[][], maxDist: number): { at: Point; dist: number } | null {
  let best: { at: Point; dist: number } | null = null;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i++) {
      const a = loop[i];
      const b = loop[(i + 1) % loop.length];
      const ex = b[0] - a[0];
      const ey = b[1] - a[1];
      const denom = dir[0] * ey - dir[1] * ex;
      if (Math.abs(denom) < 1e-9) continue;
      const wx = a[0] - from[0];
      const wy = a[1] - from[1];
      const s = (wx * ey - wy * ex) / denom;
      const u = (wx * dir[1] - wy * dir[0]) / denom;
      if (s > 0 && s <= maxDist && u >= 0 && u <= 1 && (!best || s < best.dist)) best = { at: [from[0] + dir[0] * s, from[1] + dir[1] * s], dist: s };
    }
  }
  return best;
}

/**
 * Cuts across the band between two sets of level lines: from points on the outer lines straight
 * in to where they meet the inner ones, so every cell is closed by lines that really touch.
 */
function cellCuts(outer: Point[][], inner: Point[][], spacingPx: number, maxLength: number, lineWidthPx: number, zigzag: boolean, minCellPx: number): string {
  const cuts: string[] = [];
  const ends: Point[] = [];
  for (const loop of outer) {
    // Zigzag bands: each cell also cut corner to corner, the other way in the next one.
    let previous: [Point, Point] | null = null;
    let first: [Point, Point] | null = null;
    const diagonal = (a: [Point, Point], b: [Point, Point], flip: boolean): string => (flip ? `M${n(a[0][0])} ${n(a[0][1])}L${n(b[1][0])} ${n(b[1][1])}` : `M${n(a[1][0])} ${n(a[1][1])}L${n(b[0][0])} ${n(b[0][1])}`);
    let sinceLast = Infinity;
    for (let i = 0; i < loop.length; i++) {
      const prev = loop[(i - 1 + loop.length) % loop.length];
      const next = loop[(i + 1) % loop.length];
      sinceLast += Math.hypot(loop[i][0] - prev[0], loop[i][1] - prev[1]);
      if (sinceLast < spacingPx) continue;
      const tx = next[0] - prev[0];
      const ty = next[1] - prev[1];
      const length = Math.hypot(tx, ty) || 1;
      // Whichever side of the line the inner lines lie on.
      let hit: { at: Point; dist: number } | null = null;
      for (const sign of [1, -1]) {
        const h = rayHit(loop[i], [(sign * -ty) / length, (sign * tx) / length], inner, maxLength);
        if (h && (!hit || h.dist < hit.dist)) hit = h;
      }
      if (!hit) continue;
      // Cells too small to colour where the band bends: keep the inner ends apart as well.
      if (ends.some((e) => Math.hypot(e[0] - hit.at[0], e[1] - hit.at[1]) < spacingPx * 0.55)) continue;
      if (previous && quadArea(previous[0], loop[i], hit.at, previous[1]) < minCellPx) continue;
      const [x0, y0] = loop[i];
      const over = lineWidthPx * 0.3;
      const ux = (hit.at[0] - x0) / hit.dist;
      const uy = (hit.at[1] - y0) / hit.dist;
      cuts.push(`M${n(x0 - ux * over)} ${n(y0 - uy * over)}L${n(hit.at[0] + ux * over)} ${n(hit.at[1] + uy * over)}`);
      ends.push(hit.at);
      sinceLast = 0;
      const cut: [Point, Point] = [loop[i], hit.at];
      // A cell cut corner to corner only when both halves stay big enough to colour.
      const splits = (a: [Point, Point], b: [Point, Point]): boolean => Math.hypot(a[1][0] - b[1][0], a[1][1] - b[1][1]) < spacingPx * 2 && quadArea(a[0], b[0], b[1], a[1]) >= minCellPx * 2.5;
      if (zigzag && previous && splits(previous, cut)) cuts.push(diagonal(previous, cut, ends.length % 2 === 0));
      previous = cut;
      first ??= cut;
    }
    if (zigzag && previous && first && previous !== first && Math.hypot(previous[1][0] - first[1][0], previous[1][1] - first[1][1]) < spacingPx * 2 && quadArea(previous[0], first[0], first[1], previous[1]) >= minCellPx * 2.5) {
      cuts.push(diagonal(previous, first, ends.length % 2 === 1));
    }
  }
  return cuts.length ? `<path d="${cuts.join('')}" fill="none"/>` : '';
}

/** Area of a quadrilateral given in order round it. */
function quadArea(a: Point, b: Point, c: Point, d: Point): number {
  return Math.abs((a[0] * b[1] - b[0] * a[1]) + (b[0] * c[1] - c[0] * b[1]) + (c[0] * d[1] - d[0] * c[1]) + (d[0] * a[1] - a[0] * d[1])) / 2;
}

/** A 3×3 box blur in place (the border rows and columns stay as they are: ink). */
function blur(field: Float32Array): void {
  const copy = field.slice();
  for (let y = 1; y < GRID - 1; y++)
    for (let x = 1; x < GRID - 1; x++) {
      const i = y * GRID + x;
      if (copy[i] === 0) continue;
      field[i] = (copy[i - GRID - 1] + copy[i - GRID] + copy[i - GRID + 1] + copy[i - 1] + copy[i] + copy[i + 1] + copy[i + GRID - 1] + copy[i + GRID] + copy[i + GRID + 1]) / 9;
    }
}

/** Two rounds of corner cutting: the level line's cell-sized steps become a smooth curve. */
function smoothLoop(loop: Point[]): Point[] {
  let points = loop;
  for (let round = 0; round < 2; round++) {
    const next: Point[] = [];
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i];
      const [x1, y1] = points[(i + 1) % points.length];
      next.push([x0 * 0.75 + x1 * 0.25, y0 * 0.75 + y1 * 0.25], [x0 * 0.25 + x1 * 0.75, y0 * 0.25 + y1 * 0.75]);
    }
    points = next;
  }
  return points;
}

/**
 * The point of a placed subject farthest from its lines (and from the frame of its silhouette),
 * in page pixels, with that distance: where a face can be drawn on a thing (a kawaii donut).
 * Prefers the lower middle of the subject, where a face sits on a cupcake or a strawberry.
 */
export async function clearestSpot(p: Placement, lineWidthPx: number): Promise<{ x: number; y: number; r: number } | null> {
  const [l, t, r, b] = p.subject.bounds;
  const span = Math.max(r - l, b - t);
  const cell = span / GRID;
  const map = await areaMap(p, lineWidthPx / p.scale);
  const midX = ((l + r) / 2 - l) / cell;
  const midY = (t + (b - t) * 0.58 - t) / cell;
  let best = -1;
  let score = 0;
  for (let i = 0; i < map.dist.length; i++) {
    if (map.dist[i] <= 0) continue;
    const x = i % GRID;
    const y = (i - x) / GRID;
    // Distance to the lines, a little less the farther from the lower middle.
    const s = map.dist[i] - 0.04 * Math.hypot(x - midX, y - midY);
    if (s > score) {
      score = s;
      best = i;
    }
  }
  if (best < 0) return null;
  const gx = best % GRID;
  const gy = (best - gx) / GRID;
  const ux = l + (gx + 0.5) * cell;
  const uy = t + (gy + 0.5) * cell;
  return { x: p.flip ? p.left + (r - ux) * p.scale : p.left + (ux - l) * p.scale, y: p.bottom - (b - uy) * p.scale, r: map.dist[best] * cell * p.scale };
}

