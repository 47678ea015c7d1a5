import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS } from '@studio/contracts/constants';
import { AppError, ErrorCode } from '@studio/contracts/errors';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/**
 * Turns an uploaded avatar into a 256 px square WebP. The header is read first, so a renamed
 * text file or a small file declaring a huge canvas is refused before anything is decoded.
 * Re-encoding drops EXIF (location, camera) along with any payload hidden in the file.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw new AppError(ErrorCode.uploadRejected, 'The avatar must be 5 MB or smaller', undefined, { httpStatus: 413 });
  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(ErrorCode.uploadRejected, 'The file is not an image', undefined, { httpStatus: 415 });
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) {
    throw new AppError(ErrorCode.uploadRejected, 'The file is not a supported image', undefined, { httpStatus: 415 });
  }
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (!pixels || pixels > AVATAR_MAX_PIXELS) {
    throw new AppError(ErrorCode.uploadRejected, 'The image has too many pixels', undefined, { httpStatus: 413 });
  }
  try {
    return await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(256, 256, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    throw new AppError(ErrorCode.avatarUploadFailed, 'The image could not be read', undefined, { cause: error });
  }
}
