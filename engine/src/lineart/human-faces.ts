/**
 * Which of the face model's finds are people's faces. The detector was trained on people, but on
 * the photo set it also fires on a calf's, a pony's, a sheep's, a kitten's and dogs' faces
 * (decision 055), and a human face drawn over a dog's is worse than the dog's own marks. Two
 * tests and the detector's least score (face-model.ts), measured on the real photo set at the
 * toddler, children and teen working sizes, keep every human face whose landmarks are usable:
 *
 * - shape: an animal's head is long or wide for its features, so its box (sized to a human head
 *   by the detector) is far wider than its eyes are apart and than its eyes are above its mouth.
 *   The smaller of the two ratios (a head turned aside brings the eyes together, not the mouth
 *   closer) is 1.6–2.6 on people, 3.2–3.7 on the calf, the pony and the sheep. Where the
 *   landmarks collapsed (a child looking down, the mouth put next to the eyes), both are large
 *   too, and such a face would be drawn wrong anyway. And a long muzzle makes the box tall: the
 *   German shepherd's is 2.0 times as tall as wide, people's 1.1–1.75 (30 faces of the real set
 *   and of BSDS500);
 * - colour: in a colour photo, a face the detector is unsure of (score under SURE_SCORE) must
 *   have cheeks mostly of skin colour (face-features.ts's test). It stops the beagle (0.67–0.79,
 *   cheeks 0.19–0.23 skin). It is kept for unsure finds only: the skin-colour box misses dark
 *   skin, skin in shade and skin in warm light, and applied to every find it dropped two of the
 *   three girls of BSDS 376001, two of the four swimmers of 370036, the drummer of val 229036 and
 *   the smiling man of val 85048 (cheeks 0.07–0.47 skin, scores 0.85–0.98). Dogs facing the
 *   camera that the detector is fairly sure of (the German shepherd 0.80–0.86, the darker spaniel
 *   0.85–0.92) would pass it; the shepherd is stopped by its box's height, and a dog with a short
 *   muzzle (the spaniel) passes for a face: no measure tried here (cheek colour, nose darkness,
 *   the box's shape, the recognition model's descriptor) tells it from people.
 *
 * A grey photo has no skin colour, so there the shape alone decides.
 */
import type { RgbImage } from '../io/load-image';
import { isSkin } from './face-features';
import { findFaceShapes, MIN_FACE_SCORE } from './face-model';
import type { FaceShape } from './face-model';

/** Most width of a face's box per distance between its eyes' centres or between their middle and the mouth's, the smaller. */
const MAX_BOX_OVER_FEATURES = 2.9;

/** Most height of a face's box per its width (a long muzzle's box is taller). */
const MAX_BOX_HEIGHT_OVER_WIDTH = 1.9;

/** A detector score from which a face needs no colour test. */
const SURE_SCORE = 0.8;

/** Least share of a face's cheeks of skin colour, for a face under SURE_SCORE. */
const MIN_CHEEK_SKIN = 0.55;

/** Mean chroma (max − min of R, G, B) under which a photo counts as grey. */
const GREY_CHROMA = 8;

/**
 * Least share of a colour photo's pixels of skin colour for the face model to be run on it: about
 * a quarter of a 30-pixel face's in a 480-pixel picture. On the real photo set the photos with a
 * person's face hold 3.8 % and more (grey ones aside); a faceless photo of stone, snow, sheep or
 * sky holds 0–0.04 % and skips the model's cost (decision 055).
 */
const LEAST_SKIN_SHARE = 0.0005;

/** Mean of max − min of the three channels, over every fourth pixel. */
function meanChroma(image: RgbImage): number {
  const { data } = image;
  let sum = 0;
  let count = 0;
  for (let i = 0; i + 2 < data.length; i += 12) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    sum += Math.max(r, g, b) - Math.min(r, g, b);
    count++;
  }
  return count ? sum / count : 0;
}

/**
 * Whether `image` may show a person's face at all: it is grey (no skin colour to look for), or it
 * holds LEAST_SKIN_SHARE of skin-coloured pixels. Cheap (a pass over the pixels); the model is not.
 */
export function mayShowFaces(image: RgbImage): boolean {
  if (meanChroma(image) < GREY_CHROMA) return true;
  const { data } = image;
  const least = LEAST_SKIN_SHARE * (data.length / 3);
  let skin = 0;
  for (let i = 0; i + 2 < data.length; i += 3) {
    if (isSkin(data[i], data[i + 1], data[i + 2]) && ++skin >= least) return true;
  }
  return false;
}

/** Share of skin-coloured pixels in a face's cheeks: below each eye, beside the nose, above the mouth's corner. Null when they hold no pixel. */
export function cheekSkinShare(face: FaceShape, image: RgbImage): number | null {
  const { width, height, data } = image;
  const p = face.points;
  let skin = 0;
  let count = 0;
  // [outer eye corner, nose side, lower eyelid, mouth corner] of each side.
  for (const [eyeCorner, noseSide, lowerLid, mouthCorner] of [
    [36, 31, 41, 48],
    [45, 35, 46, 54],
  ]) {
    const x0 = Math.min(p[2 * eyeCorner], p[2 * noseSide]);
    const x1 = Math.max(p[2 * eyeCorner], p[2 * noseSide]);
    const top = p[2 * lowerLid + 1];
    // Not the lid's own shadow: from a sixth of the way down to the mouth's corner.
    const y0 = top + 0.15 * (p[2 * mouthCorner + 1] - top);
    const y1 = p[2 * mouthCorner + 1];
    for (let y = Math.max(0, Math.ceil(y0)); y <= Math.min(height - 1, y1); y++) {
      for (let x = Math.max(0, Math.ceil(x0)); x <= Math.min(width - 1, x1); x++) {
        const i = 3 * (y * width + x);
        if (isSkin(data[i], data[i + 1], data[i + 2])) skin++;
        count++;
      }
    }
  }
  return count ? skin / count : null;
}

/** Width of a face's box per the larger of the distance between its eyes' centres and the distance from their middle to the mouth's corners' middle. */
export function boxOverFeatures(face: FaceShape): number {
  const p = face.points;
  let lx = 0;
  let ly = 0;
  let rx = 0;
  let ry = 0;
  for (let k = 36; k < 42; k++) {
    lx += p[2 * k] / 6;
    ly += p[2 * k + 1] / 6;
    rx += p[2 * k + 12] / 6;
    ry += p[2 * k + 13] / 6;
  }
  const eyes = Math.hypot(rx - lx, ry - ly);
  const mouth = Math.hypot((p[96] + p[108]) / 2 - (lx + rx) / 2, (p[97] + p[109]) / 2 - (ly + ry) / 2);
  return face.box.width / Math.max(1e-6, eyes, mouth);
}

/**
 * The score from which the second look's finds need no colour test: that look raises dogs'
 * scores too (the beagle puppy's from 0.67–0.79 to 0.92, cheeks 0.19–0.23 skin), so only a find
 * it is very sure of goes without the test (the girls of BSDS 376001 score 0.97–0.99 there).
 */
const SURE_SCORE_SECOND_LOOK = 0.95;

/**
 * Least score of a find of the second look: the people it adds score 0.96–0.99 there, and a lion
 * cub of BSDS 105053, tan like skin, 0.82.
 */
const LEAST_SCORE_SECOND_LOOK = 0.9;

/** The faces of `faces` (found in `image`) that pass for people's faces; `sure` as SURE_SCORE. */
export function humanFaces(faces: FaceShape[], image: RgbImage, sure = SURE_SCORE): FaceShape[] {
  const grey = meanChroma(image) < GREY_CHROMA;
  return faces.filter((face) => {
    if (boxOverFeatures(face) > MAX_BOX_OVER_FEATURES || face.box.height > MAX_BOX_HEIGHT_OVER_WIDTH * face.box.width) return false;
    if (grey || face.score >= sure) return true;
    const skin = cheekSkinShare(face, image);
    return skin !== null && skin >= MIN_CHEEK_SKIN;
  });
}

/**
 * How much smaller faces are shown to the detector the second time, as the side of the square
 * canvas the picture is put on over its longer side. The detector looks at a 512-pixel square,
 * and its scores depend on a face's size there more than on anything else: the three girls of
 * BSDS 376001 score 0.54–0.76 on a children page's working picture (one found) and 0.97–0.99
 * with it at 1/1.3 of the canvas (decision 055).
 */
const FAR_CANVAS = 1.3;

/**
 * The second look is taken only when the first left doubt: a find scored from DOUBT_SCORE up to
 * SURE_LOOK (a face the wrong size for the detector scores low). A photo whose faces were all
 * found sure (most portraits), or with no find at all, is looked at once.
 */
const DOUBT_SCORE = 0.3;
const SURE_LOOK = 0.9;

/** Boxes overlapping more than this (intersection over union) are one face found at both scales. */
const SAME_FACE_IOU = 0.3;

/** `image` in the top left corner of a black square canvas `scale` times its longer side: its pixel coordinates are unchanged. */
function onCanvas(image: RgbImage, scale: number): RgbImage {
  const side = Math.round(Math.max(image.width, image.height) * scale);
  const data = new Uint8Array(side * side * 3);
  const row = image.width * 3;
  for (let y = 0; y < image.height; y++) data.set(image.data.subarray(y * row, (y + 1) * row), y * side * 3);
  return { width: side, height: side, channels: 3, data };
}

function overlap(a: FaceShape['box'], b: FaceShape['box']): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const both = w * h;
  return both / (a.width * a.height + b.width * b.height - both);
}

/** The faces of several lists as one: of faces whose boxes overlap, the one scored highest; largest first. */
export function mergedFaces(lists: FaceShape[][]): FaceShape[] {
  const kept: FaceShape[] = [];
  for (const face of lists.flat().sort((a, b) => b.score - a.score)) {
    if (!kept.some((other) => overlap(other.box, face.box) > SAME_FACE_IOU)) kept.push(face);
  }
  return kept.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/**
 * The people's faces in `image` (its pixels), by the face model at two scales: the picture as it
 * is, and shrunk within a larger canvas (FAR_CANVAS); each scale's finds kept by humanFaces,
 * then merged; the second look only when the first left doubt (DOUBT_SCORE, SURE_LOOK). Null
 * when the model cannot load; none, without running it, for a colour photo with next to no skin
 * colour (mayShowFaces).
 */
export async function peopleFaces(image: RgbImage): Promise<FaceShape[] | null> {
  if (!mayShowFaces(image)) return [];
  const looked = await findFaceShapes(image, undefined, DOUBT_SCORE);
  if (!looked) return null;
  const near = humanFaces(looked.filter((face) => face.score >= MIN_FACE_SCORE), image);
  if (!looked.some((face) => face.score < SURE_LOOK)) return near;
  const far = (await findFaceShapes(onCanvas(image, FAR_CANVAS), undefined, LEAST_SCORE_SECOND_LOOK)) ?? [];
  return mergedFaces([near, humanFaces(far, image, SURE_SCORE_SECOND_LOOK)]);
}
