import sharp from 'sharp';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { lineWidthPx, pageSizeForRatio, PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap, Page } from '../page';
import { decodeImage } from '../io/load-image';
import { checkPage } from '../quality/check-page';
import { traceToSvg } from '../trace/trace-outlines';
import { colourGradient, rgbToLab } from './boundary-map';
import { boundaryChains, smoothChain, strokePolylines } from './draw-boundaries';
import { cleanupDrawing } from './cleanup-drawing';
import { finishPage } from './finish-page';
import { mergeRegions, watershed } from './segment-regions';

export { learnedBoundaryMap as softBoundaryMap } from './boundary-model';

export interface PhotoToPageOptions {
  difficulty: Difficulty;
  ratio: Ratio;
  /** `photo`: a picture becomes regions and outlines. `cleanup`: a drawn page is binarised and repaired. */
  mode: 'photo' | 'cleanup';
}

/** How a difficulty shapes a photo page. Areas are on paper, in mm². */
interface PhotoParams {
  targetRegions: number;
  /** Gradient scale in working pixels: coarser for young children, so texture never becomes lines. */
  sigma: number;
  /** Smoothing of the drawn boundaries along their length, working pixels. */
  curveSigma: number;
  minRegionMm2: number;
}

export const PHOTO_PARAMS: Record<Difficulty, PhotoParams> = {
  toddler: { targetRegions: 14, sigma: 3, curveSigma: 6, minRegionMm2: 250 },
  children: { targetRegions: 44, sigma: 2, curveSigma: 4.5, minRegionMm2: 60 },
  teen: { targetRegions: 84, sigma: 1.5, curveSigma: 3.5, minRegionMm2: 30 },
  adult: { targetRegions: 320, sigma: 1, curveSigma: 2.5, minRegionMm2: 10 },
};

/** Page pixels per working pixel: segmentation runs at a quarter of the page's resolution. */
export const WORK_SCALE = 4;

export async function encodePagePng(page: Bitmap): Promise<Buffer> {
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** Photo → regions → outlines drawn at the difficulty's line width, inside a frame. */
async function photoLines(input: Buffer, difficulty: Difficulty, ratio: Ratio): Promise<Bitmap> {
  const size = pageSizeForRatio(ratio);
  const workW = Math.round(size.width / WORK_SCALE);
  const workH = Math.round(size.height / WORK_SCALE);
  const image = await decodeImage(input, { resize: { width: workW, height: workH, fit: 'cover' } });
  const params = PHOTO_PARAMS[difficulty];
  const planes = rgbToLab(image);
  const field = colourGradient(planes, workW, workH, { sigmas: [params.sigma, params.sigma * 2], chromaWeight: 1.5 });
  const over = watershed(field.magnitude, workW, workH);
  const areaPerWorkPx = (WORK_SCALE / PX_PER_MM) ** 2;
  const regions = mergeRegions(over, field.magnitude, {
    targetRegions: params.targetRegions,
    minArea: params.minRegionMm2 / areaPerWorkPx,
    planes,
    colourWeight: 0.5,
  });
  const sx = size.width / workW;
  const sy = size.height / workH;
  const polylines = boundaryChains(regions).map((chain) =>
    smoothChain(chain, params.curveSigma).map((v, i) => (i % 2 === 0 ? v * sx : v * sy)),
  );
  const page: Bitmap = { width: size.width, height: size.height, data: new Uint8Array(size.width * size.height).fill(255) };
  const line = lineWidthPx(difficulty);
  const inset = line / 2;
  const frame = [inset, inset, size.width - inset, inset, size.width - inset, size.height - inset, inset, size.height - inset, inset, inset];
  strokePolylines(page, [...polylines, frame], line);
  return page;
}

/**
 * The whole image-to-page pipeline: load → boundaries → clean page → trace → report.
 * Deterministic: the same input and options give the same bytes.
 */
export async function photoToPage(input: Buffer, opts: PhotoToPageOptions): Promise<Page> {
  const bitmap =
    opts.mode === 'cleanup'
      ? await cleanupDrawing(input, opts.difficulty, opts.ratio)
      : await photoLines(input, opts.difficulty, opts.ratio);
  finishPage(bitmap, lineWidthPx(opts.difficulty));
  const report = checkPage(bitmap, opts.difficulty);
  const [png, svg] = await Promise.all([encodePagePng(bitmap), Promise.resolve(traceToSvg(bitmap))]);
  return { png, svg, width: bitmap.width, height: bitmap.height, report };
}
