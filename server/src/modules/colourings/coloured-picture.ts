import sharp from 'sharp';
import { COLOURED_MAX_BYTES } from '@studio/contracts/colourings';
import { AppError, ErrorCode } from '@studio/contracts/errors';

/** Share of the page's line pixels a kept picture may have lost (a stray edit), no more. */
const LINES_KEPT = 0.98;
/** A line pixel counts as kept when its brightest channel is at most this dark. */
const DARK = 96;

const refuse = (message: string, field: string, httpStatus = 400) => new AppError(ErrorCode.uploadRejected, message, { file: field }, { httpStatus });

/**
 * Checks that an upload is a coloured picture of this page — a PNG of the page's exact size whose
 * black lines are all still there — and re-encodes it (nothing of the uploaded file but its pixels
 * is kept) with a 600 px WebP thumbnail for My creations.
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
  for (let i = 0; i < pixels; i += 1) {
    if (lines[i] >= 128) continue;
    linePixels += 1;
    const at = i * 3;
    if (Math.max(picture[at], picture[at + 1], picture[at + 2]) <= DARK) kept += 1;
  }
  if (linePixels > 0 && kept < linePixels * LINES_KEPT) throw refuse('The picture does not show this page’s lines', 'colouring.errors.notThisPage');

  const raw = { raw: { width: page.width, height: page.height, channels: 3 as const } };
  const [png, thumb] = await Promise.all([
    sharp(picture, raw).png({ compressionLevel: 6 }).toBuffer(),
    sharp(picture, raw).resize({ width: 600, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ]);
  return { png, thumb, width: page.width, height: page.height };
}
