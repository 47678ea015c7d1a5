import sharp from 'sharp';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS, lineWidthPx, pageSizeForRatio } from '@studio/contracts/page';
import type { Bitmap, Page, PageReport } from '../page';
import { decodeImage } from '../io/load-image';
import { checkPage } from '../quality/check-page';
import { traceToSvg } from '../trace/trace-outlines';
import { startThumbnails } from '../output/page-files';
import { boundaryChains, smoothChain, strokePolylines } from './draw-boundaries';
import { cleanupDrawing } from './cleanup-drawing';
import { finishPage } from './finish-page';
import { basinsOf, minBasins, PHOTO_PARAMS, photoRegions, subjectRegions } from './photo-regions';
import type { Segmentation } from './segment-regions';
import type { PhotoBasins } from './photo-regions';

export { learnedBoundaryMap as softBoundaryMap } from './boundary-model';

export interface PhotoToPageOptions {
  difficulty: Difficulty;
  ratio: Ratio;
  /** `photo`: a picture becomes regions and outlines. `cleanup`: a drawn page is binarised and repaired. */
  mode: 'photo' | 'cleanup';
  /** A photo of another shape than the page: `contain` keeps all of it on white paper, `cover` (the default) fills the page and cuts the overflow, centred. */
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

/** Decode (shrunk while decoding) to the page's working size → basins. */
async function photoBasins(input: Buffer, difficulty: Difficulty, ratio: Ratio, onStage: (stage: string) => void, fit: 'cover' | 'contain' = 'cover'): Promise<PhotoBasins> {
  const size = pageSizeForRatio(ratio);
  const params = PHOTO_PARAMS[difficulty];
  const workW = Math.round(size.width / params.workScale);
  const workH = Math.round(size.height / params.workScale);
  const image = await decodeImage(input, { resize: { width: workW, height: workH, fit } });
  onStage('decode');
  return basinsOf(image, onStage, minBasins(difficulty));
}

/**
 * Coloring-book practice: the subject's outer contour is drawn this much thicker than inner
 * lines. Not more: where the contour is most of the ink, the checker's median line width must
 * stay within its tolerance (1.6x the difficulty's width).
 */
const OUTER_LINE_FACTOR = 1.4;

/** Whether the two pixels either side of a chain's first crack differ in `subject`. */
function isOuterChain(chain: number[], regions: Segmentation, subject: Uint8Array): boolean {
  const { width, labels } = regions;
  const [x0, y0, x1, y1] = chain;
  const x = Math.min(x0, x1);
  const y = Math.min(y0, y1);
  // A horizontal crack lies between the pixels above and below it; a vertical one between left and right.
  const [a, b] = y0 === y1 ? [(y - 1) * width + x, y * width + x] : [y * width + x - 1, y * width + x];
  return subject[labels[a]] !== subject[labels[b]];
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
 * Basins merged (to the difficulty's cut, or to `targetRegions`) → outlines drawn inside a
 * frame: inner lines at the difficulty's line width, the subject's outer contour thicker.
 * Returns the page and how many regions the segmentation had.
 */
function photoLines(
  basins: PhotoBasins,
  opts: PhotoToPageOptions,
  targetRegions: number | undefined,
  onStage: (stage: string) => void,
): { page: Bitmap; regionCount: number } {
  const { difficulty, ratio } = opts;
  const size = pageSizeForRatio(ratio);
  const params = PHOTO_PARAMS[difficulty];
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
  const toPage = (line: number[]): number[] => {
    for (let i = 0; i < line.length; i += 2) {
      line[i] *= sx;
      line[i + 1] *= sy;
    }
    return line;
  };
  for (const chain of boundaryChains(regions)) {
    const line = toPage(smoothChain(chain, params.curveSigma));
    (isOuterChain(chain, regions, subject) ? outer : inner).push(line);
  }
  if (opts.subjectOnly) {
    const ground = groundRow(regions, subject);
    if (ground >= 0) inner.push(toPage([0, ground, workW, ground]));
  }
  const page: Bitmap = { width: size.width, height: size.height, data: new Uint8Array(size.width * size.height).fill(255) };
  const line = lineWidthPx(difficulty);
  const inset = line / 2;
  const frame = [inset, inset, size.width - inset, inset, size.width - inset, size.height - inset, inset, size.height - inset, inset, inset];
  strokePolylines(page, [...inner, frame], line);
  strokePolylines(page, outer, line * OUTER_LINE_FACTOR);
  onStage('draw');
  return { page, regionCount: regions.count };
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
  const basins = opts.mode === 'photo' ? await photoBasins(input, opts.difficulty, opts.ratio, onStage, opts.fit) : null;
  let subjectOnly = opts.subjectOnly === true;
  for (let attempt = 0; ; attempt++) {
    if (basins) {
      const drawn = photoLines(basins, { ...opts, subjectOnly }, target, onStage);
      bitmap = drawn.page;
      segmented = drawn.regionCount;
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
    onStage('check');
    // Cut necks and thin strips make the page's region count drift from the segmentation's:
    // up to two retries aim the segmentation so the page lands in the difficulty's band.
    const count = report.regionCount;
    const outOfBand = count > spec.maxRegions || count < spec.minRegions;
    if (opts.mode === 'cleanup' || !outOfBand || count === 0) break;
    if (attempt > 1) {
      if (!subjectOnly) break;
      // The subject alone has too few shapes for the difficulty's region count (a simple animal
      // on an adult page): the page falls back to the whole photo rather than failing the checker.
      subjectOnly = false;
      target = undefined;
      attempt = -1;
      continue;
    }
    const wanted = Number.isFinite(spec.maxRegions) ? (spec.minRegions + spec.maxRegions) / 2 : spec.minRegions * 1.4;
    target = Math.max(2, Math.round((segmented * wanted) / count));
  }
  const svg = traceToSvg(bitmap);
  onStage('trace');
  const pngBytes = await png;
  thumbnails.attach(pngBytes);
  return { png: pngBytes, svg, width: bitmap.width, height: bitmap.height, report };
}
