import type { Difficulty } from '@studio/contracts/constants';

/** One colour of the key: a crayon a child can find in an ordinary box. */
export interface Crayon {
  name: string;
  hex: string;
}

/**
 * The colours a key may use, in the order a crayon box shows them (the key keeps this order).
 * Light tints are included because the composer's previews are mostly pastel: grouping a
 * pale sky to a dark blue would make a solution unlike its preview.
 */
export const CRAYONS: readonly Crayon[] = [
  { name: 'red', hex: '#e53935' },
  { name: 'pink', hex: '#f48fb1' },
  { name: 'light pink', hex: '#fcd5de' },
  { name: 'magenta', hex: '#d6336c' },
  { name: 'orange', hex: '#f57c00' },
  { name: 'light orange', hex: '#fbb25c' },
  { name: 'peach', hex: '#ffdcb5' },
  { name: 'yellow', hex: '#fdd835' },
  { name: 'light yellow', hex: '#fff2a8' },
  { name: 'yellow green', hex: '#b5cc2e' },
  { name: 'light lime', hex: '#dcf2a6' },
  { name: 'light green', hex: '#a8e6a3' },
  { name: 'mint', hex: '#d3f5d9' },
  { name: 'green', hex: '#43a047' },
  { name: 'dark green', hex: '#2b6e31' },
  { name: 'teal', hex: '#1f9e8f' },
  { name: 'light blue', hex: '#cfe7fb' },
  { name: 'sky blue', hex: '#74c0fc' },
  { name: 'blue', hex: '#1e63c6' },
  { name: 'navy', hex: '#283593' },
  { name: 'lavender', hex: '#ddd3fb' },
  { name: 'violet', hex: '#9775fa' },
  { name: 'purple', hex: '#7b1fa2' },
  { name: 'tan', hex: '#d4a373' },
  { name: 'brown', hex: '#8d5a2b' },
  { name: 'dark brown', hex: '#5a3a1e' },
  { name: 'light grey', hex: '#d3d7db' },
  { name: 'grey', hex: '#8a9096' },
  { name: 'black', hex: '#2b2b2b' },
];

/**
 * The most colours a key holds (issue 17: 8 to 16, fewer for younger children), and how many
 * a page without a coloured preview is painted with (bright for shapes, light for large areas).
 */
export const KEY_SIZE: Record<Difficulty, { max: number; withoutPreview: { bright: number; light: number } }> = {
  toddler: { max: 8, withoutPreview: { bright: 4, light: 2 } },
  children: { max: 10, withoutPreview: { bright: 6, light: 3 } },
  teen: { max: 12, withoutPreview: { bright: 8, light: 3 } },
  adult: { max: 16, withoutPreview: { bright: 10, light: 4 } },
};

const crayonIndex = (name: string): number => CRAYONS.findIndex((crayon) => crayon.name === name);

/**
 * Crayons for pages without a preview, most cheerful first: a page uses the first N bright ones
 * for its shapes and the first few light ones for its large areas (sky, ground, background),
 * as a child colouring a page would.
 */
export const PREVIEWLESS_BRIGHT: readonly number[] = ['red', 'yellow', 'sky blue', 'green', 'orange', 'violet', 'pink', 'tan', 'teal', 'brown'].map(crayonIndex);
export const PREVIEWLESS_LIGHT: readonly number[] = ['light blue', 'light green', 'light yellow', 'peach'].map(crayonIndex);

export type Lab = [number, number, number];

function toLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** CIE L*a*b* (D65) of an sRGB colour. */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const lr = toLinear(r);
  const lg = toLinear(g);
  const lb = toLinear(b);
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export const labDistance = (a: Lab, b: Lab): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export const CRAYON_LABS: readonly Lab[] = CRAYONS.map((crayon) => rgbToLab(...hexToRgb(crayon.hex)));

/** A colour this close to white (ΔE) is paper: its region is left white and carries no number. */
export const PAPER_DELTA_E = 7;

const WHITE: Lab = [100, 0, 0];

export function isPaperColour(lab: Lab): boolean {
  return labDistance(lab, WHITE) < PAPER_DELTA_E;
}

/** Index of the crayon nearest to a colour. */
export function nearestCrayon(lab: Lab): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < CRAYON_LABS.length; i++) {
    const d = labDistance(lab, CRAYON_LABS[i]);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}
