import type { Language } from '@studio/contracts/constants';
import type { SubjectKind } from '../subjects/curation';
import { isDrawnFigure, isRoleFigure } from '../subjects/drawn-figures';
import { drawnWith, roleOf } from '../subjects/role-figures';
import { CJK_GRAMMAR, CHINESE_WORDS, cjkCount, JAPANESE_WORDS } from './cjk-words';
import { CHINESE, JAPANESE, MODIFIERS, OBJECT_MARK, PLACE_WORDS, RAIN_WORDS, RELATION_WORDS, SCENE_WORDS, STAND_INS, SYNONYMS, THEME_WORDS, UNDRAWABLE } from './lexicon';
import type { RelationVerb, Scene } from './lexicon';
import {
  ARRANGE_PHRASES, ARRANGE_WORDS, CHINESE_RELATIONS, COSTUMES, COUNT_WORDS, FIGURE_FALLBACK, GROUP_PHRASES, JAPANESE_RELATIONS, PERSON_WORDS, PLAY_POSES, POSE_BY_VERB,
  RIDE_POSES, STANDING, WEAR_WORDS, WORN,
} from './relation-words';
import type { ArrangeVerb, Pose } from './relation-words';

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
  /** The same word(s) as the user typed them (reported when the subject cannot be drawn). */
  original: string;
  /** How many of it the prompt asks for ("three kittens" → 3, "ducklings" → 2). */
  count: number;
  /**
   * The library has no picture of the word and this one stands in for it (a tree for a cherry
   * tree, a woman standing for a princess who walks): the page report says so.
   */
  standIn?: boolean;
  /**
   * How many of `count` are young ones beside their parent ("a mother bear and her cubs": 2 of 3),
   * drawn smaller than it. Absent when none are, or when all are ("three kittens").
   */
  young?: number;
}

/** "a bee on a sunflower": `subject` (the bee) goes on `object` (the sunflower); ids. */
export interface Arrangement {
  verb: ArrangeVerb;
  subject: string;
  object: string;
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
  /** The word that named the scene, as typed, or null when none did. */
  sceneWord: string | null;
  theme: 'mandala' | 'pattern' | null;
  /** A held thing and its holder, when the prompt says so; subjects then start with the holder. */
  relation: Relation | null;
  /** Where one subject stands relative to another (riding, on, in, under, over, in front of). */
  arrangement: Arrangement | null;
  /** Things worn by a subject (hat, crown, scarf, helmet, cape, glasses), by ids. */
  worn: { wearer: string; item: string }[];
  /** The main subject is over the place, in the air, rather than on its ground. */
  airborne: boolean;
  /** Content words that matched nothing, as the user wrote them. */
  unmatched: string[];
  /** The page stands on the ground of its place even where things float (on the moon, in space). */
  onGround?: boolean;
  /**
   * A creature asked asleep that the library has no sleeping picture of ("a dragon sleeping"): its
   * id, and the word that asked (reported when the composer knows no eyes of it to close).
   */
  asleep?: { subject: string; word: string };
  /**
   * A letter or number the page is of ("A is for apple", "number 3 with three balloons", 字母B,
   * 数字の5): drawn as a big bubble glyph above the subjects (compose/glyphs.ts). A–Z or 0–9, at
   * most two characters ("10").
   */
  glyph?: string;
  /** The subjects are the stages of a life cycle, in order: the composer links them with arrows. */
  cycle?: boolean;
  /**
   * A thing given a face by a mood word ("a kawaii donut", "a happy cupcake", "a strawberry with a
   * smiling face"): its id and the word; the composer draws a kawaii face on it.
   */
  faced?: { subject: string; word: string };
  /** "the solar system": the sun and the eight planets on their orbits (compose/solar-system.ts). */
  solarSystem?: boolean;
  /**
   * "a horse in a field with a fence": the word that asked for a fence, which the place's scenery
   * draws along its ground (compose/scenes.ts#FENCED_PLACES); reported when the place has none.
   */
  fenced?: string;
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

/** The plural of an English noun as a page title says it: the last word takes it ("baby chicks", "foxes", "butterflies"). */
export function plural(name: string): string {
  // A pose follows the noun it belongs to: "wolves howling", "foxes sleeping".
  const posed = name.match(/^(.*) (sleeping|howling)$/);
  if (posed) return `${plural(posed[1])} ${posed[2]}`;
  const irregular = name.match(/^(.*?)\b(child|mouse|person|man|woman|goose)$/);
  if (irregular) return `${irregular[1]}${{ child: 'children', mouse: 'mice', person: 'people', man: 'men', woman: 'women', goose: 'geese' }[irregular[2]]}`;
  if (/(s|x|ch|sh)$/.test(name)) return `${name}es`;
  if (/\b(wolf|leaf|calf|half|elf|shelf|loaf|thief|scarf)$/.test(name)) return `${name.slice(0, -1)}ves`;
  if (/\b(knife|wife|life)$/.test(name)) return `${name.slice(0, -2)}ves`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(sheep|deer|fish)$/.test(name)) return name;
  return `${name}s`;
}

const IRREGULAR: Record<string, string> = {
  mice: 'mouse', geese: 'goose', children: 'child', people: 'person', teeth: 'tooth', feet: 'foot', wolves: 'wolf',
  leaves: 'leaf', cookies: 'cookie', pies: 'pie', brownies: 'brownie', zombies: 'zombie', ties: 'tie', fish: 'fish', sheep: 'sheep', deer: 'deer', cherries: 'cherry', strawberries: 'strawberry', fries: 'fries',
  christmas: 'christmas', xmas: 'christmas', glasses: 'glasses', eyeglasses: 'glasses', sunglasses: 'sunglasses', canvas: 'canvas', atlas: 'atlas', gas: 'gas', grapes: 'grapes', pancakes: 'pancakes', dice: 'dice', bus: 'bus', octopus: 'octopus', cactus: 'cactus', triceratops: 'triceratops', hippopotamus: 'hippopotamus',
};

/** A token with the text the user typed, so unmatched words are reported in their language. */
export interface Token {
  english: string;
  original: string;
  /** A grammatical word (和, と, の): nothing to draw, but two words on either side are not one phrase. */
  boundary?: boolean;
}

/**
 * Cuts a run of Chinese or Japanese into words: at each place the longest word the dictionary or
 * the grammatical words know, a count ("三只", "3匹"), or else one character of an unknown word.
 * Characters no list knows stay together as one word, reported as typed ("耍" alone never
 * is: 玩耍 is a word). Hiragana-only leftovers of one or two characters are verb endings and
 * particles, not things to draw.
 */
export function segmentCjk(text: string, dictionary: Record<string, string>): Token[] {
  const tokens: Token[] = [];
  const longest = Math.max(...Object.keys(dictionary).map((k) => k.length), ...[...CJK_GRAMMAR].map((k) => k.length));
  let unknown = '';
  const flushUnknown = (): void => {
    if (unknown && !/^[\p{Script=Hiragana}ー]{1,2}$/u.test(unknown)) tokens.push({ english: '', original: unknown });
    unknown = '';
  };
  for (let i = 0; i < text.length; ) {
    let matched = false;
    const count = cjkCount(text.slice(i));
    if (count && dictionary[text.slice(i, i + count.length + 1)] === undefined) {
      flushUnknown();
      if (count.count > 1) tokens.push({ english: `=${count.count}`, original: text.slice(i, i + count.length) });
      i += count.length;
      continue;
    }
    for (let len = Math.min(longest, text.length - i); len > 0; len--) {
      const piece = text.slice(i, i + len);
      if (dictionary[piece] !== undefined) {
        flushUnknown();
        for (const word of dictionary[piece].split(' ')) tokens.push({ english: word, original: piece });
        i += len;
        matched = true;
        break;
      }
      if (CJK_GRAMMAR.has(piece)) {
        flushUnknown();
        // "お姫様とお城" is a princess and a castle, not the "princess castle" the two words make.
        if (tokens.length && !tokens[tokens.length - 1].boundary) tokens.push({ english: '', original: piece, boundary: true });
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

// Kanji-only prompts may be Japanese (恐竜) though they read as Chinese: the other language's words back up.
const CHINESE_ALL = { ...CHINESE, ...CHINESE_RELATIONS, ...CHINESE_WORDS };
const JAPANESE_ALL = { ...JAPANESE, ...JAPANESE_RELATIONS, ...JAPANESE_WORDS };
const JA_FIRST = { ...CHINESE_ALL, ...JAPANESE_ALL };
const ZH_FIRST = { ...JAPANESE_ALL, ...CHINESE_ALL };

/** The words a phrase was typed as, once each: "桜" for both words of "cherry blossom", "fire truck" for two. */
function typedAs(tokens: Token[]): string {
  const originals = tokens.map((t) => t.original).filter((o, i, all) => o !== all[i - 1]);
  return originals.join(originals.some((o) => /^[\p{L}\p{N}'-]+$/u.test(o) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(o)) ? ' ' : '');
}

function tokenize(prompt: string, language: Language): Token[] {
  const text = prompt.normalize('NFKC').toLowerCase();
  const tokens: Token[] = [];
  // Latin words inside a CJK prompt are read as English; CJK runs through the dictionary.
  for (const run of text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[\p{L}\p{N}'-]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)) {
      // Kanji-only prompts may be Japanese (恐竜) though they read as Chinese: the other dictionary backs up.
      tokens.push(...segmentCjk(run, language === 'ja' ? JA_FIRST : ZH_FIRST));
    } else {
      for (const part of run.split(/-(?!o-)/)) {
        const word = part.replace(/'s$/, '').replace(/'/g, '');
        if (word) tokens.push({ english: IRREGULAR[word] ?? singularize(word), original: part });
      }
    }
  }
  // "flying a kite" is holding one: the kite goes up on its string from the hand, and the page is
  // not a sky scene with a kite in it.
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].english !== 'flying' && tokens[i].english !== 'fly') continue;
    const next = tokens.slice(i + 1, i + 3).find((t) => t.english !== 'a' && t.english !== 'the' && t.english !== 'her' && t.english !== 'his');
    if (next?.english === 'kite') tokens[i] = { ...tokens[i], english: 'holding' };
  }
  return tokens;
}

function lookup(phrase: string, index: SubjectIndex): SubjectEntry | null {
  const target = SYNONYMS[phrase] ?? STAND_INS[phrase] ?? phrase;
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
  // The token each found subject was read from, and the tokens read as a place or not understood:
  // "a cat sleeping on a windowsill with plants" is on the windowsill (a place), not on the plants.
  const foundAt: number[] = [];
  const placeAt = new Set<number>();
  const unknownAt = new Set<number>();
  let current = 0;
  let scene: Scene | null = null;
  let sceneWord: string | null = null;
  let theme: Understanding['theme'] = null;
  let moonGround = false;
  let fenced: string | undefined;
  // The first relation word, how many subjects came before it, and the subject marked by を.
  const verbs: { verb: RelationVerb; at: number }[] = [];
  let marked: number | null = null;
  // `next`: the token after the arrangement word, to tell "on a broom" (what a witch rides) from "on the moon".
  // `post`: a Chinese or Japanese word after the place (树枝上的猫头鹰, 枝の上のフクロウ), where
  // the thing placed comes after it; 站在/坐在 come before the place, as English words do.
  // `weak`: a posture ("standing", "sitting") says "on" only when no preposition places the thing:
  // "a prince standing in front of his castle" is not on its roof.
  const arranges: PendingArrangement[] = [];
  const poseWords: string[] = [];
  const poseOriginals = new Map<string, string>();
  let pendingCount: number | null = null;
  // A weak scene word ("flying" → sky) gives way to a place named later ("a bat flying at night").
  let weakScene = false;
  const setScene = (value: Scene, original: string): void => {
    const weak = WEAK_SCENE_WORDS.has(original.toLowerCase());
    placeAt.add(current);
    if (scene && !(weakScene && !weak)) return;
    scene = value;
    sceneWord = original;
    weakScene = weak;
  };
  const addSubject = (subject: SubjectEntry, word: string, original: string, plural: boolean): void => {
    // A picture of a place (the cityscape emoji) is a square tile on a page: the place is drawn instead.
    const tile = PLACE_TILES[subject.name];
    if (tile) {
      setScene(tile, original);
      if (!SCENE_WORDS[word] && !PLACE_WORDS.some(([pattern]) => pattern.test(word))) unmatched.push(original);
      return;
    }
    // A plural of a landscape thing ("in the mountains") is a place, not a count.
    const counted = plural && !UNCOUNTED_KINDS.has(subject.kind);
    const standIn = STAND_INS[word] !== undefined && subject.name === STAND_INS[word];
    const count = pendingCount ?? (counted ? 2 : 1);
    // "狮子和小狮子", "熊妈妈和小熊", "熊宝宝", "子ギツネ": 小 or 子 before an animal, or 宝宝 after
    // it, is its young one (alone it is just the animal: a group all young is a group of equals).
    const young = YOUNG_WORDS.test(word) || YOUNG_WORDS.test(singularize(original.toLowerCase())) || (CJK_YOUNG.test(original) && original.length >= 2 && BABY_PARENTS.has(subject.kind));
    found.push({ id: subject.id, name: subject.name, kind: subject.kind, word, original, count, ...(standIn ? { standIn } : {}), ...(young ? { young: count } : {}) });
    foundAt.push(current);
    pendingCount = null;
  };
  for (let i = 0; i < tokens.length; ) {
    let consumed = 0;
    current = i;
    // "a carrot nose", "a rainbow mane": the word before a body part says what the part is like,
    // not a second subject (a carrot as tall as the snowman was drawn beside it). A face's parts
    // are on every face drawn; a mane or tail of a colour is not drawn, and said so.
    const part = tokens[i + 1]?.english;
    if (part && PART_WORDS.has(part) && !tokens[i].boundary && lookup(tokens[i].english, index)) {
      if (!FACE_PARTS.has(part)) unmatched.push(typedAs(tokens.slice(i, i + 2)));
      i += 2;
      continue;
    }
    // "their brick house", "a wooden boat": a material before a thing says what it is made of,
    // not a second subject (a wall of bricks stood behind the three little pigs).
    if (MATERIALS.has(tokens[i].english) && !tokens[i].boundary && tokens[i + 1]?.english && lookup(tokens[i + 1].english, index) && !lookup(`${tokens[i].english} ${tokens[i + 1].english}`, index)) {
      i += 1;
      continue;
    }
    // "a ball of yarn", "a bunch of flowers": the thing is the yarn, the flowers (a soccer ball was
    // drawn beside the kitten's yarn).
    if (MEASURE_WORDS.has(tokens[i].english) && tokens[i + 1]?.english === 'of' && tokens[i + 2]?.english && lookup(tokens[i + 2].english, index)) {
      i += 2;
      continue;
    }
    // Longest phrase first, so "fire truck" is one subject and "hot air balloon" is not three.
    for (let n = Math.min(3, tokens.length - i); n >= 2 && consumed === 0; n--) {
      const slice = tokens.slice(i, i + n);
      if (slice.some((t) => !t.english)) continue;
      const phrase = slice.map((t) => t.english).join(' ');
      const original = typedAs(slice);
      const group = GROUP_PHRASES[phrase];
      if (ARRANGE_PHRASES[phrase]) {
        arranges.push({ verb: ARRANGE_PHRASES[phrase], at: found.length, next: i + n });
        consumed = n;
      } else if (group) {
        for (const member of group.members) {
          const [name, times] = member.split('*');
          const subject = lookup(name, index);
          if (times) pendingCount = Number(times);
          if (subject) addSubject(subject, name, original, false);
          pendingCount = null;
        }
        if (group.scene) setScene(group.scene as Scene, original);
        consumed = n;
      } else if (SENSE_SCENES[phrase] && !(phrase.endsWith(' leaf') && !isPlural(slice[n - 1]))) {
        // "in autumn leaves" is the autumn wood; "an autumn leaf" is the leaf.
        setScene(SENSE_SCENES[phrase], original);
        consumed = n;
      } else {
        const subject = lookup(phrase, index);
        // "a boy playing ball", "puppies playing ball": a person's pose named without a person is
        // the doing and its thing, read word by word (a second boy, bouncing a ball, was drawn
        // beside the first; a boy was added to a page of puppies).
        const posed = slice.some((t) => POSE_BY_VERB[t.english] || PLAY_POSES[t.english]);
        const poseOnly = posed && subject?.kind === 'person' && !slice.some((t) => PERSON_WORDS[t.english] !== undefined || PEOPLE_WORDS.has(t.english));
        if (subject && !poseOnly) {
          addSubject(subject, phrase, original, isPlural(slice[n - 1]));
          consumed = n;
        } else if (SCENE_WORDS[phrase]) {
          setScene(SCENE_WORDS[phrase], original);
          consumed = n;
        }
      }
    }
    if (consumed === 0) {
      const token = tokens[i];
      const word = token.english;
      const previous = tokens[i - 1]?.english;
      consumed = 1;
      if (token.boundary) {
        // Between two words: nothing to read.
      } else if (word === OBJECT_MARK) {
        if (found.length > 0) marked = found.length - 1;
      } else if (COUNT_WORDS[word] !== undefined) {
        // "a penguin family" counts the subject before it; "three kittens" the one after.
        const last = found[found.length - 1];
        if (GROUP_AFTER.has(word) && last && !pendingCount) last.count = Math.max(last.count, COUNT_WORDS[word]);
        else pendingCount = COUNT_WORDS[word];
      } else if (/^(baby|babies|young|little ones|cub|cubs)$/.test(word) && (isPlural(token) || POSSESSIVES.has(previous ?? '')) && found.some((f) => BABY_PARENTS.has(f.kind)) && !(tokens[i + 1]?.english && lookup(tokens[i + 1].english, index))) {
        // "a mother bird feeding her babies", "a bear and her cubs": chicks for a bird, more of the animal otherwise
        // (they join its group), never nothing ("baby" alone only describes: "a baby elephant").
        const parent = [...found].reverse().find((f) => BABY_PARENTS.has(f.kind))!;
        const baby = parent.kind === 'bird' ? index.byName.get('front-facing baby chick') ?? lookup('chick', index) : index.byName.get(parent.name);
        if (baby) {
          // "her cubs" are two; "her cub" one.
          pendingCount = isPlural(token) ? 2 : 1;
          addSubject(baby, baby.name, token.original, false);
          found[found.length - 1].young = pendingCount ?? found[found.length - 1].count;
        }
      } else if (WEAR_WORDS.has(word)) {
        // Worn things are found by what they are (a hat, a crown), wherever they stand.
      } else if (POSE_BY_VERB[word] || PLAY_POSES[word]) {
        poseWords.push(word);
        poseOriginals.set(word, token.original);
        // A sport names its ball, a skier is a person: drawn even when no figure plays it.
        const named = PLAY_POSES[word] ? lookup(word, index) : POSE_NOUNS.has(word) ? lookup('person', index) : null;
        if (named) addSubject(named, POSE_NOUNS.has(word) ? 'person' : word, token.original, false);
      } else if (ARRANGE_WORDS[word] && !(word === 'in' && tokens[i + 1]?.english === 'front')) {
        arranges.push({ verb: ARRANGE_WORDS[word], at: found.length, next: i + 1, post: word.startsWith('='), weak: POSTURE_WORDS.has(word) });
        if (word === 'riding' || word === 'ride' || word === '=ride') poseWords.push('riding');
      } else if (word === 'in' && tokens[i + 1]?.english === 'front') {
        arranges.push({ verb: 'front', at: found.length, next: i + (tokens[i + 2]?.english === 'of' ? 3 : 2) });
        consumed = tokens[i + 2]?.english === 'of' ? 3 : 2;
      } else if (RELATION_WORDS[word]) {
        verbs.push({ verb: RELATION_WORDS[word], at: found.length });
      } else if (AUDIENCE.has(word) && previous === 'for') {
        // "for kids", "for children": who the page is for, not what is on it.
      } else if (PEOPLE_WORDS.has(word)) {
        // "kids building a sandcastle": children are people on the page, not the audience.
        const subject = lookup('child', index);
        if (subject) addSubject(subject, 'child', token.original, isPlural(token));
      } else if (LETTER_WORDS.has(word) && tokens[i + 1] && /^[a-z0-9]$/.test(tokens[i + 1].original)) {
        // "the letter A": no picture of a letter in the library, and no envelope instead.
        unmatched.push(`${token.original} ${tokens[i + 1].original.toUpperCase()}`);
        consumed = 2;
      } else if (FENCE_WORDS.test(word)) {
        fenced ??= token.original;
      } else if (!word || UNDRAWABLE.has(word)) {
        unmatched.push(token.original);
      } else if (PLACE_WORDS.some(([pattern]) => pattern.test(word)) && !SYNONYMS[word] && !index.byKeyword.has(word)) {
        // A place drawn by its own scenery (a cave, a bedroom): compose/page-place.ts reads it from the words.
        placeAt.add(i);
      } else if (THEME_WORDS[word]) {
        theme ??= THEME_WORDS[word];
      } else if (SCENE_WORDS[word] && !SYNONYMS[word] && !(MOODS.has(previous ?? '') && lookup(word, index))) {
        setScene(SCENE_WORDS[word], token.original);
      } else if (BODY_PARTS.has(word) && found.some((f) => HEAD_PRIORITY[f.kind] === 0) && tokens.slice(Math.max(0, i - 3), i).some((t) => /^(with|has|have)$/.test(t.english))) {
        // "a peacock with open feathers", "an owl with big eyes": its own parts, drawn with it (a
        // feather was drawn in the peacock's beak).
      } else if (word === 'face' && MOODS.has(previous ?? '') && found.length > 0) {
        // "a donut with a happy face": the face is the donut's, not a frog's.
      } else if (MODIFIERS.has(word) || IGNORED_SENSES.has(word) || /^\d+$/.test(word)) {
        // Describes, does not name: nothing to draw.
      } else {
        // "a happy sun", "a smiling moon": the one with a face.
        const faced = MOODS.has(previous ?? '') && FACED[word] ? index.byName.get(FACED[word]) : undefined;
        const subject = faced ?? lookup(word, index);
        if (subject) addSubject(subject, word, token.original, isPlural(token));
        else if (SCENE_WORDS[word]) setScene(SCENE_WORDS[word], token.original);
        else {
          unmatched.push(token.original);
          unknownAt.add(i);
        }
      }
    }
    i += consumed;
  }
  // Japanese and Chinese may count after the noun ("猫が3匹", "小猫三只"): the count is the last subject's.
  const lastFound = found[found.length - 1];
  if (pendingCount !== null && lastFound && lastFound.count === 1 && language !== 'en') lastFound.count = pendingCount;
  const cjk = language !== 'en';
  // A witch's broom, a knight's sword, a fairy's wand are drawn in the role figure's hand, a
  // queen's crown on her head: named again, they are neither a second picture nor "not drawn".
  const carried = new Set(found.flatMap((s) => drawnWith(s.name)));
  // The first relation whose held thing is not already part of the figure: "a queen with a crown
  // holding a rose" holds the rose.
  const related = verbs.map((v) => relate(found, v, marked)).find((r) => r && !carried.has(found.find((f) => f.id === r.held)!.word)) ?? null;
  const shown = new Set(tokens.filter((t) => carried.has(t.english)).map((t) => t.original));
  for (let k = unmatched.length - 1; k >= 0; k--) if (shown.has(unmatched[k])) unmatched.splice(k, 1);
  // "flying on a broom over the moon": the witch is on her broom, and over the moon.
  const wordAfter = (k: number): string | undefined => tokens.slice(k).find((t) => !/^(a|an|the|her|his|its|their)$/.test(t.english))?.english;
  for (let k = arranges.length - 1; k >= 0; k--) {
    const onto = wordAfter(arranges[k].next) ?? '';
    if (!carried.has(onto)) continue;
    arranges.splice(k, 1);
    // "a witch on her broom" rides it: she flies.
    if (/^broom/.test(onto) && !poseWords.includes('flying')) poseWords.push('flying');
  }
  // The same subject named twice is one group: "a mother duck and her ducklings" adds the
  // ducklings to the duck; "a halloween pumpkin" names one pumpkin twice.
  const unique: MatchedSubject[] = [];
  // "a frog in the rain": the rain falls in the scenery (compose/scenes.ts), it is not a rain cloud
  // standing on the grass beside the frog; named alone ("rain"), the cloud is the page.
  const weather = (f: MatchedSubject): boolean => RAIN_WORDS.test(f.word);
  const setting = found.filter((f) => weather(f) && found.some((o) => !weather(o)));
  for (const s of found.filter((f) => !carried.has(f.word) && !setting.includes(f))) {
    const same = unique.find((o) => o.id === s.id);
    if (same) {
      const count = Math.min(MAX_COUNT, s.count > 1 || (s.young && !same.young) ? same.count + s.count : Math.max(same.count, s.count));
      // Young ones joining a grown one are its babies; a group that is all young is just a group.
      const young = Math.min(count, (same.young ?? 0) + (s.young ?? 0));
      same.count = count;
      if (young > 0 && young < count) same.young = young;
      else delete same.young;
    } else {
      const { young, ...rest } = s;
      unique.push({ ...rest, count: Math.min(MAX_COUNT, s.count), ...(young ? { young } : {}) });
    }
  }
  // "a kitten and her mother", "a baby elephant with its mom": the parent is one more of the
  // animal, grown, beside its young one(s).
  const animals = unique.filter((s) => BABY_PARENTS.has(s.kind));
  const parentWord = tokens.find((t) => PARENT_WORDS.test(t.english));
  if (parentWord && animals.length === 1 && !unique.some((s) => s.kind === 'person')) {
    const [animal] = animals;
    const young = animal.young ?? (words.includes('baby') ? animal.count : 0);
    if (young >= animal.count && animal.count < MAX_COUNT) {
      animal.count += 1;
      animal.young = young;
    }
    // The parent is drawn (added here, or named as the animal: 狐狸妈妈): the word is not "not drawn".
    const at = unmatched.indexOf(parentWord.original);
    if (at >= 0 && animal.young !== undefined) unmatched.splice(at, 1);
  }
  // A group that is all young ("three kittens") is a group of equals.
  for (const s of unique) {
    if (s.young !== undefined && s.young >= s.count) delete s.young;
  }
  // "a sunflower field", "ひまわり畑", "a field of tulips": many of them, not one.
  if (words.some((w) => FIELD_WORDS.test(w))) for (const s of unique) if (s.kind === 'plant' && !/tree|palm|bamboo/.test(s.name)) s.count = Math.max(s.count, 4);
  // "an astronaut on the moon": the moon is where the page is (its ground in space), not a crescent
  // standing beside him.
  const onMoon = tokens.some((t, k) => t.english === 'moon' && tokens.slice(Math.max(0, k - 2), k).some((b) => b.english === 'on' || b.english === '=on'));
  const moon = onMoon && unique.length > 1 ? unique.find((s) => /moon/.test(s.name) && !/face/.test(s.name)) : undefined;
  if (moon) {
    unique.splice(unique.indexOf(moon), 1);
    scene = 'space';
    sceneWord = moon.original;
    moonGround = true;
  }
  const worn = wornThings(unique, index);
  // "a frog with a crown" wears it rather than holds it.
  let relation = related && !worn.some((w) => w.item === related.held) ? related : null;
  // "a girl reading a book": the book is open in her hands, not OpenMoji's pile of books.
  const reading = words.some((w) => READ_WORDS.test(w));
  const openBook = reading ? index.byName.get('open book') : undefined;
  if (relation && openBook) {
    const book = unique.find((s) => s.id === relation!.held);
    if (book && /\bbooks?$/.test(book.name) && !unique.some((s) => s.id === openBook.id)) {
      Object.assign(book, { id: openBook.id, name: openBook.name, kind: openBook.kind });
      relation = { ...relation, held: openBook.id };
    }
  }
  // "a boy reading under a tree": reading needs its book, named or not (he does not hold the tree).
  if (reading && relation && !/book/.test(unique.find((s) => s.id === relation!.held)?.name ?? '') && !words.some((w) => RELATION_WORDS[w] === 'hold' && !READ_WORDS.test(w))) relation = null;
  const reader = reading && !relation ? unique.find((s) => s.kind === 'person') : undefined;
  if (reader && openBook && !unique.some((s) => s.id === openBook.id)) {
    const at = unique.indexOf(reader);
    unique.splice(at + 1, 0, { id: openBook.id, name: openBook.name, kind: openBook.kind, word: 'book', original: reader.original, count: 1 });
    relation = { verb: 'hold', holder: reader.id, held: openBook.id };
  }
  let arrangement = arrange(unique, arranges, found, cjk, worn, (a, object) => {
    // English: between the word and the thing after it. Chinese and Japanese: between the thing
    // before the word and the word ("在公园里": the puppies are in the park, not in each other).
    const objectAt = foundAt[found.indexOf(object)];
    const [from, to] = objectAt >= a.next ? [a.next, objectAt] : [objectAt + 1, a.next - 1];
    // An unknown word just before the thing is taken for its kind ("in a eucalyptus tree").
    for (let t = from; t < to; t++) if (placeAt.has(t) || (unknownAt.has(t) && t + 1 !== objectAt)) return false;
    return true;
  });
  if (moon && arrangement && (arrangement.subject === moon.id || arrangement.object === moon.id)) arrangement = null;
  let subjects: MatchedSubject[];
  if (relation) {
    // The holder is the main subject and what it holds comes next, whatever their kinds.
    const { holder, held } = relation;
    const pair = [holder, held].map((id) => unique.find((s) => s.id === id)!);
    subjects = [...pair, ...unique.filter((s) => s.id !== holder && s.id !== held)];
  } else {
    const priority = (s: MatchedSubject): number => (CHARACTER_NAMES.test(s.name) ? 0 : HEAD_PRIORITY[s.kind]);
    const headIndex = unique.reduce((best, s, i) => (priority(s) < priority(unique[best]) ? i : best), 0);
    subjects = unique.length ? [unique[headIndex], ...unique.filter((_, i) => i !== headIndex)] : [];
  }
  // "a koala hugging a tree", "a monkey hanging from a tree": it clings to the trunk (a tree is
  // not a thing to hold, so the pair stood side by side).
  const tree = subjects.find((s) => TREES.test(s.name));
  const clinger = subjects.find((s) => s !== tree && HEAD_PRIORITY[s.kind] === 0 && s.kind !== 'person');
  const clinging = tree && clinger && (relation?.held === tree.id || words.some((w) => CLING_WORDS.test(w)));
  if (clinging && (!arrangement || arrangement.object === tree.id)) {
    arrangement = { verb: 'climb', subject: clinger.id, object: tree.id };
    if (relation?.held === tree.id) relation = null;
  }
  // "an astronaut planting a flag on the moon": the flag on the moon is not the page; a page placed by
  // a pair that leaves out the living subject it is about would drop that subject.
  const lead = subjects[0];
  if (arrangement && lead && HEAD_PRIORITY[lead.kind] === 0 && arrangement.subject !== lead.id && arrangement.object !== lead.id) arrangement = null;
  // "a helicopter flying over the city": over a place rather than a thing, the subject is in the air.
  // "a dragon flying in the night sky", "夜空を飛ぶドラゴン": a flier asked flying, alone, is in
  // the air too (it stood in a field under the stars).
  const flies = !!lead && words.some((w) => FLY_WORDS.test(w)) && (FLIER_KINDS.has(lead.kind) || FLIERS.test(lead.name));
  const airborne = arrangement === null && (arranges.some((a) => a.verb === 'over') || (flies && subjects.length === 1));
  const understanding: Understanding = { language, words, subjects, scene, sceneWord, theme, relation, arrangement, worn, airborne, unmatched: [...new Set(unmatched)], ...(moonGround ? { onGround: true } : {}), ...(fenced ? { fenced } : {}) };
  const poseToken = tokens.find((t) => SLEEP_WORDS.test(t.english) || HOWL_WORDS.test(t.english));
  const animalPose = poseToken ? { word: poseToken.original, pose: SLEEP_WORDS.test(poseToken.english) ? 'sleeping' : 'howling' } : null;
  return withSolarSystem(withFace(withGlyph(prompt, withLifeCycle(withWings(inBambooForest(withWholeUnicorns(withAnimalPoses(withBodies(withTools(understanding, index), poseWords, poseOriginals, index), index, animalPose), index)), index), index))));
}

/** Scene words that only hint at a place; a place named elsewhere in the prompt wins. */
const WEAK_SCENE_WORDS = new Set(['water', 'flying', 'air', 'cloud', 'party', 'race', 'track', 'wave', 'summer', 'spring', 'autumn', 'fall', 'winter', 'deep', 'dream', 'sand', 'ice']);
/** Library pictures of whole places, square tiles on a page: the place they show is drawn instead. */
const PLACE_TILES: Record<string, Scene> = {
  'night with stars': 'night', 'sunrise over mountains': 'meadow', sunrise: 'meadow', 'cityscape at dusk': 'city', 'bridge at night': 'city', 'milky way': 'space',
  camping: 'forest', 'beach with umbrella': 'beach', cityscape: 'city', desert: 'desert', 'desert island': 'beach', 'national park': 'meadow', foggy: 'city',
};
/** Words naming a letter of the alphabet ("the letter A", "字母A"). */
const LETTER_WORDS = new Set(['letter', 'alphabet', '=letter']);
/** Pose words that are people ("a skier"). */
const POSE_NOUNS = new Set(['skier', 'surfer']);
/** Things that are characters in a story ("a teddy bear having a tea party"): they lead. */
const CHARACTER_NAMES = /^(teddy bear|snowman|snowman without snow|santa claus|robot)$/;
/** Kinds whose plurals name a place rather than a number of things. */
const UNCOUNTED_KINDS = new Set<SubjectKind>(['building', 'weather']);
/** At most this many of one subject on a page. */
const MAX_COUNT = 5;
/** Group words that follow what they count ("a penguin family", "企鹅一家"). */
const GROUP_AFTER = new Set(['family', 'group', 'herd', 'flock', 'pack', 'pride', 'litter']);
/** Words for an animal's parent ("a kitten and her mother"). */
const PARENT_WORDS = /^(mother|mom|mum|mama|mommy|father|dad|daddy|papa|parent)$/;
/** Words that make the next word someone's own ("her cub" is the animal's young one). */
const POSSESSIVES = new Set(['her', 'his', 'its', 'their']);
/** Words for reading ("a boy reading a book", 看书 reads as "reading book"). */
const READ_WORDS = /^(reading|read|reads)$/;
/** Words for an animal's young ("kittens", "a bear and her cubs"), read as the animal, drawn smaller beside a grown one. */
const YOUNG_WORDS = /^(kitten|puppy|pup|cub|foal|lamb|calf|piglet|duckling|chick|joey|kit|babie|baby|little one)$/;
/** A Chinese or Japanese animal word that names its young one (小熊, 熊宝宝, 子ギツネ). */
const CJK_YOUNG = /^[小子].|.宝宝$/;
/** Words for children on the page (not "for kids"). */
const PEOPLE_WORDS = new Set(['kid', 'child']);
/** Words whose other sense the library would draw: "building a sandcastle" is not a bank. */
const IGNORED_SENSES = new Set([
  'red', 'blue', 'green', 'yellow', 'pink', 'purple', 'black', 'white', 'brown', 'gold', 'golden', 'silver', 'grey', 'gray', 'colorful', 'colourful', 'spotted', 'striped',
  'building', 'build', 'crossing', 'cross', 'bank', 'line', 'going', 'through', 'baking', 'having', 'reading', 'driving', 'costume', 'dress', 'wave',
  // "a farmer feeding chickens": OpenMoji's person feeding a baby is not the farmer.
  'feeding', 'feed', 'feeds',
  // "tug of war" is a game: a ninja for "war" was drawn beside two puppies.
  'war',
  // "a wizard casting a spell": the spell is not a second wizard (OpenMoji's mage answers to it);
  // a stage is the room a ballerina dances in, not a microphone.
  'spell', 'stage',
  // "a peacock with open feathers" is not an open book.
  'open', 'opened', 'closed']);
/** Kinds whose babies a prompt may name without saying what they are ("her babies"). */
const BABY_PARENTS = new Set<SubjectKind>(['animal', 'bird', 'sea', 'dinosaur']);
/** A fence is scenery, drawn along the place's ground: not a subject to stand beside the horse. */
const FENCE_WORDS = /^(fence|fences|fencing|picket fence)$/;
/**
 * Words for flying, and what flies drawn in the air (the kinds, and fliers of other kinds). Birds
 * are not among them: their pictures perch, and an owl lifted into the air was cut by the frame.
 */
const FLY_WORDS = /^(flying|fly|flies|soaring|gliding)$/;
const FLIER_KINDS = new Set<SubjectKind>(['bug', 'air']);
const FLIERS = /dragon|bat|pegasus|phoenix|fairy/;
/** Trees one climbs or clings to. */
const TREES = /^(deciduous tree|evergreen tree|palm tree|tree|cherry tree|cherry blossom tree)$/;
/** Words for clinging to a tree. */
const CLING_WORDS = /^(hugging|hug|hugs|hanging|hangs|swinging|climbing|climbs|climb|clinging)$/;
/** Words that make a plant many: a field of them. */
const FIELD_WORDS = /^(field|flowerbed|patch)$/;
/** Moods that make a thing a character: "a smiling cloud" is a cloud on the page, not the sky. */
const MOODS = new Set(['happy', 'smiling', 'cute', 'friendly', 'funny', 'silly', 'sleepy', 'sad', 'kawaii', 'laughing', 'grumpy', 'cheerful']);
/** Things with a face of their own in the library, for a mood before them. */
const FACED: Record<string, string> = { sun: 'sun with face', moon: 'full moon face' };
/** Words that measure out the thing after "of": "a ball of yarn" is yarn. */
const MEASURE_WORDS = new Set(['ball', 'bunch', 'piece', 'pile', 'heap', 'skein', 'bundle', 'stack', 'handful', 'bouquet']);
/** Postures that place a thing on another only when nothing else places it. */
const POSTURE_WORDS = new Set(['standing', 'sitting', 'lying', 'sleeping', 'perched']);
/** Parts of a body a word before can describe ("carrot nose", "rainbow mane"). */
const PART_WORDS = new Set(['nose', 'eyes', 'ears', 'mane', 'tail', 'wings', 'hair', 'horn']);
/** What a thing is made of, when a thing follows: "a brick house", "a wooden boat". */
const MATERIALS = new Set(['brick', 'bricks', 'stone', 'wooden', 'wood', 'straw', 'glass', 'paper', 'metal', 'plastic', 'clay']);
const FACE_PARTS = new Set(['nose', 'eyes', 'ears']);
/** A creature's own parts, named after it ("with open feathers"): drawn with it, not beside it. */
const BODY_PARTS = new Set(['feather', 'wing', 'tail', 'mane', 'horn', 'paw', 'claw', 'fin', 'beak', 'eye', 'ear', 'whisker', 'spot', 'stripe', 'fur', 'scale']);
/** Phrases that are a place in one sense and a thing in another. */
// "a fairy flying over a flower garden" flies over the garden (its scenery has the flowers), not
// over one big hibiscus standing in it.
const SENSE_SCENES: Record<string, Scene> = { 'the star': 'night', 'starry sky': 'night', 'starry night': 'night', 'night sky': 'night', 'river bank': 'sea', 'snowy wood': 'snow', 'snowy woods': 'snow', 'autumn forest': 'forest', 'flower garden': 'garden', 'autumn leaf': 'forest', 'fall leaf': 'forest' };

function isPlural(token: Token): boolean {
  const typed = token.original.toLowerCase();
  return /^[a-z]+s$/.test(typed) && token.english !== typed && !/(ss|us|is)$/.test(typed) || ['mice', 'geese', 'children', 'people', 'sheep'].includes(typed) && typed !== 'sheep';
}

/** Things worn (hats, crowns, scarves, glasses...) go to the first other subject that can wear them. */
function wornThings(subjects: MatchedSubject[], index: SubjectIndex): { wearer: string; item: string }[] {
  const worn: { wearer: string; item: string }[] = [];
  const wearer = subjects.find((s) => !WORN.test(s.name) && WEARER_KINDS.has(s.kind));
  if (!wearer) return worn;
  for (const s of subjects) if (WORN.test(s.name) && s !== wearer) worn.push({ wearer: wearer.id, item: s.id });
  void index;
  return worn;
}
const WEARER_KINDS = new Set<SubjectKind>(['animal', 'bird', 'sea', 'bug', 'dinosaur', 'fantasy', 'person', 'toy', 'holiday']);

/** An arrangement word as read: its verb, how many subjects came before it, the token after it. */
interface PendingArrangement {
  verb: ArrangeVerb;
  at: number;
  next: number;
  post?: boolean;
  weak?: boolean;
}

/**
 * The first arrangement word with a thing on each side. English puts the placed thing first ("a
 * bee on a sunflower"); Chinese and Japanese describe it last ("向日葵上的蜜蜂", "ひまわりの上のハチ");
 * a verb before both ("骑自行车的女孩") has the reference first.
 */
function arrange(
  subjects: MatchedSubject[],
  arranges: PendingArrangement[],
  found: MatchedSubject[],
  cjk: boolean,
  worn: { item: string }[],
  nextTo: (a: PendingArrangement, object: MatchedSubject) => boolean,
): Arrangement | null {
  const usable = (s: MatchedSubject): boolean => !worn.some((w) => w.item === s.id);
  for (const pending of [...arranges.filter((a) => !a.weak), ...arranges.filter((a) => a.weak)]) {
    const { verb, at, post } = pending;
    const before = found.slice(0, at).filter(usable);
    const after = found.slice(at).filter(usable);
    let subject: MatchedSubject | undefined;
    let object: MatchedSubject | undefined;
    if (before.length && after.length) {
      [subject, object] = cjk && post ? [after[0], before[before.length - 1]] : [before[before.length - 1], after[0]];
      // The thing next to the word is what it names, unless a place or an unknown word is between.
      if (!nextTo(pending, object)) continue;
    } else if (cjk && post && before.length >= 2) {
      // "猫在沙发上", "ねこが木の下にいる": the place word ends the sentence, after both.
      [subject, object] = [before[before.length - 2], before[before.length - 1]];
    } else if (after.length >= 2) {
      [object, subject] = [after[0], after[1]];
    }
    // "a girl in a princess dress" is dressed as one, not standing in one.
    const dressedAs = verb === 'in' && (object?.kind === 'person' || object?.kind === 'fantasy');
    if (subject && object && !dressedAs && subject.id !== object.id && subjects.some((s) => s.id === subject.id)) return { verb, subject: subject.id, object: object.id };
  }
  return null;
}

/**
 * People drawn whole: a person who rides, runs, dances or plays a sport becomes the OpenMoji
 * figure doing it (which also shows the bicycle or ball), a knight a standing figure in a helmet
 * holding a shield, and a person in any other relation a standing figure instead of a bust.
 */
function withBodies(u: Understanding, poseWords: string[], originals: Map<string, string>, index: SubjectIndex): Understanding {
  const personAt = u.subjects.findIndex((s) => PERSON_WORDS[s.word] !== undefined || s.word === 'knight' || (isRoleFigure(s.id) && !s.standIn));
  if (personAt < 0) return u;
  const person = u.subjects[personAt];
  const g = PERSON_WORDS[person.word] ?? 'person';
  // A role drawn whole in its costume (subjects/role-figures.ts) stands as itself and has its own
  // poses ("princess dancing"); a pose it lacks falls back to a plain figure with a face (our drawn
  // children before OpenMoji's faceless pictograms), reported as a stand-in.
  const role = isRoleFigure(person.id) ? roleOf(person.name) : null;
  const figure = (name: string): SubjectEntry | null => {
    const own = role && index.byName.get(name === STANDING ? role : name.replace('{g}', role));
    if (own) return own;
    const found = FIGURE_FALLBACK[g].map((word) => index.byName.get(name.replace('{g}', word))).filter((f) => f !== undefined);
    return (role ? found.find((f) => isDrawnFigure(f.id)) : undefined) ?? found[0] ?? null;
  };
  let pose: Pose | null = null;
  // "a knight on a horse" rides it too.
  const mounted = u.arrangement && (u.arrangement.verb === 'ride' || u.arrangement.verb === 'on') && u.arrangement.subject === person.id;
  const ridden = mounted ? u.subjects.find((s) => s.id === u.arrangement!.object && RIDE_POSES.some(([pattern]) => pattern.test(s.word))) : undefined;
  if (ridden || poseWords.includes('riding')) {
    const target = ridden ?? u.subjects.find((s) => s !== person);
    pose = RIDE_POSES.find(([pattern]) => target && pattern.test(target.word))?.[1] ?? null;
  }
  // On a horse or a pony, a figure with a face sits on the library's whole horse (a princess, a
  // cowboy, a girl) instead of OpenMoji's faceless jockey pictogram: the ride arrangement seats it.
  // A unicorn ridden is OpenMoji's whole horse wearing a drawn horn (its unicorn is only a head).
  const riddenUnicorn = (u.arrangement?.verb === 'ride' && u.arrangement.subject === person.id) || poseWords.includes('riding') ? u.subjects.find((s) => s !== person && s.word === 'unicorn') : undefined;
  const steed = pose?.name === 'horse riding' ? (ridden ?? u.subjects.find((s) => s !== person && /^(horse|pony)$/.test(s.word))) : riddenUnicorn;
  const seated = steed ? figure(SITTING) : null;
  const horse = steed === riddenUnicorn ? index.byName.get('horse') : undefined;
  const horn = horse ? index.byName.get('unicorn horn') : undefined;
  if (steed && seated && (steed !== riddenUnicorn || (horse && horn))) {
    const roleHat = role && !index.byName.has(`${role} sitting`) ? ROLE_HATS[role] : undefined;
    const hat = roleHat ? index.byName.get(roleHat) : undefined;
    const standIn = person.standIn || (role !== null && seated.name !== `${role} sitting`);
    const rider: MatchedSubject = { ...person, id: seated.id, name: seated.name, kind: seated.kind, ...(standIn ? { standIn } : {}) };
    const mount: MatchedSubject = horse ? { ...steed, id: horse.id, name: horse.name, kind: horse.kind } : steed;
    const extras = [...(hat ? [hat] : []), ...(horn ? [horn] : [])].map((item) => ({ id: item.id, name: item.name, kind: item.kind, word: person.word, original: person.original, count: 1 }));
    const subjects = [rider, mount, ...u.subjects.filter((s) => s !== person && s !== steed), ...extras];
    const worn = [...u.worn.map((w) => (w.wearer === person.id ? { ...w, wearer: seated.id } : w)), ...(hat ? [{ wearer: seated.id, item: hat.id }] : []), ...(horn ? [{ wearer: mount.id, item: horn.id }] : [])];
    return { ...u, subjects, worn, relation: null, arrangement: { verb: 'ride', subject: seated.id, object: mount.id } };
  }
  pose ??= poseWords.map((w) => PLAY_POSES[w] ?? POSE_BY_VERB[w]).find(Boolean) ?? null;
  // A role named with its pose ("witch flying" is a library name) is already the figure asked for.
  if (role && person.name !== role && !pose) return { ...u, airborne: u.airborne || person.name.endsWith(' flying') };
  const costume = COSTUMES[person.word];
  // A person placed by a relation, dressed up or in a place stands. One who holds something stands
  // when the standing figure has hands (our drawn children do, OpenMoji's pictograms do not);
  // otherwise a bust holds it in front of its chest.
  const standing = figure(STANDING);
  const holds = u.relation?.holder === person.id;
  // With company ("a boy and a dinosaur") a person stands too: a bust beside a whole animal or a
  // house reads as a head cut off.
  const company = u.subjects.length > 1;
  const inRelation = (holds ? standing !== null && isDrawnFigure(standing.id) : u.scene !== null || company) || u.arrangement !== null || u.worn.length > 0 || costume !== undefined;
  const posed = pose ? figure(pose.name) : null;
  // A pose the library has no figure for ("running") is said, not silently dropped.
  const missingPose = pose && !posed ? poseWords.filter((w) => POSE_BY_VERB[w] && !PLAY_POSES[w]).map((w) => originals.get(w) ?? w) : [];
  const body = posed ?? (costume || inRelation ? (costume ? figure(costume.body) : standing) : null);
  if (!body) return missingPose.length ? { ...u, unmatched: [...new Set([...u.unmatched, ...missingPose])] } : u;
  const shown = pose?.shows;
  // A princess or a ballerina drawn as a plain standing or posed figure is a stand-in for one.
  const asItself = role !== null && (body.name === role || body.name.startsWith(`${role} `));
  const standIn = person.standIn || (!PLAIN_PEOPLE.has(person.word) && !asItself);
  const replaced: MatchedSubject = { ...person, id: body.id, name: body.name, kind: body.kind, ...(standIn ? { standIn } : {}) };
  let subjects = u.subjects.map((s) => (s === person ? replaced : s)).filter((s) => s === replaced || !shown || !shown.test(s.name));
  const worn = u.worn.map((w) => (w.wearer === person.id ? { ...w, wearer: body.id } : w));
  let relation = u.relation && { ...u.relation, holder: u.relation.holder === person.id ? body.id : u.relation.holder };
  let arrangement = u.arrangement && { ...u.arrangement, subject: u.arrangement.subject === person.id ? body.id : u.arrangement.subject };
  // The figure already shows what it rides: no second bicycle or horse under it.
  if (arrangement && shown && subjects.every((s) => s.id !== arrangement!.object)) arrangement = null;
  if (costume) {
    for (const name of costume.wears) {
      const item = index.byName.get(name);
      if (item) {
        subjects = [...subjects, { id: item.id, name: item.name, kind: item.kind, word: person.word, original: person.original, count: 1 }];
        worn.push({ wearer: body.id, item: item.id });
      }
    }
    const held = costume.holds ? index.byName.get(costume.holds) : undefined;
    if (held && !relation) {
      subjects = [subjects[0], { id: held.id, name: held.name, kind: held.kind, word: person.word, original: person.original, count: 1 }, ...subjects.slice(1)];
      if (subjects[0].id === body.id) relation = { verb: 'hold', holder: body.id, held: held.id };
    }
  }
  // A figure that flies (a witch on her broom) is drawn high over the place, not standing on it.
  const airborne = u.airborne || (body.name.endsWith(' flying') && !arrangement);
  return { ...u, subjects, worn, relation, arrangement, airborne, unmatched: [...new Set([...u.unmatched, ...missingPose])] };
}

/** The sitting figure's name pattern, like STANDING. */
const SITTING = '{g} sitting';
/** What a role without a sitting figure of its own wears on a plain one, so she still reads as the role. */
const ROLE_HATS: Record<string, string> = { princess: 'crown', queen: 'crown', king: 'crown', witch: 'witch hat', wizard: 'witch hat' };

/** Person words a plain figure draws as asked (a knight is drawn by his costume). */
const PLAIN_PEOPLE = new Set(['girl', 'boy', 'child', 'kid', 'woman', 'man', 'person', 'baby', 'lady', 'mom', 'mother', 'dad', 'father', 'knight']);

/** Words that put an animal to sleep: it is drawn curled up where the library has that ("cat sleeping"). */
const SLEEP_WORDS = /^(sleeping|asleep|napping|sleepy|sleep|sleeps|dozing|curled)$/;
/** Words for howling: a wolf sitting with its muzzle to the sky. */
const HOWL_WORDS = /^(howling|howl|howls)$/;

/**
 * "a unicorn": OpenMoji's unicorn is only a head, so a unicorn is its whole horse wearing the drawn
 * horn, as one ridden already is (withBodies); the page's title still says "unicorn".
 */
function withWholeUnicorns(u: Understanding, index: SubjectIndex): Understanding {
  const horse = index.byName.get('horse');
  const horn = index.byName.get('unicorn horn');
  const unicorns = u.subjects.filter((s) => s.name === 'unicorn');
  if (!horse || !horn || unicorns.length === 0 || u.subjects.some((s) => s.id === horse.id)) return u;
  const swap = (id: string): string => (unicorns.some((s) => s.id === id) ? horse.id : id);
  const unicorn = unicorns[0];
  const extra: MatchedSubject = { id: horn.id, name: horn.name, kind: horn.kind, word: unicorn.word, original: unicorn.original, count: 1 };
  return {
    ...u,
    subjects: [...u.subjects.map((s) => (s === unicorn ? { ...s, id: horse.id, name: horse.name, kind: horse.kind } : s)).filter((s) => s.name !== 'unicorn'), extra],
    relation: u.relation && { ...u.relation, holder: swap(u.relation.holder), held: swap(u.relation.held) },
    arrangement: u.arrangement && { ...u.arrangement, subject: swap(u.arrangement.subject), object: swap(u.arrangement.object) },
    worn: [...u.worn.map((w) => ({ ...w, wearer: swap(w.wearer) })), { wearer: horse.id, item: horn.id }],
  };
}

/**
 * "a panda in a bamboo forest", 竹林里的熊猫: the bamboo is the forest (compose/scenes.ts draws its
 * canes), not a subject the panda stood on. Eaten or held ("a panda eating bamboo in a bamboo
 * forest") it stays a subject.
 */
function inBambooForest(u: Understanding): Understanding {
  const at = u.words.findIndex((w, i) => w === 'bamboo' && /^(forest|grove|woods|wood|jungle)$/.test(u.words[i + 1] ?? ''));
  if (at < 0 || (u.scene !== 'forest' && u.scene !== 'jungle')) return u;
  const bamboo = u.subjects.find((s) => s.word === 'bamboo');
  if (!bamboo || u.relation?.held === bamboo.id) return u;
  const arrangement = u.arrangement && (u.arrangement.subject === bamboo.id || u.arrangement.object === bamboo.id) ? null : u.arrangement;
  return { ...u, subjects: u.subjects.filter((s) => s !== bamboo), arrangement };
}

/**
 * "the solar system", "solar system with eight planets", 太阳系, 太陽系: the sun and the planets
 * in order are the page; planets and a sun named with it are part of it, not subjects beside it.
 */
function withSolarSystem(u: Understanding): Understanding {
  const solar = u.words.some((w, i) => (w === 'solar' && u.words[i + 1] === 'system') || w === 'solar system' || w === 'solarsystem');
  if (!solar) return u;
  const part = (s: MatchedSubject): boolean => /planet|^sun|moon|earth|star|comet/.test(s.name);
  return { ...u, solarSystem: true, subjects: u.subjects.filter((s) => !part(s)), relation: null, arrangement: null, unmatched: u.unmatched.filter((w) => !/^(solar|system|planets?)$/i.test(w) && CHINESE_WORDS[w] !== 'solar system' && JAPANESE_WORDS[w] !== 'solar system') };
}

/** Kinds of things that have no face of their own but can be given one (kawaii food, a happy gift). */
const FACELESS_KINDS = new Set<SubjectKind>(['food', 'object', 'toy', 'plant', 'holiday']);

/** "a kawaii donut", "a happy cupcake", "a strawberry with a smiling face": the thing gets a face. */
function withFace(u: Understanding): Understanding {
  const thing = u.subjects[0];
  if (!thing || !FACELESS_KINDS.has(thing.kind)) return u;
  const at = u.words.indexOf(thing.word.split(' ')[0]);
  const before = u.words.slice(Math.max(0, at - 2), Math.max(0, at)).find((w) => MOODS.has(w));
  const faceAfter = u.words.slice(at + 1).some((w, i, rest) => w === 'face' && MOODS.has(rest[i - 1] ?? ''));
  const word = before ?? (faceAfter ? 'face' : undefined);
  if (!word) return u;
  return { ...u, faced: { subject: thing.id, word }, unmatched: u.unmatched.filter((w) => !MOODS.has(w.toLowerCase())) };
}

/** The stages a life cycle page shows, by the creature named (library names, in order). */
const LIFE_CYCLES: Record<string, string[]> = {
  butterfly: ['egg', 'bug', 'chrysalis', 'butterfly'],
  chicken: ['egg', 'hatching chick', 'chicken'],
  hen: ['egg', 'hatching chick', 'chicken'],
  chick: ['egg', 'hatching chick', 'chicken'],
};

/**
 * "butterfly life cycle", "the life cycle of a chicken": its stages in order (egg, caterpillar,
 * butterfly), not DNA for "life" and a bicycle for "cycle" (issue 34). The composer draws arrows
 * from each stage to the next.
 */
function withLifeCycle(u: Understanding, index: SubjectIndex): Understanding {
  const at = u.words.findIndex((w, i) => w === 'life' && u.words[i + 1] === 'cycle');
  if (at < 0) return u;
  const creature = u.subjects.find((s) => LIFE_CYCLES[s.word] || LIFE_CYCLES[s.name]);
  const rest = u.subjects.filter((s) => s.word !== 'life' && s.word !== 'cycle');
  if (!creature) return { ...u, subjects: rest, unmatched: [...new Set([...u.unmatched, 'life cycle'])] };
  const stages = (LIFE_CYCLES[creature.word] ?? LIFE_CYCLES[creature.name]).map((name) => index.byName.get(name)).filter((s): s is SubjectEntry => s !== undefined);
  const subjects: MatchedSubject[] = stages.map((s) => ({ id: s.id, name: s.name, kind: s.kind, word: s.name === creature.name ? creature.word : 'life cycle', original: s.name === creature.name ? creature.original : 'life cycle', count: 1 }));
  // Where the creature lives: a butterfly's garden, a chicken's farm (an egg alone would be on a table).
  const scene = u.scene ?? (creature.word === 'butterfly' || creature.name === 'butterfly' ? 'garden' : 'farm');
  return { ...u, subjects, scene, relation: null, arrangement: null, worn: [], cycle: true };
}

const NUMBER_NAMES: Record<string, string> = {
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  零: '0', 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9', 十: '10',
};
/** Where a prompt asks for a letter or a number, the part that says which (its first group). */
const GLYPH_PATTERNS: RegExp[] = [
  // "A is for apple", "B for bear", "the letter C is for cat".
  /^\s*(?:the\s+)?(?:letter\s+)?([a-z])\s+(?:is\s+)?for\s+\S/i,
  /\b(?:letter|alphabet)\s+([a-z])\b/i,
  /\b(?:number|numeral|digit)\s+(\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b/i,
  /(?:字母|英文字母|アルファベット|文字)(?:の)?\s*([A-Za-z])(?![A-Za-z])/,
  /数字(?:の)?\s*(\d{1,2}|[零一二三四五六七八九十])/,
];

/**
 * "A is for apple", "the number 3 with three balloons", 字母B和熊: the letter or number is drawn
 * big above what else the page shows, and is no longer reported as not drawn.
 */
function withGlyph(prompt: string, u: Understanding): Understanding {
  for (const pattern of GLYPH_PATTERNS) {
    const found = pattern.exec(prompt);
    if (!found) continue;
    const asked = found[1];
    const glyph = (NUMBER_NAMES[asked.toLowerCase()] ?? asked).toUpperCase();
    if (!/^([A-Z]|\d{1,2})$/.test(glyph)) continue;
    const said = (w: string): boolean => {
      const lower = w.toLowerCase();
      return lower === asked.toLowerCase() || lower === glyph.toLowerCase() || ['letter', 'alphabet', 'number', 'numeral', 'digit', '字母', '英文字母', 'アルファベット', '文字', '数字'].some((word) => lower.startsWith(word));
    };
    // "letter" is no envelope here, and the letter itself names nothing ("C is for cat" drew a tangerine for C).
    return { ...u, glyph, subjects: u.subjects.filter((s) => s.word !== 'letter' && s.word.toLowerCase() !== asked.toLowerCase()), unmatched: u.unmatched.filter((w) => !said(w)) };
  }
  return u;
}

/** Doing words whose tool is what the doer holds: "a girl watering flowers" holds a watering can. */
const TOOL_VERBS: Record<string, string> = {
  watering: 'watering can', waters: 'watering can',
  painting: 'paintbrush', paints: 'paintbrush',
  digging: 'shovel', digs: 'shovel',
  drawing: 'crayon', draws: 'crayon', colouring: 'crayon', coloring: 'crayon',
  fishing: 'fishing pole',
  // Feeding ducks, a horse, the birds: bread in the hand, unless the food is named (then that).
  feeding: 'bread', feeds: 'bread',
};

/**
 * "a girl watering flowers", "a boy painting a picture", "a bear fishing": the doer holds the tool
 * (a watering can, a paintbrush, a fishing pole) and what it works on stands beside (issue 34:
 * actions were not drawn; "watering" was reported as not drawn). Only when nothing else is held.
 */
function withTools(u: Understanding, index: SubjectIndex): Understanding {
  const verb = u.words.find((w) => TOOL_VERBS[w]);
  const tool = verb ? index.byName.get(TOOL_VERBS[verb]) : undefined;
  // "with" a creature only puts them together ("a girl with pigtails feeding ducks"): the tool is
  // held instead. "With" a thing ("a girl with a kite") is holding it already.
  const withCreature = u.relation?.verb === 'with' && ['animal', 'bird', 'sea', 'bug', 'person'].includes(u.subjects.find((s) => s.id === u.relation!.held)?.kind ?? '');
  if (!verb || !tool || (u.relation && !withCreature) || u.subjects.some((s) => s.id === tool.id)) return u;
  const doer = u.subjects.find((s) => s.kind === 'person' || s.kind === 'animal' || s.kind === 'fantasy');
  if (!doer || doer !== u.subjects[0]) return u;
  // Only a person feeds with bread in the hand; food named is what is held out instead.
  if (TOOL_VERBS[verb] === 'bread') {
    if (doer.kind !== 'person') return u;
    const food = u.subjects.find((s) => s.kind === 'food');
    if (food) return { ...u, subjects: [doer, food, ...u.subjects.filter((s) => s !== doer && s !== food)], relation: { verb: 'hold', holder: doer.id, held: food.id } };
  }
  const held: MatchedSubject = { id: tool.id, name: tool.name, kind: tool.kind, word: verb, original: verb, count: 1 };
  const arrangement = u.arrangement && (u.arrangement.subject === doer.id || u.arrangement.object === doer.id) ? null : u.arrangement;
  return {
    ...u,
    // What the doing word itself picked ("painting" a crayon, "fishing" a fish) is the tool now.
    subjects: [doer, held, ...u.subjects.slice(1).filter((s) => s.word !== verb)],
    relation: { verb: 'hold', holder: doer.id, held: tool.id },
    arrangement,
    unmatched: u.unmatched.filter((w) => ![w.toLowerCase(), CHINESE_WORDS[w], JAPANESE_WORDS[w]].some((e) => e !== undefined && e.split(' ')[0] === verb)),
  };
}

/** Words that give a horse or a unicorn wings. */
const WING_WORDS = /^(flying|flies|fly|winged|wings|wing|pegasus|pegasi)$/;

/**
 * "a flying unicorn", "a unicorn with wings", "a pegasus": the whole horse (wearing its horn, for a
 * unicorn) wears a pair of drawn wings on its back (issue 34: the flying unicorn stood in the
 * meadow without them). A flier with nothing to fly over is up in the air.
 */
function withWings(u: Understanding, index: SubjectIndex): Understanding {
  const wings = index.byName.get('wings');
  const horse = index.byName.get('horse');
  const pegasus = u.words.some((w) => /^pegas(us|i)$/.test(w));
  if (!wings || !horse || !u.words.some((w) => WING_WORDS.test(w))) return u;
  // Ridden, the rider sits where the wings go: a winged steed is drawn without them.
  if (u.arrangement?.verb === 'ride') return u;
  const existing = u.subjects.find((s) => s.id === horse.id);
  const unicorn = existing && u.worn.some((w) => w.wearer === horse.id && u.subjects.find((s) => s.id === w.item)?.name === 'unicorn horn');
  // Only a unicorn or a pegasus: "a horse flying over a fence" is a jump, and a plain horse named with
  // wings is rare enough to keep to those two words.
  if (!pegasus && !unicorn) return u;
  const word = pegasus ? u.words.find((w) => /^pegas(us|i)$/.test(w))! : existing!.word;
  const mount: MatchedSubject = existing ?? { id: horse.id, name: horse.name, kind: horse.kind, word, original: word, count: 1 };
  const extra: MatchedSubject = { id: wings.id, name: wings.name, kind: wings.kind, word: mount.word, original: mount.original, count: 1 };
  const flying = u.arrangement === null && !u.relation;
  return {
    ...u,
    subjects: [...(existing ? u.subjects : [mount, ...u.subjects]), extra],
    worn: [...u.worn, { wearer: horse.id, item: wings.id }],
    airborne: u.airborne || flying,
    // Drawn now, in any of the three languages ("pegasus", 飞马, 有翅膀的, 翼のある).
    unmatched: u.unmatched.filter((w) => ![w.toLowerCase(), CHINESE_WORDS[w], JAPANESE_WORDS[w]].some((e) => e !== undefined && WING_WORDS.test(e))),
  };
}

/**
 * "a cat sleeping on a pillow": the cat lies curled up instead of walking; "a wolf howling at the
 * moon": the wolf sits with its muzzle to the sky. `pose` is the library's name for it.
 */
function withAnimalPoses(u: Understanding, index: SubjectIndex, asked: { word: string; pose: string } | null): Understanding {
  if (!asked) return u;
  const swaps = new Map<string, SubjectEntry>();
  for (const s of u.subjects) {
    const posed = s.kind !== 'person' ? index.byName.get(`${s.name} ${asked.pose}`) : undefined;
    if (posed) swaps.set(s.id, posed);
  }
  // A creature the library has no picture of in that pose is drawn as it is: the report says so.
  const unposed = u.subjects[0] && u.subjects[0].kind !== 'person' && !swaps.has(u.subjects[0].id) && !u.subjects[0].name.endsWith(asked.pose);
  // Asleep without a sleeping picture, a creature is drawn as it is with its eyes closed (the
  // composer closes the eyes it knows of; if it knows none, the report says "sleeping" was not drawn).
  if (swaps.size === 0 && unposed && asked.pose === 'sleeping') return { ...u, asleep: { subject: u.subjects[0].id, word: asked.word } };
  if (swaps.size === 0) return unposed ? { ...u, unmatched: [...new Set([...u.unmatched, asked.word])] } : moonOver(u, asked.pose);
  const swap = (id: string): string => swaps.get(id)?.id ?? id;
  return moonOver({
    ...u,
    // The pose is drawn: its word is not "not drawn" (嚎叫 is no subject's name).
    unmatched: u.unmatched.filter((w) => w !== asked.word),
    subjects: u.subjects.map((s) => {
      const to = swaps.get(s.id);
      return to ? { ...s, id: to.id, name: to.name, kind: to.kind } : s;
    }),
    relation: u.relation && { ...u.relation, holder: swap(u.relation.holder), held: swap(u.relation.held) },
    arrangement: u.arrangement && { ...u.arrangement, subject: swap(u.arrangement.subject), object: swap(u.arrangement.object) },
    worn: u.worn.map((w) => ({ ...w, wearer: swap(w.wearer) })),
  }, asked.pose);
}

/** "howling at the moon": the moon is up in the sky over the wolf, not standing beside it. */
function moonOver(u: Understanding, pose: string): Understanding {
  const howler = pose === 'howling' ? u.subjects.find((s) => s.name.endsWith(' howling')) : undefined;
  const moon = howler ? u.subjects.find((s) => /moon/.test(s.name)) : undefined;
  return howler && moon && !u.arrangement ? { ...u, arrangement: { verb: 'under', subject: howler.id, object: moon.id } } : u;
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
  // Chinese "弹吉他的女孩" (plays guitar 的 girl): the verb first, what it takes, then who.
  else if (verb.at === 0 && found.length >= 2) held = 0;
  else if (verb.at === found.length && verb.at >= 2) held = verb.at - 1;
  else return null;
  const before = found.slice(0, verb.at).filter((_, i) => i !== held).reverse();
  const after = found.slice(verb.at).filter((_, i) => i + verb.at !== held);
  const others = [...before, ...after].filter((s) => s.id !== found[held].id);
  // A living thing holds rather than a thing nearer the verb: "a grandma in a chair with a cat".
  const holder = others.find((s) => HEAD_PRIORITY[s.kind] === 0) ?? others[0];
  return holder ? { verb: verb.verb, holder: holder.id, held: found[held].id } : null;
}
