/**
 * Where a page of another shape than its photo sits on the photo (decision 059). A crop centred
 * on the photo cut a car's front, a plane's tail, a dog's nose: the window is placed around the
 * subject instead (the saliency's background prior, skin, faces), and when the subject is wider
 * than any window of the page's shape the photo is fitted whole on white paper. Computed on a
 * thumbnail, so the server can answer the generator's preview with the very window the page uses.
 */
import { PHOTO_SAME_SHAPE, type Ratio } from '@studio/contracts/constants';
import type { RgbImage } from '../io/load-image';
import { decodeImage, probeImage } from '../io/load-image';
import { labelComponents } from '../raster/label-components';
import { rgbToLab } from './boundary-map';
import { findFaces } from './face-features';
import { otsu } from './photo-regions';
import { saliencyCues } from './saliency';

/** Long side of the copy the window is chosen on: a window step under 1% of the photo, a few milliseconds. */
export const WINDOW_THUMB_SIDE = 160;

/** A part of the photo as seen (EXIF orientation applied), in shares of its width and height. */
export interface PhotoBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How the photo meets the page: `cropped`, the page shows `box` (the whole photo when the shapes
 * already match); `fitted`, every window of the page's shape would cut the subject, so the page
 * shows the whole photo with white paper around it (`box` is then the whole photo).
 */
export interface SubjectFrame {
  frame: 'cropped' | 'fitted';
  box: PhotoBox;
  /** The window is the centred one, the crop every page made before (its page keeps its bytes). */
  centred: boolean;
}

/** What the skin cue adds to a pixel's subject weight (the background prior gives up to 1). */
const SKIN_WEIGHT = 0.35;
/** Pieces of the subject mask smaller than this share of its largest piece are specks, not subject. */
const PIECE_SHARE = 0.2;
/** Windows keeping at least this share of the best window's subject weight count as equally good; the one nearest the centre wins. */
const NEAR_BEST = 0.98;
/** Paper kept between the subject and the page's edge where the window allows, thumbnail pixels (the mask's blur eats a rim). */
const MARGIN = 2;
/** Subject mask in this share of the picture or less: no clear subject, the window stays centred. */
const LEAST_SUBJECT = 0.01;

const WHOLE: PhotoBox = { left: 0, top: 0, width: 1, height: 1 };

export function ratioAspect(ratio: Ratio): number {
  const [w, h] = ratio.split(':').map(Number);
  return w / h;
}

/** The centred window of `aspect` (width over height) on a photo `width` × `height`, as shares. */
export function centredBox(width: number, height: number, aspect: number): PhotoBox {
  const photo = width / height;
  if (photo > aspect) {
    const share = aspect / photo;
    return { left: (1 - share) / 2, top: 0, width: share, height: 1 };
  }
  const share = photo / aspect;
  return { left: 0, top: (1 - share) / 2, width: 1, height: share };
}

/**
 * The subject of a thumbnail: per pixel weight (1 on the subject mask, 0 elsewhere) and the
 * bounding intervals that must not be cut — the mask's pieces that matter and every face.
 */
function subjectOf(image: RgbImage): { mask: Uint8Array; boxes: { x0: number; y0: number; x1: number; y1: number }[] } {
  const { width, height } = image;
  const n = width * height;
  const cues = saliencyCues(image, rgbToLab(image), false);
  const weight = new Float32Array(n);
  for (let i = 0; i < n; i++) weight[i] = Math.min(1, cues.contrast[i] + (cues.skinMask[i] ? SKIN_WEIGHT : 0));
  const threshold = otsu(weight);
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = weight[i] > threshold ? 1 : 0;
  const { labels, areas, count } = labelComponents(mask, width, height, 1, 8);
  let largest = 0;
  for (let label = 1; label <= count; label++) largest = Math.max(largest, areas[label]);
  const kept = new Uint8Array(n);
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  if (largest <= LEAST_SUBJECT * n) return { mask: kept, boxes };
  const box = { x0: width, y0: height, x1: -1, y1: -1 };
  for (let i = 0; i < n; i++) {
    const label = labels[i];
    if (label === 0 || areas[label] < PIECE_SHARE * largest) continue;
    kept[i] = 1;
    const x = i % width;
    const y = (i - x) / width;
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  boxes.push(box);
  for (const face of findFaces(cues.skinMask, width, height).faces) boxes.push(face);
  return { mask: kept, boxes };
}

/**
 * The window of `aspect` (page width over height) on `image` (a thumbnail of the photo as seen):
 * the window keeping the most subject weight (the one nearest the centre among those keeping
 * nearly as much), then moved as little as needed so no face and no piece of the subject is cut.
 * When the subject is longer than the window along the axis it slides on, the photo is fitted.
 * Pure: the same thumbnail gives the same frame. `photoAspect`: the full photo's shape, when known
 * (a thumbnail's rounded size may put a photo on the other side of PHOTO_SAME_SHAPE).
 */
export function subjectWindow(image: RgbImage, aspect: number, photoAspect = image.width / image.height): SubjectFrame {
  const { width, height } = image;
  const centred = centredBox(width, height, aspect);
  const horizontal = centred.width < 1;
  // Shapes this close need no placing (the cut is a sliver), and the generator shows them centred.
  const length = horizontal ? width : height;
  const span = (horizontal ? centred.width : centred.height) * length;
  if (Math.abs(Math.log(photoAspect / aspect)) <= PHOTO_SAME_SHAPE) return { frame: 'cropped', box: centred, centred: true };
  const { mask, boxes } = subjectOf(image);
  if (boxes.length === 0) return { frame: 'cropped', box: centred, centred: true };
  // Subject weight per column (or row), summed from the start.
  const along = new Float64Array(length + 1);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width;
    along[(horizontal ? x : (i - x) / width) + 1] += 1;
  }
  for (let k = 1; k <= length; k++) along[k] += along[k - 1];
  const centre = (length - span) / 2;
  const kept = (start: number): number => {
    const a = Math.max(0, Math.min(length, start));
    const b = Math.max(0, Math.min(length, start + span));
    const fa = Math.floor(a);
    const fb = Math.floor(b);
    const at = (p: number, f: number): number => along[f] + (f < length ? (p - f) * (along[f + 1] - along[f]) : 0);
    return at(b, fb) - at(a, fa);
  };
  const starts = [centre];
  for (let s = 0; s <= Math.floor(length - span); s++) starts.push(s);
  let best = 0;
  for (const s of starts) best = Math.max(best, kept(s));
  let start = centre;
  for (const s of starts) if (kept(s) >= NEAR_BEST * best && Math.abs(s - centre) < Math.abs(start - centre)) start = s;
  // The interval the window must hold whole: every box, in thumbnail pixels (inclusive boxes, so +1).
  let lo = length;
  let hi = 0;
  for (const box of boxes) {
    lo = Math.min(lo, horizontal ? box.x0 : box.y0);
    hi = Math.max(hi, (horizontal ? box.x1 : box.y1) + 1);
  }
  if (hi - lo > span) return { frame: 'fitted', box: WHOLE, centred: false };
  // The margin where it fits, and only as much of it as fits.
  const room = Math.min(MARGIN, (span - (hi - lo)) / 2);
  lo = Math.max(0, lo - room);
  hi = Math.min(length, hi + room);
  start = Math.min(Math.max(start, hi - span), lo);
  if (start === centre) return { frame: 'cropped', box: centred, centred: true };
  const share = start / length;
  return { frame: 'cropped', box: horizontal ? { ...centred, left: share } : { ...centred, top: share }, centred: false };
}

/** The photo's frame on a page of `ratio`: decoded at thumbnail size (cheap: JPEG shrinks while decoding). */
export async function photoFrame(input: Buffer, ratio: Ratio): Promise<SubjectFrame> {
  const seen = await probeImage(input);
  const thumb = await decodeImage(input, { fitWithin: WINDOW_THUMB_SIDE });
  return subjectWindow(thumb, ratioAspect(ratio), seen.width / seen.height);
}

/**
 * How decodeImage lays the photo on a page (its `resize` fit and window) for a frame: the
 * centred window by sharp's own centre crop, as before decision 059, so those pages keep their bytes.
 */
export function pageResize(frame: SubjectFrame): { fit: 'cover' | 'contain'; window?: { left: number; top: number } } {
  if (frame.frame === 'fitted') return { fit: 'contain' };
  return frame.centred ? { fit: 'cover' } : { fit: 'cover', window: { left: frame.box.left, top: frame.box.top } };
}
