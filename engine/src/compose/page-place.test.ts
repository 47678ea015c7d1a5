import { beforeAll, describe, expect, it } from 'vitest';
import { realSubjectIndex } from '../prompt/test-library';
import { understandPrompt } from '../prompt/understand-prompt';
import type { SubjectIndex } from '../prompt/understand-prompt';
import { choosePlace, homeOf, namedPlace } from './page-place';

let index: SubjectIndex;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);

/** The place a page of the prompt is drawn in, as planSubjects decides it for the main subject. */
function placeOf(prompt: string): string | null {
  const u = understandPrompt(prompt, index);
  return choosePlace(u.scene, u.words, u.subjects[0]);
}

describe('namedPlace', () => {
  it('finds places the prompt names by word, and keeps a scene the reader found', () => {
    expect(namedPlace(null, ['cat', 'room', 'window'])).toBe('room');
    expect(namedPlace(null, ['girl', 'park'])).toBe('park');
    expect(namedPlace('meadow', ['castle', 'mountain'])).toBe('mountain');
    expect(namedPlace('snow', ['cabin', 'snowy', 'wood'])).toBe('snow');
    expect(namedPlace('sea', ['fish', 'window'])).toBe('sea');
    expect(namedPlace(null, ['dog'])).toBeNull();
    // Inside a house is a room; a house in front of which something stands is outdoors.
    expect(namedPlace(null, ['cat', 'in', 'the', 'house'])).toBe('room');
    expect(namedPlace(null, ['dog', 'at', 'home'])).toBe('room');
    expect(namedPlace(null, ['dog', 'in', 'front', 'of', 'a', 'house'])).toBeNull();
  });

  it('draws a place without scenery of its own as the nearest that does not contradict it', () => {
    // A cave has its own scenery now: inside it, looking out of its mouth.
    expect(namedPlace(null, ['dragon', 'cave'])).toBe('cave');
    expect(placeOf('a sleeping bear in its den')).toBe('cave');
    expect(namedPlace(null, ['cat', 'kitchen'])).toBe('room');
    expect(namedPlace(null, ['teacher', 'classroom'])).toBe('room');
    expect(namedPlace(null, ['lion', 'zoo'])).toBe('park');
  });
});

describe('choosePlace', () => {
  it.each([
    // The prompt's place, in every language.
    ['a dragon in a cave', 'cave'],
    ['山洞里的龙', 'cave'],
    ['洞窟のドラゴン', 'cave'],
    ['a cat in the kitchen', 'room'],
    ['a bear in the bedroom', 'room'],
    ['熊猫在竹林里', 'forest'],
    ['a rainbow over the city', 'city'],
    ['a fish in a pond', 'sea'],
    ['a girl in the park', 'park'],
    ['a castle in the mountains', 'mountain'],
    // On the water, not under it: a duck on a lake, a ship on the ocean; fish stay under the sea.
    ['a duck at the lake', 'lake'],
    ['ducks on a pond', 'lake'],
    ['a pirate ship on the ocean', 'ocean'],
    ['a sailboat on the sea', 'ocean'],
    ['a girl swimming in the sea', 'ocean'],
    ['a fish in the ocean', 'sea'],
    ['a boat under the sea', 'sea'],
    ['海の中のクジラ', 'sea'],
    ['a dolphin jumping out of the water', 'ocean'],
    ['a lighthouse by the sea', 'beach'],
    ['a frog sitting on a lily pad', 'lake'],
    ['a sea turtle swimming with fish', 'sea'],
    ['池塘里的鸭子', 'lake'],
    ['a snowman in the snow', 'snow'],
    ['お花見', 'park'],
    // No place named: where the main subject lives.
    ['a fish', 'sea'],
    ['a whale', 'sea'],
    ['an octopus', 'sea'],
    ['a mermaid', 'sea'],
    ['a rocket', 'space'],
    ['an astronaut', 'space'],
    ['a planet', 'space'],
    ['a camel', 'desert'],
    ['a penguin', 'snow'],
    ['a polar bear', 'snow'],
    ['a cow', 'farm'],
    ['a pig', 'farm'],
    ['a tractor', 'farm'],
    ['七面鳥', 'farm'],
    ['a car', 'road'],
    ['a bus', 'city'],
    ['a fire truck', 'city'],
    ['a cake', 'table'],
    ['a donut', 'table'],
    ['a cup', 'table'],
    ['a monkey', 'jungle'],
    ['a dragon', 'mountain'],
    ['龙和城堡', 'mountain'],
    ['a fox', 'forest'],
    ['a hot air balloon', 'sky'],
    ['a butterfly', 'garden'],
    ['a frog', 'garden'],
    ['a bear', 'forest'],
    ['a teddy bear', 'table'],
    ['a turtle', 'beach'],
    ['a ballerina', 'stage'],
    ['a crab on the sand', 'beach'],
    ['a camel in the sand', 'desert'],
    ['a cat sleeping on a windowsill', 'room'],
    ['a ballerina on a stage', 'stage'],
    ['a girl singing in a concert', 'stage'],
    ['a pirate ship', 'ocean'],
    ['a sailboat', 'ocean'],
    // A house stands in its garden, not among towers; a school or a bus is in town.
    ['a house', 'garden'],
    ['a cottage', 'garden'],
    // A snowman is out in the snow, whoever is named first.
    ['a girl and a boy building a snowman', 'snow'],
    ['a school bus', 'city'],
  ])('%s → %s', (prompt, place) => {
    expect(placeOf(prompt)).toBe(place);
  });

  it('has no place for nothing', () => {
    expect(choosePlace(null, [], undefined)).toBeNull();
  });

  it('sets people in role costumes where they work, when the prompt names no place', () => {
    expect(homeOf({ name: 'cook', kind: 'person' })).toBe('room');
    expect(homeOf({ name: 'pirate', kind: 'person' })).toBe('beach');
    expect(homeOf({ name: 'witch', kind: 'fantasy' })).toBe('night');
    expect(homeOf({ name: 'farmer', kind: 'person' })).toBe('farm');
    expect(homeOf({ name: 'astronaut', kind: 'person' })).toBe('space');
    expect(homeOf({ name: 'knight', kind: 'person' })).toBe('meadow');
    expect(choosePlace('garden', ['witch', 'in', 'garden'], { name: 'witch', kind: 'fantasy' })).toBe('garden');
  });

  it('keeps a cupcake on the table and a buttercup in the garden', () => {
    expect(homeOf({ name: 'cupcake', kind: 'food' })).toBe('table');
    expect(homeOf({ name: 'buttercup', kind: 'plant' })).toBe('garden');
  });
});
