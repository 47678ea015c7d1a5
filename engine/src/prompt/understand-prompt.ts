import type { Language } from '@studio/contracts/constants';
import type { SubjectKind } from '../subjects/curation';
import { CHINESE, CJK_FILLER, JAPANESE, MODIFIERS, OBJECT_MARK, RELATION_WORDS, SCENE_WORDS, SYNONYMS, THEME_WORDS, UNDRAWABLE } from './lexicon';
import type { RelationVerb, Scene } from './lexicon';

/** The part of a library subject that prompt reading needs. */
export interface SubjectEntry {
  id: string;
  name: string;
  keywords: string[];
  kind: SubjectKind;
}

export interface MatchedSubject {
  id: string;
  name: string;
  kind: SubjectKind;
  /** The prompt word(s) that picked it, in English. */
  word: string;
}

/** "a bear holding a balloon": the holder (a subject id), what it holds, and how. */
export interface Relation {
  verb: RelationVerb;
  holder: string;
  held: string;
}

export interface Understanding {
  language: Language;
  /** The prompt as English words after translation, singularising and synonyms. */
  words: string[];
  /** Subjects in prompt order, head noun first. */
  subjects: MatchedSubject[];
  scene: Scene | null;
  theme: 'mandala' | 'pattern' | null;
  /** A held thing and its holder, when the prompt says so; subjects then start with the holder. */
  relation: Relation | null;
  /** Content words that matched nothing, as the user wrote them. */
  unmatched: string[];
}

export interface SubjectIndex {
  byName: Map<string, SubjectEntry>;
  byKeyword: Map<string, SubjectEntry[]>;
}

// Which kind wins as the head noun of "a cat on a bicycle": living things before props.
const HEAD_PRIORITY: Record<SubjectKind, number> = {
  animal: 0, bird: 0, sea: 0, bug: 1, dinosaur: 0, fantasy: 0, road: 2, air: 2, water: 2, space: 2, holiday: 3,
  food: 3, building: 4, plant: 5, toy: 4, object: 6, weather: 7, person: 0,
};

export function buildSubjectIndex(subjects: SubjectEntry[]): SubjectIndex {
  const byName = new Map<string, SubjectEntry>();
  const byKeyword = new Map<string, SubjectEntry[]>();
  for (const subject of subjects) {
    byName.set(subject.name, subject);
    // Prompts are singularised before lookup, so tags must be too ("stripes" → "stripe").
    for (const keyword of new Set(subject.keywords.flatMap((k) => [k, singularize(k)]))) {
      const list = byKeyword.get(keyword) ?? [];
      list.push(subject);
      byKeyword.set(keyword, list);
    }
  }
  // Prefer the plainest subject for a tag: "cat" over "grinning cat with smiling eyes".
  for (const list of byKeyword.values()) list.sort((a, b) => a.name.length - b.name.length || a.id.localeCompare(b.id));
  return { byName, byKeyword };
}

export function detectLanguage(prompt: string): Language {
  if (/[\u3040-\u30ff]/u.test(prompt)) return 'ja';
  if (/[\u4e00-\u9fff]/u.test(prompt)) return 'zh';
  return 'en';
}

export function singularize(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (/(?:[^aeiou])ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ves)$/.test(word) && !['olives'].includes(word)) return `${word.slice(0, -3)}f`;
  if (/(?:ches|shes|xes|sses|oes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const IRREGULAR: Record<string, string> = {
  mice: 'mouse', geese: 'goose', children: 'child', people: 'person', teeth: 'tooth', feet: 'foot', wolves: 'wolf',
  leaves: 'leaf', fish: 'fish', sheep: 'sheep', deer: 'deer', cherries: 'cherry', strawberries: 'strawberry', fries: 'fries',
  christmas: 'christmas', xmas: 'christmas', canvas: 'canvas', atlas: 'atlas', gas: 'gas', grapes: 'grapes', pancakes: 'pancakes', dice: 'dice', bus: 'bus', octopus: 'octopus', cactus: 'cactus', hippopotamus: 'hippopotamus',
};

/** A token with the text the user typed, so unmatched words are reported in their language. */
interface Token {
  english: string;
  original: string;
}

function segmentCjk(text: string, dictionary: Record<string, string>): Token[] {
  const tokens: Token[] = [];
  const longest = Math.max(...Object.keys(dictionary).map((k) => k.length), ...[...CJK_FILLER].map((k) => k.length));
  let unknown = '';
  const flushUnknown = (): void => {
    if (unknown) tokens.push({ english: '', original: unknown });
    unknown = '';
  };
  for (let i = 0; i < text.length; ) {
    let matched = false;
    for (let len = Math.min(longest, text.length - i); len > 0; len--) {
      const piece = text.slice(i, i + len);
      if (dictionary[piece] !== undefined) {
        flushUnknown();
        for (const word of dictionary[piece].split(' ')) tokens.push({ english: word, original: piece });
        i += len;
        matched = true;
        break;
      }
      if (CJK_FILLER.has(piece)) {
        flushUnknown();
        i += len;
        matched = true;
        break;
      }
    }
    if (!matched) {
      const ch = text[i];
      if (/[\s\p{P}]/u.test(ch)) flushUnknown();
      else unknown += ch;
      i++;
    }
  }
  flushUnknown();
  return tokens;
}

function tokenize(prompt: string, language: Language): Token[] {
  const text = prompt.normalize('NFKC').toLowerCase();
  const tokens: Token[] = [];
  // Latin words inside a CJK prompt are read as English; CJK runs through the dictionary.
  for (const run of text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[\p{L}\p{N}'-]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)) {
      // Kanji-only prompts may be Japanese (恐竜) though they read as Chinese: the other dictionary backs up.
      tokens.push(...segmentCjk(run, language === 'ja' ? { ...CHINESE, ...JAPANESE } : { ...JAPANESE, ...CHINESE }));
    } else {
      for (const part of run.split(/-(?!o-)/)) {
        const word = part.replace(/'s$/, '').replace(/'/g, '');
        if (word) tokens.push({ english: IRREGULAR[word] ?? singularize(word), original: part });
      }
    }
  }
  return tokens;
}

function lookup(phrase: string, index: SubjectIndex): SubjectEntry | null {
  const target = SYNONYMS[phrase] ?? phrase;
  return index.byName.get(target) ?? index.byKeyword.get(target)?.[0] ?? null;
}

/** Reads a prompt in English, Chinese or Japanese into subjects, a scene and what was not understood. */
export function understandPrompt(prompt: string, index: SubjectIndex, languageHint?: Language): Understanding {
  // Kanji-only text reads as Chinese by script; the user's UI language settles it for Japanese.
  const detected = detectLanguage(prompt);
  const language = detected === 'zh' && languageHint === 'ja' ? 'ja' : detected;
  const tokens = tokenize(prompt, language);
  const words = tokens.map((t) => t.english).filter(Boolean);
  const found: MatchedSubject[] = [];
  const unmatched: string[] = [];
  let scene: Scene | null = null;
  let theme: Understanding['theme'] = null;
  // The first relation word, how many subjects came before it, and the subject marked by を.
  let verb: { verb: RelationVerb; at: number } | null = null;
  let marked: number | null = null;
  for (let i = 0; i < tokens.length; ) {
    let consumed = 0;
    // Longest phrase first, so "fire truck" is one subject and "hot air balloon" is not three.
    for (let n = Math.min(3, tokens.length - i); n >= 2 && consumed === 0; n--) {
      const slice = tokens.slice(i, i + n);
      if (slice.some((t) => !t.english)) continue;
      const phrase = slice.map((t) => t.english).join(' ');
      const subject = lookup(phrase, index);
      if (subject) {
        found.push({ id: subject.id, name: subject.name, kind: subject.kind, word: phrase });
        consumed = n;
      } else if (SCENE_WORDS[phrase]) {
        scene ??= SCENE_WORDS[phrase];
        consumed = n;
      }
    }
    if (consumed === 0) {
      const token = tokens[i];
      const word = token.english;
      consumed = 1;
      if (word === OBJECT_MARK) {
        if (found.length > 0) marked = found.length - 1;
      } else if (RELATION_WORDS[word]) {
        verb ??= { verb: RELATION_WORDS[word], at: found.length };
      } else if (AUDIENCE.has(word) && tokens[i - 1]?.english === 'for') {
        // "for kids", "for children": who the page is for, not what is on it.
      } else if (!word || UNDRAWABLE.has(word)) {
        unmatched.push(token.original);
      } else if (THEME_WORDS[word]) {
        theme ??= THEME_WORDS[word];
      } else if (SCENE_WORDS[word] && !SYNONYMS[word]) {
        scene ??= SCENE_WORDS[word];
      } else if (MODIFIERS.has(word) || /^\d+$/.test(word)) {
        // Describes, does not name: nothing to draw.
      } else {
        const subject = lookup(word, index);
        if (subject) found.push({ id: subject.id, name: subject.name, kind: subject.kind, word });
        else if (SCENE_WORDS[word]) scene ??= SCENE_WORDS[word];
        else unmatched.push(token.original);
      }
    }
    i += consumed;
  }
  const relation = verb ? relate(found, verb, marked) : null;
  const unique = found.filter((s, i) => found.findIndex((o) => o.id === s.id) === i);
  let subjects: MatchedSubject[];
  if (relation) {
    // The holder is the main subject and what it holds comes next, whatever their kinds.
    const pair = [relation.holder, relation.held].map((id) => unique.find((s) => s.id === id)!);
    subjects = [...pair, ...unique.filter((s) => s.id !== relation.holder && s.id !== relation.held)];
  } else {
    const headIndex = unique.reduce((best, s, i) => (HEAD_PRIORITY[s.kind] < HEAD_PRIORITY[unique[best].kind] ? i : best), 0);
    subjects = unique.length ? [unique[headIndex], ...unique.filter((_, i) => i !== headIndex)] : [];
  }
  return { language, words, subjects, scene, theme, relation, unmatched: [...new Set(unmatched)] };
}

/** Words for whom a page is ("for kids"), read as the audience after "for". */
const AUDIENCE = new Set(['child', 'kid', 'toddler', 'adult', 'teen', 'baby', 'girl', 'boy']);

/**
 * Who holds what. English and Chinese put the held thing after the verb ("a bear holding a
 * balloon", "小熊拿着气球"); Japanese marks it with を before the verb ("風船を持ったくま"), or puts
 * it right before the verb without one. The holder is the subject on the other side.
 */
function relate(found: MatchedSubject[], verb: { verb: RelationVerb; at: number }, marked: number | null): Relation | null {
  let held: number;
  if (marked !== null) held = marked;
  else if (verb.at < found.length && verb.at > 0) held = verb.at;
  else if (verb.at === found.length && verb.at >= 2) held = verb.at - 1;
  else return null;
  const before = found.slice(0, verb.at).filter((_, i) => i !== held).reverse();
  const after = found.slice(verb.at).filter((_, i) => i + verb.at !== held);
  const holder = [...before, ...after].find((s) => s.id !== found[held].id);
  return holder ? { verb: verb.verb, holder: holder.id, held: found[held].id } : null;
}
