import { PAPER_POINTS, PX_PER_MM } from '@studio/contracts/page';
import { numberAspect, numberPath, strokeWidthFor } from './digit-glyphs';
import { CRAYONS } from './palette';
import type { NumberMark } from './place-numbers';

/**
 * The sheet of a colour-by-number page: the picture on top, the key below it (a swatch and its
 * number per colour, up to 8 a row). Everything is measured in page pixels (300 DPI); the PDF
 * scales the sheet onto the paper like any page.
 */

const mm = (value: number): number => value * PX_PER_MM;
const KEY = {
  gap: mm(4),
  rowHeight: mm(13),
  swatch: mm(9),
  numberHeight: mm(5),
  cell: mm(26),
  perRow: 8,
  bottom: mm(2),
};

/** Grey of the numbers in the picture: clearly print, clearly not a line to colour up to. */
export const DIGIT_COLOUR = '#555555';
const LEADER_COLOUR = '#777777';
const KEY_INK = '#333333';

export function keyRows(colours: number): number {
  return Math.max(1, Math.ceil(colours / KEY.perRow));
}

export function keyBandHeight(colours: number): number {
  return Math.round(KEY.gap + keyRows(colours) * KEY.rowHeight + KEY.bottom);
}

/**
 * Points per sheet pixel when the sheet is printed: the smaller of Letter and A4 (each in the
 * orientation of the sheet, inside 0.25 in margins), as openPageDocument fits it.
 */
export function printScale(width: number, height: number): number {
  return Math.min(
    ...Object.values(PAPER_POINTS).map((paper) => {
      const [pw, ph] = width > height ? [paper.height, paper.width] : [paper.width, paper.height];
      return Math.min((pw - 36) / width, (ph - 36) / height);
    }),
  );
}

/** Sheet pixels for a printed length in millimetres, at the print scale. */
export function printedMm(value: number, scale: number): number {
  return (value * 72) / 25.4 / scale;
}

/** One thing drawn over the picture or in the key: the same list feeds the PNG (SVG) and the PDF. */
export type SheetMark =
  | { kind: 'stroke'; d: string; width: number; colour: string }
  | { kind: 'swatch'; x: number; y: number; size: number; fill: string }
  | { kind: 'dot'; x: number; y: number; r: number; colour: string };

/** The numbers (and leaders) over the picture. */
export function numberMarks(marks: NumberMark[], numberOf: (region: number) => number): SheetMark[] {
  const out: SheetMark[] = [];
  for (const m of marks) {
    if (m.leader) {
      const { from, to } = m.leader;
      const width = Math.max(2, m.height * 0.07);
      out.push({ kind: 'stroke', d: `M${r2(from.x)} ${r2(from.y)}L${r2(to.x)} ${r2(to.y)}`, width, colour: LEADER_COLOUR });
      out.push({ kind: 'dot', x: r2(to.x), y: r2(to.y), r: r2(width * 1.6), colour: LEADER_COLOUR });
    }
    out.push({ kind: 'stroke', d: numberPath(numberOf(m.region), m.x, m.y, m.height), width: r2(strokeWidthFor(m.height)), colour: DIGIT_COLOUR });
  }
  return out;
}

/** The key: per colour a number and a swatch, rows centred under the picture. */
export function keyMarks(crayons: number[], width: number, top: number): SheetMark[] {
  const out: SheetMark[] = [];
  const perRow = Math.min(KEY.perRow, crayons.length);
  const cell = Math.min(KEY.cell, width / Math.max(1, perRow));
  crayons.forEach((crayon, index) => {
    const row = Math.floor(index / KEY.perRow);
    const inRow = Math.min(KEY.perRow, crayons.length - row * KEY.perRow);
    const left = (width - inRow * cell) / 2 + (index % KEY.perRow) * cell;
    const cy = top + KEY.gap + row * KEY.rowHeight + KEY.rowHeight / 2;
    const number = index + 1;
    const numberWidth = numberAspect(number) * KEY.numberHeight;
    const itemWidth = numberWidth + mm(2) + KEY.swatch;
    const x0 = left + (cell - itemWidth) / 2;
    out.push({ kind: 'stroke', d: numberPath(number, x0 + numberWidth / 2, cy, KEY.numberHeight), width: r2(strokeWidthFor(KEY.numberHeight)), colour: KEY_INK });
    out.push({ kind: 'swatch', x: r2(x0 + numberWidth + mm(2)), y: r2(cy - KEY.swatch / 2), size: r2(KEY.swatch), fill: CRAYONS[crayon].hex });
  });
  return out;
}

const r2 = (n: number): number => Math.round(n * 100) / 100;
const SWATCH_LINE = mm(0.35);

/** The marks as an SVG of the whole sheet (transparent elsewhere), for compositing onto the PNG. */
export function marksSvg(marks: SheetMark[], width: number, height: number): string {
  const parts = marks.map((m) => {
    if (m.kind === 'stroke') return `<path d="${m.d}" fill="none" stroke="${m.colour}" stroke-width="${m.width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    if (m.kind === 'dot') return `<circle cx="${m.x}" cy="${m.y}" r="${m.r}" fill="${m.colour}"/>`;
    return `<rect x="${m.x}" y="${m.y}" width="${m.size}" height="${m.size}" rx="${r2(m.size / 6)}" fill="${m.fill}" stroke="${KEY_INK}" stroke-width="${r2(SWATCH_LINE)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** Draws the marks into a PDF page whose current transform maps sheet pixels onto the paper. */
export function drawMarks(doc: PDFKit.PDFDocument, marks: SheetMark[]): void {
  for (const m of marks) {
    doc.save();
    if (m.kind === 'stroke') doc.path(m.d).lineWidth(m.width).lineCap('round').lineJoin('round').stroke(m.colour);
    else if (m.kind === 'dot') doc.circle(m.x, m.y, m.r).fill(m.colour);
    else doc.roundedRect(m.x, m.y, m.size, m.size, m.size / 6).lineWidth(SWATCH_LINE).fillAndStroke(m.fill, KEY_INK);
    doc.restore();
  }
}
