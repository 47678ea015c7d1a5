/**
 * Print packs (decision 032): a booklet PDF of several pages — a cover (title, the first page's
 * picture small, contents, artwork credits) then one page per picture with its number — on
 * Letter or A4, one page per sheet or two half-size pages side by side on a landscape sheet.
 * The optional name line is drawn on every page in hollow letters (name-line.ts).
 *
 * The document is a stream: each picture is asked for when its page is drawn, the page is
 * written out when the next begins, and drawing waits while the reader has not taken what was
 * written, so memory holds about one page whatever the booklet's length.
 */
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PAPER_POINTS, type Paper } from '@studio/contracts/page';
import { BOOKLET_MAX_PAGES } from '@studio/contracts/packs';
import { creditLine, creditNotice, type ArtworkCredit } from './credit';
import { drawNameLinePdf, type Box } from './name-line';
import { registerPageFonts, textRuns, textWidth } from './page-fonts';
import { drawSvgFitted, parseSvg, svgBox } from './svg-to-pdf';

/** One picture: its SVG when the page has vector art, else its master PNG. */
export type BookletPicture = { svg: string; png?: undefined } | { svg?: undefined; png: Buffer };

export interface BookletEntry {
  title: string;
  credit: ArtworkCredit | null;
}

/** The cover's words, in the reader's language (the caller translates). */
export interface BookletLabels {
  contents: string;
  /** "Artwork credits" and the word before a list of page numbers ("pages"). */
  credits: string;
  pages: string;
}

export interface BookletOptions {
  title: string;
  paper: Paper;
  perSheet: 1 | 2;
  name: string | null;
  labels: BookletLabels;
}

/** Drawing pauses while more than this much written PDF waits for its reader. */
const READER_BACKLOG_BYTES = 1024 * 1024;

/** Points, on a full portrait sheet; half-size pages scale them down. */
const LAYOUT = { margin: 18, nameBand: 44, footer: 20, number: 10, credit: 5.5 } as const;

const PDF_INFO = { Producer: 'coloring-studio engine', Creator: 'coloring-studio engine', CreationDate: new Date(0) };

interface Slot extends Box {
  /** 1 on a full sheet, about 0.65 on a half. */
  scale: number;
}

type Align = 'left' | 'center' | 'right';

/** A text cut to `maxWidth` with an ellipsis, keeping whole characters. */
export function fitText(text: string, size: number, maxWidth: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** One line in the page fonts (Latin and CJK runs side by side), baseline at `y`. */
function drawLine(doc: PDFKit.PDFDocument, text: string, at: { x: number; y: number; size: number; align?: Align; maxWidth?: number; color?: string }): void {
  const line = at.maxWidth ? fitText(text, at.size, at.maxWidth) : text;
  const width = textWidth(line, at.size);
  let pen = at.align === 'center' ? at.x - width / 2 : at.align === 'right' ? at.x - width : at.x;
  doc.fillColor(at.color ?? '#000000');
  for (const run of textRuns(line)) {
    doc.font(run.role).fontSize(at.size).text(run.text, pen, at.y, { lineBreak: false, baseline: 'alphabetic' });
    pen += textWidth(run.text, at.size);
  }
}

/** The name as real but invisible text over its hollow letters, so it can be found and copied. */
function drawFindableName(doc: PDFKit.PDFDocument, name: string, box: Box): void {
  doc.save();
  doc.fillOpacity(0);
  const size = Math.min(box.height * 0.6, 24);
  drawLine(doc, name, { x: box.x + box.width / 2, y: box.y + box.height / 2 + size * 0.36, size, align: 'center', maxWidth: box.width });
  doc.restore();
}

/** The name band of a slot (empty height without a name). */
function nameBox(slot: Slot): Box {
  const margin = LAYOUT.margin * slot.scale;
  return { x: slot.x + margin * 2, y: slot.y + margin * 0.6, width: slot.width - margin * 4, height: LAYOUT.nameBand * slot.scale };
}

function drawName(doc: PDFKit.PDFDocument, name: string | null, slot: Slot): number {
  if (!name) return 0;
  const box = nameBox(slot);
  drawNameLinePdf(doc, name, box);
  drawFindableName(doc, name, box);
  return box.y + box.height - slot.y;
}

async function pictureSize(picture: BookletPicture): Promise<{ width: number; height: number }> {
  if (picture.svg !== undefined) return svgBox(parseSvg(picture.svg));
  const meta = await sharp(picture.png).metadata();
  return { width: meta.width ?? 1, height: meta.height ?? 1 };
}

/** Draws a picture fitted into `box`: vector from its SVG, else its raster flattened to grey. */
async function drawPicture(doc: PDFKit.PDFDocument, picture: BookletPicture, box: Box): Promise<void> {
  if (picture.svg !== undefined) {
    drawSvgFitted(doc, picture.svg, box);
    return;
  }
  const { data, info } = await sharp(picture.png).flatten({ background: '#ffffff' }).greyscale().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
  const scale = Math.min(box.width / info.width, box.height / info.height);
  const width = info.width * scale;
  const height = info.height * scale;
  doc.image(data, box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, { width, height });
}

/** A content page in its slot: name band, picture, page number, credit line. */
async function drawContentPage(doc: PDFKit.PDFDocument, slot: Slot, picture: BookletPicture, page: { number: number | null; credit: ArtworkCredit | null; name: string | null }): Promise<void> {
  const s = slot.scale;
  const margin = LAYOUT.margin * s;
  const top = page.name ? drawName(doc, page.name, slot) + 4 * s : margin;
  const footer = page.number !== null ? LAYOUT.footer * s : 0;
  await drawPicture(doc, picture, { x: slot.x + margin, y: slot.y + top, width: slot.width - 2 * margin, height: slot.height - top - margin - footer });
  if (page.number !== null) {
    drawLine(doc, String(page.number), { x: slot.x + slot.width / 2, y: slot.y + slot.height - margin - 5 * s, size: LAYOUT.number * s, align: 'center' });
  }
  if (page.credit) {
    drawLine(doc, creditLine(page.credit), { x: slot.x + slot.width / 2, y: slot.y + slot.height - 6 * s, size: LAYOUT.credit * s, align: 'center', maxWidth: slot.width - 2 * margin, color: '#666666' });
  }
}

/** Pages of the contents as "3, 5–7, 9". */
export function pageList(numbers: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    parts.push(j > i + 1 ? `${numbers[i]}–${numbers[j]}` : j === i + 1 ? `${numbers[i]}, ${numbers[j]}` : `${numbers[i]}`);
    i = j;
  }
  return parts.join(', ');
}

/** The cover: name band, title, the first picture small, contents in one or two columns, credits. */
async function drawCover(doc: PDFKit.PDFDocument, slot: Slot, entries: BookletEntry[], first: BookletPicture, options: BookletOptions): Promise<void> {
  const s = slot.scale;
  const margin = LAYOUT.margin * s;
  const left = slot.x + margin * 2;
  const width = slot.width - margin * 4;
  let y = slot.y + (options.name ? drawName(doc, options.name, slot) : margin) + 8 * s;

  const titleSize = 26 * s;
  y += titleSize;
  drawLine(doc, options.title, { x: slot.x + slot.width / 2, y, size: titleSize, align: 'center', maxWidth: width });
  y += 14 * s;

  // Credits first, from the bottom up: they must fit whole.
  const credited = new Map<string, { credit: ArtworkCredit; pages: number[] }>();
  entries.forEach((entry, index) => {
    if (!entry.credit) return;
    const key = creditLine(entry.credit);
    const group = credited.get(key) ?? { credit: entry.credit, pages: [] };
    group.pages.push(index + 1);
    credited.set(key, group);
  });
  const creditSize = 6.5 * s;
  let bottom = slot.y + slot.height - margin;
  const creditLines: string[] = [];
  for (const { credit, pages } of credited.values()) creditLines.push(`${options.labels.pages} ${pageList(pages)}: ${creditNotice(credit)}`);
  if (creditLines.length) {
    const lines = creditLines.flatMap((line) => wrap(line, creditSize, width));
    bottom -= lines.length * creditSize * 1.35;
    let cy = bottom;
    drawLine(doc, options.labels.credits, { x: left, y: cy - creditSize * 1.6, size: creditSize * 1.15 });
    for (const line of lines) {
      cy += creditSize * 1.35;
      drawLine(doc, line, { x: left, y: cy - creditSize * 0.35, size: creditSize, color: '#444444' });
    }
    // Room for the heading and a gap above it.
    bottom -= creditSize * 5;
  }

  // The picture takes what the contents leave, within bounds; the contents fit below it.
  const headSize = 13 * s;
  const columns = entries.length <= 14 ? 1 : 2;
  const rows = Math.ceil(entries.length / columns);
  const available = bottom - y;
  const contentsHead = headSize * 1.6 + 12 * s;
  const pictureHeight = Math.min(slot.height * 0.48, Math.max(60 * s, available - contentsHead - rows * 15 * s));
  const lineHeight = Math.min(15 * s, (available - pictureHeight - contentsHead) / rows);
  await drawPicture(doc, first, { x: left, y, width, height: pictureHeight });
  y += pictureHeight + 12 * s + headSize;

  drawLine(doc, options.labels.contents, { x: left, y, size: headSize });
  y += headSize * 0.6;
  const size = Math.min(10.5 * s, lineHeight * 0.72);
  const gap = 14 * s;
  const columnWidth = (width - gap * (columns - 1)) / columns;
  entries.forEach((entry, index) => {
    const column = Math.floor(index / rows);
    const row = index % rows;
    const x = left + column * (columnWidth + gap);
    const rowY = y + (row + 1) * lineHeight;
    const number = String(index + 1);
    const numberWidth = textWidth('00', size) + 4 * s;
    drawLine(doc, number, { x: x + numberWidth - 4 * s, y: rowY, size, align: 'right', color: '#555555' });
    drawLine(doc, entry.title, { x: x + numberWidth + 2 * s, y: rowY, size, maxWidth: columnWidth - numberWidth - 2 * s });
  });
}

/** Words of a (Latin) line wrapped to `width`. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Waits while the reader has more than READER_BACKLOG_BYTES to take (or until it has gone away).
 * It looks every 20 ms rather than listening for 'data': a listener of its own could set a
 * stream flowing that nobody reads yet.
 */
async function readerCaughtUp(doc: PDFKit.PDFDocument): Promise<void> {
  const stream = doc as unknown as { readableLength: number; destroyed: boolean };
  while (stream.readableLength > READER_BACKLOG_BYTES && !stream.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The reader went away (a closed download): the booklet stops drawing. */
export class BookletAbandoned extends Error {
  constructor() {
    super('the booklet was no longer being read');
    this.name = 'BookletAbandoned';
  }
}

/** Where each slot of a booklet goes: sheet by sheet, one or two slots a sheet. */
class SheetCursor {
  private used = 0;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly paper: Paper,
    private readonly perSheet: 1 | 2,
  ) {}

  /** The next slot; a new sheet when needed (on one-up sheets, landscape for a landscape picture). */
  next(landscapePicture: boolean): Slot {
    const { width: pw, height: ph } = PAPER_POINTS[this.paper];
    if (this.perSheet === 1) {
      const [w, h] = landscapePicture ? [ph, pw] : [pw, ph];
      this.doc.addPage({ size: [w, h], margin: 0 });
      this.used += 1;
      return { x: 0, y: 0, width: w, height: h, scale: 1 };
    }
    const half = this.used % 2;
    if (half === 0) {
      this.doc.addPage({ size: [ph, pw], margin: 0, layout: 'portrait' });
      // A light fold line between the halves.
      this.doc.save().moveTo(ph / 2, 14).lineTo(ph / 2, pw - 14).dash(3, { space: 4 }).lineWidth(0.4).stroke('#bbbbbb').undash().restore();
    }
    this.used += 1;
    const width = ph / 2;
    return { x: half * width, y: 0, width, height: pw, scale: Math.min(width / pw, pw / ph) };
  }
}

/**
 * Starts writing a booklet; `load(i)` gives the i-th picture when its page is drawn. Answers the
 * PDF as a readable stream at once; `finished` settles when the last byte is written (rejects,
 * after destroying the stream, when a picture cannot be had or drawn).
 */
export function writeBooklet(entries: BookletEntry[], load: (index: number) => Promise<BookletPicture>, options: BookletOptions): { stream: NodeJS.ReadableStream; finished: Promise<void> } {
  if (entries.length === 0 || entries.length > BOOKLET_MAX_PAGES) throw new RangeError(`a booklet has 1 to ${BOOKLET_MAX_PAGES} pages`);
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { ...PDF_INFO, Title: options.title } });
  registerPageFonts(doc);
  const credits = [...new Set(entries.filter((e) => e.credit).map((e) => creditNotice(e.credit!)))];
  if (credits.length) (doc.info as Record<string, unknown>).Subject = credits.join(' ');
  const cursor = new SheetCursor(doc, options.paper, options.perSheet);

  const finished = (async () => {
    let next = load(0);
    const first = await next;
    await drawCover(doc, cursor.next(false), entries, first, options);
    for (let index = 0; index < entries.length; index++) {
      const picture = await next;
      // The next picture is read while this one is drawn.
      if (index + 1 < entries.length) {
        next = load(index + 1);
        // Its failure is met when it is awaited, not reported as unhandled meanwhile.
        next.catch(() => undefined);
      }
      const size = await pictureSize(picture);
      const slot = cursor.next(size.width > size.height);
      await drawContentPage(doc, slot, picture, { number: index + 1, credit: entries[index].credit, name: options.name });
      await readerCaughtUp(doc);
      await new Promise((resolve) => setImmediate(resolve));
      if ((doc as unknown as { destroyed: boolean }).destroyed) throw new BookletAbandoned();
    }
    // 'end' when the reader has taken the last byte; 'close' too if it went away first.
    const ended = Promise.race([once(doc as unknown as NodeJS.EventEmitter, 'end'), once(doc as unknown as NodeJS.EventEmitter, 'close')]);
    doc.end();
    await ended;
  })();
  finished.catch((error: unknown) => (doc as unknown as { destroy(e: unknown): void }).destroy(error));
  return { stream: doc as unknown as NodeJS.ReadableStream, finished };
}

/**
 * One page as a PDF with the name line above its picture (downloads with `name`): the same page
 * as a booklet's, without a number, on a sheet turned like the picture.
 */
export async function pagePdfWithName(picture: BookletPicture, options: { paper: Paper; name: string; credit: ArtworkCredit | null; title?: string }): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { ...PDF_INFO, ...(options.title ? { Title: options.title } : {}) } });
  registerPageFonts(doc);
  if (options.credit) {
    const info = doc.info as Record<string, unknown>;
    info.Subject = creditNotice(options.credit);
    info.Copyright = creditNotice(options.credit);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const size = await pictureSize(picture);
  const slot = new SheetCursor(doc, options.paper, 1).next(size.width > size.height);
  await drawContentPage(doc, slot, picture, { number: null, credit: options.credit, name: options.name });
  doc.end();
  await once(doc as unknown as NodeJS.EventEmitter, 'end');
  return Buffer.concat(chunks);
}
