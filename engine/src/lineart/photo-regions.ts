/**
 * The regions a photo page draws, from a photo already at working size: boundary evidence →
 * watershed basins → greedy merging down to the difficulty's region count. The page pipeline
 * (photo-to-page.ts) and the BSDS500 benchmark of the page's lines (bench:quality --map page)
 * both come through here, so the benchmark scores what the user gets.
 */
import type { Difficulty } from '@studio/contracts/constants';
import { pageSizeForRatio, PX_PER_MM } from '@studio/contracts/page';
import type { RgbImage } from '../io/load-image';
import { resizePlane, shrinkRgb } from '../raster/resample';
import { rgbToLab } from './boundary-map';
import { boundaryProbability } from './boundary-model';
import { mergeRegions, watershed } from './segment-regions';
import type { Segmentation } from './segment-regions';

/** How a difficulty shapes a photo page. Areas are on paper, in mm². */
export interface PhotoParams {
  targetRegions: number;
  /** Page pixels per working pixel: pages with fewer, larger regions are segmented at lower resolution. */
  workScale: number;
  /** Smoothing of the drawn boundaries along their length, working pixels. */
  curveSigma: number;
  minRegionMm2: number;
}

export const PHOTO_PARAMS: Record<Difficulty, PhotoParams> = {
  toddler: { targetRegions: 14, workScale: 6, curveSigma: 4, minRegionMm2: 250 },
  children: { targetRegions: 44, workScale: 5, curveSigma: 3.6, minRegionMm2: 60 },
  teen: { targetRegions: 84, workScale: 4, curveSigma: 3.5, minRegionMm2: 30 },
  adult: { targetRegions: 320, workScale: 4, curveSigma: 2.5, minRegionMm2: 10 },
};

/**
 * Pixels at which the boundary model looks at a photo. The model was trained on BSDS500 photos
 * (about 154,000 pixels) at feature scale 1; run at a quarter of that on a shrunk copy, its first
 * stage costs about 0.2 s on one core, and the coarser view sees the shapes a page needs rather
 * than fine texture (decision 027: on 20 val images, page-line F 0.582 with the colour gradient,
 * 0.616 with this, 0.647 with all three stages at full size, which costs 5 s a photo).
 */
export const EVIDENCE_PIXELS = 40_000;

/** What a photo gives before the merging: colour planes, boundary evidence and over-segmentation at working size. */
export interface PhotoBasins {
  planes: Float32Array[];
  /** Boundary probability per working pixel (0..1). */
  evidence: Float32Array;
  over: Segmentation;
  workW: number;
  workH: number;
}

/** The boundary model's first stage on a copy of the photo shrunk to about EVIDENCE_PIXELS, enlarged back. */
function boundaryEvidence(image: RgbImage): Float32Array {
  const { width, height } = image;
  const k = Math.min(1, Math.sqrt(EVIDENCE_PIXELS / (width * height)));
  if (k === 1) return boundaryProbability(image, 1, 1).probability;
  const w = Math.max(1, Math.round(width * k));
  const h = Math.max(1, Math.round(height * k));
  const small = boundaryProbability(shrinkRgb(image, w, h), 1, 1).probability;
  return resizePlane(small, w, h, width, height);
}

/** CIELAB planes, boundary evidence and watershed basins of a photo already at working size. */
export function basinsOf(image: RgbImage, onStage: (stage: string) => void = () => undefined): PhotoBasins {
  const { width: workW, height: workH } = image;
  const planes = rgbToLab(image);
  const evidence = boundaryEvidence(image);
  onStage('evidence');
  const over = watershed(evidence, workW, workH);
  onStage('watershed');
  return { planes, evidence, over, workW, workH };
}

/** Smallest region of a difficulty as a share of the picture: its paper area over a portrait page's. */
function minRegionShare(difficulty: Difficulty): number {
  const page = pageSizeForRatio('3:4');
  return PHOTO_PARAMS[difficulty].minRegionMm2 / ((page.width / PX_PER_MM) * (page.height / PX_PER_MM));
}

/** The regions a page draws: the basins merged down to `targetRegions`. */
export function photoRegions(basins: PhotoBasins, difficulty: Difficulty, targetRegions = PHOTO_PARAMS[difficulty].targetRegions): Segmentation {
  return mergeRegions(basins.over, basins.evidence, {
    targetRegions,
    minArea: minRegionShare(difficulty) * basins.workW * basins.workH,
    planes: basins.planes,
    // Lab units against a probability: a colour step of 20 weighs like 0.1 of boundary probability.
    colourWeight: 0.005,
  });
}
