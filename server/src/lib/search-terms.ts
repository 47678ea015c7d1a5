/**
 * The words a library search matches, the same on both databases: documents and queries are cut
 * into terms here, in one way, and the databases only index and intersect ASCII terms (SQLite
 * FTS5 with its default tokenizer, PostgreSQL's `simple` text search configuration).
 *
 * - Latin words: NFKC, accents dropped, lower case, a light English plural folding
 *   ("dinosaurs" → "dinosaur", "puppies" → "puppy"), so both sides agree without a dictionary.
 * - Chinese and Japanese have no spaces: each run of Han, kana or Hangul is indexed as its single
 *   characters and its overlapping pairs (bigrams). A query of one character matches the single
 *   character, a longer one every pair of it, which finds `恐龙` in `一只恐龙宝宝`.
 * - CJK terms are spelled as `zz` + hexadecimal code points, so no tokenizer or locale setting
 *   of either database can split or fold them differently.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const STOP_WORDS = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'in', 'on', 'at', 'to', 'with', 'for', 'by', 'is', 'are', 'page', 'pages', 'coloring', 'colouring']);

function foldPlural(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function cjkTerm(chars: string[]): string {
  return `zz${chars.map((c) => c.codePointAt(0)!.toString(16)).join('')}`;
}

interface Split {
  words: string[];
  cjkRuns: string[][];
}

function split(text: string): Split {
  const normal = text.normalize('NFKC').toLowerCase();
  const cjkRuns = [...normal.matchAll(CJK_RUN)].map((match) => [...match[0]]);
  const rest = normal.replace(CJK_RUN, ' ').normalize('NFKD').replace(/\p{M}+/gu, '');
  const words = [...rest.matchAll(WORD)].map((match) => match[0]).filter((word) => /^[a-z0-9]+$/.test(word));
  return { words, cjkRuns };
}

/** Plain text of stored HTML (library descriptions): tags and entities become spaces. */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

/** The terms of a document, space-separated, each once. */
export function documentTerms(...texts: string[]): string {
  const terms = new Set<string>();
  for (const text of texts) {
    const { words, cjkRuns } = split(text);
    for (const word of words) if (!STOP_WORDS.has(word)) terms.add(foldPlural(word));
    for (const run of cjkRuns) {
      run.forEach((char, i) => {
        terms.add(cjkTerm([char]));
        if (i + 1 < run.length) terms.add(cjkTerm([char, run[i + 1]]));
      });
    }
  }
  return [...terms].join(' ');
}

export interface QueryTerms {
  /** Every one must be in a matching document. */
  exact: string[];
  /** The last word as typed so far ("dino"): matched as a prefix; null when there is none. */
  prefix: string | null;
}

/**
 * The terms of a visitor's query. The last Latin word is a prefix when it has three letters or
 * more and the visitor has not typed past it, so "dino" finds dinosaurs while "en" is only the
 * word "en". Returns no terms for a query with nothing searchable (punctuation, operators).
 */
export function queryTerms(query: string): QueryTerms {
  const { words, cjkRuns } = split(query);
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  const meaningful = kept.length > 0 || cjkRuns.length > 0 ? kept : words;
  const exact = new Set<string>();
  let prefix: string | null = null;
  const typing = /[\p{L}\p{N}]$/u.test(query.normalize('NFKC'));
  meaningful.forEach((word, i) => {
    const last = i === meaningful.length - 1 && typing && cjkRuns.length === 0;
    if (last && word.length >= 3) prefix = foldPlural(word);
    else exact.add(foldPlural(word));
  });
  if (prefix !== null && exact.has(prefix)) prefix = null;
  for (const run of cjkRuns) {
    if (run.length === 1) exact.add(cjkTerm(run));
    for (let i = 0; i + 1 < run.length; i += 1) exact.add(cjkTerm([run[i], run[i + 1]]));
  }
  return { exact: [...exact], prefix };
}

export function hasTerms(terms: QueryTerms): boolean {
  return terms.exact.length > 0 || terms.prefix !== null;
}

/**
 * What a query may mean: itself and, when it is a Chinese or Japanese word the prompt lexicon
 * knows ("きょうりゅう", "恐竜"), its English word too, since library pages need not spell every
 * reading. Alternatives without a searchable term are left out.
 */
export function searchAlternatives(query: string, translate: (word: string) => string | undefined): QueryTerms[] {
  const trimmed = query.normalize('NFKC').trim();
  const alternatives = [queryTerms(trimmed)];
  const english = translate(trimmed);
  if (english) alternatives.push(queryTerms(`${english} `));
  return alternatives.filter(hasTerms);
}
