import { CHINESE, JAPANESE } from '@studio/engine/prompt/lexicon';

/** The English word for a Chinese or Japanese word the prompt reader knows, for search. */
export function translateWord(word: string): string | undefined {
  return Object.hasOwn(JAPANESE, word) ? JAPANESE[word] : Object.hasOwn(CHINESE, word) ? CHINESE[word] : undefined;
}
