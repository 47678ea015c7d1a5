import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { Difficulty } from '@studio/contracts/constants';
import type { Attribution } from '@studio/contracts/images';
import type { NumbersFiles, VariantMaker } from '../../adapters/engine/variant-maker';
import type { Storage } from '../../adapters/storage/storage';
import { parseFiles } from './image-files';
import type { ImageRow } from './images.repository';

/** The files of a colour-by-number variant, by role, under the page's variant folder. */
const NUMBERS_FILE_NAMES = {
  numbersPng: 'numbers.png',
  numbersPdfLetter: 'numbers-letter.pdf',
  numbersPdfA4: 'numbers-a4.pdf',
  solutionPng: 'solution.png',
  solutionPdfLetter: 'solution-letter.pdf',
  solutionPdfA4: 'solution-a4.pdf',
} as const satisfies Record<keyof NumbersFiles, string>;

type NumbersRole = keyof NumbersFiles;

/**
 * Where a variant is kept (decision 031). Made without the photo: beside the page, under
 * images/<id>/numbers/ (not one of the names /files/images serves). Coloured from the owner's
 * photo: under originals/<id>/numbers/, the private prefix the photo itself lives in.
 */
export function numbersKey(imageId: string, role: NumbersRole, fromPhoto: boolean): string {
  return `${fromPhoto ? 'originals' : 'images'}/${imageId}/numbers/${NUMBERS_FILE_NAMES[role]}`;
}

/** Every key a page's variants may have been kept under (both colour sources). */
export function variantKeys(imageId: string): string[] {
  return (Object.keys(NUMBERS_FILE_NAMES) as NumbersRole[]).flatMap((role) => [numbersKey(imageId, role, false), numbersKey(imageId, role, true)]);
}

/** Removes a page's variants (best effort, like removePageFiles): when the page goes, or its files are replaced. */
export async function removeVariantFiles(storage: Storage, imageId: string): Promise<void> {
  await Promise.all(variantKeys(imageId).map((key) => storage.delete(key).catch(() => undefined)));
}

function roleOf(variant: 'numbers' | 'solution', format: 'png' | 'pdf', paper: 'letter' | 'a4'): NumbersRole {
  if (format === 'png') return `${variant}Png`;
  return `${variant}Pdf${paper === 'a4' ? 'A4' : 'Letter'}`;
}

const CONTENT_TYPES: Record<NumbersRole, string> = {
  numbersPng: 'image/png',
  numbersPdfLetter: 'application/pdf',
  numbersPdfA4: 'application/pdf',
  solutionPng: 'image/png',
  solutionPdfLetter: 'application/pdf',
  solutionPdfA4: 'application/pdf',
};

export interface NumbersVariantsDeps {
  storage: Storage;
  maker: VariantMaker;
  photoFit(imageId: string): Promise<'cover' | 'contain'>;
}

/**
 * Colour by number for pages that exist: made once on the engine threads, kept in storage, served
 * from there afterwards. No credits are charged. The caller has already checked the viewer may see
 * the page; this decides whose colours they get (decision 031): only a photo page's owner gets
 * colours taken from the photo; everyone else gets colours chosen without it.
 */
export function createNumbersVariants(deps: NumbersVariantsDeps) {
  const { storage, maker } = deps;
  /** Variants being made, by folder: two downloads at once make it once. */
  const making = new Map<string, Promise<void>>();

  async function make(row: ImageRow, fromPhoto: boolean): Promise<void> {
    const files = parseFiles(row.files);
    const [png, svg] = await Promise.all([storage.get(files.page), files.svg ? storage.get(files.svg) : Promise.resolve(null)]);
    if (!png) throw new AppError(ErrorCode.notFound, 'File not found');
    let colour: { image: Buffer; fit: 'cover' | 'contain' } | null = null;
    if (fromPhoto && files.source) {
      const photo = await storage.get(files.source);
      if (photo) colour = { image: photo, fit: await deps.photoFit(row.id) };
    } else if (row.type !== 'image2image' && files.color) {
      // The composer's preview: the page's own composition, the page's size.
      const preview = await storage.get(files.color);
      if (preview) colour = { image: preview, fit: 'cover' };
    }
    const made = await maker.colourByNumber({
      png,
      svg: svg ? svg.toString('utf8') : null,
      colour,
      difficulty: row.difficulty as Difficulty,
      credit: row.attribution ? (JSON.parse(row.attribution) as Attribution) : null,
    });
    await Promise.all(
      (Object.keys(NUMBERS_FILE_NAMES) as NumbersRole[]).map((role) => storage.put(numbersKey(row.id, role, fromPhoto), made[role], { contentType: CONTENT_TYPES[role] })),
    );
  }

  return {
    /** The stored file of a page's variant for this viewer, made first if it is not there yet. */
    async open(
      row: ImageRow,
      viewerId: string | null,
      request: { variant: 'numbers' | 'solution'; format: 'png' | 'pdf'; paper: 'letter' | 'a4' },
    ): Promise<{ body: Readable; size: number; key: string }> {
      const fromPhoto = row.type === 'image2image' && viewerId !== null && row.user_id === viewerId && parseFiles(row.files).source !== null;
      const key = numbersKey(row.id, roleOf(request.variant, request.format, request.paper), fromPhoto);
      const stored = await storage.stream(key);
      if (stored) return { ...stored, key };
      const folder = `${row.id}:${fromPhoto}`;
      let pending = making.get(folder);
      if (!pending) {
        pending = make(row, fromPhoto).finally(() => making.delete(folder));
        making.set(folder, pending);
      }
      await pending;
      const file = await storage.stream(key);
      if (!file) throw new AppError(ErrorCode.notFound, 'File not found');
      return { ...file, key };
    },
  };
}

export type NumbersVariants = ReturnType<typeof createNumbersVariants>;
