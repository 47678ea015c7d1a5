import sharp from 'sharp';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS, lineWidthPx, pageSizeForRatio, PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap, Page, PageReport } from '../page';
import { decodeImage } from '../io/load-image';
import { checkPage } from '../quality/check-page';
import { traceToSvg } from '../trace/trace-outlines';
import { startThumbnails } from '../output/page-files';
import { boundaryChains, smoothChain, strokePolylines } from './draw-boundaries';
import { fitChain } from './fit-chains';
import type { Chain } from './draw-boundaries';
import { cleanupDrawing } from './cleanup-drawing';
import { detailChains } from './detail-lines';
import { MIN_FILLED_MM2 } from './feature-marks';
import { finishPage } from './finish-page';
import { textureStrokes } from './texture-strokes';
import { clipOutside, drawFace, faceDrawing } from './face-strokes';
import type { FaceDrawing } from './face-strokes';
import type { FaceShape } from './face-model';
import { onHelper } from './page-helper';
import type { PhotoPeople } from './page-helper-tasks';
import { PHOTO_PARAMS, pageBasinsOnTwoThreads, peopleBasins, photoRegions, subjectRegions } from './photo-regions';
import type { Segmentation } from './segment-regions';
import type { MarkedRegions, PhotoBasins } from './photo-regions';
import { pageResize, photoFrame } from './subject-window';
import type { SubjectFrame } from './subject-window';

export { learnedBoundaryMap as softBoundaryMap } from './boundary-model';

export interface PhotoToPageOptions {
  difficulty: Difficulty;
  ratio: Ratio;
  /** `photo`: a picture becomes regions and outlines. `cleanup`: a drawn page is binarised and repaired. */
  mode: 'photo' | 'cleanup';
  /**
   * A photo of another shape than the page: `contain` keeps all of it on white paper, `cover` (the
   * default) fills the page with the window that keeps the subject, or fits the photo whole when
   * every window would cut it (subject-window.ts, decision 059).
   */
  fit?: 'cover' | 'contain';
  /**
   * Photo mode: draw only the subject (the regions the saliency cues pick), its background left
   * blank apart from a ground line under it when the subject does not reach the bottom edge.
   * Off by default: the background is drawn as a few large regions. When the subject alone has
   * too few shapes for the difficulty's region count, the page shows the whole photo instead.
   */
  subjectOnly?: boolean;
  /** Called as each stage ends, with its name (decode, evidence, watershed, merge, draw, finish, check, trace): for timing breakdowns. */
  onStage?: (stage: string) => void;
}

export async function encodePagePng(page: Bitmap): Promise<Buffer> {
  // b-w: a one-channel PNG (a third of the bytes to deflate and store, and faster to read back).
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Decode (shrunk while decoding) to the page's working size → basins, and the people the models
 * find in the same picture (working pixels; null where a model cannot load): their faces, and on
 * a subject-only page where they are (the person mask, decision 076). They are asked of the
 * helper thread after the basins' tasks, so the models run while this thread makes the basins
 * (and on other pages merges and draws the regions); the faces are awaited only when the page
 * draws them, the mask before a subject-only page merges.
 */
async function photoBasins(
  input: Buffer,
  difficulty: Difficulty,
  ratio: Ratio,
  onStage: (stage: string) => void,
  fit: 'cover' | 'contain' = 'cover',
  subjectOnly = false,
): Promise<{ basins: PhotoBasins; faces: Promise<FaceShape[] | null>; people: Promise<PhotoPeople>; frame: SubjectFrame | null }> {
  const size = pageSizeForRatio(ratio);
  const params = PHOTO_PARAMS[difficulty];
  const workW = Math.round(size.width / params.workScale);
  const workH = Math.round(size.height / params.workScale);
  const frame = fit === 'cover' ? await photoFrame(input, ratio) : null;
  const image = await decodeImage(input, { resize: { width: workW, height: workH, ...(frame ? pageResize(frame) : { fit }) } });
  onStage('decode');
  const basins = pageBasinsOnTwoThreads(image, difficulty, subjectOnly, onStage);
  const people = onHelper('photoPeople', image, subjectOnly).catch((): PhotoPeople => ({ faces: null, mask: null }));
  return { basins: await basins, faces: people.then((found) => found.faces), people, frame };
}

/**
 * Coloring-book practice: the subject's outer contour is drawn this much thicker than inner
 * lines. Not more: where the contour is most of the ink, the checker's median line width must
 * stay within its tolerance (1.6x the difficulty's width).
 */
const OUTER_LINE_FACTOR = 1.4;

/** Coloring-book practice again: a detail line inside a shape is drawn thinner than the shape's outline. */
const DETAIL_LINE_FACTOR = 0.75;

/** The labels of the two pixels either side of a chain's first crack. */
function chainSides(chain: number[], regions: Segmentation): [number, number] {
  const { width, labels } = regions;
  const [x0, y0, x1, y1] = chain;
  const x = Math.min(x0, x1);
  const y = Math.min(y0, y1);
  // A horizontal crack lies between the pixels above and below it; a vertical one between left and right.
  const [a, b] = y0 === y1 ? [(y - 1) * width + x, y * width + x] : [y * width + x - 1, y * width + x];
  return [labels[a], labels[b]];
}

/** Whether the two pixels either side of a chain's first crack differ in `subject`. */
function isOuterChain(chain: number[], regions: Segmentation, subject: Uint8Array): boolean {
  const [a, b] = chainSides(chain, regions);
  return subject[a] !== subject[b];
}

/** Smoothing of a mark's outline (feature-marks.ts), working pixels. */
const MARK_CURVE_SIGMA = 1;

/** Least length over width of a mark drawn as a stroke rather than a dot. */
const STROKE_ELONGATION = 2.2;

/**
 * The middle line of a long mark (`label` of `regions`, within the box x0..x1, y0..y1) on the
 * page, as a polyline: its pixels projected on their principal axis, the mean offset across it
 * per step along it, so a smile stays curved. Null for a mark not long enough to be a stroke.
 */
export function markStroke(regions: MarkedRegions, label: number, x0: number, y0: number, x1: number, y1: number, sx: number, sy: number): number[] | null {
  const { width, labels } = regions;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (labels[y * width + x] !== label) continue;
      xs.push((x + 0.5) * sx);
      ys.push((y + 0.5) * sy);
    }
  }
  const n = xs.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += xs[k] / n;
    my += ys[k] / n;
  }
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let k = 0; k < n; k++) {
    sxx += (xs[k] - mx) ** 2;
    syy += (ys[k] - my) ** 2;
    sxy += (xs[k] - mx) * (ys[k] - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const along = xs.map((x, k) => (x - mx) * ux + (ys[k] - my) * uy);
  const across = xs.map((x, k) => -(x - mx) * uy + (ys[k] - my) * ux);
  const lo = Math.min(...along);
  const hi = Math.max(...along);
  let spread = 0;
  for (const t of across) spread += t * t;
  const thickness = 2 * Math.sqrt(spread / n) + Math.max(sx, sy);
  if (hi - lo < STROKE_ELONGATION * thickness) return null;
  // One point per working pixel of length, at least three.
  const steps = Math.max(3, Math.round((hi - lo) / Math.max(sx, sy)));
  const sum = new Float64Array(steps);
  const hits = new Float64Array(steps);
  for (let k = 0; k < n; k++) {
    const bin = Math.min(steps - 1, Math.floor(((along[k] - lo) / (hi - lo)) * steps));
    sum[bin] += across[k];
    hits[bin]++;
  }
  const line: number[] = [];
  for (let b = 0; b < steps; b++) {
    if (hits[b] === 0) continue;
    const t = lo + ((b + 0.5) / steps) * (hi - lo);
    const o = sum[b] / hits[b];
    line.push(mx + t * ux - o * uy, my + t * uy + o * ux);
  }
  return line.length >= 4 ? line : null;
}

function polylineLength(line: number[]): number {
  let length = 0;
  for (let i = 2; i < line.length; i += 2) length += Math.hypot(line[i] - line[i - 2], line[i + 1] - line[i - 1]);
  return length;
}

/**
 * Inks the dark marks (the regions flagged in `filled`): each mark's pixels, lightly blurred and
 * sampled at page resolution, so a filled eye has a round edge rather than working-pixel steps.
 * `lineWidth` is the page's line width, the least width of a mark drawn as a stroke.
 */
function fillMarks(page: Bitmap, regions: MarkedRegions, lineWidth: number): void {
  const { width, height, labels, filled } = regions;
  const sx = page.width / width;
  const sy = page.height / height;
  // One pass for every mark's box and centre.
  const count = new Float64Array(filled.length);
  const cxs = new Float64Array(filled.length);
  const cys = new Float64Array(filled.length);
  const box = new Int32Array(4 * filled.length);
  for (let label = 0; label < filled.length; label++) box.set([width, height, -1, -1], 4 * label);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (!filled[label]) continue;
    const x = i % width;
    const y = (i - x) / width;
    count[label]++;
    cxs[label] += x + 0.5;
    cys[label] += y + 0.5;
    const b = 4 * label;
    if (x < box[b]) box[b] = x;
    if (y < box[b + 1]) box[b + 1] = y;
    if (x > box[b + 2]) box[b + 2] = x;
    if (y > box[b + 3]) box[b + 3] = y;
  }
  for (let label = 0; label < filled.length; label++) {
    if (!filled[label]) continue;
    const [x0, y0, x1, y1] = box.subarray(4 * label, 4 * label + 4);
    if (x1 < 0) continue;
    // The mark as 0/1 over its box with a one-pixel margin, averaged with its four neighbours (half weight).
    const bx = x0 - 1;
    const by = y0 - 1;
    const bw = x1 - x0 + 3;
    const bh = y1 - y0 + 3;
    const inside = (x: number, y: number): number => {
      const gx = bx + x;
      const gy = by + y;
      return gx >= 0 && gy >= 0 && gx < width && gy < height && labels[gy * width + gx] === label ? 1 : 0;
    };
    const soft = new Float32Array(bw * bh);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        let sum = 4 * inside(x, y);
        for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) sum += inside(x + dx, y + dy);
        soft[y * bw + x] = sum / 8;
      }
    }
    const px0 = Math.max(0, Math.floor(bx * sx));
    const py0 = Math.max(0, Math.floor(by * sy));
    const px1 = Math.min(page.width - 1, Math.ceil((bx + bw) * sx));
    const py1 = Math.min(page.height - 1, Math.ceil((by + bh) * sy));
    for (let py = py0; py <= py1; py++) {
      const fy = Math.min(bh - 1.001, Math.max(0, (py + 0.5) / sy - by - 0.5));
      const iy = Math.floor(fy);
      const ty = fy - iy;
      for (let px = px0; px <= px1; px++) {
        const fx = Math.min(bw - 1.001, Math.max(0, (px + 0.5) / sx - bx - 0.5));
        const ix = Math.floor(fx);
        const tx = fx - ix;
        const top = soft[iy * bw + ix] * (1 - tx) + soft[iy * bw + ix + 1] * tx;
        const bottom = soft[(iy + 1) * bw + ix] * (1 - tx) + soft[(iy + 1) * bw + ix + 1] * tx;
        if (top * (1 - ty) + bottom * ty >= 0.5) page.data[py * page.width + px] = 0;
      }
    }
    // A mark smaller than a speck is drawn at the least size (a child's drawing has big eyes
    // too): a long one (a mouth, a brow) as a stroke along its middle, any other as a dot.
    const least = MIN_FILLED_MM2 * PX_PER_MM * PX_PER_MM;
    if (count[label] * sx * sy < least) {
      const stroke = markStroke(regions, label, x0, y0, x1, y1, sx, sy);
      const length = stroke ? polylineLength(stroke) : 0;
      if (stroke && length > 2 * lineWidth) strokePolylines(page, [stroke], Math.max(lineWidth, least / length));
      else strokePolylines(page, [[(cxs[label] / count[label]) * sx, (cys[label] / count[label]) * sy]], 2 * Math.sqrt(least / Math.PI));
    }
  }
}

/** Row just below the lowest subject pixel, or -1 when the subject reaches the bottom edge or is empty. */
function groundRow(regions: Segmentation, subject: Uint8Array): number {
  const { width, height, labels } = regions;
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0; x < width; x++) if (subject[labels[y * width + x]]) return y >= height - 2 ? -1 : y + 1;
  }
  return -1;
}

/**
 * The lines a photo page draws between its regions, in working pixels: each boundary chain
 * (with the chain it came from) drawn as a line would be — marks smoothed lightly, the rest
 * straight where the edge is straight, on a circle where it is round, with sharp corners, and
 * elsewhere smoothed at the difficulty's curve sigma without shrinking (fit-chains.ts, decisions
 * 045 and 065). The page strokes them; bench:quality --map page scores them.
 */
export function drawnLines(regions: MarkedRegions, difficulty: Difficulty, details: Chain[] = []): { chain: Chain; line: number[]; detail: boolean }[] {
  const sigma = PHOTO_PARAMS[difficulty].curveSigma;
  const lines = boundaryChains(regions).map((chain) => {
    // A mark's outline is a few working pixels round: smoothed like the long lines, it would shrink to a dot.
    const mark = chainSides(chain, regions).some((label) => label >= regions.count - regions.marks);
    return { chain, line: mark ? smoothChain(chain, MARK_CURVE_SIGMA) : fitChain(chain, sigma), detail: false };
  });
  for (const chain of details) lines.push({ chain, line: fitChain(chain, sigma), detail: true });
  return lines;
}

/**
 * The detail lines of a page (detail-lines.ts), none where its difficulty draws none. Faces stay
 * plain (their features are marks, and a cheek's shading drawn as a line ages a child's face).
 * `onlyIn` (per region, 1 for the subject) keeps a subject-only page's background blank, as the
 * user asked.
 */
export function pageDetails(basins: PhotoBasins, regions: MarkedRegions, difficulty: Difficulty, onlyIn?: Uint8Array, params = PHOTO_PARAMS[difficulty].detail): Chain[] {
  if (!params) return [];
  const plainRegions = onlyIn?.map((s) => 1 - s);
  return detailChains(basins.over, regions, basins.evidence, params, { plainRegions, plainPixels: basins.faces });
}

/** Smoothing of a texture stroke along its length, working pixels: the skeleton's stair steps go, its bends stay. */
const TEXTURE_CURVE_SIGMA = 1.2;

/**
 * The texture strokes of a page whose difficulty draws them (texture-strokes.ts): inside the
 * subject's regions only, never on a face (its features are drawn) nor on a filled mark.
 */
function subjectTexture(basins: PhotoBasins, regions: MarkedRegions, subject: Uint8Array, difficulty: Difficulty): number[][] {
  const params = PHOTO_PARAMS[difficulty].texture;
  if (!params) return [];
  const { width, height, labels } = regions;
  const allowed = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) allowed[i] = subject[labels[i]] && !regions.filled[labels[i]] && !basins.faces[i] ? 1 : 0;
  return textureStrokes(basins.planes[0], { width, height, allowed, labels }, params);
}

/**
 * Basins merged (to the difficulty's cut, or to `targetRegions`) → outlines drawn inside a
 * frame: inner lines at the difficulty's line width, the subject's outer contour thicker.
 * Returns the page and how many regions of the segmentation are paper to colour (its filled
 * marks are ink): the count a retry's merging aims at.
 */
async function photoLines(
  basins: PhotoBasins,
  opts: PhotoToPageOptions,
  targetRegions: number | undefined,
  onStage: (stage: string) => void,
  faces: Promise<FaceShape[] | null>,
): Promise<{ page: Bitmap; regionCount: number; faceEyes: number[] | undefined }> {
  const { difficulty, ratio } = opts;
  const size = pageSizeForRatio(ratio);
  const { workW, workH } = basins;
  const regions = photoRegions(basins, difficulty, targetRegions, opts.subjectOnly);
  // On subject-only pages the joined background's mean saliency is below the threshold and every
  // region merged from subject basins is above it, so the same test serves both kinds of page.
  const subject = subjectRegions(regions, basins.saliency);
  onStage('merge');
  const sx = size.width / workW;
  const sy = size.height / workH;
  const inner: number[][] = [];
  const outer: number[][] = [];
  const detail: number[][] = [];
  // A new array: smoothChain hands a short chain back as it is, and the chain must keep its
  // working coordinates (isOuterChain reads them).
  const toPage = (line: number[]): number[] => line.map((v, i) => v * (i % 2 === 0 ? sx : sy));
  for (const drawn of drawnLines(regions, difficulty, pageDetails(basins, regions, difficulty, opts.subjectOnly ? subject : undefined))) {
    (drawn.detail ? detail : isOuterChain(drawn.chain, regions, subject) ? outer : inner).push(toPage(drawn.line));
  }
  for (const stroke of subjectTexture(basins, regions, subject, difficulty)) detail.push(toPage(smoothChain(stroke, TEXTURE_CURVE_SIGMA)));
  if (opts.subjectOnly) {
    const ground = groundRow(regions, subject);
    if (ground >= 0) inner.push(toPage([0, ground, workW, ground]));
  }
  const page: Bitmap = { width: size.width, height: size.height, data: new Uint8Array(size.width * size.height).fill(255) };
  const line = lineWidthPx(difficulty);
  const inset = line / 2;
  const frame = [inset, inset, size.width - inset, inset, size.width - inset, size.height - inset, inset, size.height - inset, inset, inset];
  const drawings = modelFaces(await faces, opts, regions, subject, sx, sy);
  const clear = (drawings ?? []).map((drawing) => drawing.clear);
  strokePolylines(page, [...clipOutside(inner, clear), frame], line);
  strokePolylines(page, clipOutside(outer, clear), line * OUTER_LINE_FACTOR);
  strokePolylines(page, clipOutside(detail, clear), line * DETAIL_LINE_FACTOR);
  fillMarks(page, regions, line);
  for (const drawing of drawings ?? []) drawFace(page, drawing);
  onStage('draw');
  let filled = 0;
  for (const f of regions.filled) filled += f;
  return { page, regionCount: regions.count - filled, faceEyes: drawings?.map((drawing) => drawing.eyes) };
}

/**
 * What the faces the face model found (working pixels; `sx`, `sy` page pixels per working pixel)
 * put on the page (face-strokes.ts, decision 055); null when the model could not run, the page
 * then keeping the classical faces' marks (feature-marks.ts) alone. A subject-only page draws
 * only the faces that lie on its subject.
 */
function modelFaces(faces: FaceShape[] | null, opts: PhotoToPageOptions, regions: MarkedRegions, subject: Uint8Array, sx: number, sy: number): FaceDrawing[] | null {
  if (!faces) return null;
  const { width, height, labels } = regions;
  const onSubject = (face: FaceShape): boolean => {
    const cx = Math.min(width - 1, Math.max(0, Math.floor(face.box.x + face.box.width / 2)));
    const cy = Math.min(height - 1, Math.max(0, Math.floor(face.box.y + face.box.height / 2)));
    return subject[labels[cy * width + cx]] === 1;
  };
  return faces.filter((face) => !opts.subjectOnly || onSubject(face)).map((face) => faceDrawing(face.points.map((v, i) => v * (i % 2 === 0 ? sx : sy)), opts.difficulty));
}

/**
 * The region count to merge to when a page with `segmented` regions came out with `count` on the
 * page, outside its difficulty's band. It aims a fifth of the band inside the edge the page
 * crossed, not at the band's middle: a teen page that came out at 46 regions was re-cut to 85 and
 * printed as a jigsaw of its grass. The adult band has no top; its floor stands in for the band's
 * width.
 */
export function retryRegions(segmented: number, count: number, spec: { minRegions: number; maxRegions: number }): number {
  const band = Number.isFinite(spec.maxRegions) ? spec.maxRegions - spec.minRegions : spec.minRegions;
  const wanted = count < spec.minRegions ? spec.minRegions + 0.2 * band : spec.maxRegions - 0.2 * band;
  return Math.max(2, Math.round((segmented * wanted) / count));
}

/** A subject-only page's basins cut and weighed by the person mask (peopleBasins); null without a mask (no face found, or no model). */
async function maskedBasins(basins: PhotoBasins, people: Promise<PhotoPeople>): Promise<PhotoBasins | null> {
  const { mask } = await people;
  return mask ? peopleBasins(basins, mask) : null;
}

/**
 * The whole image-to-page pipeline: load → boundaries → clean page → trace → report.
 * Deterministic: the same input and options give the same bytes.
 */
export async function photoToPage(input: Buffer, opts: PhotoToPageOptions): Promise<Page> {
  const spec = DIFFICULTY_SPECS[opts.difficulty];
  // The first attempt cuts the merging at the difficulty's boundary strength; retries merge to a count.
  let target: number | undefined;
  let segmented = PHOTO_PARAMS[opts.difficulty].targetRegions;
  let bitmap: Bitmap;
  let report: PageReport;
  let png: Promise<Buffer>;
  let thumbnails: ReturnType<typeof startThumbnails>;
  // A retry only merges the same basins to a different count: decoding and the evidence are done once.
  const onStage = opts.onStage ?? ((): void => undefined);
  const photo = opts.mode === 'photo' ? await photoBasins(input, opts.difficulty, opts.ratio, onStage, opts.fit, opts.subjectOnly === true) : null;
  let faceEyes: number[] | undefined;
  let subjectOnly = opts.subjectOnly === true;
  // A subject-only page of people takes its subject from the person mask (decision 076); the
  // pages it falls back to (the saliency's subject, then the whole photo) keep the saliency alone.
  let peopleOnly = photo && subjectOnly ? await maskedBasins(photo.basins, photo.people) : null;
  for (let attempt = 0; ; attempt++) {
    if (photo) {
      const basins = subjectOnly && peopleOnly ? peopleOnly : photo.basins;
      const drawn = await photoLines(basins, { ...opts, subjectOnly }, target, onStage, photo.faces);
      bitmap = drawn.page;
      segmented = drawn.regionCount;
      faceEyes = drawn.faceEyes;
    } else {
      bitmap = await cleanupDrawing(input, opts.difficulty, opts.ratio);
    }
    finishPage(bitmap, lineWidthPx(opts.difficulty));
    onStage('finish');
    // libvips encodes the PNG and the thumbnails on its own threads while the checker and the
    // tracer run here; an attempt that is retried just drops them.
    png = encodePagePng(bitmap);
    png.catch(() => undefined);
    thumbnails = startThumbnails(bitmap);
    report = checkPage(bitmap, opts.difficulty);
    if (faceEyes !== undefined) {
      report.faces = faceEyes.length;
      report.faceEyes = faceEyes;
    }
    onStage('check');
    // Cut necks and thin strips make the page's region count drift from the segmentation's:
    // up to two retries aim the segmentation so the page lands in the difficulty's band.
    const count = report.regionCount;
    const outOfBand = count > spec.maxRegions || count < spec.minRegions;
    if (opts.mode === 'cleanup' || !outOfBand || count === 0) break;
    if (attempt > 1) {
      if (!subjectOnly) break;
      target = undefined;
      attempt = -1;
      // The people alone have too few shapes for the difficulty (two spaniels' heads at a window,
      // which the face model took for faces and the mask for people): the saliency's subject next.
      if (peopleOnly) {
        peopleOnly = null;
        continue;
      }
      // The subject alone has too few shapes for the difficulty's region count (a simple animal
      // on an adult page): the page falls back to the whole photo rather than failing the checker.
      subjectOnly = false;
      continue;
    }
    target = retryRegions(segmented, count, spec);
  }
  const svg = traceToSvg(bitmap);
  onStage('trace');
  const pngBytes = await png;
  thumbnails.attach(pngBytes);
  return { png: pngBytes, svg, width: bitmap.width, height: bitmap.height, report, ...(photo?.frame ? { frame: photo.frame } : {}) };
}
