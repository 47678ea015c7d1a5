import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@studio/contracts/constants';
import { pickSuggestions, STYLE_SUGGESTIONS, SUGGESTION_CATEGORIES } from './style-suggestions';
import { realSubjectIndex } from './test-library';
import { understandPrompt } from './understand-prompt';
import type { SubjectIndex } from './understand-prompt';

let index: SubjectIndex;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);

describe('style suggestions', () => {
  it('has ten per category, unique ids, text in every language', () => {
    expect(STYLE_SUGGESTIONS).toHaveLength(50);
    for (const category of SUGGESTION_CATEGORIES) expect(STYLE_SUGGESTIONS.filter((s) => s.category === category)).toHaveLength(10);
    expect(new Set(STYLE_SUGGESTIONS.map((s) => s.id)).size).toBe(50);
    for (const s of STYLE_SUGGESTIONS) for (const lang of LANGUAGES) expect(s.content[lang].trim().length && s.name[lang].trim().length).toBeGreaterThan(0);
  });

  it('only suggests prompts the offline composer understands fully, in every language', () => {
    const weak: string[] = [];
    for (const s of STYLE_SUGGESTIONS) {
      for (const lang of LANGUAGES) {
        const u = understandPrompt(s.content[lang], index);
        if ((u.subjects.length === 0 && u.theme === null) || u.unmatched.length > 0) weak.push(`${s.id}/${lang}: ${s.content[lang]} → ${u.unmatched.join(',')}`);
      }
    }
    expect(weak).toEqual([]);
  });

  it('picks six distinct suggestions in the asked language', () => {
    let seed = 1;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const six = pickSuggestions('ja', 6, random);
    expect(six).toHaveLength(6);
    expect(new Set(six.map((s) => s.id)).size).toBe(6);
    for (const s of six) expect(s.content).toBe(STYLE_SUGGESTIONS.find((o) => o.id === s.id)!.content.ja);
    expect(pickSuggestions('en', 6, random).map((s) => s.id)).not.toEqual(six.map((s) => s.id));
  });
});
