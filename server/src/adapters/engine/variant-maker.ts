import type { Difficulty } from '@studio/contracts/constants';
import type { Attribution } from '@studio/contracts/images';

/** What a colour-by-number variant is made from: a stored page's files and where its colours come from. */
export interface NumbersRequest {
  png: Buffer;
  svg: string | null;
  /** The coloured preview (fit cover: the same composition), the owner's photo (its page's fit), or null. */
  colour: { image: Buffer; fit: 'cover' | 'contain' } | null;
  difficulty: Difficulty;
  credit: Attribution | null;
}

/** Every file of one colour-by-number variant, ready to store. */
export interface NumbersFiles {
  numbersPng: Buffer;
  numbersPdfLetter: Buffer;
  numbersPdfA4: Buffer;
  solutionPng: Buffer;
  solutionPdfLetter: Buffer;
  solutionPdfA4: Buffer;
}

/** Makes variants of pages that exist (no credits: decision 031). Errors: 2008 when the engine fails. */
export interface VariantMaker {
  colourByNumber(request: NumbersRequest): Promise<NumbersFiles>;
}
