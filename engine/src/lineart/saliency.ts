/**
 * Where the subject of a photo is, per pixel (0 = background, 1 = subject), from cues that need
 * no training: colour unlike the image border (the background prior: what touches the frame is
 * usually background), nearness to the centre, a little sharpness (a subject in focus against a
 * blurred background; little, because texture is sharp too), skin colour (faces and hands are
 * kept) and the body under a face (a portrait's shirt runs out of the frame). Computed on the
 * copy the boundary model sees.
 */
import type { RgbImage } from '../io/load-image';
import { recursiveGaussianBlur } from './recursive-blur';
import { rgbToLab } from './boundary-map';
import { findFaces, skinMask as findSkin } from './face-features';

/** Border strip pieces whose mean colours stand for the background. */
const BORDER_PIECES = 24;

/** Mean Lab colour of each piece of a strip along the frame, going round it. */
function borderColours(lab: Float32Array[], width: number, height: number): number[][] {
  const strip = Math.max(1, Math.round(Math.min(width, height) * 0.04));
  const perSide = BORDER_PIECES / 4;
  const colours: number[][] = [];
  const mean = (x0: number, y0: number, x1: number, y1: number): number[] => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * width + x;
        for (let c = 0; c < 3; c++) sum[c] += lab[c][i];
        count++;
      }
    }
    return sum.map((s) => s / Math.max(1, count));
  };
  for (let k = 0; k < perSide; k++) {
    const xa = Math.floor((k * width) / perSide);
    const xb = Math.floor(((k + 1) * width) / perSide);
    const ya = Math.floor((k * height) / perSide);
    const yb = Math.floor(((k + 1) * height) / perSide);
    colours.push(mean(xa, 0, xb, strip), mean(xa, height - strip, xb, height), mean(0, ya, strip, yb), mean(width - strip, ya, width, yb));
  }
  return colours;
}

/**
 * The k-th smallest of `values` (0-based), reordering them: Hoare's selection, linear on average
 * where a full sort of a photo's plane was most of the saliency's cost.
 */
function selectKth(values: Float32Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    // [left, j] ≤ pivot ≤ [i, right]; between them, values equal to the pivot.
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return values[k];
  }
  return values[k];
}

/** What the torso cue adds to a pixel's saliency before stretching (the skin cue adds up to 0.35). */
const TORSO_WEIGHT = 0.5;

/**
 * The body under a face: 1 where a pixel below the largest face-shaped patch of skin has the
 * colour just under its chin, within two face widths of its middle and three face heights below
 * it. A head-and-shoulders portrait's shirt runs out of the frame at the bottom, so the border
 * prior takes it for background, and a portrait printed as a head floating over the paper.
 * `lab` is the blurred CIELAB planes.
 */
function torsoBelowFace(skin: Uint8Array, lab: Float32Array[], width: number, height: number): Uint8Array {
  const n = width * height;
  const torso = new Uint8Array(n);
  const face = findFaces(skin, width, height).faces[0];
  if (!face) return torso;
  const { x0, x1, y1 } = face;
  const faceW = x1 - x0 + 1;
  const faceH = y1 - face.y0 + 1;
  const cx = (x0 + x1) / 2;
  // The shirt's colour: the mean under the chin, a face wide and a quarter face high.
  const top = y1 + 1;
  const bottom = Math.min(height, top + Math.max(2, Math.round(faceH / 4)));
  if (top >= height) return torso;
  const shirt = [0, 0, 0];
  let samples = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = Math.max(0, Math.round(cx - faceW / 2)); x <= Math.min(width - 1, Math.round(cx + faceW / 2)); x++) {
      for (let c = 0; c < 3; c++) shirt[c] += lab[c][y * width + x];
      samples++;
    }
  }
  for (let c = 0; c < 3; c++) shirt[c] /= samples;
  const xa = Math.max(0, Math.round(cx - 2 * faceW));
  const xb = Math.min(width - 1, Math.round(cx + 2 * faceW));
  const yb = Math.min(height - 1, y1 + 3 * faceH);
  for (let y = top; y <= yb; y++) {
    for (let x = xa; x <= xb; x++) {
      const i = y * width + x;
      const dl = lab[0][i] - shirt[0];
      const da = 1.5 * (lab[1][i] - shirt[1]);
      const db = 1.5 * (lab[2][i] - shirt[2]);
      if (dl * dl + da * da + db * db < TORSO_COLOUR_DISTANCE * TORSO_COLOUR_DISTANCE) torso[i] = 1;
    }
  }
  return torso;
}

/** Lab distance (a and b weighted 1.5, as the border prior) within which a pixel has the shirt's colour. */
const TORSO_COLOUR_DISTANCE = 18;

/**
 * Background prior: per pixel, the distance of its colour to the border colours, the fourth
 * nearest, so a subject that touches the frame in a few places is not taken for background. A
 * function of its own, so V8 compiles its loop fully; the four smallest distances are kept
 * sorted in locals (with an array filled and shifted per pixel, the whole saliency took 56–64
 * ms at 160,000 pixels instead of 44).
 */
function borderContrast(lab: Float32Array[], border: number[][]): Float32Array {
  const [L, A, B] = lab;
  const n = L.length;
  // One flat array, read in the innermost loop.
  const flat = Float64Array.from(border.flat());
  const contrast = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const l = L[i];
    const a = A[i];
    const b = B[i];
    let d0 = Infinity;
    let d1 = Infinity;
    let d2 = Infinity;
    let d3 = Infinity;
    for (let c = 0; c < flat.length; c += 3) {
      const dl = l - flat[c];
      const da = 1.5 * (a - flat[c + 1]);
      const db = 1.5 * (b - flat[c + 2]);
      const d = dl * dl + da * da + db * db;
      if (d >= d3) continue;
      if (d >= d2) d3 = d;
      else {
        d3 = d2;
        if (d >= d1) d2 = d;
        else {
          d2 = d1;
          if (d >= d0) d1 = d;
          else {
            d1 = d0;
            d0 = d;
          }
        }
      }
    }
    contrast[i] = Math.sqrt(d3);
  }
  return contrast;
}

/** Values stretched so the 5th percentile is 0 and the 95th is 1. */
function stretch(values: Float32Array): void {
  const copy = Float32Array.from(values);
  const lo = selectKth(copy, Math.floor(values.length * 0.05));
  const hi = selectKth(copy, Math.floor(values.length * 0.95));
  const span = hi - lo > 1e-6 ? hi - lo : 1;
  for (let i = 0; i < values.length; i++) values[i] = Math.min(1, Math.max(0, (values[i] - lo) / span));
}

/**
 * Subject likelihood per pixel of `image`, given the boundary probability the model computed on
 * it (its local density is the sharpness cue).
 * `bodyUnderFace` adds the torso cue (torsoBelowFace): subject-only pages only. On BSDS500 train
 * it cost 0.004 page-line F (a tan animal or sand passes for a face and lifts the ground under
 * it), while a portrait without it lost its shirt. `imageLab`: the image's CIELAB planes when
 * the caller has them already (read, not changed).
 */
export function subjectSaliency(
  image: RgbImage,
  boundary: Float32Array,
  bodyUnderFace = false,
  imageLab: Float32Array[] = rgbToLab(image),
  cues: SaliencyCues = saliencyCues(image, imageLab, bodyUnderFace),
): Float32Array {
  const { width, height } = image;
  const { contrast, skinMask, torso } = cues;
  const focus = recursiveGaussianBlur(boundary, width, height, Math.max(2, Math.min(width, height) / 25));
  stretch(focus);
  const saliency = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5) / height - 0.5;
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5) / width - 0.5;
      const i = y * width + x;
      // The centre prior is broad: subjects are rarely exactly in the middle.
      const centre = Math.exp(-(dx * dx + dy * dy) / (2 * 0.3 * 0.3));
      const skin = skinMask[i] ? 0.35 : 0;
      saliency[i] = Math.min(1, (0.85 * contrast[i] + 0.15 * focus[i]) * (0.4 + 0.6 * centre) + skin * centre + TORSO_WEIGHT * torso[i]);
    }
  }
  stretch(saliency);
  return recursiveGaussianBlur(saliency, width, height, saliencySmoothing(width, height));
}

/** The cues of subjectSaliency that do not depend on the boundaries (a page makes them on its second thread). */
export interface SaliencyCues {
  /** Background prior (borderContrast), stretched to 0..1. */
  contrast: Float32Array;
  skinMask: Uint8Array;
  /** 1 on the body under a face (torsoBelowFace), with `bodyUnderFace`; else all 0. */
  torso: Uint8Array;
}

function saliencySmoothing(width: number, height: number): number {
  return Math.max(1, Math.min(width, height) / 60);
}

export function saliencyCues(image: RgbImage, imageLab: Float32Array[], bodyUnderFace: boolean): SaliencyCues {
  const { width, height } = image;
  const smoothing = saliencySmoothing(width, height);
  const lab = imageLab.map((plane) => recursiveGaussianBlur(plane, width, height, smoothing));
  const contrast = borderContrast(lab, borderColours(lab, width, height));
  stretch(contrast);
  const skinMask = findSkin(image);
  const torso = bodyUnderFace ? torsoBelowFace(skinMask, lab, width, height) : new Uint8Array(width * height);
  return { contrast, skinMask, torso };
}

/**
 * Share of a people photo's subject-only saliency that the saliency itself keeps
 * (peopleSaliency): on a person 0.7 and up, elsewhere 0.3 at most, so the subject's threshold
 * (Otsu's, between the two) parts them whatever their colours, and a post or a wall the saliency
 * liked is background.
 */
const SALIENCY_SHARE = 0.3;

/** Least value of the person mask (person-mask.ts) on a person's pixel. */
export const ON_PERSON = 0.5;

/**
 * The saliency of a photo with people (decision 076): raised where the person mask (0..1 per
 * pixel, the same size) has a person, lowered elsewhere. Subject-only pages only; photos
 * without a face have no mask and keep the saliency as it is.
 */
export function peopleSaliency(saliency: Float32Array, mask: Float32Array): Float32Array {
  const out = new Float32Array(saliency.length);
  for (let i = 0; i < out.length; i++) out[i] = SALIENCY_SHARE * saliency[i] + (mask[i] >= ON_PERSON ? 1 - SALIENCY_SHARE : 0);
  return out;
}
