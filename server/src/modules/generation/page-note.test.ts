import { describe, expect, it } from 'vitest';
import { pageNoteText } from './page-note';

describe('pageNoteText', () => {
  it('is null for a page drawn as asked', () => {
    expect(pageNoteText([], [])).toBeNull();
  });

  it('keeps the words not drawn as before', () => {
    expect(pageNoteText(['quokka'])).toEqual({ en: 'Not drawn: quokka', zh: '未画出：quokka', ja: '描けなかったもの：quokka' });
  });

  it('names a stand-in as a stand-in and a count drawn short, in the three languages', () => {
    const note = pageNoteText(['tunnel'], [
      { kind: 'substitute', asked: '三角龙', drawn: { en: 't-rex', zh: '霸王龙', ja: 'ティラノサウルス' } },
      { kind: 'count', asked: 'kittens', wanted: 3, drawn: 2 },
    ]);
    expect(note?.en).toBe('Not drawn: tunnel. Drawn instead: t-rex for 三角龙. Fewer than asked: 3 kittens: drew 2');
    expect(note?.zh).toContain('用霸王龙代替三角龙');
    expect(note?.zh).toContain('kittens要3个，画了2个');
    expect(note?.ja).toContain('三角龙の代わりにティラノサウルス');
  });
});
