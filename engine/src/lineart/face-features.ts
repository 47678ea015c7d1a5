/**
 * Faces in a photo, found as patches of skin colour of a face's size and shape, and the features
 * inside them: eyes, brows, nostrils and the mouth are not skin-coloured, so within a face they
 * are holes in its patch of skin. A page of a portrait without eyes and mouth is not a portrait;
 * the features are handed to the subject's marks (feature-marks.ts) so every difficulty draws
 * them, whatever the merging kept.
 */
import type { RgbImage } from '../io/load-image';
import { labelComponents } from '../raster/label-components';
import { markOutside } from '../raster/box-holes';
import { centreOf } from '../raster/pixel-centre';

/** Whether an sRGB colour falls in the usual skin range (YCbCr chroma box, not too dark). */
export function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 60 && cb >= 80 && cb <= 125 && cr >= 138 && cr <= 170;
}

/** 1 for every pixel of skin colour. */
export function skinMask(image: RgbImage): Uint8Array {
  const { width, height, data } = image;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = isSkin(data[3 * i], data[3 * i + 1], data[3 * i + 2]) ? 1 : 0;
  return mask;
}

/** Share of the picture a face's patch of skin (with its neck) may take: the least, the most. */
const FACE_SHARE = { min: 0.002, max: 0.25 };

/** A face: a patch of skin (`label` in `labels`) and its box, inclusive. */
export interface Face {
  label: number;
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Patches of skin of a face's size and shape, largest first: with its neck about as wide as tall
 * and up to twice as tall (not a long arm or a strip of sand), stopping above the bottom edge (a
 * lit shirt can pass for skin, and it runs out of the frame). With `cutNecks`, each patch is
 * cut below its neck first (cutTail): faceFeatures does, as it takes only patches with a pair of
 * eyes; the saliency's guess at a face (the largest patch) does not, as more patches would pass
 * for one (a stripe of a flag behind a face it did not find).
 */
export function findFaces(skin: Uint8Array, width: number, height: number, cutNecks = false): { labels: Int32Array; faces: Face[] } {
  const n = width * height;
  const { labels, areas, count } = labelComponents(skin, width, height, 1);
  const boxes = Array.from({ length: count + 1 }, (_, label) => ({ label, area: areas[label], x0: width, y0: height, x1: -1, y1: -1 }));
  for (let i = 0; i < n; i++) {
    const label = labels[i];
    if (label === 0) continue;
    const x = i % width;
    const y = (i - x) / width;
    const box = boxes[label];
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  if (cutNecks) for (const box of boxes) if (box.area >= FACE_SHARE.min * n) cutTail(box, labels, width);
  const faces = boxes.slice(1).filter((box) => {
    const w = box.x1 - box.x0 + 1;
    const h = box.y1 - box.y0 + 1;
    return h >= 0.7 * w && h <= 2.4 * w && box.y1 < height - 1 && box.area >= FACE_SHARE.min * n && box.area <= FACE_SHARE.max * n;
  });
  faces.sort((a, b) => b.area - a.area || a.label - b.label);
  return { labels, faces };
}

/** Share of its widest row above under which a row of a patch is a tail, not a neck (widths as spans, cutTail). */
const TAIL_SHARE = 0.15;
/** Share of the widest row under which a row is neck; past the neck, widening by NECK_WIDENS is the shoulders. */
const NECK_SHARE = 0.6;
const NECK_WIDENS = 1.3;

/**
 * Cuts a patch below its neck: from the first row, below the widest, narrower than TAIL_SHARE of
 * it (a thin lit edge of a shirt that joins a neck to the bottom of the picture), or, past a neck
 * (rows under NECK_SHARE of the widest), wider again by NECK_WIDENS than the neck (shoulders, or
 * a shirt that passes for skin). The box and the area then hold the rows above only; the labels
 * are left as they are (a face's holes are looked for within its box).
 */
function cutTail(box: Face, labels: Int32Array, width: number): void {
  const rows = box.y1 - box.y0 + 1;
  const count = new Int32Array(rows);
  const x0 = new Int32Array(rows).fill(width);
  const x1 = new Int32Array(rows).fill(-1);
  for (let r = 0; r < rows; r++) {
    const row = (box.y0 + r) * width;
    for (let x = box.x0; x <= box.x1; x++) {
      if (labels[row + x] !== box.label) continue;
      count[r]++;
      if (x < x0[r]) x0[r] = x;
      x1[r] = x;
    }
  }
  // Widths are spans, first to last pixel of the row: the holes of eyes and mouth do not narrow a face.
  let widest = 0;
  let neck = Infinity;
  let cut = rows;
  for (let r = 0; r < rows; r++) {
    const span = count[r] > 0 ? x1[r] - x0[r] + 1 : 0;
    if (neck === Infinity && span > widest) widest = span;
    if (span < TAIL_SHARE * widest || span > NECK_WIDENS * neck) {
      cut = r;
      break;
    }
    if (span < NECK_SHARE * widest) neck = Math.min(neck, span);
  }
  if (cut === rows) return;
  box.y1 = box.y0 + cut - 1;
  box.area = 0;
  box.x0 = width;
  box.x1 = -1;
  for (let r = 0; r < cut; r++) {
    box.area += count[r];
    if (count[r] === 0) continue;
    box.x0 = Math.min(box.x0, x0[r]);
    box.x1 = Math.max(box.x1, x1[r]);
  }
}

/** Most holes a face has: eyes, brows, nostrils, a mouth, a glint or two. */
const MAX_FEATURES = 9;

/** Most faces whose features a page draws (a family photo, a team). */
const MAX_FACES = 6;

/**
 * How far below the eyes a face's chin lies, as a share of the width of its patch of skin: eyes
 * sit halfway down a head about 1.45 faces wide, so the chin is some 0.72 widths below them.
 * Below it the patch is neck.
 */
const CHIN_BELOW_EYES = 0.75;

/** Most CIELAB lightness difference from the skin of the cheeks for a pixel of the patch to be face. */
const FACE_LIGHTNESS_RANGE = 18;

/** Median lightness of the patch's pixels (state 1, cells of its box) in rows `from`..`to` of the box. */
function medianLightness(lightness: Float32Array, state: Uint8Array, x0: number, y0: number, bw: number, from: number, to: number, width: number): number {
  const values: number[] = [];
  for (let y = from; y <= to; y++) for (let x = 0; x < bw; x++) if (state[y * bw + x] === 1) values.push(lightness[(y0 + y) * width + x0 + x]);
  values.sort((a, b) => a - b);
  return values.length ? values[values.length >> 1] : 0;
}

/** The faces of a photo: their features, and where each face lies. */
export interface FaceFeatures {
  /** The holes in each face's patch of skin (eyes, brows, nostrils, a mouth), one pixel list each, in raster order. */
  holes: number[][];
  /**
   * Per pixel, 1 + the face's index for the skin of a face down to its chin (not its features),
   * 0 elsewhere.
   */
  faces: Int32Array;
}

/**
 * The faces among the patches of skin: those with a pair of eyes among their holes. Their holes
 * are the pixels of the patch's box that are not of the patch and cannot reach the box's edge
 * without crossing it. Holes of fewer than `minArea` pixels, or of more than `maxShare` of their
 * face, are left out. With `lightness` (CIELAB L per pixel), where the face lies holds only the
 * skin within FACE_LIGHTNESS_RANGE of the skin between its eyes and its chin: light brown hair
 * passes the skin test too, and is not face.
 */
export function faceFeatures(skin: Uint8Array, width: number, height: number, minArea: number, maxShare = 0.12, lightness?: Float32Array): FaceFeatures {
  const { labels, faces } = findFaces(skin, width, height, true);
  const holes: number[][] = [];
  const where = new Int32Array(width * height);
  let index = 0;
  for (const face of faces.slice(0, MAX_FACES)) {
    const { x0, y0, x1, y1, label } = face;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    // 0 = not the face, 1 = the face, 2 = outside (reached from the box's edge), 3 = taken into a hole.
    const state = new Uint8Array(bw * bh);
    for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) if (labels[(y0 + y) * width + x0 + x] === label) state[y * bw + x] = 1;
    markOutside(state, bw, bh);
    const found: number[][] = [];
    for (let p = 0; p < state.length; p++) {
      if (state[p] !== 0) continue;
      state[p] = 3;
      const members = [p];
      for (let k = 0; k < members.length; k++) {
        const q = members[k];
        const x = q % bw;
        for (const r of [x > 0 ? q - 1 : -1, x < bw - 1 ? q + 1 : -1, q - bw, q + bw]) {
          if (r < 0 || r >= state.length || state[r] !== 0) continue;
          state[r] = 3;
          members.push(r);
        }
      }
      if (members.length < minArea || members.length > maxShare * face.area) continue;
      found.push(members);
    }
    // Only a patch with a few holes, a pair of eyes among them, is a face: tan fur, sand or wood
    // pass for skin too, and their texture leaves many holes.
    const eyes = found.length > MAX_FEATURES ? null : eyeRow(found, bw, bh);
    if (eyes === null) continue;
    index++;
    const chin = Math.min(bh - 1, Math.round(eyes + CHIN_BELOW_EYES * bw));
    const skinL = lightness ? medianLightness(lightness, state, x0, y0, bw, Math.round(eyes), chin, width) : 0;
    for (let y = 0; y <= chin; y++) {
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * width + x0 + x;
        if (state[y * bw + x] === 1 && (!lightness || Math.abs(lightness[i] - skinL) <= FACE_LIGHTNESS_RANGE)) where[i] = index;
      }
    }
    for (const members of found) holes.push(members.map((q) => (y0 + Math.floor(q / bw)) * width + x0 + (q % bw)));
  }
  return { holes, faces: where };
}

/**
 * The row (in the box) of the lower of two of a face's holes (cells of its box, bw × bh) that
 * could be its eyes, or null: of like size, side by side (level within a tenth of the box's
 * height, apart by a sixth to two thirds of its width), in the upper two thirds of the box.
 */
function eyeRow(holes: number[][], bw: number, bh: number): number | null {
  const centres = holes.map((cells) => ({ ...centreOf(cells, bw), area: cells.length }));
  for (let a = 0; a < centres.length; a++) {
    for (let b = a + 1; b < centres.length; b++) {
      const p = centres[a];
      const q = centres[b];
      const level = Math.abs(p.y - q.y) <= 0.1 * bh;
      const apart = Math.abs(p.x - q.x);
      const alike = Math.min(p.area, q.area) >= 0.33 * Math.max(p.area, q.area);
      if (level && alike && apart >= bw / 6 && apart <= (2 * bw) / 3 && Math.max(p.y, q.y) <= (2 * bh) / 3) return Math.max(p.y, q.y);
    }
  }
  return null;
}
