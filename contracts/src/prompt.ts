import { PROMPT_MAX } from './constants';

// Zero-width, joiner, bidi and variation-selector code points let "s\u200bex" slip past a word list.
const INVISIBLE_RANGES: [number, number][] = [
  [0xad, 0xad], [0x34f, 0x34f], [0x61c, 0x61c], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f],
  [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff],
];

function isInvisible(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
}

/** NFKC, invisible characters removed, whitespace collapsed; case kept for display. */
export function normalizePrompt(prompt: string): string {
  return [...prompt.normalize('NFKC')].filter((ch) => !isInvisible(ch)).join('').replace(/\s+/gu, ' ').trim();
}

/**
 * The length the 1000-character limit applies to, in code points of the normalized prompt: the
 * generator's n/1000 counter and the server count the same way (an emoji or a CJK character is one).
 */
export function promptLength(prompt: string): number {
  return [...normalizePrompt(prompt)].length;
}

export function isPromptTooLong(prompt: string): boolean {
  return promptLength(prompt) > PROMPT_MAX;
}
