import { beforeAll, describe, expect, it } from 'vitest';
import { realSubjectIndex } from '../prompt/test-library';
import { understandPrompt } from '../prompt/understand-prompt';
import type { SubjectIndex } from '../prompt/understand-prompt';
import { honestReport } from './compose-page';
import type { DrawnThing } from './drawn-report';

let index: SubjectIndex;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);

const big = { x: 100, y: 100, width: 600, height: 600 };
const picture = (name: string): DrawnThing => ({ name, role: 'subject', box: big, visibleShare: 1 });
const scene = (place: string): DrawnThing => ({ name: `scene:${place}`, role: 'scene', box: big, visibleShare: 1 });

/** The report of a page of the prompt that shows these pictures. */
function report(prompt: string, drawn: DrawnThing[], lang?: 'zh' | 'ja') {
  return honestReport(understandPrompt(prompt, index, lang), drawn);
}

describe('honestReport', () => {
  it('names a stand-in as a stand-in, in the three languages', () => {
    expect(report('a triceratops', [picture('t-rex'), scene('jungle')])).toEqual({
      unmatched: [],
      notes: [{ kind: 'substitute', asked: 'triceratops', drawn: { en: 't-rex', zh: '霸王龙', ja: 'ティラノサウルス' } }],
    });
    expect(report('森林里的三角龙', [picture('t-rex'), scene('forest')], 'zh').notes).toEqual([
      { kind: 'substitute', asked: '三角龙', drawn: { en: 't-rex', zh: '霸王龙', ja: 'ティラノサウルス' } },
    ]);
    // A cherry tree is drawn as itself (drawn-props.ts), no longer the plain tree standing in.
    expect(report('桜の木の下の猫', [picture('cat'), picture('cherry tree')], 'ja').notes).toEqual([]);
  });

  it('says a princess drawn as a plain girl is not a princess, and one in her gown is', () => {
    const dressed = understandPrompt('a princess in the garden', index);
    expect(dressed.subjects[0].name).toBe('princess');
    expect(honestReport(dressed, [...dressed.subjects.map((s) => picture(s.name)), scene('garden')]).notes).toEqual([]);
    // No princess rides a bicycle in the library: a girl does, and the report says so.
    const u = understandPrompt('a princess riding a bicycle', index);
    const drawn = u.subjects.map((s) => picture(s.name));
    expect(u.subjects[0].name).toBe('girl biking');
    expect(honestReport(u, drawn).notes).toEqual([{ kind: 'substitute', asked: 'princess', drawn: expect.objectContaining({ en: 'girl biking' }) }]);
    // A girl drawn as a girl standing is what was asked.
    const girl = understandPrompt('a girl in the garden', index);
    expect(honestReport(girl, [...girl.subjects.map((s) => picture(s.name)), scene('garden')]).notes).toEqual([]);
  });

  it('names a turkey as a turkey, not a chicken (the compound is read whole)', () => {
    expect(report('一只火鸡', [picture('turkey'), scene('farm')])).toEqual({ unmatched: [], notes: [] });
  });

  it('names counts drawn short, and a thing not drawn at all as not drawn', () => {
    expect(report('three kittens', [picture('cat'), picture('cat')])).toEqual({ unmatched: [], notes: [{ kind: 'count', asked: 'kittens', wanted: 3, drawn: 2 }] });
    expect(report('三只小猫', [picture('cat')]).notes).toEqual([{ kind: 'count', asked: '小猫', wanted: 3, drawn: 1 }]);
    expect(report('three kittens', [])).toEqual({ unmatched: ['kittens'], notes: [] });
    // A picture too covered to see does not count.
    expect(report('a cat and a dog', [picture('cat'), { ...picture('dog'), visibleShare: 0.1 }]).unmatched).toEqual(['dog']);
  });

  it('names attributes the page cannot show: a letter not drawn, a creature that does not sleep', () => {
    // The letter is drawn as a glyph above the apple; a page that did not draw it says so.
    const letter = understandPrompt('letter A for apple', index);
    expect(honestReport(letter, [picture('red apple')], { glyphDrawn: 'A' }).unmatched).toEqual([]);
    expect(honestReport(letter, [picture('red apple')]).unmatched).toEqual(['letter A']);
    const sleepy = understandPrompt('a sleeping giraffe', index);
    expect(sleepy.subjects.map((s) => s.name)).toEqual(['giraffe']);
    expect(honestReport(sleepy, [picture('giraffe')]).unmatched).toEqual(['sleeping']);
  });

  it('counts a farm\'s barn as drawn when the farm is, since its scenery draws one', () => {
    const u = understandPrompt('a farm with a red barn, a cow, a pig and a chicken', index);
    expect(honestReport(u, [picture('cow'), picture('pig'), picture('chicken'), scene('farm')]).unmatched).toEqual([]);
    expect(honestReport(u, [picture('cow'), picture('pig'), picture('chicken')]).unmatched).toContain('barn');
  });

  it('reports the same thing once', () => {
    expect(report('桜', [], 'ja').unmatched).toEqual(['桜']);
  });
});

describe('honestReport of one word that names several things', () => {
  it('says which of them, in the user’s language', () => {
    const u = understandPrompt('お花見', index, 'ja');
    const r = honestReport(u, [picture('cherry tree'), picture('child standing'), scene('park')]);
    expect(r.unmatched).toEqual([]);
    expect(r.notes).toEqual([
      { kind: 'count', asked: 'お花見 (子供)', wanted: 2, drawn: 1 },
      { kind: 'count', asked: 'お花見 (桜の木)', wanted: 2, drawn: 1 },
    ]);
  });
});
