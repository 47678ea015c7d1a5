import sharp from 'sharp';
import { nearestRatio, type Difficulty } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import { PX_PER_MM } from '@studio/contracts/page';
import { REGION_MIN_MM2 } from '../quality/check-page';
import { probeImage, windowPixels } from '../io/load-image';
import { photoFrame } from '../lineart/subject-window';
import type { Bitmap } from '../page';
import { creditPdf, pngWithCredit, type ArtworkCredit } from '../output/credit';
import { drawSvgFitted, openPageDocument } from '../output/svg-to-pdf';
import { numberAspect } from './digit-glyphs';
import { findPageRegions } from './page-regions';
import { CRAYONS, hexToRgb, KEY_SIZE } from './palette';
import { placeNumbers } from './place-numbers';
import { groupToCrayons, paintWithoutPreview, regionColours, type RgbImage } from './region-colours';
import { drawMarks, keyBandHeight, keyMarks, marksSvg, numberMarks, printedMm, printScale, type SheetMark } from './numbers-sheet';

export interface ColourByNumberInput {
  /** The page's master PNG (pure black on white). */
  png: Buffer;
  /** The page as SVG, when it has one: the numbered PDF is then vector throughout. */
  svg: string | null;
  /**
   * Where the colours come from: the page's coloured preview (same composition and size), or
   * the photo a page was traced from (`fit` as the page was made). Null: colours are chosen here.
   */
  colour: { image: Buffer; fit: 'cover' | 'contain' } | null;
  difficulty: Difficulty;
  /** Artwork credit the page owes (CC BY-SA): written into every file, as on the page's own. */
  credit?: ArtworkCredit | null;
}

export interface ColourByNumberFiles {
  numbersPng: Buffer;
  numbersPdf: Record<Paper, Buffer>;
  solutionPng: Buffer;
  solutionPdf: Record<Paper, Buffer>;
  /** The key: number → crayon, in the order printed. */
  key: { number: number; name: string; hex: string }[];
  stats: ColourByNumberStats;
}

export interface ColourByNumberStats {
  regions: number;
  numbered: number;
  leaders: number;
  merged: number;
  /** Printed height of the smallest and largest number, in mm (on the smaller of Letter and A4). */
  digitMm: { min: number; max: number };
}

/**
 * Printed digit heights (mm) per difficulty: where a number starts, and the smallest it may shrink
 * to before its region gets a leader line; none is ever printed below MIN_DIGIT_MM. Younger
 * children read only large digits.
 */
const DIGIT_MM: Record<Difficulty, { start: number; floor: number }> = {
  toddler: { start: 7, floor: 3.5 },
  children: { start: 5, floor: 3 },
  teen: { start: 4, floor: 2.5 },
  adult: { start: 3, floor: 2.5 },
};
export const MIN_DIGIT_MM = 2.5;
/** Least paper between a number and a line, printed. */
const CLEARANCE_MM = 0.7;
/** How far from its region a leader's number may be printed. */
const LEADER_REACH_MM = 15;

async function readPage(png: Buffer): Promise<Bitmap> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0, j = 0; i < out.length; i++, j += info.channels) out[i] = data[j] < 128 ? 0 : 255;
  return { width: info.width, height: info.height, data: out };
}

async function readColour(source: { image: Buffer; fit: 'cover' | 'contain' }, width: number, height: number): Promise<RgbImage> {
  // A cover page of a photo shows the window placed around its subject, or the whole photo
  // (subject-window.ts): the colours come from the same part. A centred window reads as before.
  const frame = source.fit === 'cover' ? await photoFrame(source.image, nearestRatio(width, height)) : null;
  let picture = sharp(source.image);
  if (frame?.frame === 'cropped' && !frame.centred) {
    picture = picture.autoOrient().extract(windowPixels(await probeImage(source.image), width / height, frame.box));
  }
  const { data } = await picture
    .resize(width, height, { fit: frame?.frame === 'fitted' ? 'contain' : source.fit, position: 'centre', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const encodePng = (raw: Uint8Array, width: number, height: number, channels: 1 | 3): Promise<Buffer> =>
  sharp(raw, { raw: { width, height, channels } }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();

/** The picture on a white sheet `sheetHeight` tall, as RGB, with the marks drawn over it. */
async function sheetPng(picture: Uint8Array, width: number, height: number, sheetHeight: number, marks: SheetMark[], channels: 1 | 3): Promise<Buffer> {
  const sheet = new Uint8Array(width * sheetHeight * 3).fill(255);
  if (channels === 3) sheet.set(picture);
  else for (let i = 0, j = 0; i < width * height; i++, j += 3) sheet[j] = sheet[j + 1] = sheet[j + 2] = picture[i];
  return sharp(sheet, { raw: { width, height: sheetHeight, channels: 3 } })
    .composite([{ input: Buffer.from(marksSvg(marks, width, sheetHeight)), top: 0, left: 0 }])
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

async function sheetPdf(
  paper: Paper,
  size: { width: number; height: number; sheetHeight: number },
  picture: { svg: string } | { png: Buffer },
  marks: SheetMark[],
  credit: ArtworkCredit | null,
): Promise<Buffer> {
  const { doc, done, fit } = openPageDocument(paper, size.width, size.sheetHeight);
  doc.save();
  doc.transform(fit.scale, 0, 0, fit.scale, fit.x, fit.y);
  if ('svg' in picture) drawSvgFitted(doc, picture.svg, { x: 0, y: 0, width: size.width, height: size.height });
  else doc.image(picture.png, 0, 0, { width: size.width, height: size.height });
  drawMarks(doc, marks);
  doc.restore();
  if (credit) creditPdf(doc, credit);
  doc.end();
  return done;
}

/**
 * A page as colour by number: each region to colour carries the number of its colour (inside it,
 * clear of its lines, never printed under 2.5 mm), regions too small for a number get a leader
 * line from a number nearby or take a neighbour's colour, and the key is printed below the
 * picture; plus the solution, the picture filled with the key's colours. Same input, same bytes.
 */
export async function colourByNumber(input: ColourByNumberInput): Promise<ColourByNumberFiles> {
  const page = await readPage(input.png);
  const { width, height } = page;
  const regions = findPageRegions(page);
  const crayons = input.colour
    ? groupToCrayons(regions, regionColours(regions, await readColour(input.colour, width, height)), KEY_SIZE[input.difficulty].max)
    : paintWithoutPreview(regions, input.difficulty);

  const planned = new Set<number>();
  for (let r = 1; r <= regions.count; r++) if (crayons[r] >= 0) planned.add(crayons[r]);
  // The key's size sets the sheet's, hence the print scale, hence how many pixels 2.5 mm is.
  const scale = printScale(width, height + keyBandHeight(planned.size));
  const px = (value: number): number => printedMm(value, scale);
  const { start, floor } = DIGIT_MM[input.difficulty];
  const heights = [...new Set([start, (start + floor) / 2, Math.max(floor, MIN_DIGIT_MM)])].map((value) => Math.ceil(px(value)));
  let aspect = 0;
  for (let n = 1; n <= Math.max(1, planned.size); n++) aspect = Math.max(aspect, numberAspect(n));
  const placement = placeNumbers(regions, crayons, {
    heights,
    aspect,
    clearance: (h) => Math.max(px(CLEARANCE_MM), 0.2 * h),
    leaderMinArea: REGION_MIN_MM2 * PX_PER_MM * PX_PER_MM,
    leaderReach: px(LEADER_REACH_MM),
  });

  // Numbers follow the crayon box's order; colours whose every region merged away drop out.
  const used = [...new Set(placement.marks.map((m) => crayons[m.region]))].sort((a, b) => a - b);
  const numberOfCrayon = new Map(used.map((crayon, index) => [crayon, index + 1]));
  const sheetHeight = height + keyBandHeight(used.length);
  const key = keyMarks(used, width, height);
  const numbered = [...numberMarks(placement.marks, (region) => numberOfCrayon.get(crayons[region])!), ...key];

  const solution = new Uint8Array(width * height * 3);
  const rgb = CRAYONS.map((crayon) => hexToRgb(crayon.hex));
  for (let i = 0, j = 0; i < regions.labels.length; i++, j += 3) {
    const r = regions.labels[i];
    if (r === 0) continue;
    const crayon = placement.fill[r];
    if (crayon < 0) solution[j] = solution[j + 1] = solution[j + 2] = 255;
    else [solution[j], solution[j + 1], solution[j + 2]] = rgb[crayon];
  }

  const credit = input.credit ?? null;
  const size = { width, height, sheetHeight };
  const greyPicture = input.svg ? null : await encodePng(page.data, width, height, 1);
  const solutionPicture = await encodePng(solution, width, height, 3);
  const numberedPicture = input.svg ? { svg: input.svg } : { png: greyPicture! };
  const [numbersPng, solutionPng, numbersLetter, numbersA4, solutionLetter, solutionA4] = await Promise.all([
    sheetPng(page.data, width, height, sheetHeight, numbered, 1),
    sheetPng(solution, width, height, sheetHeight, key, 3),
    sheetPdf('letter', size, numberedPicture, numbered, credit),
    sheetPdf('a4', size, numberedPicture, numbered, credit),
    sheetPdf('letter', size, { png: solutionPicture }, key, credit),
    sheetPdf('a4', size, { png: solutionPicture }, key, credit),
  ]);
  const finalScale = printScale(width, sheetHeight);
  const printed = (h: number): number => Math.round(((h * finalScale * 25.4) / 72) * 100) / 100;
  const markHeights = placement.marks.map((m) => m.height);
  return {
    numbersPng: credit ? pngWithCredit(numbersPng, credit) : numbersPng,
    numbersPdf: { letter: numbersLetter, a4: numbersA4 },
    solutionPng: credit ? pngWithCredit(solutionPng, credit) : solutionPng,
    solutionPdf: { letter: solutionLetter, a4: solutionA4 },
    key: used.map((crayon, index) => ({ number: index + 1, name: CRAYONS[crayon].name, hex: CRAYONS[crayon].hex })),
    stats: {
      regions: [...crayons].filter((c, r) => r > 0 && c >= 0).length,
      numbered: placement.marks.filter((m) => !m.leader).length,
      leaders: placement.marks.filter((m) => m.leader).length,
      merged: placement.merged,
      digitMm: { min: markHeights.length ? printed(Math.min(...markHeights)) : 0, max: markHeights.length ? printed(Math.max(...markHeights)) : 0 },
    },
  };
}
