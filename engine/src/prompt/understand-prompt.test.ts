import { beforeAll, describe, expect, it } from 'vitest';
import { realSubjectIndex } from './test-library';
import { buildSubjectIndex, detectLanguage, plural, singularize, understandPrompt } from './understand-prompt';
import type { SubjectIndex } from './understand-prompt';

let index: SubjectIndex;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);

function read(prompt: string) {
  const u = understandPrompt(prompt, index);
  return { names: u.subjects.map((s) => s.name), subjects: u.subjects, scene: u.scene, theme: u.theme, unmatched: u.unmatched, language: u.language };
}

describe('understandPrompt', () => {
  it.each([
    // OpenMoji's unicorn is a head: a unicorn is its whole horse wearing a drawn horn.
    ['a cute unicorn', ['horse', 'unicorn horn'], null],
    ['Kittens playing in the garden', ['cat'], 'garden'],
    ['fire truck', ['fire engine'], null],
    ['a dinosaur in the jungle', ['t-rex'], 'jungle'],
    ['octopus under the sea', ['octopus'], 'sea'],
    ['rocket ship in space', ['rocket'], 'space'],
  ])('reads %s', (prompt, names, scene) => {
    const r = read(prompt);
    expect(r.names).toEqual(names);
    expect(r.scene).toBe(scene);
    expect(r.unmatched).toEqual([]);
  });

  it('reads Chinese and Japanese with their scene words', () => {
    expect(read('小猫在花园里')).toMatchObject({ names: ['cat'], scene: 'garden', language: 'zh', unmatched: [] });
    expect(read('恐竜とジャングル')).toMatchObject({ names: ['t-rex'], scene: 'jungle', language: 'ja', unmatched: [] });
    expect(read('宇宙のロケット')).toMatchObject({ names: ['rocket'], scene: 'space' });
    expect(understandPrompt('恐竜', index, 'ja').language).toBe('ja');
    expect(understandPrompt('恐竜', index).subjects.map((s) => s.name)).toEqual(['t-rex']);
  });

  it('keeps both subjects of "X and Y" and puts the living one first', () => {
    expect(read('a cat and a dog').names).toEqual(['cat', 'dog']);
    expect(read('a bicycle and a dog').names[0]).toBe('dog');
  });

  it('treats a phrase as one subject rather than its words', () => {
    expect(read('hot air balloon over hills').names).toEqual(['hot air balloon']);
    expect(read('killer whale').names).toEqual(['whale']);
  });

  it('reports words it could not place instead of guessing', () => {
    const r = read('a quokka by the sea');
    expect(r.names).toEqual([]);
    expect(r.unmatched).toEqual(['quokka']);
    expect(r.scene).toBe('sea');
    expect(read('量子纠缠').unmatched).toEqual(['量子纠缠']);
    // A tag would turn "treasure chest" into a toolbox: it is the drawn treasure chest, and mum is not a picture.
    expect(read('a treasure chest')).toMatchObject({ names: ['treasure chest'], unmatched: [] });
    expect(read('a pirate with a treasure chest')).toMatchObject({ names: ['pirate', 'treasure chest'], unmatched: [] });
    expect(read('a cat and mom').unmatched).toEqual(['mom']);
    expect(read('a baby elephant')).toMatchObject({ names: ['elephant'], unmatched: [] });
    // "tug of war" is a game, not a ninja; a pirate ship is the drawn one with sails and a flag.
    expect(read('two puppies playing tug of war').names).toEqual(['dog']);
    expect(read('a pirate ship on the ocean')).toMatchObject({ names: ['pirate ship'], unmatched: [] });
    expect(read('海賊船').names).toEqual(['pirate ship']);
    // "a ball of yarn" is yarn, not a soccer ball beside it; a witch hat is a hat, not a witch.
    expect(read('a kitten playing with a ball of yarn')).toMatchObject({ names: ['cat', 'yarn'], unmatched: [] });
    expect(read('a cat wearing a witch hat')).toMatchObject({ names: ['cat', 'witch hat'], unmatched: [] });
    // Rain with something in it is the weather of the page (compose/scenes.ts), not a rain cloud on the grass.
    expect(read('a frog in the rain')).toMatchObject({ names: ['frog'], unmatched: [] });
    expect(read('a girl with an umbrella in the rain').names).toEqual(['girl standing', 'umbrella']);
    expect(read('rain').names).toEqual([expect.stringMatching(/cloud/)]);
    expect(read('小猫在下雨天打伞')).toMatchObject({ names: ['cat', 'umbrella'], unmatched: [] });
    expect(read('雨の日の女の子').unmatched).toEqual([]);
    // A creature's own parts after "with" are drawn with it: no feather in the peacock's beak.
    expect(read('a peacock with open feathers').names).toEqual(['peacock']);
    expect(read('a bird and a feather').names).toEqual(['bird', 'feather']);
    // A mood makes a thing a character: the sun with a face, and a cloud that is on the page, not the sky.
    expect(read('a happy sun and a smiling cloud')).toMatchObject({ names: ['sun with face', 'cloud'], scene: null, unmatched: [] });
    expect(read('the sun').names).toEqual(['sun']);
    // Cooking is holding what is cooked (not a frying pan beside the chef); a bow is a ribbon, not an elf.
    expect(read('a chef cooking pizza').names).toEqual(['cook', 'pizza']);
    expect(read('a cute puppy with a bow').names).toEqual(['dog', 'ribbon']);
    // Under the stars is at night (the fox lies asleep: drawn-animals.ts); a white horse is a horse; seahorses and starfish are drawn.
    expect(read('a fox sleeping under the stars')).toMatchObject({ names: ['fox sleeping'], scene: 'night', unmatched: [] });
    expect(read('公主骑着白马').unmatched).toEqual([]);
    expect(read('a seahorse and a starfish')).toMatchObject({ names: ['seahorse', 'starfish'], unmatched: [] });
    expect(read('海星和海马').names).toEqual(['starfish', 'seahorse']);
    // A field of a plant is many of it; a village is houses; on the moon is the place, not a crescent.
    const field = understandPrompt('a sunflower field', index);
    expect(field.subjects.map((s) => [s.name, s.count])).toEqual([['sunflower', 4]]);
    expect(understandPrompt('ひまわり畑', index, 'ja').subjects[0].count).toBe(4);
    expect(read('a snowy village at Christmas').names).toContain('houses');
    const moon = understandPrompt('an astronaut planting a flag on the moon', index);
    expect(moon).toMatchObject({ scene: 'space', onGround: true });
    expect(moon.subjects.map((s) => s.name)).toEqual(['astronaut', 'triangular flag']);
    expect(read('a cow jumping over the moon').names).toContain('crescent moon');
    // "Her babies" are chicks for a bird, more of the animal otherwise; "baby" alone only describes.
    expect(read('a mother bird feeding her babies in a nest').names).toEqual(['bird', 'front-facing baby chick', 'empty nest']);
    expect(understandPrompt('a cat with her babies', index).subjects.map((s) => [s.name, s.count])).toEqual([['cat', 3]]);
    expect(read('a baby elephant').names).toEqual(['elephant']);
    // A crab's sand is a beach; a windowsill is in a room; a dress is what the girl wears; エイリアン reads.
    expect(read('穿裙子的小女孩').unmatched).toEqual([]);
    expect(read('宇宙船とエイリアン').names).toContain('alien');
    expect(read('a cat sleeping on a windowsill').unmatched).toEqual([]);
    // Pronouns are grammar: "a little girl and her puppy".
    expect(read('小女孩和她的小狗')).toMatchObject({ names: ['girl standing', 'dog'], unmatched: [] });
    // A word before a body part says what the part is like: no carrot beside the snowman.
    expect(read('a snowman with a scarf and a carrot nose')).toMatchObject({ names: ['snowman without snow', 'scarf'], unmatched: [] });
    expect(read('a unicorn with a rainbow mane')).toMatchObject({ names: ['horse', 'unicorn horn'], unmatched: ['rainbow mane'] });
  });

  it('gives a doer the tool of its doing word to hold, what it works on beside it', () => {
    const read2 = (prompt: string) => {
      const u = understandPrompt(prompt, index);
      const name = (id?: string) => u.subjects.find((s) => s.id === id)?.name;
      return { names: u.subjects.map((s) => s.name), holds: u.relation && [name(u.relation.holder), u.relation.verb, name(u.relation.held)], unmatched: u.unmatched };
    };
    expect(read2('a girl watering flowers in the garden')).toEqual({ names: ['girl standing', 'watering can', 'blossom'], holds: ['girl standing', 'hold', 'watering can'], unmatched: [] });
    expect(read2('女孩在花园里浇花').holds).toEqual(['girl standing', 'hold', 'watering can']);
    expect(read2('女孩浇水')).toMatchObject({ holds: ['girl standing', 'hold', 'watering can'], unmatched: [] });
    expect(read2('花に水やりする女の子').holds).toEqual(['girl standing', 'hold', 'watering can']);
    // The word that picked a crayon or a fish is the doing word: only the tool is drawn for it.
    expect(read2('a boy painting a picture').names).toEqual(['boy standing', 'paintbrush']);
    expect(read2('a bear fishing').holds).toEqual(['bear', 'hold', 'fishing pole']);
    // Water to drink is no watering, and something already held stays held.
    expect(read2('a girl drinking water').names).not.toContain('watering can');
    expect(read2('a girl holding a kite and watering flowers').holds?.[2]).toBe('kite');
    expect(read2('a girl with a kite watering flowers').holds?.[2]).toBe('kite');
    // Feeding: a person holds out the food named, else bread; a bird feeding its chicks holds nothing.
    expect(read2('a girl feeding a horse').holds).toEqual(['girl standing', 'hold', 'bread']);
    expect(read2('a boy feeding a rabbit a carrot').holds).toEqual(['boy standing', 'hold', 'carrot']);
    expect(read2('a little girl feeding ducks at a pond')).toMatchObject({ holds: ['girl standing', 'hold', 'bread'], unmatched: [] });
    expect(read2('a mother bird feeding her babies').holds).toBeNull();
  });

  it('reads the letter or number a page is of, never as an envelope or a pool ball', () => {
    const glyph = (prompt: string) => {
      const u = understandPrompt(prompt, index);
      return { glyph: u.glyph, names: u.subjects.map((s) => s.name), unmatched: u.unmatched };
    };
    expect(glyph('A is for apple')).toEqual({ glyph: 'A', names: ['red apple'], unmatched: [] });
    expect(glyph('B is for bear')).toMatchObject({ glyph: 'B', names: ['bear'], unmatched: [] });
    expect(glyph('C is for cat')).toMatchObject({ glyph: 'C', names: ['cat'], unmatched: [] });
    expect(glyph('the letter C')).toEqual({ glyph: 'C', names: [], unmatched: [] });
    expect(glyph('number 3 with three balloons')).toMatchObject({ glyph: '3', unmatched: [] });
    expect(understandPrompt('number 3 with three balloons', index).subjects[0]).toMatchObject({ name: 'balloon', count: 3 });
    expect(glyph('the number five').glyph).toBe('5');
    expect(glyph('字母B和熊')).toMatchObject({ glyph: 'B', names: ['bear'], unmatched: [] });
    expect(glyph('数字3和三个气球')).toMatchObject({ glyph: '3', unmatched: [] });
    expect(glyph('アルファベットのA')).toEqual({ glyph: 'A', names: [], unmatched: [] });
    expect(glyph('数字の5')).toMatchObject({ glyph: '5', unmatched: [] });
    // A letter to post, a number of cats and eight planets are not glyphs; eight is a count.
    expect(glyph('a letter for mom').glyph).toBeUndefined();
    expect(glyph('a number of cats').glyph).toBeUndefined();
    expect(glyph('eight planets')).toMatchObject({ names: ['ringed planet'] });
  });

  it('reads a life cycle as its stages in order, never DNA and a bicycle', () => {
    const butterfly = understandPrompt('butterfly life cycle', index);
    expect(butterfly.subjects.map((s) => s.name)).toEqual(['egg', 'bug', 'chrysalis', 'butterfly']);
    expect(butterfly).toMatchObject({ cycle: true, scene: 'garden', unmatched: [] });
    expect(understandPrompt('the life cycle of a chicken', index).subjects.map((s) => s.name)).toEqual(['egg', 'hatching chick', 'chicken']);
    // No stages known: said, not guessed.
    expect(understandPrompt('life cycle of a frog', index)).toMatchObject({ unmatched: ['life cycle'] });
    expect(understandPrompt('a boy on his cycle', index).cycle).toBeUndefined();
  });

  it('gives a thing a face when a mood word asks, never a frog for "face"', () => {
    const faced = (prompt: string) => {
      const u = understandPrompt(prompt, index);
      return { faced: u.faced && u.subjects.find((s) => s.id === u.faced!.subject)?.name, names: u.subjects.map((s) => s.name), unmatched: u.unmatched };
    };
    expect(faced('kawaii donut with a happy face')).toEqual({ faced: 'doughnut', names: ['doughnut'], unmatched: [] });
    expect(faced('a happy cupcake').faced).toBe('cupcake');
    expect(faced('a strawberry with a smiling face').faced).toBe('strawberry');
    expect(faced('可爱的甜甜圈').faced).toBe('doughnut');
    // A creature has its own face; a plain thing gets none.
    expect(faced('a cute cat').faced).toBeUndefined();
    expect(faced('a donut').faced).toBeUndefined();
  });

  it('reads the solar system as one picture: its planets and sun are part of it', () => {
    for (const prompt of ['solar system with eight planets', 'the solar system', '太阳系', '太陽系の惑星']) {
      expect(understandPrompt(prompt, index)).toMatchObject({ solarSystem: true, subjects: [], unmatched: [] });
    }
    expect(understandPrompt('an astronaut and the solar system', index).subjects.map((s) => s.name)).toEqual(['astronaut']);
    expect(understandPrompt('a planet', index).solarSystem).toBeUndefined();
  });

  it('reads a bamboo forest as the place, and bamboo eaten as a subject', () => {
    expect(read('a panda in a bamboo forest')).toMatchObject({ names: ['panda'], scene: 'forest', unmatched: [] });
    expect(read('a bamboo forest')).toMatchObject({ names: [], scene: 'forest', unmatched: [] });
    expect(read('a panda eating bamboo in a bamboo forest').names).toEqual(['panda', 'bamboo']);
    expect(read('a panda with bamboo').names).toEqual(['panda', 'bamboo']);
  });

  it('gives a flying unicorn and a pegasus wings on their backs, and a plain unicorn none', () => {
    const worn = (prompt: string) => {
      const u = understandPrompt(prompt, index);
      return u.worn.map((w) => [u.subjects.find((s) => s.id === w.wearer)?.name, u.subjects.find((s) => s.id === w.item)?.name]);
    };
    expect(worn('a flying unicorn')).toEqual([['horse', 'unicorn horn'], ['horse', 'wings']]);
    expect(worn('a unicorn with wings')).toContainEqual(['horse', 'wings']);
    expect(worn('a winged unicorn over a rainbow')).toContainEqual(['horse', 'wings']);
    expect(read('a pegasus')).toMatchObject({ names: ['horse', 'wings'], unmatched: [] });
    expect(read('有翅膀的独角兽')).toMatchObject({ names: ['horse', 'unicorn horn', 'wings'], unmatched: [] });
    expect(read('飞马')).toMatchObject({ names: ['horse', 'wings'], unmatched: [] });
    expect(read('空飛ぶユニコーン')).toMatchObject({ names: ['horse', 'unicorn horn', 'wings'], unmatched: [] });
    expect(read('ペガサス')).toMatchObject({ names: ['horse', 'wings'], unmatched: [] });
    // Alone in the air, it flies; over something, it is placed by that.
    expect(understandPrompt('a flying unicorn', index).airborne).toBe(true);
    expect(worn('a cute unicorn')).toEqual([['horse', 'unicorn horn']]);
    // A horse jumping a fence does not grow wings, nor does a unicorn carrying a princess.
    expect(worn('a horse flying over a fence')).toEqual([]);
    expect(worn('a princess riding a flying unicorn').some(([, item]) => item === 'wings')).toBe(false);
  });

  it('draws a few people, and reads "for kids" as the audience, not a subject', () => {
    // A person who holds something is a whole figure with hands (drawn-figures.ts), not a bust.
    expect(read('a girl with a kite')).toMatchObject({ names: ['girl standing', 'kite'], unmatched: [] });
    // With company a person stands too (a bust beside a whole dog reads as a head cut off); alone, a portrait.
    expect(read('女孩和小狗').names).toEqual(['girl standing', 'dog']);
    expect(read('男の子').names).toEqual(['boy']);
    expect(read('a dinosaur coloring page for kids')).toMatchObject({ names: ['t-rex'], unmatched: [] });
    expect(read('a unicorn for children').names).toEqual(['horse', 'unicorn horn']);
    // Young ones beside their grown one are counted with it and drawn smaller; a group of kittens is a group.
    expect(read('a mother bear and her cubs').subjects).toMatchObject([{ name: 'bear', count: 3, young: 2 }]);
    expect(read('a horse and her foal').subjects).toMatchObject([{ name: 'horse', count: 2, young: 1 }]);
    expect(read('three kittens').subjects[0]).not.toHaveProperty('young');
    expect(read('狮子和小狮子').subjects).toMatchObject([{ name: 'lion', count: 2, young: 1 }]);
    // A young one's parent named by a word: one more of the animal, grown.
    expect(read('a kitten and her mother')).toMatchObject({ subjects: [{ name: 'cat', count: 2, young: 1 }], unmatched: [] });
    expect(read('a baby elephant with its mom')).toMatchObject({ subjects: [{ name: 'elephant', count: 2, young: 1 }], unmatched: [] });
    expect(read('a polar bear and her cub').subjects).toMatchObject([{ name: 'polar bear', count: 2, young: 1 }]);
    expect(read('狐狸妈妈和小狐狸')).toMatchObject({ subjects: [{ name: 'fox', count: 2, young: 1 }], unmatched: [] });
    // 宝宝 after the animal, 小 before a one-character animal, 子 before a Japanese one (voiced: 子ギツネ).
    expect(read('熊妈妈和熊宝宝')).toMatchObject({ subjects: [{ name: 'bear', count: 2, young: 1 }], unmatched: [] });
    expect(read('熊妈妈和小熊')).toMatchObject({ subjects: [{ name: 'bear', count: 2, young: 1 }], unmatched: [] });
    expect(read('鸭妈妈和鸭宝宝').subjects).toMatchObject([{ name: 'duck', count: 2, young: 1 }]);
    expect(read('母ギツネと子ギツネ')).toMatchObject({ subjects: [{ name: 'fox', count: 2, young: 1 }], unmatched: [] });
    expect(read('母グマと子グマ')).toMatchObject({ subjects: [{ name: 'bear', count: 2, young: 1 }], unmatched: [] });
    // Alone, a young one is just the animal.
    expect(read('森の中の子グマ')).toMatchObject({ subjects: [{ name: 'bear', count: 1 }], unmatched: [] });
    expect(read('小熊').subjects[0]).not.toHaveProperty('young');
    // Honey and bamboo in Chinese and Japanese; a comic book is a book read.
    expect(read('小熊和蜂蜜').names).toEqual(['bear', 'honey pot']);
    expect(read('パンダとバンブー').names).toEqual(['panda', 'bamboo']);
    expect(read('a boy reading a comic book').names).toEqual(['boy standing', 'open book']);
    // A wolf howls sitting, its muzzle to the moon, and the moon is over it.
    const howl = understandPrompt('狼对着月亮嚎叫', index);
    expect(howl.subjects.map((s) => s.name)).toEqual(['wolf howling', 'crescent moon']);
    expect(howl).toMatchObject({ unmatched: [], arrangement: { verb: 'under', object: howl.subjects[1].id } });
    expect(read('a wolf howling at the moon').names).toEqual(['wolf howling', 'crescent moon']);
    // A pack, a pride: several; autumn leaves are the autumn wood, an autumn leaf is a leaf; a hive is drawn.
    expect(read('a wolf pack').subjects).toMatchObject([{ name: 'wolf', count: 3 }]);
    expect(read('two foxes in autumn leaves')).toMatchObject({ names: ['fox'], scene: 'forest' });
    expect(read('an autumn leaf').names).toEqual(['maple leaf']);
    expect(read('a bear and a beehive')).toMatchObject({ names: ['bear', 'beehive'], unmatched: [] });
  });

  it.each([
    ['a bear holding a balloon', 'hold', 'bear', 'balloon'],
    ['a teddy bear carrying a gift', 'hold', 'teddy bear', 'wrapped gift'],
    ['a dog with a bone', 'with', 'dog', 'meat on bone'],
    ['a girl holding flowers', 'hold', 'girl standing', 'blossom'],
    ['a cat eating fish', 'eat', 'cat', 'tropical fish'],
    ['a monkey eats a banana', 'eat', 'monkey', 'banana'],
    ['a chef baking a cake', 'hold', 'cook', 'birthday cake'],
    ['a bear eating honey', 'eat', 'bear', 'honey pot'],
    ['小熊拿着气球', 'hold', 'bear', 'balloon'],
    ['女孩抱着泰迪熊', 'hold', 'girl standing', 'teddy bear'],
    ['小猫吃鱼', 'eat', 'cat', 'tropical fish'],
    ['風船を持ったくま', 'hold', 'bear', 'balloon'],
    ['くまが風船を持っている', 'hold', 'bear', 'balloon'],
    ['魚を食べる猫', 'eat', 'cat', 'tropical fish'],
    ['バナナを食べているサル', 'eat', 'monkey', 'banana'],
  ])('reads who holds what in "%s"', (prompt, verb, holder, held) => {
    const u = understandPrompt(prompt, index);
    const name = (id: string | undefined): string | undefined => u.subjects.find((s) => s.id === id)?.name;
    expect(u.relation?.verb).toBe(verb);
    expect(name(u.relation?.holder)).toBe(holder);
    expect(name(u.relation?.held)).toBe(held);
    // The holder leads, whatever the word order or the kinds ("魚を食べる猫": the fish comes first).
    expect(u.subjects.slice(0, 2).map((s) => s.name)).toEqual([holder, held]);
    expect(u.unmatched).toEqual([]);
  });

  it('finds no relation without two subjects to relate', () => {
    expect(read('a cat and a dog')).toMatchObject({ names: ['cat', 'dog'] });
    expect(understandPrompt('a cat and a dog', index).relation).toBeNull();
    expect(understandPrompt('a bear holding', index).relation).toBeNull();
    expect(understandPrompt('holding a balloon', index).relation).toBeNull();
  });

  it('recognises requests for mandalas and patterns', () => {
    expect(read('an intricate mandala').theme).toBe('mandala');
    expect(read('zentangle pattern').theme).toBe('pattern');
    expect(read('マンダラ模様').theme).toBe('mandala');
  });

  it('works on any index, not only the built library', () => {
    const tiny = buildSubjectIndex([{ id: '1', name: 'zebra', keywords: ['stripes'], kind: 'animal' }]);
    expect(understandPrompt('stripes', tiny).subjects.map((s) => s.name)).toEqual(['zebra']);
    expect(understandPrompt('a cat', tiny).unmatched).toEqual(['cat']);
  });
});

describe('word helpers', () => {
  it('singularizes common plurals', () => {
    expect(['kittens', 'puppies', 'boxes', 'leaves', 'bus', 'glass'].map(singularize)).toEqual(['kitten', 'puppy', 'box', 'leaf', 'bus', 'glass']);
  });
  it('says plurals as a title would', () => {
    expect(['wolf', 'fox', 'butterfly', 'sheep', 'wolf howling', 'fox sleeping', 'knife'].map(plural)).toEqual(['wolves', 'foxes', 'butterflies', 'sheep', 'wolves howling', 'foxes sleeping', 'knives']);
  });
  it('detects the language from the script', () => {
    expect([detectLanguage('cat'), detectLanguage('小猫'), detectLanguage('ねこ'), detectLanguage('恐竜とジャングル')]).toEqual(['en', 'zh', 'ja', 'ja']);
  });
});
