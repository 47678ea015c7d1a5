import sharp from 'sharp';
import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { AppError, ErrorCode, isAppError } from '@studio/contracts/errors';
import { composePage } from '@studio/engine/compose/compose-page';
import { checkPrompt, findBlockedTerm } from '@studio/engine/filter/content-filter';
import { verifyImage } from '@studio/engine/io/load-image';
import { photoFrame } from '@studio/engine/lineart/subject-window';
import { photoToPage } from '@studio/engine/lineart/photo-to-page';
import { renderPageFiles } from '@studio/engine/output/page-files';
import type { Page } from '@studio/engine/page';
import { createImageProvider, type ImageProvider, type ImageProviderConfig } from '@studio/engine/providers/image-provider';
import { generateProviderPage, resumeProviderPage } from '@studio/engine/providers/provider-page';
import type { Attribution } from '@studio/contracts/images';
import type { PageNote } from '@studio/contracts/page-notes';
import type { MadePage, PageMaker } from './page-maker';
import type { VariantMaker } from './variant-maker';
import { engineColourByNumber } from './engine-variant-maker';

/** Every file the server stores, from one engine page: PDFs for both papers, thumbnails. */
export async function madePage(drawn: Page, title: string, attribution: Attribution | null, notDrawn: string[] = [], notes: PageNote[] = []): Promise<MadePage> {
  // The artwork's credit goes inside the files too (engine/src/output/credit.ts).
  const page = { ...drawn, credit: drawn.credit ?? attribution };
  // The stored PDFs are what an English reader downloads: titled (zh/ja readers get theirs redrawn, decision 071).
  const [letter, a4] = await Promise.all([renderPageFiles(page, { paper: 'letter', title }), renderPageFiles({ ...page, colorPng: undefined }, { paper: 'a4', title })]);
  return {
    png: letter.png,
    svg: letter.svg,
    pdfLetter: letter.pdf,
    pdfA4: a4.pdf,
    thumb600: letter.thumb600,
    thumb320: letter.thumb320,
    colorPng: letter.colorPng ?? null,
    colorThumb600: letter.colorThumb600 ?? null,
    width: page.width,
    height: page.height,
    title,
    attribution,
    notDrawn,
    notes,
  };
}

/**
 * The engine as the server's PageMaker: the offline composer when IMAGE_PROVIDER=local, else the
 * configured image model with its drawing cleaned up by the line-art engine; photos always go
 * through the line-art pipeline.
 */
export function createEnginePageMaker(options: { providerConfig: ImageProviderConfig }): PageMaker & VariantMaker {
  const providerName = options.providerConfig.IMAGE_PROVIDER?.trim() || 'local';
  const provider: ImageProvider | null = providerName === 'local' ? null : createImageProvider(options.providerConfig);
  const cleanup = (input: Buffer, opts: { difficulty: Difficulty; ratio: Ratio; mode: 'cleanup' }) => photoToPage(input, opts);

  return {
    checkPrompt: (prompt) => {
      try {
        return checkPrompt(prompt).normalized;
      } catch (error) {
        // The member is told which of their words the filter stopped at (issue 37), not only "not allowed".
        const blockedTerm = isAppError(error) && error.code === ErrorCode.contentFiltered ? findBlockedTerm(prompt) : null;
        if (blockedTerm) throw new AppError(ErrorCode.contentFiltered, undefined, { prompt: 'validation.promptBlocked' }, { details: { blockedTerm } });
        throw error;
      }
    },
    async probeUpload(file) {
      const { width, height } = await verifyImage(file);
      const format = (await sharp(file, { limitInputPixels: false }).metadata()).format ?? 'unknown';
      return { width, height, format };
    },
    async photoFrame(image, ratio) {
      // The header checks of every upload first, then the engine's own window (decodes a thumbnail).
      await verifyImage(image);
      const { frame, box } = await photoFrame(image, ratio);
      return { frame, box };
    },
    async fromPrompt(request, progress) {
      progress(10);
      if (!provider) {
        const result = await composePage(request.prompt, { difficulty: request.difficulty, ratio: request.ratio, seed: request.seed, lang: request.lang });
        progress(80);
        return madePage(result.page, request.prompt, result.attribution, result.unmatched, result.notes);
      }
      const resumed = request.providerRef
        ? await resumeProviderPage(provider, request.providerRef, { difficulty: request.difficulty, ratio: request.ratio }, cleanup)
        : null;
      const drawn =
        resumed ??
        (await generateProviderPage(
          provider,
          { prompt: request.prompt, difficulty: request.difficulty, ratio: request.ratio, seed: request.seed, onJobCreated: (ref) => progress(30, ref) },
          cleanup,
        ));
      progress(80);
      return madePage(drawn.page, request.prompt, null);
    },
    async fromPhoto(request, progress) {
      progress(10);
      const page = await photoToPage(request.image, { difficulty: request.difficulty, ratio: request.ratio, mode: 'photo', fit: request.fit === 'fit' ? 'contain' : 'cover', subjectOnly: request.subjectOnly === true });
      progress(80);
      const made = await madePage(page, 'Photo coloring page', null);
      const eyes = page.report.faceEyes;
      return eyes ? { ...made, faces: eyes.map((count) => ({ eyes: count })) } : made;
    },
    colourByNumber: engineColourByNumber,
    async sourcePreview(image) {
      return sharp(image, { pages: 1, limitInputPixels: 40_000_000 }).autoOrient().resize(1200, 1200, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).webp({ quality: 80 }).toBuffer();
    },
  };
}
