import { COLOURED_BYTES_PER_USER, COLOURED_PER_USER, type ColouredDto, type ColouredListDto, type ColouredListQuery, type ColouringPageDto } from '@studio/contracts/colourings';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { imageSlug } from '@studio/contracts/images';
import type { Storage } from '../../adapters/storage/storage';
import { parseLocalized } from '../../db/localized';
import { newId, nowIso } from '../../lib/ids';
import { toImageDto } from '../images/image-dto';
import { parseFiles, type FileUrls } from '../images/image-files';
import type { ImagesRepository } from '../images/images.repository';
import { canView } from '../images/images.service';
import { checkColouredPicture } from './coloured-picture';
import type { ColouredRow, ColouredWithPage, ColouringsRepository } from './colourings.repository';

export interface ColouringsServiceDeps {
  colourings: ColouringsRepository;
  images: Pick<ImagesRepository, 'findById' | 'findByIdOrSlug'>;
  storage: Storage;
  urls: FileUrls;
}

const EMPTY_TITLE = { en: '', zh: '', ja: '' };
const notFound = () => new AppError(ErrorCode.notFound, 'Image not found');
const MB = 1024 * 1024;

/**
 * Refuses a keep that would take the member past COLOURED_PER_USER pictures or
 * COLOURED_BYTES_PER_USER bytes; a picture kept again replaces `current`, so its count and bytes
 * are the new picture's.
 */
function assertWithinLimits(usage: { count: number; bytes: number }, current: ColouredRow | undefined, bytes: number): void {
  if (!current && usage.count >= COLOURED_PER_USER) {
    throw new AppError(ErrorCode.uploadRejected, `You can keep ${COLOURED_PER_USER} coloured pictures; delete one first`, { file: 'colouring.errors.limit' }, { httpStatus: 409 });
  }
  if (usage.bytes - (current?.bytes ?? 0) + bytes > COLOURED_BYTES_PER_USER) {
    throw new AppError(ErrorCode.uploadRejected, `Your kept pictures may fill ${COLOURED_BYTES_PER_USER / MB} MB; delete some first`, { file: 'colouring.errors.quota' }, { httpStatus: 413 });
  }
}

/** Where a member's kept pictures live: a prefix of their own that only signed links open. */
export function colouredKey(userId: string, name: string): string {
  return `coloured/${userId}/${name}`;
}

/**
 * "Colour it on screen": the page to colour (anyone a page is visible to), and the coloured
 * pictures members keep of pages (decision 030) — private to the member who made them.
 */
export function createColouringsService(deps: ColouringsServiceDeps) {
  const { colourings, images, storage, urls } = deps;

  const removeFiles = (rows: Pick<ColouredRow, 'file_key' | 'thumb_key'>[]) => Promise.all(rows.flatMap((row) => [row.file_key, row.thumb_key]).map((key) => storage.delete(key).catch(() => undefined)));

  async function removeRows(rows: ColouredRow[]): Promise<void> {
    // Rows first: a file without a row is unreachable; a row without its file would show a broken picture.
    await colourings.deleteRows(rows.map((row) => row.id));
    await removeFiles(rows);
  }

  function toDto(row: ColouredRow, page: { title: string | null; width: number | null; height: number | null }): ColouredDto {
    const title = page.title ? parseLocalized(page.title) : EMPTY_TITLE;
    return {
      imageId: row.image_id,
      imageSlug: imageSlug(title.en, row.image_id),
      title,
      width: Number(page.width ?? 0),
      height: Number(page.height ?? 0),
      url: urls.url(row.file_key, false),
      thumbnailUrl: urls.url(row.thumb_key, false),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function visiblePage(imageKey: string, viewerId: string | null) {
    const row = await images.findByIdOrSlug(imageKey);
    if (!row || !canView(row, viewerId)) throw notFound();
    return row;
  }

  return {
    /** The page to colour and, for a signed-in viewer, the picture they kept of it. */
    async page(viewerId: string | null, imageKey: string): Promise<ColouringPageDto> {
      const row = await visiblePage(imageKey, viewerId);
      const kept = viewerId ? await colourings.find(viewerId, row.id) : undefined;
      return { image: toImageDto(row, urls), coloured: kept ? toDto(kept, row) : null };
    },

    /** Keeps (or replaces) the member's coloured picture of a page they can see. */
    async keep(userId: string, imageId: string, upload: Buffer): Promise<ColouredDto> {
      const page = await visiblePage(imageId, userId);
      // Checked before the pictures are decoded (the count) and before the files are written (the
      // bytes), so a member at a limit costs little; the check that decides is the one under the
      // member's lock below.
      const usage = await colourings.usageOf(userId);
      const existing = await colourings.find(userId, page.id);
      assertWithinLimits(usage, existing, 0);
      const pagePng = await storage.get(parseFiles(page.files).page);
      if (!pagePng) throw notFound();
      const checked = await checkColouredPicture(upload, pagePng);

      const name = newId();
      const files = { file_key: colouredKey(userId, `${name}.png`), thumb_key: colouredKey(userId, `${name}-600.webp`), bytes: checked.png.length + checked.thumb.length, updated_at: nowIso() };
      assertWithinLimits(usage, existing, files.bytes);
      // Files first, then the row: a row never points at a file that is not there. The files are
      // written outside the transaction, so no lock is held while storage answers.
      await storage.put(files.file_key, checked.png, { contentType: 'image/png' });
      await storage.put(files.thumb_key, checked.thumb, { contentType: 'image/webp' });
      let kept: { row: ColouredRow; previous?: ColouredRow };
      try {
        kept = await colourings.lockedFor(userId, async (locked) => {
          const current = await locked.find(userId, page.id);
          assertWithinLimits(await locked.usageOf(userId), current, files.bytes);
          // A picture deleted meanwhile (deleting takes no lock) is kept anew: the same count and bytes.
          if (current && (await locked.replaceFiles(current.id, files))) return { row: { ...current, ...files }, previous: current };
          const row = { id: name, user_id: userId, image_id: page.id, ...files, created_at: files.updated_at };
          await locked.insert(row);
          return { row };
        });
      } catch (error) {
        await removeFiles([files]);
        throw error;
      }
      if (kept.previous) await removeFiles([kept.previous]);
      return toDto(kept.row, page);
    },

    /** The member's kept pictures, last kept first (pictures of pages that are gone are cleared first). */
    async list(userId: string, query: ColouredListQuery): Promise<ColouredListDto> {
      const orphans = await colourings.orphansOf(userId);
      if (orphans.length) await removeRows(orphans);
      const { rows, total } = await colourings.listForUser(userId, query);
      return { colourings: rows.map((row: ColouredWithPage) => toDto(row, row)), total, currentPage: query.currentPage, pageSize: query.pageSize };
    },

    async remove(userId: string, imageId: string): Promise<void> {
      const row = await colourings.find(userId, imageId);
      if (!row) throw notFound();
      await removeRows([row]);
    },

    /** Every member's picture of a page, with their files: called before the page itself is deleted. */
    async removeForImage(imageId: string): Promise<void> {
      await removeRows(await colourings.forImage(imageId));
    },

    /** Other members' pictures of a page its owner made private: they may no longer see its lines (decision 050). */
    async removeOthersForImage(imageId: string, ownerId: string): Promise<void> {
      await removeRows((await colourings.forImage(imageId)).filter((row) => row.user_id !== ownerId));
    },

    /** Every picture a member kept, with the files: what deleting their account must call first (decision 030). */
    async removeAllForUser(userId: string): Promise<void> {
      await removeRows(await colourings.forUser(userId));
    },

    /** A kept picture's file, through its signed link (the only way it is served). */
    async file(userId: string, name: string, signature: { exp?: string; sig?: string }) {
      if (!/^[A-Za-z0-9._-]+$/.test(userId) || !/^[A-Za-z0-9_-]+(-600\.webp|\.png)$/.test(name)) throw new AppError(ErrorCode.notFound);
      const key = colouredKey(userId, name);
      if (!urls.verify(key, signature.exp, signature.sig)) throw new AppError(ErrorCode.notFound);
      const file = await storage.stream(key);
      if (!file) throw new AppError(ErrorCode.notFound);
      return { ...file, key };
    },
  };
}

export type ColouringsService = ReturnType<typeof createColouringsService>;
