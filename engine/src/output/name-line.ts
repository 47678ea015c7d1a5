/**
 * "Name on the page": one line of text (a child's name, a class, a title) set in a band above
 * the picture in hollow letters a child can colour. The letters are the fonts' glyph outlines
 * drawn as bubble letters: every outline stroked wide in black, then the same outlines filled
 * and stroked a little narrower in white, which leaves one clean black line around a fattened
 * letter. Thin CJK strokes become wide enough to colour, and touching strokes merge into one
 * shape instead of crossing lines. The same path data draws the PDF (vector) and the PNG/SVG.
 */
import sharp from 'sharp';
import { textOutlines, textWidth } from './page-fonts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How the hollow letters are drawn, per font, as fractions of the font size: `grow` fattens the
 * letter (CJK characters have small counters, so they grow less), `line` is the outline.
 */
const BUBBLE = { latin: { grow: 0.07, line: 0.04 }, cjk: { grow: 0.03, line: 0.03 } } as const;
/** Air between hollow Latin letters, in em, so fattened neighbours do not merge. */
const TRACKING = { latin: 0.05 } as const;
/** Ink height of the line in em: capitals with descenders, or a CJK character (about -0.12 to 0.88). */
const INK_EM = 1.02;
/** Outlines thinner than this (in the unit of the box) would vanish in print: 0.7 pt is 0.25 mm. */
const MIN_LINE = 0.7;

export interface NameLineRun {
  /** Glyph outlines, absolute SVG path data in the box's coordinates. */
  d: string;
  /** Stroke widths of the black and the white pass. */
  outer: number;
  inner: number;
}

export interface NameLineLayout {
  runs: NameLineRun[];
  fontSize: number;
  /** The text's drawn width (without the bubble's grow). */
  width: number;
}

/**
 * Lays the name out centred in `box`: as large as the box's height allows (with room for the
 * bubble's grow), smaller when a long name would not fit its width. `minLine` is the thinnest
 * outline that still prints (points in a PDF; pixels in a picture).
 */
export function layoutNameLine(name: string, box: Box, minLine = MIN_LINE): NameLineLayout {
  const grow = BUBBLE.latin.grow + 2 * BUBBLE.latin.line;
  const byHeight = box.height / (INK_EM + grow);
  const unitWidth = textWidth(name, 1, TRACKING) + grow;
  const byWidth = unitWidth > 0 ? box.width / unitWidth : byHeight;
  const fontSize = Math.min(byHeight, byWidth);
  const width = textWidth(name, fontSize, TRACKING);
  const x = box.x + (box.width - width) / 2;
  // Capitals and CJK characters stand about 0.72 em above the baseline: centre that on the box.
  const baseline = box.y + box.height / 2 + 0.3 * fontSize;
  const runs = textOutlines(name, fontSize, x, baseline, TRACKING).map(({ role, d }) => {
    const line = Math.max(minLine, BUBBLE[role].line * fontSize);
    const inner = BUBBLE[role].grow * fontSize;
    return { d, inner, outer: inner + 2 * line };
  });
  return { runs, fontSize, width };
}

/** Draws the hollow name on a pdfkit page, inside `box` (points): all black passes, then all white ones. */
export function drawNameLinePdf(doc: PDFKit.PDFDocument, name: string, box: Box): NameLineLayout {
  const layout = layoutNameLine(name, box);
  doc.save();
  doc.lineJoin('round').lineCap('round');
  for (const run of layout.runs) doc.path(run.d).lineWidth(run.outer).stroke('#000000');
  for (const run of layout.runs) doc.path(run.d).lineWidth(run.inner).fillAndStroke('#ffffff', '#ffffff', 'non-zero');
  doc.restore();
  return layout;
}

/** The hollow name as SVG elements, for a picture's SVG or for rasterising. */
export function nameLineSvgElements(name: string, box: Box, minLine = MIN_LINE): string {
  const { runs } = layoutNameLine(name, box, minLine);
  const pass = (run: NameLineRun, black: boolean) =>
    black
      ? `<path d="${run.d}" fill="none" stroke="#000000" stroke-width="${run.outer.toFixed(2)}"/>`
      : `<path d="${run.d}" fill="#ffffff" stroke="#ffffff" stroke-width="${run.inner.toFixed(2)}"/>`;
  return `<g stroke-linejoin="round" stroke-linecap="round">${runs.map((run) => pass(run, true)).join('')}${runs.map((run) => pass(run, false)).join('')}</g>`;
}

/** The band's height for a picture `width` wide: 9 % of the width (0.72 in on a 2400 px, 8 in page). */
export const nameBandHeight = (width: number): number => Math.round(width * 0.09);

/**
 * A page PNG with the hollow name in a new white band above the picture (the picture is not
 * touched or covered). Pure black and white like the page itself: a 1-bit greyscale PNG, which
 * can hold no other value. Metadata chunks are dropped (the caller adds the credit again when
 * the page owes one).
 */
export async function pngWithNameLine(png: Buffer, name: string): Promise<Buffer> {
  const { width = 0 } = await sharp(png).metadata();
  const band = nameBandHeight(width);
  const margin = Math.round(band * 0.12);
  const box = { x: margin * 2, y: margin, width: width - margin * 4, height: band - margin * 2 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}" viewBox="0 0 ${width} ${band}"><rect width="${width}" height="${band}" fill="#ffffff"/>${nameLineSvgElements(name, box, 3)}</svg>`;
  // Band and page as rows of one-channel black and white, the band's rows put on top of the
  // page's: two thirds of the CPU of compositing the band onto the extended page.
  const rows = (input: Buffer) => sharp(input).flatten({ background: '#ffffff' }).greyscale().threshold(128).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const [top, page] = await Promise.all([rows(Buffer.from(svg)), rows(png)]);
  if (top.info.width !== width || page.info.width !== width) throw new Error('the name band and the page differ in width');
  return (
    sharp(Buffer.concat([top.data, page.data]), { raw: { width, height: top.info.height + page.info.height, channels: 1 } })
      .toColourspace('b-w')
      // One bit a pixel without a palette: quantising to a 2-colour palette (libimagequant) at
      // zlib level 9 costs about 8 times the CPU for a file 7 % smaller (bench/src/named-png.ts).
      .png({ palette: false, colours: 2, compressionLevel: 6 })
      .toBuffer()
  );
}

/**
 * A page SVG with the hollow name in a band added above its drawing: the viewBox grows upward,
 * the drawing keeps its coordinates.
 */
export function svgWithNameLine(svg: string, name: string): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('not an SVG');
  const tag = open[0];
  const viewBox = /\bviewBox="([^"]*)"/.exec(tag)?.[1].trim().split(/[\s,]+/).map(Number);
  const size = (attr: string) => parseFloat(new RegExp(`\\b${attr}="([^"]*)"`).exec(tag)?.[1] ?? '');
  const box = viewBox?.length === 4 && viewBox.every(Number.isFinite) ? { x: viewBox[0], y: viewBox[1], width: viewBox[2], height: viewBox[3] } : { x: 0, y: 0, width: size('width'), height: size('height') };
  if (!(box.width > 0 && box.height > 0)) throw new Error('an SVG without a size');
  const band = nameBandHeight(box.width);
  const margin = band * 0.12;
  const top = box.y - band;
  const elements = nameLineSvgElements(name, { x: box.x + margin * 2, y: top + margin, width: box.width - margin * 4, height: band - margin * 2 }, box.width / 800);
  let newTag = tag.replace(/\bviewBox="[^"]*"/, '').replace(/\s(width|height)="[^"]*"/g, '');
  newTag = newTag.replace(/^<svg\b/, `<svg viewBox="${box.x} ${top} ${box.width} ${box.height + band}" width="${box.width}" height="${box.height + band}"`);
  const background = `<rect x="${box.x}" y="${top}" width="${box.width}" height="${band}" fill="#ffffff"/>`;
  // After the drawing: the band covers anything the drawing lets spill above its own box.
  return `${svg.slice(0, open.index)}${newTag}${svg.slice(open.index + tag.length, close)}${background}${elements}${svg.slice(close)}`;
}
