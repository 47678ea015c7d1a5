/**
 * A library subject's name in the user's language, for the page report ("用霸王龙代替三角龙"):
 * the Chinese or Japanese word that the reader would read as that subject, else the English name.
 */
import { CHINESE_WORDS, JAPANESE_WORDS } from './cjk-words';
import { CHINESE, JAPANESE, STAND_INS, SYNONYMS } from './lexicon';

function wordFor(name: string, dictionaries: Record<string, string>[], standIns: boolean): string | null {
  // The name itself, then its first word ("woman standing" → a woman); a word for the name before
  // a word that means it through a synonym (霸王龙 for the t-rex rather than 恐龙, a dinosaur).
  const tries: [string, boolean][] = [[name, false], [name, true], [name.split(' ')[0], false], [name.split(' ')[0], true]];
  for (const [target, viaSynonym] of tries) {
    let best: string | null = null;
    for (const dictionary of dictionaries) {
      for (const [word, english] of Object.entries(dictionary)) {
        if (viaSynonym ? SYNONYMS[english] !== target : english !== target) continue;
        // A drawn picture is not named by a word it only stands in for (a tree is not 桜の木).
        if (!standIns && STAND_INS[english] !== undefined) continue;
        if (best === null || word.length < best.length) best = word;
      }
    }
    if (best) return best;
  }
  return null;
}

const cache = new Map<string, { en: string; zh: string; ja: string }>();

/** A drawn picture's name in the three languages. */
export function localNames(name: string): { en: string; zh: string; ja: string } {
  let names = cache.get(name);
  if (!names) {
    names = { en: name, zh: wordFor(name, [CHINESE, CHINESE_WORDS], false) ?? name, ja: wordFor(name, [JAPANESE, JAPANESE_WORDS], false) ?? name };
    cache.set(name, names);
  }
  return names;
}

/** A prompt word (English, as read) in the user's language: the cherry tree of お花見 is 桜の木. */
export function localWord(word: string, language: 'en' | 'zh' | 'ja'): string {
  if (language === 'en') return word;
  return wordFor(word, language === 'zh' ? [CHINESE, CHINESE_WORDS] : [JAPANESE, JAPANESE_WORDS], true) ?? word;
}
