import { beforeAll, describe, expect, it } from 'vitest';
import { CHINESE_WORDS, CJK_GRAMMAR, JAPANESE_WORDS } from './cjk-words';
import { realSubjectIndex } from './test-library';
import { segmentCjk, understandPrompt } from './understand-prompt';
import type { SubjectIndex } from './understand-prompt';

let index: SubjectIndex;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);

/** What a page of the prompt would be asked to show: subjects with counts, the scene, what is not understood. */
function read(prompt: string) {
  const u = understandPrompt(prompt, index, /[\u3040-\u30ff]/u.test(prompt) ? 'ja' : 'zh');
  return { subjects: u.subjects.map((s) => (s.count > 1 ? `${s.name}×${s.count}` : s.name)), scene: u.scene, unmatched: u.unmatched, words: u.words };
}

describe('Chinese and Japanese prompts are read word by word', () => {
  // Prompts as people type them on colouring sites: subjects (×count), the scene word's scene, and nothing reported.
  it.each([
    // 竹林 is a bamboo forest: the forest's canes are drawn by the scenery, not a subject beside the panda.
    ['熊猫在竹林里', ['panda'], 'forest'],
    ['一只火鸡', ['turkey'], null],
    ['一只火鸡和南瓜', ['turkey', 'jack-o-lantern'], null],
    ['小猫在玩耍', ['cat'], null],
    ['小兔子在花园里吃胡萝卜', ['rabbit', 'carrot'], 'garden'],
    ['三只小猫在玩毛线球', ['cat×3', 'yarn'], null],
    ['海底世界的鲸鱼和章鱼', ['whale', 'octopus'], 'sea'],
    ['宇航员在太空中', ['astronaut'], 'space'],
    ['骆驼在沙漠里', ['camel'], 'desert'],
    ['企鹅在冰上', ['penguin'], 'snow'],
    ['农场里的奶牛和小猪', ['cow', 'pig'], 'farm'],
    ['城市里的公交车', ['bus'], 'city'],
    ['森林里的小鹿', ['deer'], 'forest'],
    ['恐龙在丛林里', ['t-rex'], 'jungle'],
    ['两只蝴蝶在花丛中飞舞', ['butterfly×2'], 'garden'],
    ['雪地里的北极熊', ['polar bear'], 'snow'],
    ['湖边的天鹅', ['swan'], 'sea'],
    ['一只小狗在草地上玩耍', ['dog'], 'meadow'],
    ['生日蛋糕', ['birthday cake'], null],
    ['可爱的独角兽和彩虹', ['horse', 'rainbow', 'unicorn horn'], null],
    ['海の中のクジラ', ['whale'], 'sea'],
    ['宇宙のロケット', ['rocket'], 'space'],
    ['森のくまさん', ['bear'], 'forest'],
    ['三匹の子ぶた', ['pig×3'], null],
    ['犬が二匹公園で遊んでいる', ['dog×2'], 'meadow'],
    ['猫が3匹', ['cat×3'], null],
    ['七面鳥', ['turkey'], null],
    ['砂漠のラクダ', ['camel'], 'desert'],
    ['雪の中のペンギン', ['penguin'], 'snow'],
    ['ペンギンが氷の上にいる', ['penguin'], 'snow'],
    ['農場の牛とにわとり', ['cow', 'chicken'], 'farm'],
    // Farm animals are as often written in katakana as in hiragana.
    ['ウシとニワトリとブタ', ['cow', 'chicken', 'pig'], null],
    ['竹林のパンダ', ['panda'], 'forest'],
    ['ケーキとカップ', ['birthday cake', 'hot beverage'], null],
    ['うさぎが花畑で遊んでいる', ['rabbit'], 'garden'],
    ['请帮我画一只可爱的小猫咪', ['cat'], null],
    ['一辆红色的消防车', ['fire engine'], null],
    // 站在 comes before the place, as "on" does: the owl is on the branch, not the branch on the owl.
    ['猫头鹰站在树枝上', ['owl', 'branch'], null],
    ['猫睡在沙发上', ['cat sleeping', 'couch and lamp'], null],
    ['サンタクロースとトナカイ', ['santa claus', 'deer'], null],
    ['お姫様とお城', ['princess', 'castle'], null],
    ['公主和城堡', ['princess', 'castle'], null],
  ])('%s', (prompt, subjects, scene) => {
    const r = read(prompt);
    expect(r.subjects).toEqual(subjects);
    expect(r.scene).toBe(scene);
    expect(r.unmatched).toEqual([]);
  });

  it('places the thing before 在 on, under or in the place word that ends the sentence', () => {
    const arrangement = (prompt: string): string | null => {
      const u = understandPrompt(prompt, index);
      const name = (id: string | undefined): string => u.subjects.find((s) => s.id === id)?.name ?? '?';
      return u.arrangement && `${name(u.arrangement.subject)} ${u.arrangement.verb} ${name(u.arrangement.object)}`;
    };
    expect(arrangement('一只猫头鹰在月亮下')).toBe('owl under crescent moon');
    expect(arrangement('树上的小鸟')).toBe('bird on deciduous tree');
    expect(arrangement('小猫在树下睡觉')).toBe('cat sleeping under deciduous tree');
    expect(arrangement('ねこが木の下にいる')).toBe('cat under deciduous tree');
  });

  it('keeps compounds whole: 花卉 are flowers, 三角形 is one word, 玩耍 is playing', () => {
    expect(read('花卉').subjects).toEqual(['blossom']);
    // No picture of a triangle: the whole word is reported, not "角形".
    expect(read('三角形')).toMatchObject({ subjects: [], unmatched: ['三角形'] });
    expect(read('小猫在玩耍').words).toContain('playing');
  });

  it('reads お花見 as cherry trees and children in the park, and 桜 once', () => {
    const r = read('お花見');
    expect(r.subjects).toEqual(['child standing×2', 'cherry tree×2']);
    expect(r.words).toContain('park');
    const tree = understandPrompt('桜の木の下の猫', index, 'ja').subjects.find((s) => s.name === 'cherry tree');
    expect(tree?.original).toBe('桜の木');
    expect(understandPrompt('桜', index, 'ja').subjects[0].original).toBe('桜');
  });

  it('a cave, a bedroom, a window are places or things, never "not drawn"', () => {
    expect(read('山洞里的龙')).toMatchObject({ subjects: ['dragon'], unmatched: [] });
    expect(read('洞窟のドラゴン').words).toContain('cave');
    expect(read('卧室里睡觉的小猫')).toMatchObject({ subjects: ['cat sleeping'], unmatched: [] });
    expect(read('部屋で眠っているねこ')).toMatchObject({ subjects: ['cat sleeping'], unmatched: [] });
  });

  it('never reports a grammatical word, and reports an unknown word whole', () => {
    for (const prompt of ['一只可爱的小猫在花园里', '请画一只小狗', '小朋友的涂色页：一只猫', 'ねこがいます', 'かわいいいぬのぬりえ', '子供向けのうさぎの絵を描いてください']) {
      expect(read(prompt).unmatched, prompt).toEqual([]);
    }
    // An unknown word is one word, not one character at a time.
    expect(read('一只猫和饕餮').unmatched).toEqual(['饕餮']);
  });

  it('segments by the longest word, counts included', () => {
    const words = (text: string) => segmentCjk(text, { ...CHINESE_WORDS, ...JAPANESE_WORDS, 火: 'fire', 鸡: 'chicken', 小猫: 'kitten' }).map((t) => t.english || `?${t.original}`);
    expect(words('火鸡')).toEqual(['turkey']);
    expect(words('三只小猫')).toEqual(['=3', 'kitten']);
    expect(words('竹林')).toEqual(['bamboo', 'forest']);
  });

  it('every word the lists give is one the reader knows (or one with no picture, reported whole)', () => {
    const noPicture = new Set(['triangle', 'circle', 'square', 'shape', 'slide', 'blocks', 'doll', 'swing', 'singing', 'fishing', 'drinking', 'tent', 'howling', 'winged', 'watering']);
    const unknown: string[] = [];
    for (const [word, english] of Object.entries({ ...CHINESE_WORDS, ...JAPANESE_WORDS })) {
      if (!english || CJK_GRAMMAR.has(word) || english.split(' ').some((w) => noPicture.has(w))) continue;
      if (understandPrompt(word, index, 'zh').unmatched.length) unknown.push(word);
    }
    expect(unknown).toEqual([]);
  });
});
