import sharp from 'sharp';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@studio/contracts/constants';

export interface ImageLimits {
  maxBytes?: number;
  maxPixels?: number;
}

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

function hasAcceptedSignature(input: Buffer): boolean {
  const ascii = (from: number, to: number): string => input.subarray(from, to).toString('latin1');
  return (
    (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) ||
    ascii(0, 8) === '\x89PNG\r\n\x1a\n' ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

/**
 * Reads only the header and rejects what must not be decoded: unknown types (4006), too many
 * bytes or declared pixels (4005). A pixel bomb fails here, before any pixel is allocated.
 */
async function checkHeader(input: Buffer, limits: ImageLimits): Promise<{ width: number; height: number; turned: boolean }> {
  const maxBytes = limits.maxBytes ?? UPLOAD_MAX_BYTES;
  const maxPixels = limits.maxPixels ?? UPLOAD_MAX_PIXELS;
  if (input.length > maxBytes) {
    throw new AppError(ErrorCode.imageTooLarge, `image is ${input.length} bytes; the limit is ${maxBytes}`);
  }
  if (input.length === 0) throw new AppError(ErrorCode.formatUnsupported, 'empty file');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // pages: 1 so an animated GIF reports one frame's height, not the whole strip.
    meta = await sharp(input, { pages: 1, limitInputPixels: false }).metadata();
  } catch {
    // A known signature whose header cannot be read is a damaged upload, not a wrong type.
    if (hasAcceptedSignature(input)) throw new AppError(ErrorCode.uploadRejected, 'corrupt or truncated image header');
    throw new AppError(ErrorCode.formatUnsupported, 'not a JPEG, PNG, WebP or GIF image');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new AppError(ErrorCode.formatUnsupported, `unsupported image type ${meta.format ?? 'unknown'}`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) throw new AppError(ErrorCode.uploadRejected, 'image header has no size');
  if (width * height > maxPixels) {
    throw new AppError(ErrorCode.imageTooLarge, `image declares ${width}x${height}; the limit is ${maxPixels} pixels`);
  }
  // EXIF orientations 5–8 are quarter turns: the picture people see is the stored one turned.
  return { width, height, turned: (meta.orientation ?? 1) >= 5 };
}

/**
 * Decodes to RGB with EXIF orientation applied and transparency flattened on white. When
 * `fitWithin` is given the image is shrunk to fit while decoding (JPEG shrink-on-load), which is
 * what makes a 12-megapixel photo cheap for the line-art pipeline; `resize` gives exactly that
 * size, cropped to the centre (`cover`) or padded with white (`contain`); with a `window` (shares of
 * the picture as seen, lineart/subject-window.ts) that part is cut out first, at the size's shape.
 */
export async function decodeImage(
  input: Buffer,
  options: {
    limits?: ImageLimits;
    fitWithin?: number;
    resize?: { width: number; height: number; fit: 'cover' | 'contain'; window?: { left: number; top: number } };
  } = {},
): Promise<RgbImage> {
  const limits = options.limits ?? {};
  const declared = await checkHeader(input, limits);
  const maxPixels = limits.maxPixels ?? UPLOAD_MAX_PIXELS;
  try {
    let pipeline = sharp(input, { pages: 1, failOn: 'truncated', limitInputPixels: Math.max(maxPixels, declared.width * declared.height) })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb');
    if (options.resize) {
      const { width, height, fit, window } = options.resize;
      if (window && fit === 'cover') pipeline = pipeline.extract(windowPixels(asSeen(declared), width / height, window));
      pipeline = pipeline.resize(width, height, { fit, position: 'centre', background: '#ffffff' });
    } else if (options.fitWithin) {
      pipeline = pipeline.resize(options.fitWithin, options.fitWithin, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`decoder gave ${info.channels} channels`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.uploadRejected, `corrupt or truncated image: ${(error as Error).message}`);
  }
}

/** The engine's one way in for uploaded pictures: RGB, oriented, flattened, size-checked. */
export async function loadImage(input: Buffer, limits?: ImageLimits): Promise<RgbImage> {
  return decodeImage(input, { limits });
}

/**
 * The largest window of `aspect` on a picture `size`, its top-left corner at the shares `at`
 * (moved back inside the picture if rounding pushed it out), in whole pixels.
 */
export function windowPixels(size: { width: number; height: number }, aspect: number, at: { left: number; top: number }): { left: number; top: number; width: number; height: number } {
  const width = Math.max(1, Math.min(size.width, Math.round(size.height * aspect)));
  const height = Math.max(1, Math.min(size.height, Math.round(size.width / aspect)));
  const left = Math.max(0, Math.min(size.width - width, Math.round(at.left * size.width)));
  const top = Math.max(0, Math.min(size.height - height, Math.round(at.top * size.height)));
  return { left, top, width, height };
}

/** The picture's size as people see it (after its EXIF orientation). */
function asSeen(header: { width: number; height: number; turned: boolean }): { width: number; height: number } {
  return header.turned ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
}

export async function probeImage(input: Buffer, limits: ImageLimits = {}): Promise<{ width: number; height: number }> {
  return asSeen(await checkHeader(input, limits));
}

/**
 * What a server runs before accepting (and charging for) an upload: the header check, then a
 * decode at thumbnail size (cheap: JPEG and WebP shrink while decoding), so a truncated or corrupt
 * file is refused at once (3001) instead of failing later as a charged task.
 */
export async function verifyImage(input: Buffer, limits: ImageLimits = {}): Promise<{ width: number; height: number }> {
  const declared = await checkHeader(input, limits);
  await decodeImage(input, { limits, fitWithin: 64 });
  return asSeen(declared);
}
