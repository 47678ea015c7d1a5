import { colourByNumber } from '@studio/engine/numbers/colour-by-number';
import type { NumbersFiles, NumbersRequest } from './variant-maker';

/** Colour by number in this thread (engine/src/numbers), the files named as the server stores them. */
export async function engineColourByNumber(request: NumbersRequest): Promise<NumbersFiles> {
  const files = await colourByNumber(request);
  return {
    numbersPng: files.numbersPng,
    numbersPdfLetter: files.numbersPdf.letter,
    numbersPdfA4: files.numbersPdf.a4,
    solutionPng: files.solutionPng,
    solutionPdfLetter: files.solutionPdf.letter,
    solutionPdfA4: files.solutionPdf.a4,
  };
}
