import type { Difficulty, Ratio } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import type { Attribution } from '@studio/contracts/images';

/** A one-channel image: one byte a pixel, row-major. Page bitmaps hold only 0 (ink) and 255 (paper). */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

/** What the page checker (engine/src/quality/check-page.ts) finds on a page bitmap. */
export interface PageReport {
  width: number;
  height: number;
  greyPixels: number;
  specks: number;
  leakingRegions: number;
  regionCount: number;
  lineWidthPx: number;
  lineWidthMm: number;
  passes: boolean;
  problems: string[];
  /** Photo pages: the faces the face model found and drew (decision 055); absent when it could not run. */
  faces?: number;
  /** Photo pages: the eyes drawn on each of those faces, in the model's order (decision 066). */
  faceEyes?: number[];
}

/** A finished page before it is written anywhere: master raster plus vector (when traced or drawn). */
export interface Page {
  /** Master raster, PNG, pure black on white, at pageSizeForRatio(ratio). */
  png: Buffer;
  /** The same page as SVG (subset documented in engine/src/output/svg-to-pdf.ts), or null. */
  svg: string | null;
  /** Optional coloured preview of the same composition, PNG. */
  colorPng?: Buffer;
  width: number;
  height: number;
  report: PageReport;
  /**
   * The credit owed to third-party artwork drawn on the page (OpenMoji subjects: CC BY-SA), set
   * by whoever drew it; the output writes it into every file (output/credit.ts). Absent: none owed.
   */
  credit?: Attribution | null;
  /**
   * A photo page filled with a window of its photo (fit `cover`): where the window sits, or
   * `fitted` when every window would have cut the subject (lineart/subject-window.ts).
   */
  frame?: { frame: 'cropped' | 'fitted'; box: { left: number; top: number; width: number; height: number }; centred: boolean };
}

/** Every file the engine hands to a caller for one page. */
export interface PageFiles {
  png: Buffer;
  svg: string | null;
  pdf: Buffer;
  thumb600: Buffer;
  thumb320: Buffer;
  colorPng?: Buffer;
  colorThumb600?: Buffer;
}

export interface PageOptions {
  difficulty: Difficulty;
  ratio: Ratio;
  paper: Paper;
}
