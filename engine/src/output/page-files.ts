import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import type { Paper } from '@studio/contracts/page';
import type { Bitmap, Page, PageFiles } from '../page';
import { creditPdf, pngHasCredit, pngWithCredit, svgHasCredit, svgWithCredit, type ArtworkCredit } from './credit';
import { openPageDocument, svgToPdf, type PagePdfText } from './svg-to-pdf';

/** Thumbnails are sized by their long side, so every ratio gets the same bounding box. */
export const THUMB_LONG_SIDES = { large: 600, small: 320 } as const;

async function thumbnail(png: Buffer, longSide: number): Promise<Buffer> {
  return sharp(png).resize(longSide, longSide, { fit: 'inside' }).webp({ quality: 82, effort: 2 }).toBuffer();
}

/** Thumbnails already being made for a page, keyed by the page's PNG (see prepareThumbnails). */
const preparedThumbnails = new WeakMap<Buffer, Promise<[Buffer, Buffer]>>();

/**
 * Starts the 600 and 320 px thumbnails of a page from its bitmap, on libvips' threads, while the
 * caller goes on (tracing, say); returns a handle to attach once the page's PNG exists. Saves
 * decoding the master PNG again in renderPageFiles, which picks them up by that PNG.
 */
export function startThumbnails(bitmap: Bitmap): { attach: (png: Buffer) => void } {
  const raw = { raw: { width: bitmap.width, height: bitmap.height, channels: 1 as const } };
  const make = (longSide: number): Promise<Buffer> =>
    sharp(bitmap.data, raw).resize(longSide, longSide, { fit: 'inside' }).webp({ quality: 82, effort: 2 }).toBuffer();
  const pair = Promise.all([make(THUMB_LONG_SIDES.large), make(THUMB_LONG_SIDES.small)]);
  // Nobody may be waiting on it (a discarded attempt): a failure is seen by renderPageFiles only.
  pair.catch(() => undefined);
  return {
    attach: (png) => {
      preparedThumbnails.set(png, pair);
    },
  };
}

async function pageThumbnails(png: Buffer): Promise<[Buffer, Buffer]> {
  const prepared = preparedThumbnails.get(png);
  if (prepared) {
    try {
      return await prepared;
    } catch {
      // Made again from the PNG below.
    }
  }
  return Promise.all([thumbnail(png, THUMB_LONG_SIDES.large), thumbnail(png, THUMB_LONG_SIDES.small)]);
}

/** A page without vector art still gets a PDF: the raster, flattened to one grey channel (small and fast to embed). */
async function rasterToPdf(png: Buffer, paper: Paper, text: PagePdfText = {}): Promise<Buffer> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
  const { doc, done, fit } = openPageDocument(paper, info.width, info.height, text.title);
  doc.image(data, fit.x, fit.y, { width: info.width * fit.scale, height: info.height * fit.scale });
  if (text.credit) creditPdf(doc, text.credit, text.lang);
  doc.end();
  return done;
}

/**
 * A stored page's PDF drawn again for one reader (decision 071): the same page as the stored
 * file, with the document title and the credit line in the reader's language.
 */
export function pagePdfFor(picture: { svg: string; png?: undefined } | { svg?: undefined; png: Buffer }, paper: Paper, text: PagePdfText): Promise<Buffer> {
  return picture.svg !== undefined ? svgToPdf(picture.svg, { paper, ...text }) : rasterToPdf(picture.png, paper, text);
}

/**
 * Everything a caller stores for one page: the master PNG, the SVG when there is one, a PDF
 * (vector from the SVG, else the raster), WebP thumbnails 600 and 320 px on the long side, and a
 * 600 px colour thumbnail when the page has a coloured preview. A page with `credit` carries it
 * in its PNG, SVG and PDF; `title` is the PDF's document title (what a reader's PDF viewer shows).
 */
export async function renderPageFiles(page: Page, opts: { paper: Paper; title?: string }): Promise<PageFiles> {
  // Thumbnails first: they run on libvips' threads while the PDF is drawn here.
  const thumbs = pageThumbnails(page.png);
  const colour = page.colorPng ? thumbnail(page.colorPng, THUMB_LONG_SIDES.large) : Promise.resolve(undefined);
  const credit = page.credit ?? null;
  const [pdf, [thumb600, thumb320], colorThumb600] = await Promise.all([
    page.svg ? svgToPdf(page.svg, { paper: opts.paper, credit, title: opts.title }) : rasterToPdf(page.png, opts.paper, { credit, title: opts.title }),
    thumbs,
    colour,
  ]);
  // Artwork under an attribution licence is credited inside each file (credit.ts).
  const png = credit ? pngWithCredit(page.png, credit) : page.png;
  const svg = credit && page.svg ? svgWithCredit(page.svg, credit) : page.svg;
  const files: PageFiles = { png, svg, pdf, thumb600, thumb320 };
  if (page.colorPng) {
    files.colorPng = page.colorPng;
    files.colorThumb600 = colorThumb600;
  }
  return files;
}

/**
 * The credited PNG, SVG and PDFs of a page already stored without its credit (made before files
 * carried it): the PDFs are drawn again from the SVG (its credit line is text, which the PDF
 * drawer leaves out) or the raster. Files that already carry the credit come back unchanged.
 */
export async function creditStoredPageFiles(files: { png: Buffer; svg: string | null }, credit: ArtworkCredit): Promise<{ png: Buffer; svg: string | null; pdfLetter: Buffer; pdfA4: Buffer }> {
  const pdf = (paper: Paper) => pagePdfFor(files.svg ? { svg: files.svg } : { png: files.png }, paper, { credit });
  const [pdfLetter, pdfA4] = await Promise.all([pdf('letter'), pdf('a4')]);
  return {
    png: pngHasCredit(files.png) ? files.png : pngWithCredit(files.png, credit),
    svg: files.svg && !svgHasCredit(files.svg) ? svgWithCredit(files.svg, credit) : files.svg,
    pdfLetter,
    pdfA4,
  };
}

/**
 * Writes `<outBase>.png`, `.svg` (when vector), `.pdf`, `.600.webp`, `.320.webp`, and
 * `.color.png` / `.color.600.webp` when present. Returns the paths written.
 */
export async function writePageFiles(files: PageFiles, outBase: string): Promise<string[]> {
  await mkdir(dirname(outBase), { recursive: true });
  const entries: [string, Buffer | string][] = [
    [`${outBase}.png`, files.png],
    [`${outBase}.pdf`, files.pdf],
    [`${outBase}.600.webp`, files.thumb600],
    [`${outBase}.320.webp`, files.thumb320],
  ];
  if (files.svg !== null) entries.splice(1, 0, [`${outBase}.svg`, files.svg]);
  if (files.colorPng) entries.push([`${outBase}.color.png`, files.colorPng]);
  if (files.colorThumb600) entries.push([`${outBase}.color.600.webp`, files.colorThumb600]);
  await Promise.all(entries.map(([path, content]) => writeFile(path, content)));
  return entries.map(([path]) => path);
}
