import type { Difficulty, Ratio } from './constants';

/** 300 DPI: pixels per millimetre of the printed page. */
export const PX_PER_MM = 300 / 25.4;

/** Printable area of US Letter at 300 DPI with 0.25 in margins (DESIGN §7). */
export const PRINTABLE_PORTRAIT = { width: 2400, height: 3150 } as const;
export const PRINTABLE_LANDSCAPE = { width: 3150, height: 2400 } as const;

const RATIO_PARTS: Record<Ratio, [number, number]> = {
  '21:9': [21, 9],
  '16:9': [16, 9],
  '4:3': [4, 3],
  '1:1': [1, 1],
  '3:4': [3, 4],
  '9:16': [9, 16],
  '16:21': [16, 21],
};

export function ratioParts(ratio: Ratio): [number, number] {
  return RATIO_PARTS[ratio];
}

export function isLandscape(ratio: Ratio): boolean {
  const [w, h] = RATIO_PARTS[ratio];
  return w > h;
}

/** The master raster size for a ratio: the largest rectangle of that ratio in the printable area. */
export function pageSizeForRatio(ratio: Ratio): { width: number; height: number } {
  const [w, h] = RATIO_PARTS[ratio];
  const area = isLandscape(ratio) ? PRINTABLE_LANDSCAPE : PRINTABLE_PORTRAIT;
  const scale = Math.min(area.width / w, area.height / h);
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

/** What each difficulty means on paper (DESIGN §7): line width and how many regions to colour. */
export interface DifficultySpec {
  lineMm: number;
  minRegions: number;
  maxRegions: number;
  ages: string;
}

export const DIFFICULTY_SPECS: Record<Difficulty, DifficultySpec> = {
  toddler: { lineMm: 2.5, minRegions: 8, maxRegions: 20, ages: '2-5' },
  children: { lineMm: 1.5, minRegions: 30, maxRegions: 60, ages: '5-10' },
  teen: { lineMm: 1, minRegions: 50, maxRegions: 120, ages: '10-18' },
  adult: { lineMm: 0.5, minRegions: 200, maxRegions: Number.POSITIVE_INFINITY, ages: '18+' },
};

export function lineWidthPx(difficulty: Difficulty): number {
  return DIFFICULTY_SPECS[difficulty].lineMm * PX_PER_MM;
}

export type Paper = 'letter' | 'a4';
/** Paper sizes in PDF points (1/72 in). */
export const PAPER_POINTS: Record<Paper, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};
