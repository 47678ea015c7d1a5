/**
 * Small marks that make a subject recognisable — eyes, nostrils, a mouth, the white patch round a
 * penguin's eye — kept on the page however coarse the difficulty. The merging (photo-regions.ts)
 * removes every region smaller than the difficulty's smallest colourable area, and an eye is
 * always smaller: a toddler page of a cat had no eyes. A coloring book draws such marks anyway,
 * pupils filled in. Here a mark is a blob inside a subject region whose lightness stands far
 * from that region's mean and steps sharply at its edge (a shading highlight fades out); it is
 * split off as its own region. Small near-black marks are drawn filled, the rest outlined.
 */
import type { Difficulty } from '@studio/contracts/constants';
import { pageSizeForRatio, PX_PER_MM } from '@studio/contracts/page';
import { labelComponents } from '../raster/label-components';
import { markOutside } from '../raster/box-holes';
import { centreOf } from '../raster/pixel-centre';
import type { Segmentation } from './segment-regions';

/** Sizes of a mark on paper, mm². A dark mark is drawn at least MIN_FILLED_MM2 big. */
const DARK_MM2 = { min: 1, max: 60 };
/** Least area of a filled mark on paper, mm²: smaller, the checker would call it a speck (2 mm²). */
export const MIN_FILLED_MM2 = 3;
/** A light mark is drawn as an outline, so it must be big enough to leave paper inside. */
const LIGHT_MM2 = { min: 12, max: 150 };
/**
 * A dark mark is filled when it is near black and small (a pupil, a nostril); a larger or browner
 * one (a dog's ear, a patch) is outlined like a light one, to be coloured.
 */
const FILL_MAX_L = 40;
const FILL_MAX_MM2 = 40;
/** Least lightness difference (CIELAB L) and colour difference (ΔE) between a mark and its region's mean. */
const MIN_LIGHTNESS_STEP = 20;
const MIN_COLOUR_STEP = 28;
/** Largest share of its region a mark may take: more is a part of the subject, not a mark on it. */
const MAX_REGION_SHARE = 0.3;
/**
 * Least lightness step between a mark and the ring of pixels just outside it: an eye has a crisp
 * edge; a highlight of shading on a round body fades out and is not a mark.
 */
const MIN_EDGE_STEP = 20;
/** A dark mark darker than this (CIELAB L) is near black, and its edge step may be as low as NEAR_BLACK_EDGE_STEP. */
const NEAR_BLACK_L = 20;
const NEAR_BLACK_EDGE_STEP = 10;
/** Width of that ring, working pixels. */
const RING = 2;
/** Largest share of a mark's edge pixels that may touch another region: eyes sit inside the head. */
const MAX_EDGE_CONTACT = 0.3;
/**
 * Lightness steps below its region's mean at which dark marks are looked for, in turn: an eye
 * next to a shadow joins it into one blob too large for a mark at the first step, and stands
 * alone, the darkest part of it, at a deeper one.
 */
const DARK_LEVELS = [MIN_LIGHTNESS_STEP, 30, 40, 55];
/** A region with more candidate marks than this is textured (spots, fur, gravel): none are kept. */
const TEXTURE_MARKS = 6;
/** Most marks a page keeps, strongest first. */
const MAX_MARKS: Record<Difficulty, number> = { toddler: 6, children: 10, teen: 16, adult: 24 };

export interface FeatureMarks {
  /** The regions with each mark split off as a region of its own (labels after the original ones). */
  regions: Segmentation;
  /** Per label of `regions`: 1 for a mark drawn filled (a pupil). */
  filled: Uint8Array;
  marks: number;
}

interface Candidate {
  region: number;
  /** Drawn filled (a near-black small mark), else outlined. */
  filled: boolean;
  pixels: number[];
  strength: number;
}

/** A paper area as a share of a portrait page: sizes on paper scale with the picture at any working size. */
export function paperShare(mm2: number): number {
  const page = pageSizeForRatio('3:4');
  return mm2 / ((page.width / PX_PER_MM) * (page.height / PX_PER_MM));
}

/** Least lightness step below its surround for a face's feature to be drawn filled (a pupil, a brow). */
const FACE_FILL_STEP = 8;

/**
 * Finds the marks inside the subject regions of `regions` (colour planes L, a, b at the same
 * size) and splits them off. `subject` flags the subject regions. `faceHoles` are the features
 * found inside faces (face-features.ts): each is a mark however faint its edge, before any other.
 */
export function splitFeatureMarks(
  regions: Segmentation,
  planes: Float32Array[],
  subject: Uint8Array,
  difficulty: Difficulty,
  faceHoles: number[][] = [],
): FeatureMarks {
  const { width, height, labels, count } = regions;
  const n = labels.length;
  const [L, A, B] = planes;
  const area = new Float64Array(count);
  const mean = new Float64Array(count * 3);
  for (let i = 0; i < n; i++) {
    const r = labels[i];
    area[r]++;
    mean[r * 3] += L[i];
    mean[r * 3 + 1] += A[i];
    mean[r * 3 + 2] += B[i];
  }
  for (let r = 0; r < count; r++) for (let c = 0; c < 3; c++) mean[r * 3 + c] /= Math.max(1, area[r]);

  // The pixels of the subject whose colour stands out from their region's mean, and each one's
  // lightness step from that mean: the levels below look at these only.
  const standing: number[] = [];
  const steps: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = labels[i];
    if (!subject[r]) continue;
    const dl = L[i] - mean[r * 3];
    const da = A[i] - mean[r * 3 + 1];
    const db = B[i] - mean[r * 3 + 2];
    if (dl * dl + da * da + db * db < MIN_COLOUR_STEP * MIN_COLOUR_STEP) continue;
    standing.push(i);
    // Rounded to float32, as the threshold tests below have always seen it.
    steps.push(Math.fround(dl));
  }

  const total = width * height;
  const candidates: Candidate[] = [];
  // Pixels of a dark mark already taken at a lower step: a deeper level looks only at the rest.
  const taken = new Uint8Array(n);
  for (const [dark, level] of [[false, MIN_LIGHTNESS_STEP], ...DARK_LEVELS.map((l) => [true, l] as const)] as const) {
    // 1 = a candidate pixel at this level.
    const kind = new Uint8Array(n);
    for (let k = 0; k < standing.length; k++) {
      const i = standing[k];
      if (!taken[i] && (dark ? steps[k] <= -level : steps[k] >= level)) kind[i] = 1;
    }
    const limits = dark ? DARK_MM2 : LIGHT_MM2;
    const minArea = Math.max(4, paperShare(limits.min) * total);
    const maxArea = paperShare(limits.max) * total;
    const parts = labelComponents(kind, width, height, 1, 8);
    // Pixels are gathered only for blobs of a mark's size: a textured photo has thousands of specks.
    const members = new Map<number, number[]>();
    const sized = new Uint8Array(parts.count + 1);
    for (let id = 1; id <= parts.count; id++) {
      if (parts.areas[id] >= minArea && parts.areas[id] <= maxArea && !parts.touchesBorder[id]) {
        members.set(id, []);
        sized[id] = 1;
      }
    }
    for (let i = 0; i < n; i++) if (sized[parts.labels[i]]) members.get(parts.labels[i])?.push(i);
    for (const [id, pixels] of members) {
      const mark = dark ? fillHoles(pixels, parts.labels, id, width) : pixels;
      const candidate = markCandidate(mark, dark, labels, planes, mean, area, width, height);
      if (!candidate) continue;
      candidates.push(candidate);
      if (dark) for (const i of mark) taken[i] = 1;
    }
  }

  const perRegion = new Map<number, number>();
  for (const c of candidates) perRegion.set(c.region, (perRegion.get(c.region) ?? 0) + 1);
  // Toddler pages: a textured region still gives up a pair of eyes (lonePairs). A toddler region
  // is often a whole animal (the ginger kitten's head and body: 8 marks, eyes, nose, mouth, paws),
  // which the count took for fur and left eyeless where the children page, its regions smaller,
  // drew both eyes (issue 38). Not where people's faces were found: their eyes come with the
  // face, and a pair on their clothes (the mariachi band's buttons) printed as stray blots.
  const eyePair = difficulty === 'toddler' && faceHoles.length === 0 ? lonePairs(candidates, width) : new Set<Candidate>();
  const faceMarks = faceCandidates(faceHoles, labels, planes, width, height);
  const inFace = new Set<number>();
  for (const c of faceMarks) for (const i of c.pixels) inFace.add(i);
  const kept = [
    ...faceMarks,
    ...candidates
      .filter((c) => ((perRegion.get(c.region) ?? 0) <= TEXTURE_MARKS || eyePair.has(c)) && !c.pixels.some((i) => inFace.has(i)))
      .sort((a, b) => b.strength - a.strength),
  ].slice(0, MAX_MARKS[difficulty]);

  const out = Int32Array.from(labels);
  const filled = new Uint8Array(count + kept.length);
  kept.forEach((c, k) => {
    for (const i of c.pixels) out[i] = count + k;
    if (c.filled) filled[count + k] = 1;
  });
  return { regions: { width, height, labels: out, count: count + kept.length }, filled, marks: kept.length };
}

/**
 * The blob `mark` as a candidate mark of the region most of it lies in, or null when it is no
 * mark: too much of its region, touching other regions that look different (eyes sit inside the
 * head), or not standing out from the ring just round it (a shading highlight fades out).
 */
function markCandidate(
  mark: number[],
  dark: boolean,
  labels: Int32Array,
  planes: Float32Array[],
  mean: Float64Array,
  area: Float64Array,
  width: number,
  height: number,
): Candidate | null {
  const n = width * height;
  const total = n;
  // The region the mark lies in (the merging may have cut a line through it).
  const region = majorityLabel(mark, labels);
  if (mark.length > MAX_REGION_SHARE * area[region]) return null;
  const inMark = new Set(mark);
  let edge = 0;
  let contact = 0;
  let contrast = 0;
  for (const i of mark) {
    contrast += Math.abs(planes[0][i] - mean[region * 3]);
    const x = i % width;
    const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
    let onEdge = false;
    let touches = false;
    for (const j of neighbours) {
      if (j < 0 || j >= n || inMark.has(j)) continue;
      onEdge = true;
      // Another region counts only where it looks different: a cut of the merging through a plain area does not.
      if (labels[j] !== region && colourStep(planes, j, mean, region) > MIN_COLOUR_STEP) touches = true;
    }
    if (onEdge) edge++;
    if (touches) contact++;
  }
  const lightness = meanOf(mark, planes[0]);
  const step = Math.abs(lightness - ringMean(mark, planes[0], width, height));
  // A near-black blob is a pupil or a nostril even where its surround is dark too (lids, the
  // shadow of a brow); shading that fades out is never that dark.
  const leastStep = dark && lightness < NEAR_BLACK_L ? NEAR_BLACK_EDGE_STEP : MIN_EDGE_STEP;
  if (contact > MAX_EDGE_CONTACT * Math.max(1, edge) || step < leastStep) return null;
  const filled = dark && lightness < FILL_MAX_L && mark.length <= paperShare(FILL_MAX_MM2) * total;
  // An outlined mark needs room for paper inside its line.
  if (!filled && mark.length < paperShare(LIGHT_MM2.min) * total) return null;
  return { region, filled, pixels: mark, strength: (contrast / mark.length) * Math.sqrt(mark.length) };
}

/**
 * A face's features as marks, largest first: filled where clearly darker than their surround
 * (pupils, brows, nostrils), outlined where there is room for paper inside (a smile with its
 * teeth, eyes with their whites), else left out. A pair (two holes of like size side by side:
 * eyes, brows) is drawn alike, filled when either is: the ring round one eye can catch hair or a
 * shadow the other's does not, and a face with one eye filled and one outlined looks wrong.
 */
function faceCandidates(holes: number[][], labels: Int32Array, planes: Float32Array[], width: number, height: number): Candidate[] {
  const total = width * height;
  const fillArea = paperShare(FILL_MAX_MM2) * total;
  const dark = holes.map((pixels) => ringMean(pixels, planes[0], width, height) - meanOf(pixels, planes[0]) >= FACE_FILL_STEP);
  const filled = holes.map((pixels, k) => dark[k] && pixels.length <= fillArea);
  const centres = holes.map((pixels) => centreOf(pixels, width));
  for (let a = 0; a < holes.length; a++) {
    for (let b = a + 1; b < holes.length; b++) {
      const [sizeA, sizeB] = [holes[a].length, holes[b].length];
      if (filled[a] === filled[b] || !likePair(sizeA, sizeB, centres[a], centres[b])) continue;
      // The pair is judged as one: dark if either is, small enough by its mean size.
      filled[a] = filled[b] = (dark[a] || dark[b]) && (sizeA + sizeB) / 2 <= fillArea;
    }
  }
  const out: Candidate[] = [];
  holes.forEach((pixels, k) => {
    if (!filled[k] && pixels.length < paperShare(LIGHT_MM2.min) * total) return;
    out.push({ region: majorityLabel(pixels, labels), filled: filled[k], pixels, strength: Infinity });
  });
  return out.sort((a, b) => b.pixels.length - a.pixels.length);
}

/** Farthest apart a pair of eyes lies, as a multiple of the larger's size (√area): the kitten's 4, two people's buttons more. */
const EYE_SPACING = 6;

/**
 * The strongest lone pair of candidates: two marks alike in kind and size, side by side
 * (likePair), close together, neither of which pairs with any other candidate. A pair of eyes on
 * a head; specks of fur or gravel each pair with many of their neighbours.
 */
function lonePairs(candidates: Candidate[], width: number): Set<Candidate> {
  const centres = candidates.map((c) => centreOf(c.pixels, width));
  const partners = candidates.map((c, a) =>
    candidates.flatMap((d, b) => (b !== a && c.filled === d.filled && likePair(c.pixels.length, d.pixels.length, centres[a], centres[b]) ? [b] : [])),
  );
  // The strongest lone pair whose marks are no further apart than EYE_SPACING of their size.
  let best: Candidate[] = [];
  let bestStrength = 0;
  for (let a = 0; a < candidates.length; a++) {
    const b = partners[a][0];
    if (partners[a].length !== 1 || partners[b].length !== 1 || b < a) continue;
    const size = Math.sqrt(Math.max(candidates[a].pixels.length, candidates[b].pixels.length));
    if (Math.hypot(centres[a].x - centres[b].x, centres[a].y - centres[b].y) > EYE_SPACING * size) continue;
    const strength = Math.min(candidates[a].strength, candidates[b].strength);
    if (strength > bestStrength) {
      best = [candidates[a], candidates[b]];
      bestStrength = strength;
    }
  }
  return new Set(best);
}

/**
 * Whether two features of a face (areas in pixels, centres) are a pair: alike in size (the
 * smaller at least half the larger) and side by side (level within the larger's size, apart by
 * more than it).
 */
function likePair(areaA: number, areaB: number, a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  const size = Math.sqrt(Math.max(areaA, areaB));
  return Math.min(areaA, areaB) >= 0.5 * Math.max(areaA, areaB) && Math.abs(a.y - b.y) <= size && Math.abs(a.x - b.x) > size;
}

/** CIELAB distance between pixel i and a region's mean colour. */
function colourStep(planes: Float32Array[], i: number, mean: Float64Array, region: number): number {
  const dl = planes[0][i] - mean[region * 3];
  const da = planes[1][i] - mean[region * 3 + 1];
  const db = planes[2][i] - mean[region * 3 + 2];
  return Math.sqrt(dl * dl + da * da + db * db);
}

/** The label most of `pixels` carry. */
function majorityLabel(pixels: number[], labels: Int32Array): number {
  const votes = new Map<number, number>();
  let best = labels[pixels[0]];
  let most = 0;
  for (const i of pixels) {
    const v = (votes.get(labels[i]) ?? 0) + 1;
    votes.set(labels[i], v);
    if (v > most) {
      most = v;
      best = labels[i];
    }
  }
  return best;
}

function meanOf(pixels: number[], plane: Float32Array): number {
  let sum = 0;
  for (const i of pixels) sum += plane[i];
  return sum / Math.max(1, pixels.length);
}

/** Mean of `plane` over the pixels within RING steps of `pixels` (4-connected), not in it. */
function ringMean(pixels: number[], plane: Float32Array, width: number, height: number): number {
  const seen = new Set(pixels);
  let front = pixels;
  let sum = 0;
  let count = 0;
  for (let r = 0; r < RING; r++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % width;
      const y = (i - x) / width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (j < 0 || seen.has(j)) continue;
        seen.add(j);
        next.push(j);
        sum += plane[j];
        count++;
      }
    }
    front = next;
  }
  return count > 0 ? sum / count : 0;
}

/**
 * The component's pixels with the holes inside it added (the white glint in a pupil): pixels of
 * its bounding box, not in it, that cannot reach the box's edge without crossing it.
 */
function fillHoles(pixels: number[], components: Int32Array, id: number, width: number): number[] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  // 0 = unknown, 1 = the component, 2 = reached from the box's edge.
  const state = new Uint8Array(bw * bh);
  for (const i of pixels) state[((i - (i % width)) / width - y0) * bw + (i % width) - x0] = 1;
  markOutside(state, bw, bh);
  const out = [...pixels];
  for (let p = 0; p < state.length; p++) {
    if (state[p] !== 0) continue;
    const i = (y0 + Math.floor(p / bw)) * width + x0 + (p % bw);
    if (components[i] !== id) out.push(i);
  }
  return out;
}
