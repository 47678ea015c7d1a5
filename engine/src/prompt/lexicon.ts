/**
 * Words the prompt reader knows beyond OpenMoji's own names and tags: English synonyms that
 * point at library names, Chinese and Japanese words mapped to English, scene words and words
 * that carry no subject (articles, adjectives) so they are not reported as "not understood".
 */

export const SCENES = ['meadow', 'garden', 'farm', 'jungle', 'forest', 'sea', 'beach', 'sky', 'space', 'road', 'city', 'snow', 'night', 'table', 'desert'] as const;
export type Scene = (typeof SCENES)[number];
/**
 * Every place compose/scenes.ts draws: the reader's scenes, three it names by word only, and the
 * water seen from above its surface (the reader's 'sea' is under it): a ship on the ocean, ducks
 * on a pond (compose/page-place.ts picks them).
 */
export const PLACES = [...SCENES, 'mountain', 'park', 'room', 'ocean', 'lake', 'stage', 'cave'] as const;
export type Place = (typeof PLACES)[number];

/**
 * Words that set the page in a place the reader's scenes do not name; where no scenery of that
 * place exists, the nearest one that does not contradict it (a kitchen or a classroom is a room). Read by compose/page-place.ts.
 */
export const PLACE_WORDS: [RegExp, Place][] = [
  [/^(mountain|mountains|peak|alps|cliff|valley|canyon)$/, 'mountain'],
  [/^(cave|cavern|grotto|den|lair)$/, 'cave'],
  [/^(park|playground|zoo|picnic)$/, 'park'],
  [/^(stage|theater|theatre|concert|recital|ballet)$/, 'stage'],
  [/^(room|bedroom|living|window|windowsill|sill|sofa|couch|indoors|pillow|bed|kitchen|classroom|nursery|playroom|bathroom|library)$/, 'room'],
];

/** Words for rain: the page's weather (compose/scenes.ts), not a rain cloud beside what is named. */
export const RAIN_WORDS = /^(rain|rainy|raining|rainstorm|drizzle)$/;

/** English scene words (after singularising). */
export const SCENE_WORDS: Record<string, Scene> = {
  meadow: 'meadow', field: 'meadow', grass: 'meadow', hill: 'meadow', park: 'meadow', countryside: 'meadow',
  garden: 'garden', yard: 'garden', backyard: 'garden', spring: 'garden', flowerbed: 'garden',
  farm: 'farm', barnyard: 'farm', ranch: 'farm',
  jungle: 'jungle', rainforest: 'jungle', swamp: 'jungle',
  forest: 'forest', wood: 'forest', woods: 'forest', woodland: 'forest', autumn: 'forest', fall: 'forest',
  sea: 'sea', ocean: 'sea', wave: 'sea', water: 'sea', underwater: 'sea', reef: 'sea', aquarium: 'sea', pond: 'sea', lake: 'sea', river: 'sea', deep: 'sea',
  beach: 'beach', island: 'beach', seaside: 'beach', shore: 'beach', summer: 'beach',
  sky: 'sky', cloud: 'sky', air: 'sky', flying: 'sky',
  space: 'space', galaxy: 'space', universe: 'space', outer: 'space', planet: 'space', orbit: 'space',
  road: 'road', street: 'road', highway: 'road', track: 'road', race: 'road',
  city: 'city', skyline: 'city', town: 'city', village: 'city', downtown: 'city',
  snow: 'snow', winter: 'snow', snowy: 'snow', ice: 'snow', arctic: 'snow', north: 'snow', pole: 'snow',
  night: 'night', moonlight: 'night', starry: 'night', bedtime: 'night', dream: 'night',
  lawn: 'meadow', stream: 'sea', waterfall: 'forest', glacier: 'snow', antarctica: 'snow', 'snowy mountain': 'snow',
  table: 'table', breakfast: 'table', lunch: 'table', dinner: 'table', party: 'table', bakery: 'table',
  desert: 'desert', sand: 'desert', dune: 'desert',
};

/** English words and phrases → a library name (or a word the library's tags know). */
export const SYNONYMS: Record<string, string> = {
  kitty: 'cat', kitten: 'cat', puppy: 'dog', doggy: 'dog', pup: 'dog', bunny: 'rabbit', hare: 'rabbit',
  'fire truck': 'fire engine', firetruck: 'fire engine', 'fire engine': 'fire engine',
  'school bus': 'bus', coach: 'bus', car: 'automobile', truck: 'delivery truck', lorry: 'delivery truck',
  'race car': 'racing car', racecar: 'racing car', 'sports car': 'racing car', jeep: 'sport utility vehicle', suv: 'sport utility vehicle',
  plane: 'airplane', aeroplane: 'airplane', jet: 'airplane', airliner: 'airplane', chopper: 'helicopter',
  'hot air balloon': 'hot air balloon', 'air balloon': 'hot air balloon', spaceship: 'rocket', 'rocket ship': 'rocket', 'space ship': 'rocket', 'space shuttle': 'rocket',
  bow: 'ribbon', hairbow: 'ribbon', 'hair bow': 'ribbon',
  village: 'houses', hamlet: 'houses', neighborhood: 'houses', neighbourhood: 'houses',
  glass: 'glass of milk', 'magnifying glass': 'magnifying glass tilted left', 'glass of water': 'glass of milk', 'glass of milk': 'glass of milk', 'glass of juice': 'glass of milk',
  ufo: 'flying saucer', boat: 'sailboat',  steamship: 'ship', yacht: 'sailboat', 'fishing boat': 'ship',
  'steam locomotive': 'locomotive', 'steam train': 'locomotive', bike: 'bicycle', motorbike: 'motorcycle',
  digger: 'construction', excavator: 'construction', bulldozer: 'construction',
  't rex': 't-rex', trex: 't-rex', tyrannosaurus: 't-rex', dinosaur: 't-rex', dino: 't-rex',
  brontosaurus: 'sauropod', diplodocus: 'sauropod', brachiosaurus: 'sauropod',
  dragon: 'dragon',
  'killer whale': 'whale', orca: 'whale', 'sea turtle': 'turtle', tortoise: 'turtle', kitty_cat: 'cat',
  pony: 'horse', stallion: 'horse', foal: 'horse', lamb: 'ewe', sheep: 'ewe', calf: 'cow', piglet: 'pig', duckling: 'duck',
  chick: 'baby chick', chicken: 'chicken', hen: 'chicken', bunny_rabbit: 'rabbit', 'teddy': 'teddy bear',
  'polar bear': 'polar bear', 'panda bear': 'panda', 'koala bear': 'koala', ape: 'gorilla',
  reindeer: 'deer', fawn: 'deer',
  bumblebee: 'honeybee', bee: 'honeybee', ladybird: 'lady beetle', ladybug: 'lady beetle', bug: 'lady beetle',
  caterpillar: 'bug', worm: 'worm', fish: 'tropical fish', goldfish: 'goldfish', seashell: 'spiral shell', shell: 'spiral shell',
  bone: 'meat on bone', honey: 'honey pot', 'comic book': 'book', comic: 'book', storybook: 'book', 'princess castle': 'castle', princess: 'princess', prince: 'prince', lady: 'woman', grandma: 'older person', grandpa: 'older person',
  chef: 'cook', baker: 'cook', flag: 'triangular flag', captain: 'pirate', treasure: 'treasure chest', chest: 'treasure chest', 'treasure chest': 'treasure chest', chalkboard: 'blackboard',  doctor: 'doctor', nurse: 'doctor', vet: 'doctor', pirate: 'pirate', cowboy: 'cowboy', cowgirl: 'cowboy', king: 'king', queen: 'queen', teacher: 'teacher', firefighter: 'firefighter', firewoman: 'firefighter', fireman: 'firefighter', policeman: 'police officer', police: 'police officer', cop: 'police officer', builder: 'construction worker', iceberg: 'iceberg', person: 'person', girl: 'girl', boy: 'boy', man: 'man', woman: 'woman', child: 'child', farmer: 'farmer', astronaut: 'astronaut', knight: 'knight', 'finish line': 'finish flag', 'finishing line': 'finish flag', 'sand castle': 'sandcastle', 'lily pad': 'lily pad', lilypad: 'lily pad', 'water lily': 'lily pad', cabin: 'hut', hut: 'hut', helmet: 'military helmet', cape: 'cape', cloak: 'cape', 'party hat': 'party hat', cushion: 'pillow', ballerina: 'ballerina', cheese: 'cheese wedge', superhero: 'superhero', wizard: 'wizard', witch: 'witch', sorcerer: 'wizard', magician: 'wizard', mage: 'wizard',
  fairy: 'fairy', mermaid: 'mermaid', 'santa claus': 'santa claus', santa: 'santa claus', elf: 'elf', genie: 'genie', angel: 'baby angel',
  monster: 'alien monster', ghost: 'ghost', robot: 'robot', alien: 'alien', clown: 'clown face',
  'christmas tree': 'christmas tree', christmas: 'christmas tree', halloween: 'jack-o-lantern', easter: 'egg', birthday: 'birthday cake', 'birthday party': 'birthday cake', 'easter egg': 'egg', present: 'wrapped gift', gift: 'wrapped gift',
  'jack o lantern': 'jack-o-lantern', pumpkin: 'jack-o-lantern', 'birthday cake': 'birthday cake', cake: 'birthday cake', cupcake: 'cupcake',
  'ice cream': 'soft ice cream', icecream: 'soft ice cream', 'ice cream cone': 'soft ice cream', donut: 'doughnut', fries: 'french fries',
  burger: 'hamburger', 'hot dog': 'hot dog', noodle: 'steaming bowl', ramen: 'steaming bowl', soup: 'pot of food',
  sushi: 'sushi', 'rice ball': 'rice ball', onigiri: 'rice ball', dumpling: 'dumpling', mooncake: 'moon cake',
  fruit: 'red apple', apple: 'red apple', strawberries: 'strawberry', berry: 'strawberry', veggie: 'carrot', vegetable: 'carrot',
  lollipop: 'lollipop', candy: 'candy', sweet: 'candy', cookie: 'cookie', pancake: 'pancakes', tea: 'teacup without handle', cocoa: 'hot beverage', coffee: 'hot beverage',
  flower: 'blossom', rose: 'rose', tulip: 'tulip', daisy: 'blossom', sunflower: 'sunflower', tree: 'deciduous tree', oak: 'deciduous tree',
  'palm tree': 'palm tree', palm: 'palm tree', cactus: 'cactus', mushroom: 'mushroom', leaf: 'maple leaf', 'cherry blossom': 'cherry blossom', 'cherry tree': 'cherry tree', 'cherry blossom tree': 'cherry tree', 'sakura tree': 'cherry tree',
  cup: 'hot beverage', mug: 'hot beverage', teacup: 'teacup without handle', crow: 'black bird', sparrow: 'bird', seagull: 'bird', gull: 'bird', pigeon: 'pigeon',
  sun: 'sun', moon: 'crescent moon', star: 'star', rainbow: 'rainbow', umbrella: 'umbrella', snowflake: 'cloud with snow', snowman: 'snowman without snow',
  house: 'house', home: 'house', cottage: 'house', castle: 'castle', palace: 'castle', barn: 'barn', school: 'school',
  volcano: 'volcano', mountain: 'snow-capped mountain',  planet: 'ringed planet', saturn: 'ringed planet',
  ball: 'soccer ball', football: 'american football', soccer: 'soccer ball', kite: 'kite', yarn: 'yarn', puzzle: 'puzzle piece',
  branch: 'branch', stick: 'branch', twig: 'branch', sofa: 'couch', candle: 'candle', sleigh: 'sled', guitar: 'guitar', piano: 'musical keyboard', drum: 'drum', violin: 'violin', trumpet: 'trumpet', crown: 'crown', hat: 'top hat',
};

/**
 * Words the library has no picture of, drawn as the nearest picture it has: the page report names
 * these as stand-ins ("a T-rex instead of a triceratops"), never as the thing asked for.
 */
export const STAND_INS: Record<string, string> = {
  acorn: 'chestnut', triceratops: 't-rex', stegosaurus: 'sauropod', pterodactyl: 'dragon', moose: 'deer', elk: 'deer', puma: 'leopard', cheetah: 'leopard', jaguar: 'leopard',
  insect: 'butterfly', windmill: 'house', toy: 'teddy bear', log: 'hut', crane: 'bird', 'flower crown': 'crown',
  sakura: 'cherry blossom', chimp: 'monkey', chimpanzee: 'monkey', tent: 'camping',
};

/** Chinese words → English words (resolved through SYNONYMS and the library after translation). */
export const CHINESE: Record<string, string> = {
  猫: 'cat', 小猫: 'kitten', 猫咪: 'cat', 狗: 'dog', 小狗: 'puppy', 兔子: 'rabbit', 小兔子: 'rabbit', 兔: 'rabbit', 马: 'horse', 小马: 'pony',
  独角兽: 'unicorn', 龙: 'dragon', 恐龙: 'dinosaur', 霸王龙: 't-rex', 牛: 'cow', 奶牛: 'cow', 猪: 'pig', 小猪: 'pig', 羊: 'sheep', 绵羊: 'sheep',
  鸡: 'chicken', 小鸡: 'chick', 公鸡: 'rooster', 鸭子: 'duck', 鸭: 'duck', 青蛙: 'frog', 乌龟: 'turtle', 海龟: 'turtle', 蛇: 'snake', 蜥蜴: 'lizard',
  鳄鱼: 'crocodile', 狮子: 'lion', 老虎: 'tiger', 大象: 'elephant', 长颈鹿: 'giraffe', 斑马: 'zebra', 河马: 'hippopotamus', 犀牛: 'rhinoceros',
  猴子: 'monkey', 大猩猩: 'gorilla', 熊猫: 'panda', 熊: 'bear', 北极熊: 'polar bear', 考拉: 'koala', 袋鼠: 'kangaroo', 骆驼: 'camel', 鹿: 'deer',
  狐狸: 'fox', 松鼠: 'squirrel', 刺猬: 'hedgehog', 老鼠: 'mouse', 仓鼠: 'hamster', 蝙蝠: 'bat', 猫头鹰: 'owl', 鹦鹉: 'parrot', 企鹅: 'penguin',
  鸟: 'bird', 小鸟: 'bird', 老鹰: 'eagle', 孔雀: 'peacock', 火烈鸟: 'flamingo', 天鹅: 'swan', 鱼: 'fish', 金鱼: 'goldfish', 鲨鱼: 'shark',
  鲸鱼: 'whale', 海豚: 'dolphin', 章鱼: 'octopus', 螃蟹: 'crab', 水母: 'jellyfish', 海马: 'seahorse', 海星: 'starfish', 贝壳: 'shell', 蝴蝶: 'butterfly',
  蜜蜂: 'bee', 瓢虫: 'ladybug', 蜗牛: 'snail', 蚂蚁: 'ant', 毛毛虫: 'caterpillar', 蜘蛛: 'spider', 美人鱼: 'mermaid', 仙女: 'fairy', 精灵: 'elf',
  公主: 'princess', 王子: 'prince', 城堡: 'castle', 巫师: 'wizard', 女巫: 'witch', 骑士: 'knight', 机器人: 'robot', 外星人: 'alien', 幽灵: 'ghost',
  超级英雄: 'superhero', 消防员: 'firefighter', 消防队员: 'firefighter', 医生: 'doctor', 护士: 'nurse', 兽医: 'vet', 厨师: 'chef', 海盗: 'pirate', 农民: 'farmer', 农夫: 'farmer', 老师: 'teacher', 警察: 'police officer',
  国王: 'king', 王后: 'queen', 女王: 'queen', 牛仔: 'cowboy', 芭蕾舞演员: 'ballerina', 芭蕾舞者: 'ballerina', 魔法师: 'wizard', 圣诞老人: 'santa', 圣诞树: 'christmas tree', 雪人: 'snowman', 南瓜灯: 'jack o lantern', 南瓜: 'pumpkin', 礼物: 'gift',
  生日蛋糕: 'birthday cake', 蛋糕: 'cake', 冰淇淋: 'ice cream', 甜甜圈: 'donut', 披萨: 'pizza', 汉堡: 'hamburger', 寿司: 'sushi', 饺子: 'dumpling',
  月饼: 'mooncake', 面条: 'noodle', 水果: 'fruit', 苹果: 'apple', 香蕉: 'banana', 西瓜: 'watermelon', 草莓: 'strawberry', 葡萄: 'grapes',
  樱桃: 'cherries', 菠萝: 'pineapple', 柠檬: 'lemon', 橙子: 'orange', 胡萝卜: 'carrot', 蔬菜: 'vegetable', 玉米: 'corn', 糖果: 'candy', 棒棒糖: 'lollipop',
  汽车: 'car', 小汽车: 'car', 车: 'car', 卡车: 'truck', 消防车: 'fire engine', 警车: 'police car', 救护车: 'ambulance', 公交车: 'bus', 巴士: 'bus',
  校车: 'school bus', 拖拉机: 'tractor', 火车: 'train', 飞机: 'airplane', 直升机: 'helicopter', 火箭: 'rocket', 飞船: 'spaceship', 船: 'boat',
  帆船: 'sailboat', 轮船: 'ship', 海盗船: 'pirate ship', 海盗船长: 'pirate', 船长: 'captain', 宝箱: 'treasure chest', 宝藏: 'treasure chest', 黑板: 'blackboard', 王座: 'throne', 宝座: 'throne', 潜水艇: 'submarine', 自行车: 'bicycle', 摩托车: 'motorcycle', 赛车: 'race car', 挖掘机: 'excavator',
  热气球: 'hot air balloon', 气球: 'balloon', 风筝: 'kite', 宇航员: 'astronaut', 花: 'flower', 花朵: 'flower', 玫瑰: 'rose', 郁金香: 'tulip',
  向日葵: 'sunflower', 树: 'tree', 大树: 'tree', 棕榈树: 'palm tree', 仙人掌: 'cactus', 蘑菇: 'mushroom', 樱花: 'cherry blossom', 叶子: 'leaf',
  太阳: 'sun', 月亮: 'moon', 星星: 'star', 彩虹: 'rainbow', 云: 'cloud', 雪花: 'snowflake', 房子: 'house', 灯塔: 'lighthouse', 火山: 'volcano',
  地球: 'earth', 行星: 'planet', 足球: 'soccer ball', 球: 'ball', 泰迪熊: 'teddy bear', 皇冠: 'crown', 吉他: 'guitar', 钢琴: 'piano', 鼓: 'drum',
  曼陀罗: 'mandala', 曼荼罗: 'mandala', 花纹: 'pattern', 图案: 'pattern', 几何: 'geometric', 禅绕画: 'zentangle',
  花园: 'garden', 丛林: 'jungle', 森林: 'forest', 海底: 'underwater', 海底世界: 'underwater', 海洋: 'ocean', 大海: 'sea', 海: 'sea', 海滩: 'beach',
  沙滩: 'beach', 天空: 'sky', 太空: 'space', 宇宙: 'space', 月球: 'moon', 农场: 'farm', 草地: 'meadow', 草原: 'meadow', 公园: 'park', 城市: 'city',
  马路: 'road', 路上: 'road', 雪地: 'snow', 冬天: 'winter', 夜晚: 'night', 晚上: 'night', 沙漠: 'desert', 山: 'mountain', 春节: 'chinese new year',
  拿着: 'holding', 拿: 'holding', 抱着: 'holding', 抱: 'holding', 提着: 'carrying', 举着: 'holding', 叼着: 'holding', 捧着: 'holding',
  吃: 'eating', 吃着: 'eating', 在吃: 'eating', 带着: 'with',
  女孩: 'girl', 小女孩: 'girl', 男孩: 'boy', 小男孩: 'boy', 孩子: 'child', 小孩: 'child', 宝宝: 'baby', 婴儿: 'baby', 女人: 'woman', 男人: 'man',
  沙发: 'sofa', 椅子: 'chair', 纸杯蛋糕: 'cupcake', 薯条: 'fries', 野餐: 'picnic', 派对: 'party', 篮: 'basket', 桌上: 'table', 桌子: 'table', 中秋节: 'moon', 舞龙: 'dragon', 竹子: 'bamboo', 妈妈: 'mother', 爸爸: 'father', 蜂蜜: 'honey', 蜂蜜罐: 'honey', 灯笼: 'lantern', 可爱的: 'cute', 可爱: 'cute', 友好的: 'friendly', 大: 'big', 小: 'little',
};

/** Japanese words → English words. */
export const JAPANESE: Record<string, string> = {
  猫: 'cat', ねこ: 'cat', ネコ: 'cat', 子猫: 'kitten', こねこ: 'kitten', 犬: 'dog', いぬ: 'dog', イヌ: 'dog', 子犬: 'puppy', うさぎ: 'rabbit', ウサギ: 'rabbit',
  馬: 'horse', うま: 'horse', ユニコーン: 'unicorn', ドラゴン: 'dragon', 竜: 'dragon', 龍: 'dragon', 恐竜: 'dinosaur', きょうりゅう: 'dinosaur', ティラノサウルス: 't-rex',
  牛: 'cow', うし: 'cow', 豚: 'pig', ぶた: 'pig', 羊: 'sheep', ひつじ: 'sheep', 鶏: 'chicken', にわとり: 'chicken', ニワトリ: 'chicken', ひよこ: 'chick', ヒヨコ: 'chick', アヒル: 'duck',
  ウシ: 'cow', ブタ: 'pig', ヒツジ: 'sheep', ウマ: 'horse', ヤギ: 'goat', やぎ: 'goat',
  カエル: 'frog', かえる: 'frog', カメ: 'turtle', かめ: 'turtle', 亀: 'turtle', ヘビ: 'snake', ワニ: 'crocodile', ライオン: 'lion', トラ: 'tiger', 虎: 'tiger',
  ゾウ: 'elephant', ぞう: 'elephant', 象: 'elephant', キリン: 'giraffe', シマウマ: 'zebra', カバ: 'hippopotamus', サイ: 'rhinoceros', サル: 'monkey', さる: 'monkey',
  ゴリラ: 'gorilla', パンダ: 'panda', バンブー: 'bamboo', ママ: 'mother', パパ: 'father', お母さん: 'mother', お父さん: 'father', はちみつ: 'honey', ハチミツ: 'honey', 蜂蜜: 'honey', クマ: 'bear', くま: 'bear', 熊: 'bear', シロクマ: 'polar bear', コアラ: 'koala', カンガルー: 'kangaroo', ラクダ: 'camel',
  シカ: 'deer', 鹿: 'deer', キツネ: 'fox', きつね: 'fox', リス: 'squirrel', ハリネズミ: 'hedgehog', ネズミ: 'mouse', ハムスター: 'hamster', コウモリ: 'bat',
  フクロウ: 'owl', インコ: 'parrot', オウム: 'parrot', ペンギン: 'penguin', 鳥: 'bird', とり: 'bird', ワシ: 'eagle', クジャク: 'peacock', フラミンゴ: 'flamingo',
  白鳥: 'swan', 魚: 'fish', さかな: 'fish', 金魚: 'goldfish', サメ: 'shark', クジラ: 'whale', イルカ: 'dolphin', タコ: 'octopus', たこ: 'octopus',
  カニ: 'crab', クラゲ: 'jellyfish', タツノオトシゴ: 'seahorse', ヒトデ: 'starfish', ひとで: 'starfish', 貝: 'shell', 鯉: 'fish', チョウ: 'butterfly', 蝶: 'butterfly', ちょうちょ: 'butterfly',
  ハチ: 'bee', ミツバチ: 'bee', テントウムシ: 'ladybug', カタツムリ: 'snail', アリ: 'ant', クモ: 'spider', 人魚: 'mermaid', 妖精: 'fairy', お姫様: 'princess',
  ソファ: 'sofa', ソファー: 'sofa', 椅子: 'chair', いす: 'chair', 黒猫: 'black cat', ほうき: 'broom', 宝箱: 'treasure chest', 黒板: 'blackboard', 王座: 'throne', 玉座: 'throne', 箒: 'broom', 海賊船長: 'pirate', 船長: 'captain',
  消防士: 'firefighter', 消防隊員: 'firefighter', 医者: 'doctor', お医者さん: 'doctor', 看護師: 'nurse', 獣医: 'vet', コック: 'chef', シェフ: 'chef', 海賊: 'pirate', 農家: 'farmer', 先生: 'teacher',
  警察官: 'police officer', おまわりさん: 'police officer', 王様: 'king', 女王: 'queen', 王妃: 'queen', カウボーイ: 'cowboy', バレリーナ: 'ballerina', ヒーロー: 'superhero', プリンセス: 'princess',
  姫: 'princess', 王子: 'prince', お城: 'castle', 城: 'castle', 魔法使い: 'wizard', 魔女: 'witch', 騎士: 'knight', ロボット: 'robot', 宇宙人: 'alien', エイリアン: 'alien', うちゅうじん: 'alien',
  おばけ: 'ghost', お化け: 'ghost', サンタ: 'santa', サンタクロース: 'santa', クリスマスツリー: 'christmas tree', 雪だるま: 'snowman', かぼちゃ: 'pumpkin',
  カボチャ: 'pumpkin', プレゼント: 'gift', 誕生日ケーキ: 'birthday cake', ケーキ: 'cake', アイスクリーム: 'ice cream', アイス: 'ice cream', ドーナツ: 'donut',
  ピザ: 'pizza', ハンバーガー: 'hamburger', 寿司: 'sushi', お寿司: 'sushi', おにぎり: 'rice ball', ラーメン: 'ramen', 団子: 'dango', 果物: 'fruit', フルーツ: 'fruit',
  りんご: 'apple', リンゴ: 'apple', バナナ: 'banana', すいか: 'watermelon', スイカ: 'watermelon', いちご: 'strawberry', イチゴ: 'strawberry', ぶどう: 'grapes',
  さくらんぼ: 'cherries', パイナップル: 'pineapple', レモン: 'lemon', にんじん: 'carrot', 野菜: 'vegetable', とうもろこし: 'corn', お菓子: 'candy', キャンディ: 'candy',
  車: 'car', くるま: 'car', 自動車: 'car', トラック: 'truck', 消防車: 'fire engine', パトカー: 'police car', 救急車: 'ambulance', バス: 'bus', トラクター: 'tractor',
  電車: 'train', 新幹線: 'high-speed train', 汽車: 'locomotive', 飛行機: 'airplane', ヘリコプター: 'helicopter', ロケット: 'rocket', 宇宙船: 'spaceship', 船: 'ship',
  ふね: 'ship', ヨット: 'sailboat', 海賊船: 'pirate ship', 潜水艦: 'submarine', 自転車: 'bicycle', バイク: 'motorcycle', レーシングカー: 'race car', ショベルカー: 'excavator',
  気球: 'hot air balloon', 風船: 'balloon', 凧: 'kite', 宇宙飛行士: 'astronaut', 花: 'flower', はな: 'flower', バラ: 'rose', チューリップ: 'tulip', ひまわり: 'sunflower',
  木: 'tree', き: 'tree', ヤシの木: 'palm tree', サボテン: 'cactus', きのこ: 'mushroom', キノコ: 'mushroom', 桜: 'cherry blossom', さくら: 'cherry blossom', 葉っぱ: 'leaf',
  太陽: 'sun', 月: 'moon', 星: 'star', ほし: 'star', 虹: 'rainbow', 雲: 'cloud', 雪: 'snow', 家: 'house', いえ: 'house', 灯台: 'lighthouse', 火山: 'volcano',
  地球: 'earth', 惑星: 'planet', 富士山: 'mountain', 山: 'mountain', サッカーボール: 'soccer ball', ボール: 'ball', テディベア: 'teddy bear', 王冠: 'crown',
  ギター: 'guitar', ピアノ: 'piano', 太鼓: 'drum', 招き猫: 'cat', 鯉のぼり: 'carp streamer', グローブ: 'gloves',
  カップケーキ: 'cupcake', ピクニック: 'picnic', パーティー: 'party', かご: 'basket', テーブル: 'table',
  食べる: 'eating', 食べている: 'eating', 食べてる: 'eating', 食べた: 'eating', たべる: 'eating', たべている: 'eating',
  持った: 'holding', 持っている: 'holding', 持ってる: 'holding', 持つ: 'holding', もった: 'holding', もっている: 'holding',
  抱いた: 'holding', 抱いている: 'holding', 抱っこした: 'holding', 運ぶ: 'carrying', を: '=object',
  女の子: 'girl', 男の子: 'boy', 子ども: 'child', 子供: 'child', 赤ちゃん: 'baby', 女の人: 'woman', 男の人: 'man',
  マンダラ: 'mandala', 曼荼羅: 'mandala', 模様: 'pattern', もよう: 'pattern', 幾何学: 'geometric', ゼンタングル: 'zentangle',
  庭: 'garden', にわ: 'garden', 庭園: 'garden', ジャングル: 'jungle', 森: 'forest', もり: 'forest', 海: 'sea', うみ: 'sea', 海の中: 'underwater', 海底: 'underwater',
  ビーチ: 'beach', 砂浜: 'beach', 空: 'sky', そら: 'sky', 宇宙: 'space', 農場: 'farm', 牧場: 'farm', 草原: 'meadow', 公園: 'park', 町: 'city', 街: 'city',
  道路: 'road', 冬: 'winter', 夜: 'night', 砂漠: 'desert', 竹: 'bamboo', かわいい: 'cute', 可愛い: 'cute', やさしい: 'friendly', 大きな: 'big', 小さな: 'little',
};

/** CJK glue that carries no subject: particles, measure words, "in/on". */
export const CJK_FILLER = new Set([
  '的', '在', '里', '裡', '上', '中', '和', '与', '跟', '一', '只', '个', '条', '头', '匹', '位', '两', '三', '着', '了', '吃', '玩', '有', '是', '跳', '出', '水面',
  '面', '下', '边', '旁', '很', '非常', '一只', '一个', '一条', '和一个', '之', '飞', '游泳', '跑', '朵', '一朵', '一篮',
  'の', 'と', 'に', 'で', 'を', 'が', 'は', 'や', 'へ', 'も', 'な', 'い', 'た', 'て', 'る', '絵', '匹', '頭', '羽', '一', 'ー', '、', '。', '中', '上', 'いる', 'ある',
]);

/** English words that describe rather than name a subject. */
export const MODIFIERS = new Set([
  'a', 'an', 'the', 'and', 'with', 'in', 'on', 'at', 'of', 'for', 'to', 'from', 'by', 'over', 'under', 'near', 'past', 'across', 'among', 'beside', 'along', 'toward', 'towards', 'its', 'his', 'her', 'their', 'my', 'our',
  'is', 'are', 'some', 'two', 'three', 'four', 'five', 'many', 'one', 'little', 'big', 'small', 'tiny', 'huge', 'giant', 'cute', 'happy', 'friendly', 'brave',
  'baby', 'cub', 'young', 'old', 'funny', 'silly', 'pretty', 'beautiful', 'lovely', 'magic', 'magical', 'fluffy', 'smiling', 'playing', 'eating', 'running', 'flying',
  'swimming', 'sitting', 'sleeping', 'jumping', 'dancing', 'riding', 'wearing', 'holding', 'simple', 'easy', 'detailed', 'intricate', 'coloring', 'colouring',
  'page', 'picture', 'drawing', 'for', 'kid', 'kids', 'children', 'adult', 'adults', 'toddler', 'teen', 'cartoon', 'style', 'very', 'super', 'out',
  'up', 'into', 'front', 'top', 'around', 'hello', 'lucky', 'cozy', 'vintage', 'classic', 'sweet', 'fun', 'lot', 'lots', 'background', 'together', 'best',
  'roll', 'pad', 'eucalyptus', 'nothing', 'something', 'anything', 'thing', 'here', 'there', 'this', 'that', 'it', 'i', 'you', 'we', 'me', 'want', 'make', 'draw', 'please', 'show', 'like', 'love', 'can', 'get', 'let', 'have', 'be', 'known', 'unknown', 'other', 'kind', 'sort', 'type', 'own', 'same',
  'friend', 'friends', 'mother', 'father', 'mom', 'dad', 'slice', 'sprinkle', 'cone', 'day', 'time', 'new', 'year', 'happy', 'full', 'roaring', 'hatching', 'exploring', 'spreading', 'soaring', 'swinging', 'hanging',
]);

/**
 * Words that tie a held thing to its holder ("a bear holding a balloon"): `hold` puts it in the
 * hands (or the mouth), `eat` at the mouth, `with` in the hands when the holder has hands.
 * Chinese and Japanese verbs translate to these English words (拿着 → holding, 食べる → eating).
 */
export type RelationVerb = 'hold' | 'eat' | 'with' | 'breathe';
export const RELATION_WORDS: Record<string, RelationVerb> = {
  holding: 'hold', hold: 'hold', carrying: 'hold', carry: 'hold', hugging: 'hold', hug: 'hold', grabbing: 'hold',
  eating: 'eat', eat: 'eat', munching: 'eat', chewing: 'eat', nibbling: 'eat',
  with: 'with',
  playing: 'hold', play: 'hold', plays: 'hold', strumming: 'hold', reading: 'hold', read: 'hold',
  // A chef baking a cake holds it up: the page a child means (a cake beside him was too many areas).
  // "a dragon breathing fire": the fire comes out of its mouth.
  breathing: 'breathe', breathes: 'breathe', breathe: 'breathe', spitting: 'breathe',
  baking: 'hold', bakes: 'hold', serving: 'hold', cooking: 'hold', cooks: 'hold', making: 'hold', flipping: 'hold',
};

/** Japanese object particle を, translated to a marker: the subject before it is what is held. */
export const OBJECT_MARK = '=object';

/** Words asking for a pattern or mandala page rather than a subject. */
export const THEME_WORDS: Record<string, 'mandala' | 'pattern'> = {
  mandala: 'mandala', mandalas: 'mandala', kaleidoscope: 'mandala', rosette: 'mandala',
  pattern: 'pattern', patterned: 'pattern', zentangle: 'pattern', geometric: 'pattern', abstract: 'pattern', mosaic: 'pattern', doodle: 'pattern', tessellation: 'pattern',
};

/**
 * Words the library has no honest picture for, though a tag would match something (girl → ribbon,
 * chest → toolbox): reported as not understood instead.
 */
export const UNDRAWABLE = new Set(['mom', 'dad']);
