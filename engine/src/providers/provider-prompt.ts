import type { Difficulty, Ratio } from '@studio/contracts/constants';
import { isLandscape, ratioParts } from '@studio/contracts/page';

export interface ProviderPrompt {
  positive: string;
  /** For providers that take one; the others get the same intent folded into `positive`. */
  negative: string;
}

// Positive wording first: image models follow "clean black outlines" better than "no colour".
const STYLE: Record<Difficulty, string> = {
  toddler: 'a very simple colouring page for toddlers: one big friendly shape, very thick bold black outlines, a few large areas to colour, no background details',
  children: "a children's colouring page: bold clean black outlines, simple shapes, a light simple background, large areas to colour",
  teen: 'a detailed colouring page: clean black line art of medium detail, a full background scene, crisp even outlines',
  adult: 'an intricate adult colouring page: fine black line art, rich decorative patterns filling every area, crisp thin even outlines',
};

const NEGATIVE = 'colour, color fill, shading, grey, gradient, grayscale, photo, realistic texture, text, letters, watermark, signature, blurry lines, solid black areas, cross-hatching';

/** Our template around the user's words: line art on white, detail set by the difficulty. */
export function buildProviderPrompt(prompt: string, difficulty: Difficulty): ProviderPrompt {
  return {
    positive: `${prompt.trim()} — ${STYLE[difficulty]}; black line art on a pure white background, every shape closed, printable`,
    negative: NEGATIVE,
  };
}

/** The prompt for providers without a negative prompt: the exclusions said positively. */
export function singlePrompt(p: ProviderPrompt): string {
  return `${p.positive}. Only black outlines on white: no colour, no shading, no grey, no text.`;
}

/** Pixel size near one megapixel with the page's ratio, multiples of 64 (what SD-style models want). */
export function diffusionSize(ratio: Ratio): { width: number; height: number } {
  const [w, h] = ratioParts(ratio);
  const scale = Math.sqrt((1024 * 1024) / (w * h));
  return { width: Math.round((w * scale) / 64) * 64, height: Math.round((h * scale) / 64) * 64 };
}

/** OpenAI image sizes: gpt-image-* and dall-e-3 each offer one square, one portrait, one landscape size. */
export function openAiSize(ratio: Ratio, model: string): string {
  const [w, h] = ratioParts(ratio);
  if (w === h) return '1024x1024';
  const wide = isLandscape(ratio);
  if (model.startsWith('dall-e-3')) return wide ? '1792x1024' : '1024x1792';
  return wide ? '1536x1024' : '1024x1536';
}

const STABILITY_RATIOS = ['21:9', '16:9', '3:2', '5:4', '1:1', '4:5', '2:3', '9:16', '9:21'] as const;

/** Stability v2beta accepts a fixed list of ratios; take the nearest. */
export function stabilityAspectRatio(ratio: Ratio): string {
  const [w, h] = ratioParts(ratio);
  const target = Math.log(w / h);
  let best: string = '1:1';
  let bestDistance = Infinity;
  for (const candidate of STABILITY_RATIOS) {
    const [cw, ch] = candidate.split(':').map(Number);
    const distance = Math.abs(Math.log(cw / ch) - target);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}
