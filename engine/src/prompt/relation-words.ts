/**
 * Words that say how the things of a prompt stand to each other, how many there are and what
 * they wear, beyond the holding verbs of lexicon.ts: "a monkey riding a bicycle", "a cat sleeping
 * on a pillow", "three kittens", "a frog with a crown", and their Chinese and Japanese forms
 * (translated to these English words before reading).
 */

/** Where one thing goes relative to another ("a bee on a sunflower": the bee is on). */
export type ArrangeVerb = 'ride' | 'on' | 'in' | 'under' | 'over' | 'front' | 'climb';

export const ARRANGE_WORDS: Record<string, ArrangeVerb> = {
  riding: 'ride', ride: 'ride', rides: 'ride', '=ride': 'ride',
  on: 'on', onto: 'on', atop: 'on', upon: 'on', sitting: 'on', sleeping: 'on', standing: 'on', lying: 'on', perched: 'on', '=on': 'on',
  in: 'in', inside: 'in', '=in': 'in',
  under: 'under', beneath: 'under', below: 'under', underneath: 'under', '=under': 'under',
  over: 'over', above: 'over', '=over': 'over',
  '=front': 'front', behind: 'front',
  climbing: 'climb', climbs: 'climb', climb: 'climb', '=climb': 'climb',
};

/** Two-word forms read as one ("in front of", "flying over"). */
export const ARRANGE_PHRASES: Record<string, ArrangeVerb> = {
  'in front': 'front', 'next to': 'front', 'flying over': 'over', 'flying above': 'over', 'flying past': 'over', 'flying across': 'over', 'sitting on': 'on', 'sleeping on': 'on', 'standing on': 'on', 'lying on': 'on',
  'sitting in': 'in', 'sleeping in': 'in',
};

/** Number and group words: how many of the next subject. */
export const COUNT_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, pair: 2, couple: 2, group: 3, bunch: 3, herd: 3, flock: 3, family: 3, pack: 3, pride: 3, litter: 3, many: 4, lot: 4, lots: 4, some: 3, several: 3,
  '=2': 2, '=3': 3, '=4': 4, '=5': 5, '=6': 6, '=7': 7, '=8': 8, '=9': 9, '=10': 10,
};

/** Groups named by one phrase: "farm animals" are a cow, a pig and a sheep on a farm; `*N` is a count. */
export const GROUP_PHRASES: Record<string, { members: string[]; scene: string | null }> = {
  'farm animal': { members: ['cow', 'pig', 'sheep'], scene: 'farm' },
  'jungle animal': { members: ['tiger', 'monkey', 'elephant'], scene: 'jungle' },
  'sea animal': { members: ['fish', 'octopus', 'crab'], scene: 'sea' },
  'sea creature': { members: ['fish', 'octopus', 'crab'], scene: 'sea' },
  'ocean animal': { members: ['fish', 'octopus', 'crab'], scene: 'sea' },
  'forest animal': { members: ['fox', 'deer', 'hedgehog'], scene: 'forest' },
  'woodland animal': { members: ['fox', 'deer', 'hedgehog'], scene: 'forest' },
  'zoo animal': { members: ['lion', 'elephant', 'giraffe'], scene: 'meadow' },
  'safari animal': { members: ['lion', 'elephant', 'giraffe'], scene: 'meadow' },
  pet: { members: ['cat', 'dog', 'rabbit'], scene: null },
  // 竹林, 竹やぶ: the forest is of bamboo, and bamboo is drawn.
  'bamboo forest': { members: ['bamboo'], scene: 'forest' },
  // お花見: cherry trees and children under them (the word park that follows sets the place).
  'cherry-blossom viewing': { members: ['cherry tree*2', 'child*2'], scene: null },
};

/** Library names of things worn on the head or body; a subject with one wears it. */
export const WORN = /^(top hat|woman’s hat|billed cap|crown|military helmet|rescue worker’s helmet|scarf|glasses|sunglasses|graduation cap|party hat|witch hat|ribbon|unicorn horn|cape)$/;
/** Words that make the next worn thing worn ("a dog in a cape"). */
export const WEAR_WORDS = new Set(['wearing', 'wear', 'wears', 'dressed', '=wear']);

/**
 * Full-body poses for people: a person with one of these verbs (or the thing it implies) is drawn
 * as a figure doing it, which also shows the thing ("girl riding a bicycle" → girl biking). Names
 * use the prompt's person word (girl, boy, child, woman, man, person); children are our drawn
 * figures with faces (subjects/drawn-figures.ts), the others OpenMoji's where it has them.
 */
export interface Pose {
  /** Library name; `{g}` is replaced by the figure word (see FIGURE_WORDS). */
  name: string;
  /** A subject the figure already shows, dropped from the page ("bicycle" in girl biking). */
  shows?: RegExp;
}
export const POSE_BY_VERB: Record<string, Pose> = {
  running: { name: '{g} running' }, run: { name: '{g} running' }, jogging: { name: '{g} running' },
  dancing: { name: '{g} dancing' }, dance: { name: '{g} dancing' }, waving: { name: '{g} waving' }, sitting: { name: '{g} sitting' },
  swimming: { name: '{g} swimming' }, swim: { name: '{g} swimming' },
  surfing: { name: '{g} surfing', shows: /surf/ }, surfer: { name: '{g} surfing' },
  skiing: { name: 'skier', shows: /ski/ }, skier: { name: 'skier' },
  // Only a witch has a flying figure (on her broom); anyone else flying is said not drawn.
  flying: { name: '{g} flying' }, fly: { name: '{g} flying' }, flies: { name: '{g} flying' },
  climbing: { name: '{g} climbing' }, walking: { name: '{g} walking' }, kneeling: { name: '{g} kneeling' },
  juggling: { name: '{g} juggling' }, cartwheel: { name: '{g} cartwheeling' }, meditating: { name: '{g} in lotus position' }, yoga: { name: '{g} in lotus position' },
  rowing: { name: '{g} rowing boat', shows: /boat|canoe/ },
};
/** Riding poses: by what is ridden. */
export const RIDE_POSES: [RegExp, Pose][] = [
  [/^(bicycle|bike)$/, { name: '{g} biking', shows: /bicycle/ }],
  [/^(horse|pony)$/, { name: 'horse riding', shows: /^horse$/ }],
];
/** Sports played: the figure playing it. */
export const PLAY_POSES: Record<string, Pose> = {
  soccer: { name: '{g} bouncing ball', shows: /ball/ }, football: { name: '{g} bouncing ball', shows: /ball/ }, basketball: { name: '{g} bouncing ball', shows: /ball/ },
  ball: { name: '{g} bouncing ball', shows: /ball/ }, handball: { name: '{g} playing handball', shows: /ball/ }, golf: { name: '{g} golfing' },
};
/** Person words and the figure word their poses are looked up by. */
export type FigureWord = 'girl' | 'boy' | 'child' | 'woman' | 'man' | 'person';
export const PERSON_WORDS: Record<string, FigureWord> = {
  girl: 'girl', woman: 'woman', lady: 'woman', princess: 'woman', mom: 'woman', mother: 'woman', ballerina: 'girl',
  boy: 'boy', man: 'man', prince: 'boy', dad: 'man', father: 'man', knight: 'boy',
  child: 'child', kid: 'child', person: 'person', baby: 'child',
};
/**
 * Where a figure word has no figure in a pose, the next to try: a woman who runs is drawn as a
 * girl running rather than not at all (OpenMoji has no running figure).
 */
export const FIGURE_FALLBACK: Record<FigureWord, FigureWord[]> = {
  girl: ['girl', 'woman', 'child', 'person'],
  boy: ['boy', 'man', 'child', 'person'],
  child: ['child', 'person', 'girl'],
  woman: ['woman', 'girl', 'person', 'child'],
  man: ['man', 'boy', 'person', 'child'],
  person: ['person', 'child'],
};
/** A body that stands, for people that do something the poses above do not name. */
export const STANDING = '{g} standing';

/** People in costume: a figure and what it wears and holds. */
export const COSTUMES: Record<string, { body: string; wears: string[]; holds: string | null }> = {
  // The knight's own figure wears his helmet and carries a sword; his free hand takes the shield.
  knight: { body: '{g} standing', wears: [], holds: 'shield' },
};

/** Chinese relation and number words, translated to the English words above. */
export const CHINESE_RELATIONS: Record<string, string> = {
  骑: 'riding', 骑着: 'riding', 骑马的: 'riding horse', 睡在: 'sleeping on', 坐在: 'sitting on', 站在: 'standing on', 趴在: 'lying on', 上的: '=on', 上面的: '=on', 上空的: '=over', 上空: '=over',
  下的: '=under', 下面的: '=under', 前面的: '=front', 前的: '=front', 里的: '=in',
  // After the place at the end ("猫在沙发上", "猫头鹰在月亮下"): the thing before 在 is on, under, in it.
  上: '=on', 上面: '=on', 下: '=under', 下面: '=under', 底下: '=under', 里: '=in', 里面: '=in', 树上: 'tree =on', 树下: 'tree =under',
  戴: 'wearing', 戴着: 'wearing', 穿: 'wearing', 穿着: 'wearing', 帽子: 'hat', 围巾: 'scarf', 眼镜: 'glasses', 头盔: 'helmet', 披风: 'cape', 斗篷: 'cape',
  弹: 'playing', 弹着: 'playing', 拉: 'playing', 踢: 'playing', 踢足球: 'playing soccer', 打篮球: 'playing basketball', 跳舞: 'dancing', 跑步: 'running', 游泳: 'swimming', 滑雪: 'skiing',
  两只: '=2', 两个: '=2', 二只: '=2', 三只: '=3', 三个: '=3', 四只: '=4', 四个: '=4', 五只: '=5', 五个: '=5', 一家: 'family', 家庭: 'family', 一群: 'group',
  枕头: 'pillow', 灯塔: 'lighthouse', 谷仓: 'barn', 小屋: 'cabin', 木屋: 'cabin', 荷叶: 'lily pad', 花瓶: 'vase', 沙堡: 'sandcastle', 隧道: 'tunnel', 终点线: 'finish line',
  盾牌: 'shield', 竹子: 'bamboo', 曼陀罗: 'mandala', 放风筝: 'holding kite',
};
export const JAPANESE_RELATIONS: Record<string, string> = {
  乗る: '=ride', 乗った: '=ride', 乗っている: '=ride', 乗ってる: '=ride', 上の: '=on', 上で: '=on', 上に: '=on', 上を飛ぶ: '=over', 上を: '=over', 下の: '=under', 下で: '=under', 下に: '=under', 中に: '=in', 中の: '=in', 中で: '=in',
  前の: '=front', 寝ている: 'sleeping', 寝てる: 'sleeping', 座っている: 'sitting', 座った: 'sitting',
  かぶった: '=wear', かぶっている: '=wear', 着た: '=wear', つけた: '=wear', 帽子: 'hat', マフラー: 'scarf', めがね: 'glasses', メガネ: 'glasses', ヘルメット: 'helmet', マント: 'cape',
  弾く: 'playing', 弾いている: 'playing', をする: 'playing', する: 'playing', 踊る: 'dancing', 走る: 'running', 泳ぐ: 'swimming',
  二匹: '=2', '2匹': '=2', 三匹: '=3', '3匹': '=3', 四匹: '=4', '4匹': '=4', 五匹: '=5', '5匹': '=5', 二羽: '=2', 三羽: '=3', 家族: 'family', 親子: 'family',
  枕: 'pillow', 小屋: 'cabin', 灯台: 'lighthouse', 納屋: 'barn', 蓮の葉: 'lily pad', 花瓶: 'vase', 砂の城: 'sandcastle', トンネル: 'tunnel', ゴール: 'finish line', 盾: 'shield',
  サッカー: 'soccer', 雪の森: 'snowy woods',
};
