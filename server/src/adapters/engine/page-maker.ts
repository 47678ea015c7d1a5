import type { Difficulty, Language, PhotoFit, Ratio } from '@studio/contracts/constants';
import type { Attribution, DrawnFace, PhotoFrameDto } from '@studio/contracts/images';
import type { PageNote } from '@studio/contracts/page-notes';

/** Every file of a made page, ready to store. */
export interface MadePage {
  png: Buffer;
  svg: string | null;
  pdfLetter: Buffer;
  pdfA4: Buffer;
  thumb600: Buffer;
  thumb320: Buffer;
  colorPng: Buffer | null;
  colorThumb600: Buffer | null;
  width: number;
  height: number;
  /** A short title for the page in English (what was drawn). */
  title: string;
  attribution: Attribution | null;
  /** What the prompt asked for that the page does not show, in the user's words (composer pages). */
  notDrawn?: string[];
  /** Stand-ins drawn instead of what was asked, and counts drawn short (composer pages). */
  notes?: PageNote[];
  /** Photo pages: the faces the page drew, from the engine's report; absent when the face model did not run. */
  faces?: DrawnFace[];
}

export type Progress = (percent: number, providerRef?: string) => void;

/**
 * Makes pages: the engine (offline composer and line art) or a configured image model, behind
 * one role. Errors are AppErrors with generation codes (4003, 4005, 4006, 4008, 4009, 3001, 2007, 2008).
 */
export interface PageMaker {
  /** Normalises and filters a prompt; throws 4001 empty, 4002 too long, 4003 filtered. */
  checkPrompt(prompt: string): string;
  /** Reads an upload's header only; throws 3001 corrupt, 4005 too large, 4006 unsupported. */
  probeUpload(file: Buffer): Promise<{ width: number; height: number; format: string }>;
  fromPrompt(
    request: { prompt: string; difficulty: Difficulty; ratio: Ratio; seed: number; lang: Language; providerRef: string | null; /** Seeding: yields to users' pages. */ background?: boolean },
    progress: Progress,
  ): Promise<MadePage>;
  fromPhoto(request: { image: Buffer; difficulty: Difficulty; ratio: Ratio; fit: PhotoFit; subjectOnly?: boolean }, progress: Progress): Promise<MadePage>;
  /** Where a `crop` page of `ratio` sits on the photo (the frame fromPhoto will use), read at thumbnail size; throws as probeUpload. */
  photoFrame(image: Buffer, ratio: Ratio): Promise<Omit<PhotoFrameDto, 'ratio'>>;
  /** A web-friendly copy of the uploaded photo to show beside its page. */
  sourcePreview(image: Buffer): Promise<Buffer>;
}
