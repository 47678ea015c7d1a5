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
 * lit shirt can pass for skin, and it runs out of the frame).
 */
export function findFaces(skin: Uint8Array, width: number, height: number): { labels: Int32Array; faces: Face[] } {
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
  const faces = boxes.slice(1).filter((box) => {
    const w = box.x1 - box.x0 + 1;
    const h = box.y1 - box.y0 + 1;
    return h >= 0.7 * w && h <= 2.4 * w && box.y1 < height - 1 && box.area >= FACE_SHARE.min * n && box.area <= FACE_SHARE.max * n;
  });
  faces.sort((a, b) => b.area - a.area || a.label - b.label);
  return { labels, faces };
}

/** Most holes a face has: eyes, brows, nostrils, a mouth, a glint or two. */
const MAX_FEATURES = 9;

/** Most faces whose features a page draws (a family photo, a team). */
const MAX_FACES = 6;

/**
 * The holes in each face's patch of skin — pixels of its box that are not of the patch and cannot
 * reach the box's edge without crossing it — one pixel list per hole, in raster order, for the
 * patches that have a pair of eyes among their holes. Holes of fewer than `minArea` pixels, or of
 * more than `maxShare` of their face, are left out.
 */
export function faceHoles(skin: Uint8Array, width: number, height: number, minArea: number, maxShare = 0.12): number[][] {
  const { labels, faces } = findFaces(skin, width, height);
  const holes: number[][] = [];
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
    if (found.length > MAX_FEATURES || !hasEyePair(found, bw, bh)) continue;
    for (const members of found) holes.push(members.map((q) => (y0 + Math.floor(q / bw)) * width + x0 + (q % bw)));
  }
  return holes;
}

/**
 * Whether two of a face's holes (cells of its box, bw × bh) could be its eyes: of like size, side
 * by side (level within a tenth of the box's height, apart by a sixth to two thirds of its
 * width), in the upper two thirds of the box.
 */
function hasEyePair(holes: number[][], bw: number, bh: number): boolean {
  const centres = holes.map((cells) => {
    let x = 0;
    let y = 0;
    for (const q of cells) {
      x += q % bw;
      y += Math.floor(q / bw);
    }
    return { x: x / cells.length, y: y / cells.length, area: cells.length };
  });
  for (let a = 0; a < centres.length; a++) {
    for (let b = a + 1; b < centres.length; b++) {
      const p = centres[a];
      const q = centres[b];
      const level = Math.abs(p.y - q.y) <= 0.1 * bh;
      const apart = Math.abs(p.x - q.x);
      const alike = Math.min(p.area, q.area) >= 0.33 * Math.max(p.area, q.area);
      if (level && alike && apart >= bw / 6 && apart <= (2 * bw) / 3 && Math.max(p.y, q.y) <= (2 * bh) / 3) return true;
    }
  }
  return false;
}
