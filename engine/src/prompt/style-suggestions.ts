import type { Language, Localized } from '@studio/contracts/constants';

export const SUGGESTION_CATEGORIES = ['animals', 'nature', 'characters', 'vehicles', 'food'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

export interface StyleSuggestion {
  id: string;
  category: SuggestionCategory;
  /** Short label for the chip. */
  name: Localized;
  /** The prompt the chip puts into the prompt box. */
  content: Localized;
}

type Row = [name: string, en: string, zh: string, ja: string, zhName: string, jaName: string];

// Each content is a prompt the offline composer understands in all three languages (a test checks).
const ROWS: Record<SuggestionCategory, Row[]> = {
  animals: [
    ['Kitten', 'a cute kitten in a garden', '花园里的小猫', '庭の子猫', '小猫', '子猫'],
    ['Puppy', 'a happy puppy with a ball', '一只小狗和一个球', 'ボールと子犬', '小狗', '子犬'],
    ['Lion', 'a friendly lion in the jungle', '丛林里的狮子', 'ジャングルのライオン', '狮子', 'ライオン'],
    ['Elephant', 'a baby elephant in the meadow', '草地上的大象', '草原のゾウ', '大象', 'ゾウ'],
    ['Owl', 'an owl in the forest at night', '森林里的猫头鹰', '森のフクロウ', '猫头鹰', 'フクロウ'],
    ['Dolphin', 'a dolphin jumping in the sea', '大海里的海豚', '海のイルカ', '海豚', 'イルカ'],
    ['Panda', 'a panda eating bamboo', '熊猫吃竹子', '竹を食べるパンダ', '熊猫', 'パンダ'],
    ['Dinosaur', 'a dinosaur in the jungle', '恐龙在丛林里', '恐竜とジャングル', '恐龙', '恐竜'],
    ['Butterfly', 'a butterfly in a flower garden', '花园里的蝴蝶', '庭の蝶', '蝴蝶', '蝶'],
    ['Turtle', 'a sea turtle under the sea', '海底的海龟', '海の中のカメ', '海龟', 'カメ'],
  ],
  nature: [
    ['Sunflower', 'a sunflower in the garden', '花园里的向日葵', '庭のひまわり', '向日葵', 'ひまわり'],
    ['Rose', 'a rose for mother', '一朵玫瑰', 'バラの花', '玫瑰', 'バラ'],
    ['Tree', 'a big tree in the meadow', '草地上的大树', '草原の木', '大树', '木'],
    ['Cactus', 'a cactus in the desert', '沙漠里的仙人掌', '砂漠のサボテン', '仙人掌', 'サボテン'],
    ['Mushroom', 'mushrooms in the forest', '森林里的蘑菇', '森のきのこ', '蘑菇', 'きのこ'],
    ['Rainbow', 'a rainbow in the sky', '天空中的彩虹', '空の虹', '彩虹', '虹'],
    ['Palm tree', 'a palm tree on the beach', '海滩上的棕榈树', 'ビーチのヤシの木', '棕榈树', 'ヤシの木'],
    ['Tulip', 'tulips in spring', '花园里的郁金香', '庭のチューリップ', '郁金香', 'チューリップ'],
    ['Volcano', 'a volcano in the jungle', '丛林里的火山', 'ジャングルの火山', '火山', '火山'],
    ['Mandala', 'a flower mandala', '花朵曼陀罗', '花のマンダラ', '曼陀罗', 'マンダラ'],
  ],
  characters: [
    ['Unicorn', 'a cute unicorn', '可爱的独角兽', 'かわいいユニコーン', '独角兽', 'ユニコーン'],
    ['Dragon', 'a friendly dragon', '一条友好的龙', 'やさしいドラゴン', '龙', 'ドラゴン'],
    ['Mermaid', 'a mermaid under the sea', '海底的美人鱼', '海の中の人魚', '美人鱼', '人魚'],
    ['Fairy', 'a fairy in the garden', '花园里的仙女', '庭の妖精', '仙女', '妖精'],
    ['Robot', 'a friendly robot', '友好的机器人', 'やさしいロボット', '机器人', 'ロボット'],
    ['Wizard', 'a wizard in the forest', '森林里的巫师', '森の魔法使い', '巫师', '魔法使い'],
    ['Alien', 'an alien in space', '太空中的外星人', '宇宙の宇宙人', '外星人', '宇宙人'],
    ['Ghost', 'a friendly ghost at night', '夜晚的幽灵', '夜のおばけ', '幽灵', 'おばけ'],
    ['Snowman', 'a snowman in the snow', '雪地里的雪人', '雪の中の雪だるま', '雪人', '雪だるま'],
    ['Teddy bear', 'a teddy bear picnic', '泰迪熊野餐', 'テディベアのピクニック', '泰迪熊', 'テディベア'],
  ],
  vehicles: [
    ['Fire truck', 'a fire truck on the road', '路上的消防车', '道路の消防車', '消防车', '消防車'],
    ['Rocket', 'a rocket in space', '太空中的火箭', '宇宙のロケット', '火箭', 'ロケット'],
    ['Airplane', 'an airplane in the sky', '天空中的飞机', '空の飛行機', '飞机', '飛行機'],
    ['Train', 'a train in the city', '城市里的火车', '街の電車', '火车', '電車'],
    ['Sailboat', 'a sailboat on the sea', '大海上的帆船', '海のヨット', '帆船', 'ヨット'],
    ['Tractor', 'a tractor on the farm', '农场里的拖拉机', '農場のトラクター', '拖拉机', 'トラクター'],
    ['Race car', 'a race car on the road', '路上的赛车', '道路のレーシングカー', '赛车', 'レーシングカー'],
    ['Helicopter', 'a helicopter in the sky', '天空中的直升机', '空のヘリコプター', '直升机', 'ヘリコプター'],
    ['Bus', 'a bus in the city', '城市里的公交车', '街のバス', '公交车', 'バス'],
    ['Bicycle', 'a bicycle in the park', '公园里的自行车', '公園の自転車', '自行车', '自転車'],
  ],
  food: [
    ['Cupcake', 'a cupcake with sprinkles', '一个纸杯蛋糕', 'カップケーキ', '纸杯蛋糕', 'カップケーキ'],
    ['Ice cream', 'an ice cream cone', '冰淇淋', 'アイスクリーム', '冰淇淋', 'アイス'],
    ['Pizza', 'a pizza party', '披萨派对', 'ピザパーティー', '披萨', 'ピザ'],
    ['Birthday cake', 'a birthday cake', '生日蛋糕', '誕生日ケーキ', '生日蛋糕', 'ケーキ'],
    ['Fruit', 'a basket of fruit', '一篮水果', 'フルーツのかご', '水果', 'フルーツ'],
    ['Watermelon', 'a watermelon slice', '西瓜', 'すいか', '西瓜', 'すいか'],
    ['Donut', 'donuts on a table', '桌上的甜甜圈', 'テーブルのドーナツ', '甜甜圈', 'ドーナツ'],
    ['Sushi', 'sushi on a table', '寿司', 'お寿司', '寿司', '寿司'],
    ['Hamburger', 'a hamburger and fries', '汉堡和薯条', 'ハンバーガー', '汉堡', 'ハンバーガー'],
    ['Strawberry', 'strawberries in a basket', '草莓', 'いちご', '草莓', 'いちご'],
  ],
};

export const STYLE_SUGGESTIONS: readonly StyleSuggestion[] = SUGGESTION_CATEGORIES.flatMap((category) =>
  ROWS[category].map(([name, en, zh, ja, zhName, jaName], i) => ({
    id: `${category}-${i + 1}`,
    category,
    name: { en: name, zh: zhName, ja: jaName },
    content: { en, zh, ja },
  })),
);

export interface LocalizedSuggestion {
  id: string;
  category: SuggestionCategory;
  name: string;
  content: string;
}

/** Six suggestions in one language, drawn without repeats; `random` is injectable for tests. */
export function pickSuggestions(lang: Language, count = 6, random: () => number = Math.random): LocalizedSuggestion[] {
  const pool = [...STYLE_SUGGESTIONS];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).map((s) => ({ id: s.id, category: s.category, name: s.name[lang], content: s.content[lang] }));
}
