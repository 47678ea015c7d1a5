import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MadePage } from '../../adapters/engine/page-maker';
import type { Storage } from '../../adapters/storage/storage';

/** The files of one page, by role. Keys live under images/<imageId>/ in storage. */
export interface ImageFiles {
  page: string;
  svg: string | null;
  pdfLetter: string;
  pdfA4: string;
  thumb600: string;
  thumb320: string;
  color: string | null;
  colorThumb600: string | null;
  /** The uploaded photo of an image2image page. */
  source: string | null;
}

export const FILE_NAMES = {
  page: 'page.png',
  svg: 'page.svg',
  pdfLetter: 'page-letter.pdf',
  pdfA4: 'page-a4.pdf',
  thumb600: 'thumb-600.webp',
  thumb320: 'thumb-320.webp',
  color: 'color.png',
  colorThumb600: 'color-600.webp',
  source: 'source.webp',
} as const satisfies Record<keyof ImageFiles, string>;

export function imageFileKey(imageId: string, role: keyof ImageFiles): string {
  return `images/${imageId}/${FILE_NAMES[role]}`;
}

export type StoredPage = Pick<MadePage, 'png' | 'svg' | 'pdfLetter' | 'pdfA4' | 'thumb600' | 'thumb320' | 'colorPng' | 'colorThumb600'>;

/** Writes every file of a page (and the uploaded photo, if any) under images/<imageId>/; returns their keys. */
export async function storePageFiles(storage: Storage, imageId: string, page: StoredPage, source: Buffer | null = null): Promise<ImageFiles> {
  const files: ImageFiles = {
    page: imageFileKey(imageId, 'page'),
    svg: page.svg ? imageFileKey(imageId, 'svg') : null,
    pdfLetter: imageFileKey(imageId, 'pdfLetter'),
    pdfA4: imageFileKey(imageId, 'pdfA4'),
    thumb600: imageFileKey(imageId, 'thumb600'),
    thumb320: imageFileKey(imageId, 'thumb320'),
    color: page.colorPng ? imageFileKey(imageId, 'color') : null,
    colorThumb600: page.colorThumb600 ? imageFileKey(imageId, 'colorThumb600') : null,
    source: source ? imageFileKey(imageId, 'source') : null,
  };
  const writes: [string | null, Buffer | null, string][] = [
    [files.page, page.png, 'image/png'],
    [files.svg, page.svg ? Buffer.from(page.svg) : null, 'image/svg+xml'],
    [files.pdfLetter, page.pdfLetter, 'application/pdf'],
    [files.pdfA4, page.pdfA4, 'application/pdf'],
    [files.thumb600, page.thumb600, 'image/webp'],
    [files.thumb320, page.thumb320, 'image/webp'],
    [files.color, page.colorPng, 'image/png'],
    [files.colorThumb600, page.colorThumb600, 'image/webp'],
    [files.source, source, 'image/webp'],
  ];
  await Promise.all(writes.filter(([key, data]) => key && data).map(([key, data, contentType]) => storage.put(key!, data!, { contentType })));
  return files;
}

/** Removes every stored file of a page (best effort: a missing file is not an error). */
export async function removePageFiles(storage: Storage, files: ImageFiles): Promise<void> {
  await Promise.all(Object.values(files).filter((key): key is string => !!key).map((key) => storage.delete(key).catch(() => undefined)));
}

export function parseFiles(json: string): ImageFiles {
  return JSON.parse(json) as ImageFiles;
}

const SIGNED_URL_TTL_SECONDS = 60 * 60;

/**
 * URLs for stored image files. Public pages get plain cacheable URLs; private ones get a
 * short-lived signature so an <img> tag works without an Authorization header.
 */
export function createFileUrls(options: { publicUrl: string; secret: string }) {
  const sign = (key: string, expires: number) => createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    url(key: string, isPublic: boolean, now = Date.now()): string {
      const base = `${options.publicUrl}/files/${key}`;
      if (isPublic) return base;
      // Rounded expiry: the same URL for an hour-long window, so browsers can cache it.
      const expires = Math.ceil(now / 1000 / 1800) * 1800 + SIGNED_URL_TTL_SECONDS;
      return `${base}?exp=${expires}&sig=${sign(key, expires)}`;
    },
    verify(key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
      if (!exp || !sig || !/^\d+$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 < now) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type FileUrls = ReturnType<typeof createFileUrls>;
