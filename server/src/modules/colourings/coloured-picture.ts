import sharp from 'sharp';
import { COLOURED_MAX_BYTES } from '@studio/contracts/colourings';
import { AppError, ErrorCode } from '@studio/contracts/errors';

/** Share of the page's line pixels a kept picture may have lost (a stray edit), no more. */
const LINES_KEPT = 0.98;
/** A line pixel counts as kept when its brightest channel is at most this dark. */
const DARK = 96;

const refuse = (message: string, field: string, httpStatus = 400) => new AppError(ErrorCode.uploadRejected, message, { file: field }, { httpStatus });

/** Colours a palette PNG holds. A picture coloured on screen has far fewer: the lines' black, the paper's white, the colours picked. */
const PALETTE_COLOURS = 256;

/**
 * Checks that an upload is a coloured picture of this page — a PNG of the page's exact size whose
 * black lines are all still there — and re-encodes it (nothing of the uploaded file but its pixels
 * is kept) with a 600 px WebP thumbnail for My creations. The re-encode is lossless and compact
 * (a palette PNG when the picture has at most 256 colours, as one coloured on screen does) and
 * never larger than the upload: a picture made to compress worse here than as sent is refused,
 * so what is stored is bounded by what was sent (decision 054).
 */
export async function checkColouredPicture(input: Buffer, pagePng: Buffer): Promise<{ png: Buffer; thumb: Buffer; width: number; height: number }> {
  const pageMeta = await sharp(pagePng).metadata();
  const page = { png: pagePng, width: pageMeta.width ?? 0, height: pageMeta.height ?? 0 };
  if (input.length > COLOURED_MAX_BYTES) throw refuse('The picture must be 10 MB or smaller', 'colouring.errors.tooLarge', 413);
  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('The file is not a PNG picture', 'colouring.errors.notPng', 415);
  }
  if (metadata.format !== 'png') throw refuse('The file is not a PNG picture', 'colouring.errors.notPng', 415);
  if (metadata.width !== page.width || metadata.height !== page.height) throw refuse(`The picture must be ${page.width}×${page.height}, the size of the page`, 'colouring.errors.size');

  const pixels = page.width * page.height;
  let picture: Buffer;
  try {
    picture = await sharp(input, { limitInputPixels: pixels, failOn: 'error' }).flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  } catch {
    throw refuse('The picture could not be read', 'colouring.errors.notPng', 415);
  }
  const lines = await sharp(page.png, { limitInputPixels: pixels }).greyscale().raw().toBuffer();
  let linePixels = 0;
  let kept = 0;
  // Distinct colours, counted up to one past what a palette holds (a colour is looked up only where it changes along a row).
  const colours = new Set<number>();
  let previous = -1;
  for (let i = 0; i < pixels; i += 1) {
    const at = i * 3;
    const colour = (picture[at] << 16) | (picture[at + 1] << 8) | picture[at + 2];
    if (colour !== previous && colours.size <= PALETTE_COLOURS) colours.add(colour);
    previous = colour;
    if (lines[i] >= 128) continue;
    linePixels += 1;
    if (Math.max(picture[at], picture[at + 1], picture[at + 2]) <= DARK) kept += 1;
  }
  if (linePixels > 0 && kept < linePixels * LINES_KEPT) throw refuse('The picture does not show this page’s lines', 'colouring.errors.notThisPage');

  const raw = { raw: { width: page.width, height: page.height, channels: 3 as const } };
  const [png, thumb] = await Promise.all([
    compactPng(picture, raw, colours.size <= PALETTE_COLOURS),
    sharp(picture, raw).resize({ width: 600, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ]);
  if (png.length > input.length) throw refuse('The picture cannot be kept in less space than the file sent', 'colouring.errors.notCompact', 413);
  return { png, thumb, width: page.width, height: page.height };
}

/**
 * The picture as a lossless PNG: with a palette when its colours fit one (a 2400×3150 page
 * coloured on screen: ~0.1 MB, against ~0.27 MB as 24-bit and ~0.3 MB as the browser sends it),
 * else 24-bit. The palette is checked against the pixels, so a quantiser that merged two colours
 * could never change the picture.
 */
async function compactPng(picture: Buffer, raw: { raw: { width: number; height: number; channels: 3 } }, fitsPalette: boolean): Promise<Buffer> {
  if (fitsPalette) {
    const indexed = await sharp(picture, raw).png({ palette: true, colours: PALETTE_COLOURS, dither: 0, compressionLevel: 9 }).toBuffer();
    const back = await sharp(indexed).removeAlpha().toColourspace('srgb').raw().toBuffer();
    if (back.equals(picture)) return indexed;
  }
  return sharp(picture, raw).png({ compressionLevel: 9 }).toBuffer();
}
