import sharp from 'sharp';
import { photoFrame } from '@studio/engine/lineart/subject-window';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { PageNote } from '@studio/contracts/page-notes';
import type { MadePage, PageMaker } from '../adapters/engine/page-maker';

/**
 * A page maker for service tests: real (tiny) files, instantly, with switches to fail, hang or
 * count calls. The engine itself is tested in the engine workspace.
 */
export function createFakePageMaker() {
  const state = {
    calls: 0,
    fail: null as null | AppError | Error,
    delayMs: 0,
    /** Resolves when released, to hold a task in `processing`. */
    gate: null as null | Promise<void>,
  };
  const png = sharp({ create: { width: 24, height: 32, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const webp = sharp({ create: { width: 12, height: 16, channels: 3, background: '#ffffff' } }).webp().toBuffer();

  async function made(title: string, notDrawn: string[] = [], notes: PageNote[] = []): Promise<MadePage> {
    state.calls += 1;
    if (state.gate) await state.gate;
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.fail) throw state.fail;
    return {
      png: await png,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32"><path d="M2 2h20v28H2z" fill="none" stroke="#000"/></svg>',
      pdfLetter: Buffer.from('%PDF-1.7 letter'),
      pdfA4: Buffer.from('%PDF-1.7 a4'),
      thumb600: await webp,
      thumb320: await webp,
      colorPng: await png,
      colorThumb600: await webp,
      width: 24,
      height: 32,
      title,
      attribution: null,
      notDrawn,
      notes,
    };
  }

  const maker: PageMaker = {
    checkPrompt(prompt) {
      const trimmed = prompt.normalize('NFKC').trim();
      if (!trimmed) throw new AppError(ErrorCode.promptEmpty);
      if ([...trimmed].length > 1000) throw new AppError(ErrorCode.promptTooLong);
      if (/\bgore\b/i.test(trimmed)) throw new AppError(ErrorCode.contentFiltered);
      return trimmed;
    },
    async probeUpload(file) {
      let meta;
      try {
        meta = await sharp(file, { limitInputPixels: false }).metadata();
      } catch {
        throw new AppError(ErrorCode.formatUnsupported);
      }
      if ((meta.width ?? 0) * (meta.height ?? 0) > 40_000_000) throw new AppError(ErrorCode.imageTooLarge);
      return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
    },
    // Like the composer, it cannot draw a quokka and says so.
    fromPrompt: (request) =>
      made(request.prompt, /quokka/.test(request.prompt) ? ['quokka'] : [], /triceratops/.test(request.prompt) ? [{ kind: 'substitute', asked: 'triceratops', drawn: { en: 't-rex', zh: '霸王龙', ja: 'ティラノサウルス' } }] : []),
    // Every photo has one face, drawn with both eyes, as the engine reports it (decision 066).
    fromPhoto: async () => ({ ...(await made('photo')), faces: [{ eyes: 2 }] }),
    // The engine's own window: pure and quick, so the preview's route is tested against the real frame.
    async photoFrame(image, ratio) {
      const { frame, box } = await photoFrame(image, ratio);
      return { frame, box };
    },
    // The photo itself, small: its bytes differ from every page file's, as a real preview's do.
    sourcePreview: (image) => sharp(image).resize(40, 40, { fit: 'inside' }).webp().toBuffer(),
  };
  return { maker, state };
}
