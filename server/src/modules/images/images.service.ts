import type { Readable } from 'node:stream';
import { isPaidLevel, type MembershipLevel } from '@studio/contracts/constants';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { downloadFileName, type DownloadVariant, type ImageDto, type ImageListDto, type OriginalLinkDto, type UserImagesQuery } from '@studio/contracts/images';
import type { Storage } from '../../adapters/storage/storage';
import { removeVariantFiles, type NumbersVariants } from './colour-by-number';
import { toImageDto } from './image-dto';
import { ORIGINAL_URL_TTL_SECONDS, PAGE_FILE_NAMES, parseFiles, removePageFiles, type FileUrls, type PageFileRole } from './image-files';
import { REPORT_RULES, type ImageRow, type ImagesRepository } from './images.repository';

export interface ImagesServiceDeps {
  images: ImagesRepository;
  storage: Storage;
  urls: FileUrls;
  /** Colour by number (decision 031). */
  variants: NumbersVariants;
  isUniqueViolation(error: unknown): boolean;
  /** Removes what others made of a page (their coloured pictures, decision 030) before the page goes. */
  beforeDelete?(imageId: string): Promise<void>;
  /** Removes what other members made of a page its owner has taken back (their coloured pictures show its lines). */
  afterMadePrivate?(imageId: string, ownerId: string): Promise<void>;
  /** The member's plan, to tell whether a text page may be made private (undefined: no such member). */
  membershipOf(userId: string): Promise<MembershipLevel | undefined>;
  /** The content filter a page's words pass before it joins the public gallery (as at generation). */
  passesContentFilter(text: string): boolean;
}


/** Anyone may see a public page that is online; everything else only its owner. */
export function canView(row: ImageRow, viewerId: string | null): boolean {
  return (row.is_public === 1 && row.is_online === 1) || (viewerId !== null && row.user_id === viewerId);
}

export function createImagesService(deps: ImagesServiceDeps) {
  const { images, storage, urls } = deps;

  /** The image if this viewer may see it; otherwise the same 404 as a missing one. */
  async function visibleImage(id: string, viewerId: string | null): Promise<ImageRow> {
    const row = await images.findById(id);
    if (!row || !canView(row, viewerId)) throw new AppError(ErrorCode.notFound, 'Image not found');
    return row;
  }

  return {
    async listMine(userId: string, query: UserImagesQuery): Promise<ImageListDto> {
      const { rows, total, counts } = await images.listForUser(userId, query);
      return { images: rows.map((row) => toImageDto(row, urls)), total, counts, currentPage: query.currentPage, pageSize: query.pageSize };
    },

    /**
     * One page by id or slug, for a viewer who may see it: its owner's private pages open at their
     * address for the owner alone (decision 050); anything else is the same 404 as a missing page.
     */
    async viewable(viewerId: string | null, idOrSlug: string): Promise<ImageDto> {
      const row = (await images.findAllByIdOrSlug(idOrSlug)).find((candidate) => canView(candidate, viewerId));
      if (!row) throw new AppError(ErrorCode.notFound, 'Image not found');
      return toImageDto(row, urls);
    },

    async deleteMine(userId: string, id: string): Promise<void> {
      const row = await images.findById(id);
      if (!row || row.user_id !== userId) throw new AppError(ErrorCode.notFound, 'Image not found');
      await deps.beforeDelete?.(id);
      await images.delete(id);
      await Promise.all([removePageFiles(storage, parseFiles(row.files)), removeVariantFiles(storage, id)]);
    },

    /**
     * The owner shares a page in the public gallery or takes it back (decision 050). A photo page
     * may be either on every plan; a text page is private on a paid plan only, as when it is made.
     * Shared, the page's words pass the content filter as a new public page's do (a page that
     * fails is held offline for a moderator); a page held on reports stays held either way.
     */
    async setVisibility(userId: string, id: string, isPublic: boolean): Promise<ImageDto> {
      const row = await images.findById(id);
      if (!row || row.user_id !== userId) throw new AppError(ErrorCode.notFound, 'Image not found');
      if ((row.is_public === 1) === isPublic) return toImageDto(row, urls);
      if (!isPublic && row.type !== 'image2image') {
        const level = await deps.membershipOf(userId);
        if (!level || !isPaidLevel(level)) throw new AppError(ErrorCode.privateNeedsPaidPlan);
      }
      let held = row.held ?? null;
      if (isPublic && held === null) {
        const words = (json: string) => Object.values(JSON.parse(json) as Record<string, string>).join('\n');
        if (!deps.passesContentFilter(`${words(row.title)}\n${words(row.description)}\n${words(row.prompt)}`)) held = 'filter';
      }
      // A private page is not filtered (none is when it is made): the filter's hold ends with the sharing.
      if (!isPublic && held === 'filter') held = null;
      const change = { isPublic, isOnline: held === null && (row.is_online === 1 || row.held === 'filter'), held };
      await images.setVisibility(row.id, change);
      if (!isPublic) await deps.afterMadePrivate?.(row.id, userId);
      return toImageDto({ ...row, is_public: isPublic ? 1 : 0, is_online: change.isOnline ? 1 : 0, held }, urls);
    },

    async report(userId: string, input: { imageId: string; content: string }): Promise<void> {
      const row = await visibleImage(input.imageId, userId);
      const outcome = await images.addReport({ imageId: row.id, userId, content: input.content }, deps.isUniqueViolation);
      if (outcome === 'limit') throw new AppError(ErrorCode.tooManyRequests, `You can report ${REPORT_RULES.reportsPerDay} images a day`);
      if (outcome === 'duplicate') throw new AppError(ErrorCode.invalidFormat, 'You have already reported this image', { imageId: 'validation.alreadyReported' }, { httpStatus: 409 });
    },

    async download(
      viewerId: string | null,
      id: string,
      options: { format: 'png' | 'pdf' | 'svg'; variant?: DownloadVariant; paper?: 'letter' | 'a4'; lang?: string },
    ): Promise<{ body: Readable; size: number; key: string; fileName: string }> {
      const row = await visibleImage(id, viewerId);
      const files = parseFiles(row.files);
      const paper = options.paper ?? (options.lang === 'zh' || options.lang === 'ja' ? 'a4' : 'letter');
      const variant = options.variant ?? 'page';
      if (variant !== 'page') {
        if (options.format === 'svg') throw new AppError(ErrorCode.notFound, 'Colour by number comes as PNG or PDF');
        const file = await deps.variants.open(row, viewerId, { variant, format: options.format, paper });
        return { ...file, fileName: downloadFileName((JSON.parse(row.title) as { en: string }).en, row.id, options.format, variant) };
      }
      const key = options.format === 'png' ? files.page : options.format === 'svg' ? files.svg : paper === 'a4' ? files.pdfA4 : files.pdfLetter;
      if (!key) throw new AppError(ErrorCode.notFound, 'This page has no vector file');
      const file = await storage.stream(key);
      if (!file) throw new AppError(ErrorCode.notFound, 'File not found');
      const title = (JSON.parse(row.title) as { en: string }).en;
      return { ...file, key, fileName: downloadFileName(title, row.id, options.format) };
    },

    /**
     * The owner's link to the photo a page was traced from: a presigned URL on S3, else the owner
     * route's signed URL. Anyone else, and a page without a photo, gets the same 404 as a missing image.
     */
    async original(userId: string, id: string): Promise<OriginalLinkDto> {
      const row = await images.findById(id);
      const key = row && row.user_id === userId ? parseFiles(row.files).source : null;
      if (!row || !key) throw new AppError(ErrorCode.notFound, 'Image not found');
      const presigned = await storage.presignedUrl(key, ORIGINAL_URL_TTL_SECONDS);
      if (presigned) return { url: presigned, expiresAt: new Date(Date.now() + ORIGINAL_URL_TTL_SECONDS * 1000).toISOString() };
      return urls.originalUrl(row.id, key);
    },

    /**
     * The photo itself, for its owner (signed in, or holding the owner's signed link): its bytes
     * from the local disk, or on S3 a fresh presigned link to redirect to (the bucket is only
     * ever read through those).
     */
    async originalFile(viewerId: string | null, id: string, signature: { exp?: string; sig?: string }) {
      const row = await images.findById(id);
      const key = row ? parseFiles(row.files).source : null;
      if (!row || !key) throw new AppError(ErrorCode.notFound);
      const owner = viewerId !== null && row.user_id === viewerId;
      if (!owner && !urls.verifyOriginal(key, signature.exp, signature.sig)) throw new AppError(ErrorCode.notFound);
      const presigned = await storage.presignedUrl(key, ORIGINAL_URL_TTL_SECONDS);
      if (presigned) return { redirect: presigned, file: null };
      const file = await storage.stream(key);
      if (!file) throw new AppError(ErrorCode.notFound);
      return { redirect: null, file: { ...file, key } };
    },

    /** A page file for /files/images/<id>/<name>: public pages openly, others by signed URL. Never the photo. */
    async imageFile(imageId: string, name: string, signature: { exp?: string; sig?: string }) {
      const role = (Object.keys(PAGE_FILE_NAMES) as PageFileRole[]).find((r) => PAGE_FILE_NAMES[r] === name);
      const row = role ? await images.findById(imageId) : undefined;
      if (!row || !role) throw new AppError(ErrorCode.notFound);
      const key = parseFiles(row.files)[role];
      if (!key) throw new AppError(ErrorCode.notFound);
      const open = row.is_public === 1 && row.is_online === 1;
      if (!open && !urls.verify(key, signature.exp, signature.sig)) throw new AppError(ErrorCode.notFound);
      const file = await storage.stream(key);
      if (!file) throw new AppError(ErrorCode.notFound);
      return { ...file, key, cacheable: open, version: open ? (row.files_version ?? null) : null };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
