import { describe, expect, it } from 'vitest';
import { documentTerms, queryTerms, searchAlternatives } from './search-terms';

const cjk = (text: string) => `zz${[...text].map((c) => c.codePointAt(0)!.toString(16)).join('')}`;

describe('search terms', () => {
  it('cut documents into folded Latin words and CJK characters and pairs, never JSON keys or stop words', () => {
    const terms = documentTerms('Two Dinosaurs at the Café', '小恐龙').split(' ');
    expect(terms).toEqual(expect.arrayContaining(['two', 'dinosaur', 'cafe', cjk('小'), cjk('恐'), cjk('龙'), cjk('小恐'), cjk('恐龙')]));
    expect(terms).not.toContain('the');
    expect(terms.every((term) => /^[a-z0-9]+$/.test(term))).toBe(true);
  });

  it('make the last typed word a prefix only when it has three letters or more', () => {
    expect(queryTerms('happy dino')).toEqual({ exact: ['happy'], prefix: 'dino' });
    expect(queryTerms('en')).toEqual({ exact: ['en'], prefix: null });
    expect(queryTerms('dinosaurs ')).toEqual({ exact: ['dinosaur'], prefix: null });
    expect(queryTerms('puppies')).toEqual({ exact: [], prefix: 'puppy' });
  });

  it('match one CJK character alone and longer runs by their pairs', () => {
    expect(queryTerms('猫').exact).toEqual([cjk('猫')]);
    expect(queryTerms('恐龙宝宝').exact).toEqual([cjk('恐龙'), cjk('龙宝'), cjk('宝宝')]);
  });

  it('keep query syntax of either database out of the terms', () => {
    for (const hostile of ['"', '*', 'NEAR(a b)', "') OR 1=1 --", 'a & b | !c', 'cat:*', '^title']) {
      const { exact, prefix } = queryTerms(hostile);
      expect([...exact, prefix ?? ''].every((term) => /^[a-z0-9]*$/.test(term)), hostile).toBe(true);
    }
    expect(searchAlternatives('!!! ***', () => undefined)).toEqual([]);
  });

  it('add the English word for a known Chinese or Japanese word', () => {
    const alternatives = searchAlternatives('きょうりゅう', (word) => (word === 'きょうりゅう' ? 'dinosaur' : undefined));
    expect(alternatives).toHaveLength(2);
    expect(alternatives[1]).toEqual({ exact: ['dinosaur'], prefix: null });
  });
});
