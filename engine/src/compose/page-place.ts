/**
 * Where a page is set, decided in one place: the place the prompt names (a scene word the reader
 * found, or a place word only the scenery knows: a cave, a bedroom, a park), else the place its
 * main subject lives in (a whale in the sea, a rocket in space, a camel in the desert, a bus in
 * town), else none. Never the meadow by default for something that does not live on one.
 */
import type { Place, Scene } from '../prompt/lexicon';
import { PLACE_WORDS } from '../prompt/lexicon';
import type { SubjectKind } from '../subjects/curation';
import { roleOf } from '../subjects/role-figures';

/** "in the house", "at home": inside. A house named otherwise ("a dog in front of a house") stands outside. */
export function indoors(words: readonly string[]): boolean {
  return words.some((w, i) => /^(house|home)$/.test(w) && words.slice(Math.max(0, i - 2), i).some((before) => /^(in|inside|at)$/.test(before)));
}

/** The place the prompt names: the reader's scene, or a place word the reader has no scene for. */
export function namedPlace(scene: Scene | null, words: readonly string[]): Place | null {
  for (const [pattern, place] of PLACE_WORDS) {
    if (!words.some((w) => pattern.test(w)) && !(place === 'room' && indoors(words))) continue;
    // "a cat in a room" has no scene; "a house in the snow" keeps the snow.
    if ((place === 'room' || place === 'stage') && scene !== null && scene !== 'table') continue;
    if (place === 'mountain' && scene !== null && scene !== 'meadow' && scene !== 'snow') continue;
    if (place === 'park' && scene !== null && scene !== 'meadow') continue;
    return place;
  }
  return scene;
}

/** The part of a subject that says where it lives. */
interface Resident {
  name: string;
  kind: SubjectKind;
}

/**
 * People at work where they work (role-figures.ts): a cook in a kitchen, a teacher in a classroom.
 * By the role a figure is of, standing or posed ("pirate running"), not things named after one ("pirate flag").
 */
const ROLE_HOMES: Record<string, Place> = {
  witch: 'night', wizard: 'night', cook: 'room', teacher: 'room', ballerina: 'stage', doctor: 'room',
  pirate: 'beach', farmer: 'farm', cowboy: 'desert', fairy: 'garden', superhero: 'city',
};

/** Where a subject lives when the prompt names no place, by name first (a penguin is a bird of the snow). */
const HOME_BY_NAME: [RegExp, Place][] = [
  [/christmas|snowman|santa|claus|skier|sled|penguin|polar bear|seal|walrus|igloo|snowflake|cloud with snow/, 'snow'],
  [/jack-o-lantern|ghost|\bbat\b|owl|crescent moon|vampire|zombie/, 'night'],
  [/camel|cactus|scorpion/, 'desert'],
  // A dragon lives in the mountains (in a cave), not in the jungle its kind (a reptile) would give.
  [/^dragon$/, 'mountain'],
  [/fish|whale|octopus|mermaid|dolphin|shark|jellyfish|squid|lobster|shrimp|blowfish|coral|submarine|otter|seahorse/, 'sea'],
  [/rocket|astronaut|planet|satellite|flying saucer|alien|comet|milky way/, 'space'],
  [/\bcow\b|pig|ewe|\bram\b|goat|chicken|rooster|turkey|tractor|horse|duck|donkey|llama|barn|\box\b|sheaf/, 'farm'],
  [/palm tree|crab|spiral shell|sandcastle|lighthouse|surf|turtle/, 'beach'],
  [/tunnel|finish flag|racing car|motorcycle|automobile|sport utility|delivery truck/, 'road'],
  // A house alone, or a village's houses, stands in its garden: a child's house is not in a city
  // of towers (the three little pigs' house stood among skyscrapers).
  [/^(house|houses|cottage|hut)$/, 'garden'],
  [/house|school|office|hospital|bus|taxi|police|ambulance|fire engine|firefighter|construction|post office|department store/, 'city'],
  [/monkey|gorilla|tiger|parrot|sloth|orangutan|t-rex|sauropod|crocodile|snake/, 'jungle'],
  [/fox|deer|hedgehog|squirrel|raccoon|badger|boar|wolf|mushroom|evergreen|owl|beaver|\bbear\b|panda|koala/, 'forest'],
  [/frog|snail|lady beetle|honeybee/, 'garden'],
  [/airplane|helicopter|hot air balloon|kite|parachute|rainbow/, 'sky'],
];

/** Where a subject lives by its kind, when its name says nothing. */
const HOME_BY_KIND: Record<SubjectKind, Place | null> = {
  animal: 'meadow', bird: 'meadow', sea: 'sea', bug: 'garden', dinosaur: 'jungle', plant: 'garden', food: 'table', road: 'road',
  air: 'sky', water: 'ocean', space: 'space', building: 'meadow', fantasy: 'meadow', holiday: 'meadow', weather: 'sky', toy: 'table', object: 'table', person: 'meadow',
};

/** Small things on their own: a cake, a cup, a teddy bear stands on a table. */
const TABLE_THINGS = /cake|cupcake|doughnut|cookie|pie|pizza|hamburger|teacup|hot beverage|cup|mug|teapot|ice cream|lollipop|candy|fries|sushi|dumpling|bowl|apple|banana|pear|cherries|strawberry|grapes|watermelon|lemon|peach|gift|candle|teddy bear|yarn|books/;

/** Where the main subject of a page lives (the prompt named no place). */
export function homeOf(subject: Resident): Place | null {
  if (TABLE_THINGS.test(subject.name) && (subject.kind === 'food' || subject.kind === 'holiday' || subject.kind === 'toy' || subject.kind === 'object')) return 'table';
  // A ship is on the sea, a pirate's too ("pirate ship" starts with a role's name).
  if (subject.kind === 'water') return 'ocean';
  const role = ROLE_HOMES[roleOf(subject.name) ?? ''];
  if (role) return role;
  for (const [pattern, place] of HOME_BY_NAME) if (pattern.test(subject.name)) return place;
  return HOME_BY_KIND[subject.kind];
}

/** Words that put the page under the water, whatever lives there. */
const UNDER_WORDS = /^(underwater|under|beneath|reef|aquarium|deep|diver|diving|snorkel|snorkeling|scuba)$/;
/** Still or running water, with a bank beyond it, rather than the open sea. */
const LAKE_WORDS = /^(pond|lake|river|stream|creek|lagoon|puddle|water)$/;
/** What lives under the water: the page is drawn there. */
const UNDERWATER = /fish|whale|octopus|mermaid|dolphin|shark|jellyfish|squid|lobster|shrimp|blowfish|coral|submarine|seahorse|starfish|orca|narwhal|seal|turtle|crab/;

/**
 * The reader's sea is under the water. A ship on the ocean, ducks on a pond or a girl by a river
 * are on it: the surface with the sky above (the open sea, or a pond with trees on its far bank).
 */
function underOrOn(words: readonly string[], main: Resident | undefined): Place {
  if (words.some((w) => UNDER_WORDS.test(w))) return 'sea';
  // "a dolphin jumping out of the water" is above it.
  const leaping = words.some((w) => /^(jumping|jump|jumps|leaping|leap)$/.test(w)) && words.includes('out');
  const marine = main !== undefined && (main.kind === 'sea' || UNDERWATER.test(main.name));
  if (marine && !leaping) return 'sea';
  // Plain "water" is a pond for a duck, the sea for a dolphin.
  const lake = words.some((w) => LAKE_WORDS.test(w) && !(w === 'water' && marine));
  // A lighthouse or a house by the sea stands on its shore, not on the waves.
  if (main?.kind === 'building') return lake ? 'lake' : 'beach';
  return lake ? 'lake' : 'ocean';
}

/** Words that say a creature is in the water: a sea turtle swimming is under the sea, not on the beach. */
const SWIM_WORDS = /^(swimming|swim|swims|diving|dive)$/;
/** Things that float on a pond: a frog on a lily pad is at the pond. */
const POND_THINGS = /^(lily|lilypad|pad)$/;

/** The one place a page is drawn in: the prompt's, else its main subject's home, else none. */
export function choosePlace(scene: Scene | null, words: readonly string[], main: Resident | undefined): Place | null {
  const named = namedPlace(scene, words);
  if (named === 'sea' && scene === 'sea') return underOrOn(words, main);
  // "a crab on the sand" is on a beach; a camel's sand is the desert's.
  if (named === 'desert' && words.includes('sand') && !words.includes('desert') && main && homeOf(main) === 'beach') return 'beach';
  if (named) return named;
  if (words.some((w) => POND_THINGS.test(w))) return 'lake';
  // A snowman, whoever is named first, is out in the snow ("a girl and a boy building a snowman"
  // stood in a meadow under a rainbow).
  if (words.some((w) => /^snowm[ae]n$/.test(w))) return 'snow';
  // A unicorn is drawn as a horse wearing a horn (understand-prompt.ts): it lives in a meadow, not on a farm.
  // A flying unicorn or a pegasus is up among the clouds.
  const winged = words.some((w) => /^(flying|winged|wings|pegasus|pegasi)$/.test(w));
  const home = main ? (main.name === 'horse' && words.some((w) => /^(unicorn|pegasus|pegasi)$/.test(w)) ? (winged ? 'sky' : 'meadow') : homeOf(main)) : null;
  return home === 'beach' && words.some((w) => SWIM_WORDS.test(w)) ? 'sea' : home;
}
