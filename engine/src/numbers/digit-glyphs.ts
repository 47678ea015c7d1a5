/**
 * A single-stroke font for the digits 0–9, drawn as paths (stroked with round caps and joins),
 * so a number is the same vector in the PDF and the same pixels in the PNG on every machine: no
 * font file, no system font. Glyphs live in a box 100 units tall (y down), about 56 wide.
 */
const GLYPHS: Record<string, { d: string; width: number }> = {
  '0': { d: 'M28 1C11 1 5 24 5 50C5 76 11 99 28 99C45 99 51 76 51 50C51 24 45 1 28 1Z', width: 56 },
  '1': { d: 'M12 20L32 2L32 99', width: 44 },
  '2': { d: 'M6 24C6 10 16 1 29 1C42 1 51 11 51 24C51 41 36 55 6 99L52 99', width: 58 },
  '3': { d: 'M7 10C12 4 19 1 28 1C41 1 49 10 49 23C49 37 40 46 25 46M25 46C42 46 51 57 51 72C51 88 41 99 27 99C17 99 9 95 4 88', width: 56 },
  '4': { d: 'M38 99L38 1L3 68L53 68', width: 58 },
  '5': { d: 'M47 1L13 1L9 45C15 40 21 38 28 38C42 38 51 50 51 68C51 87 41 99 27 99C17 99 9 95 4 88', width: 56 },
  '6': { d: 'M46 9C42 4 36 1 29 1C13 1 5 22 5 55C5 85 14 99 29 99C43 99 52 87 52 71C52 55 42 44 29 44C17 44 8 52 5 63', width: 57 },
  '7': { d: 'M4 1L52 1L21 99', width: 56 },
  '8': { d: 'M28 46C15 46 8 38 8 24C8 10 16 1 28 1C40 1 48 10 48 24C48 38 41 46 28 46C14 46 5 56 5 72C5 89 15 99 28 99C41 99 51 89 51 72C51 56 42 46 28 46Z', width: 56 },
  '9': { d: 'M10 91C14 96 20 99 27 99C43 99 51 78 51 45C51 15 42 1 28 1C14 1 4 13 4 29C4 45 14 56 27 56C39 56 48 48 51 37', width: 57 },
};

/** Stroke width of the digits, in glyph units (a share of the 100-unit height). */
export const DIGIT_STROKE = 12;
/** Space between two digits of a number, in glyph units. */
const DIGIT_GAP = 12;

/** Width of a number's ink in glyph units (a 100-unit tall box), strokes included. */
export function numberWidthUnits(value: number): number {
  const digits = String(value).split('');
  return digits.reduce((sum, digit) => sum + GLYPHS[digit].width, 0) + DIGIT_GAP * (digits.length - 1) + DIGIT_STROKE;
}

/** Width over height of a number's box (strokes included): what placement reserves for it. */
export function numberAspect(value: number): number {
  return numberWidthUnits(value) / (100 + DIGIT_STROKE);
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** Moves and scales one glyph's path data (only absolute M L C Z, which every glyph above uses). */
function placeGlyph(d: string, x: number, y: number, scale: number): string {
  let axis = 0;
  return d.replace(/[MLCZ]|-?\d+(?:\.\d+)?/g, (token) => {
    if (/[MLCZ]/.test(token)) {
      axis = 0;
      return token;
    }
    const value = Number(token);
    const placed = axis % 2 === 0 ? x + value * scale : y + value * scale;
    axis++;
    return `${round(placed)} `;
  }).replace(/ ([MLCZ])/g, '$1').trim();
}

/**
 * Path data of `value` drawn with its box (strokes included) centred on (cx, cy), `height` tall
 * in the caller's units; stroke it with `strokeWidthFor(height)`, round caps and joins.
 */
export function numberPath(value: number, cx: number, cy: number, height: number): string {
  const scale = height / (100 + DIGIT_STROKE);
  const half = (DIGIT_STROKE / 2) * scale;
  let x = cx - (numberWidthUnits(value) * scale) / 2 + half;
  const y = cy - height / 2 + half;
  const parts: string[] = [];
  for (const digit of String(value)) {
    const glyph = GLYPHS[digit];
    parts.push(placeGlyph(glyph.d, x, y, scale));
    x += (glyph.width + DIGIT_GAP) * scale;
  }
  return parts.join('');
}

/** The stroke width of a number `height` tall (its box, strokes included). */
export function strokeWidthFor(height: number): number {
  return (DIGIT_STROKE * height) / (100 + DIGIT_STROKE);
}
