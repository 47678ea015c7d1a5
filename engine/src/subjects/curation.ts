/**
 * Which OpenMoji emoji become colouring subjects, and what kind of thing each is. The kind picks
 * the scene a subject stands in and which subject wins as head noun.
 */

export const SUBJECT_KINDS = [
  'animal', 'bird', 'sea', 'bug', 'dinosaur', 'plant', 'food', 'road', 'air', 'water', 'space',
  'building', 'fantasy', 'holiday', 'weather', 'toy', 'object', 'person',
] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

const KIND_BY_SUBGROUP: Record<string, SubjectKind> = {
  'animal-mammal': 'animal',
  'animal-amphibian': 'animal',
  'animal-reptile': 'animal',
  'animal-bird': 'bird',
  'animal-marine': 'sea',
  'animal-bug': 'bug',
  'animals-nature': 'animal',
  'plant-flower': 'plant',
  'plant-other': 'plant',
  gardening: 'plant',
  'food-fruit': 'food',
  'food-vegetable': 'food',
  'food-prepared': 'food',
  'food-asian': 'food',
  'food-sweet': 'food',
  'food-drink': 'food',
  drink: 'food',
  dishware: 'food',
  'transport-ground': 'road',
  'transport-air': 'air',
  'transport-water': 'water',
  'place-building': 'building',
  'place-geographic': 'building',
  'place-other': 'building',
  'place-religious': 'building',
  'sky-weather': 'weather',
  'person-fantasy': 'fantasy',
  'face-costume': 'fantasy',
  event: 'holiday',
  game: 'toy',
  sport: 'toy',
  'arts-crafts': 'toy',
  'musical-instrument': 'object',
  household: 'object',
  clothing: 'object',
  science: 'object',
  'book-paper': 'object',
  tool: 'object',
  writing: 'object',
  music: 'object',
  'light-video': 'object',
  mail: 'object',
  'award-medal': 'toy',
  'place-map': 'object',
  time: 'object',
  'climate-environment': 'weather',
};

/** Annotations that name kinds more precisely than OpenMoji's subgroups do. */
const KIND_BY_ANNOTATION: [RegExp, SubjectKind][] = [
  [/dinosaur|sauropod|t-rex|dragon/, 'dinosaur'],
  [/rocket|satellite|flying saucer|ringed planet|comet|milky way|telescope/, 'space'],
  [/christmas|jack-o-lantern|santa|snowman|wrapped gift|pumpkin|fireworks|balloon|birthday/, 'holiday'],
  [/unicorn|fairy|mermaid|genie|wizard|mage|elf|troll|vampire|zombie|ghost|alien|robot|castle/, 'fantasy'],
  [/whale|dolphin|fish|octopus|shark|crab|lobster|shrimp|squid|seal|otter|jellyfish|coral|narwhal|beluga|porpoise|orca|spiral shell/, 'sea'],
];

// Symbols, faces, flags and abstract things that a child would not colour as a picture.
const EXCLUDED_ANNOTATION = /\b(flag|face with|button|sign|symbol|keycap|arrow|mark|clock|o’clock|thirty|letter|sleeping|zzz|skin tone|hand|finger|ideograph|bust in|busts|logo|dotted|silhouette|ballot|kiss|couple|family|lipstick|bikini|thong|briefs|pill|syringe|cigarette|knife|dagger|gun|pistol|bomb|coffin|headstone|urn|skull|crossed|prohibited|no |merperson|merman|man |woman |men |women |person |people |vampire|zombie|shaved ice|wine|beer|cocktail|sake|tumbler|champagne|bottle with|clinking|liquor|speaking|oncoming|statue|tokyo tower|japanese post|love hotel|wedding|sparkles|spouting whale|pile of poo|chequered)\b/;

/**
 * People are drawn from the shoulders up in OpenMoji; these few are kept (a girl holding flowers),
 * the hundreds of role, gesture and hair variants are not.
 */
const PEOPLE = new Set(['baby', 'child', 'boy', 'girl', 'person', 'man', 'woman', 'older person', 'princess', 'prince', 'cook', 'farmer', 'astronaut']);

/**
 * Full-body people doing things (riding, running, dancing, playing a ball): the figures a prompt
 * with a person and a verb needs. Variants facing right and in rooms nobody colours are left out.
 */
const BODY_SUBGROUPS = new Set(['person-activity', 'person-sport', 'person-resting']);
const BODY_EXCLUDED = /facing right|steamy room|with white cane|in motorized|in manual|with probing|deaf|water polo|lifting weights|golfing|wrestling|bunny ears|massage|haircut|feeding baby|taking bath|fencing/;
/** Body-worn and held things for costumes (a knight's shield). */
const COSTUME_THINGS = new Set(['shield']);
/** Flags a child draws (a race's finish, a pirate ship's). */
const FLAGS = new Set(['chequered flag', 'pirate flag', 'triangular flag']);
/** OpenMoji's own extra sets worth a page; the rest are brands, UI and signage. */
const EXTRA_SUBGROUPS = new Set(['animals-nature', 'food-drink', 'gardening', 'climate-environment', 'travel-places', 'objects', 'people']);
const EXTRA_EXCLUDED = /trump|greta|drunk|brand|logo|emergency|exit|stairway|elevator|parking|outlet|lighter|fawkes|badge|gmünd|autonomous|spätzle|research station|ice core|melting|nuclear|radioactive|oil spill|exhaust|consumption|geiger|sea level|solar energy|reusable bag/;
/** Job and role busts without a man/woman variant prefix (the neutral figure of each role). */
const ROLE_EXCLUDED = /^(man|woman|men|women) |turban|headscarf|skullcap|tuxedo|veil|with crown|breast|bearded|older|deaf|pregnant|judge|technologist|office worker|factory worker|singer|detective/;

export function kindOf(group: string, subgroup: string, annotation: string): SubjectKind | null {
  const name = annotation.toLowerCase();
  if (BODY_SUBGROUPS.has(subgroup)) return BODY_EXCLUDED.test(name) ? null : 'person';
  if (group === 'extras-openmoji' && subgroup === 'people' && /^(horse riding|windsurfing)$/.test(name)) return 'person';
  if (COSTUME_THINGS.has(name)) return 'object';
  if (subgroup === 'person' || subgroup === 'person-role') return PEOPLE.has(name) || (subgroup === 'person-role' && !ROLE_EXCLUDED.test(name)) ? 'person' : null;
  if (group === 'flags') return FLAGS.has(name) ? 'toy' : null;
  if (group === 'extras-openmoji' && EXTRA_SUBGROUPS.has(subgroup) && EXTRA_EXCLUDED.test(name)) return null;
  if (group === 'extras-openmoji' && subgroup === 'people') return 'person';
  if (group === 'flags' || group === 'symbols' || group === 'component' || group === 'extras-unicode') return null;
  if (EXCLUDED_ANNOTATION.test(` ${name} `)) return null;
  const base = KIND_BY_SUBGROUP[subgroup];
  if (base === undefined) return null;
  if (group === 'extras-openmoji' && !EXTRA_SUBGROUPS.has(subgroup)) return null;
  for (const [pattern, kind] of KIND_BY_ANNOTATION) if (pattern.test(name)) return kind;
  return base;
}
