import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MadePage } from '../../adapters/engine/page-maker';
import type { Storage } from '../../adapters/storage/storage';
import { contentTypeFor } from '../../http/send-stored-file';
import type { StorageMovesRepository } from './storage-moves.repository';

/**
 * The files of one page, by role. The page's files live under images/<imageId>/; the uploaded
 * photo under originals/<imageId>/, a prefix no public route serves (decision 024).
 */
export interface ImageFiles {
  page: string;
  svg: string | null;
  pdfLetter: string;
  pdfA4: string;
  thumb600: string;
  thumb320: string;
  color: string | null;
  colorThumb600: string | null;
  /** The uploaded photo of an image2image page: only ever shown to its owner. */
  source: string | null;
}

/** The page's own files: what /files/images/<id>/<name> may serve (never the photo). */
export type PageFileRole = Exclude<keyof ImageFiles, 'source'>;

export const PAGE_FILE_NAMES = {
  page: 'page.png',
  svg: 'page.svg',
  pdfLetter: 'page-letter.pdf',
  pdfA4: 'page-a4.pdf',
  thumb600: 'thumb-600.webp',
  thumb320: 'thumb-320.webp',
  color: 'color.png',
  colorThumb600: 'color-600.webp',
} as const satisfies Record<PageFileRole, string>;

export function imageFileKey(imageId: string, role: PageFileRole): string {
  return `images/${imageId}/${PAGE_FILE_NAMES[role]}`;
}

/** Where an image's uploaded photo is kept: a private prefix, apart from the page's files. */
export function originalKey(imageId: string): string {
  return `originals/${imageId}/source.webp`;
}

export type StoredPage = Pick<MadePage, 'png' | 'svg' | 'pdfLetter' | 'pdfA4' | 'thumb600' | 'thumb320' | 'colorPng' | 'colorThumb600'>;

/** Writes every file of a page under images/<imageId>/ (the uploaded photo, if any, under originals/); returns their keys. */
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
    source: source ? originalKey(imageId) : null,
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

/** Removes every stored file of a page, its photo included (best effort: a missing file is not an error). */
export async function removePageFiles(storage: Storage, files: ImageFiles): Promise<void> {
  await Promise.all(Object.values(files).filter((key): key is string => !!key).map((key) => storage.delete(key).catch(() => undefined)));
}

export function parseFiles(json: string): ImageFiles {
  return JSON.parse(json) as ImageFiles;
}

/**
 * A short hash of the page as drawn, kept in `images.files_version` (the keys stay the same when a
 * library page is drawn again). Public file URLs carry it, so they may be cached for good
 * (decision 078); pages stored before it have none and are cached for a day.
 */
export function pageVersion(page: Pick<StoredPage, 'png' | 'thumb600'>): string {
  return createHash('sha256').update(page.png).update(page.thumb600).digest('base64url').slice(0, 12);
}

const SIGNED_URL_TTL_SECONDS = 60 * 60;
/** An original's link lasts 15 to 20 minutes: long enough to show it, short enough to not travel. */
export const ORIGINAL_URL_TTL_SECONDS = 15 * 60;
const ORIGINAL_URL_WINDOW_SECONDS = 5 * 60;

/**
 * URLs for stored image files. Public pages get plain cacheable URLs; private ones get a
 * short-lived signature so an <img> tag works without an Authorization header. An original gets
 * its own, shorter signature (another purpose in the signed text), handed only to its owner.
 */
export function createFileUrls(options: { publicUrl: string; secret: string }) {
  const sign = (key: string, expires: number) => createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url');
  const signOriginal = (key: string, expires: number) => sign(`original:${key}`, expires);
  const matches = (expected: string, given: string) => expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
  const expiry = (exp: string | undefined, now: number) => (exp && /^\d+$/.test(exp) && Number(exp) * 1000 >= now ? Number(exp) : null);
  return {
    /** `version` (pageVersion) makes a public URL one that may be cached for good. */
    url(key: string, isPublic: boolean, now = Date.now(), version: string | null = null): string {
      const base = `${options.publicUrl}/files/${key}`;
      if (isPublic) return version ? `${base}?v=${version}` : base;
      // Rounded expiry: the same URL for an hour-long window, so browsers can cache it.
      const expires = Math.ceil(now / 1000 / 1800) * 1800 + SIGNED_URL_TTL_SECONDS;
      return `${base}?exp=${expires}&sig=${sign(key, expires)}`;
    },
    verify(key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
      const expires = expiry(exp, now);
      return expires !== null && !!sig && matches(sign(key, expires), sig);
    },
    /**
     * The owner's link to an original kept on local storage: served by the owner route. A path
     * (no host): the file answers same-origin only, so it must be the origin the owner's browser
     * is on, which need not be PUBLIC_URL's (127.0.0.1 against localhost on a laptop).
     */
    originalUrl(imageId: string, key: string, now = Date.now()): { url: string; expiresAt: string } {
      const expires = Math.ceil(now / 1000 / ORIGINAL_URL_WINDOW_SECONDS) * ORIGINAL_URL_WINDOW_SECONDS + ORIGINAL_URL_TTL_SECONDS;
      const url = `/api/images/${encodeURIComponent(imageId)}/original/file?exp=${expires}&sig=${signOriginal(key, expires)}`;
      return { url, expiresAt: new Date(expires * 1000).toISOString() };
    },
    verifyOriginal(key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
      const expires = expiry(exp, now);
      return expires !== null && !!sig && matches(signOriginal(key, expires), sig);
    },
  };
}

export type FileUrls = ReturnType<typeof createFileUrls>;

/**
 * Carries out the file moves a migration queued, on this process's storage. Each move is copy,
 * then delete, then forget: a crash in between repeats it harmlessly at the next start.
 */
export async function applyStorageMoves(moves: StorageMovesRepository, storage: Storage): Promise<number> {
  let moved = 0;
  for (const move of await moves.pending()) {
    const data = await storage.get(move.from_key);
    if (data) {
      await storage.put(move.to_key, data, { contentType: contentTypeFor(move.to_key) });
      await storage.delete(move.from_key);
      moved += 1;
    }
    await moves.done(move.from_key);
  }
  return moved;
}
