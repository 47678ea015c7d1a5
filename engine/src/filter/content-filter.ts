import { AppError, ErrorCode } from '@studio/contracts/errors';
import { PROMPT_MAX } from '@studio/contracts/constants';
import { normalizePrompt } from '@studio/contracts/prompt';
import { ALLOWED_EN_PHRASES, BLOCKED_EN, BLOCKED_JA, BLOCKED_ZH } from './blocked-terms';

export interface PromptCheck {
  ok: true;
  /** NFKC, zero-width characters removed, whitespace collapsed; case kept for display. */
  normalized: string;
}

const LEET: Record<string, string> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', '$': 's', '!': 'i', '|': 'l',
};

const blockedEnglish = new Set(BLOCKED_EN.filter((t) => !t.includes(' ')));
const blockedEnglishPhrases = BLOCKED_EN.filter((t) => t.includes(' '));

/**
 * Validates a prompt the way the server must before debiting credits (DESIGN §7).
 * Throws AppError 4001 (empty), 4002 (over PROMPT_MAX code points) or 4003 (unsafe).
 */
export function checkPrompt(prompt: string): PromptCheck {
  const normalized = normalizePrompt(prompt);
  if (normalized.length === 0) throw new AppError(ErrorCode.promptEmpty);
  if ([...normalized].length > PROMPT_MAX) throw new AppError(ErrorCode.promptTooLong);
  if (findBlockedTerm(normalized) !== null) throw new AppError(ErrorCode.contentFiltered);
  return { ok: true, normalized };
}

/** The first blocked term found in a prompt, or null. Exposed for tests and moderation logs. */
export function findBlockedTerm(prompt: string): string | null {
  const folded = normalizePrompt(prompt).toLowerCase();
  for (const term of BLOCKED_ZH) if (folded.includes(term)) return term;
  for (const term of BLOCKED_JA) if (folded.includes(term)) return term;
  return findBlockedEnglish(folded);
}

function findBlockedEnglish(folded: string): string | null {
  const variants = new Set<string>();
  const leet = [...folded].map((ch) => LEET[ch] ?? ch).join('');
  // "f*ck": a masked vowel is the commonest dodge; try each vowel in its place.
  const unmasked = folded.includes('*') ? [...'aeiou'].map((v) => folded.replace(/(?<=\p{L})\*+(?=\p{L})/gu, v)) : [];
  for (const text of [folded, leet, ...unmasked]) {
    let clean = ` ${text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
    for (const phrase of ALLOWED_EN_PHRASES) clean = clean.replaceAll(` ${phrase} `, ' ');
    variants.add(clean);
    variants.add(joinSpelledOut(clean));
    // "a n a z i": the article joins the run; try it without a leading one-letter word too.
    variants.add(joinSpelledOut(clean.replace(/(^| )([ai]) (?=(?:\p{L} ){2,}\p{L}(?: |$))/gu, '$1$2  ')));
  }
  for (const text of variants) {
    for (const phrase of blockedEnglishPhrases) if (text.includes(` ${phrase} `)) return phrase;
    for (const token of text.split(' ')) {
      if (token.length === 0) continue;
      for (const form of tokenForms(token)) if (blockedEnglish.has(form)) return form;
    }
  }
  return null;
}

// "s e x" or "k.i.l.l" arrives here as runs of one-letter tokens; glue each run into a word.
function joinSpelledOut(text: string): string {
  return text.replace(/(?:^| )((?:\p{L} ){2,}\p{L})(?= |$)/gu, (_m, run: string) => ` ${run.replaceAll(' ', '')}`);
}

function tokenForms(token: string): string[] {
  const forms = [token, token.replace(/(\p{L})\1{2,}/gu, '$1'), token.replace(/(\p{L})\1{2,}/gu, '$1$1')];
  for (const form of [...forms]) {
    if (form.endsWith('es')) forms.push(form.slice(0, -2));
    if (form.endsWith('s')) forms.push(form.slice(0, -1));
  }
  return forms;
}
