/**
 * More Chinese and Japanese words for the segmenter (understand-prompt.ts#segmentCjk), beyond the
 * first lists of lexicon.ts and relation-words.ts: the compounds people type on colouring sites
 * (火鸡, 竹林, お花見), places, actions, and the grammatical words that carry no subject. A prompt
 * is cut into the longest words these lists know, so a compound is never read character by
 * character (火鸡 is a turkey, not fire and a chicken). Values are English words the reader
 * knows; an empty value is a grammatical word (nothing to draw, never reported "not drawn").
 */

/** Chinese words → English words. */
export const CHINESE_WORDS: Record<string, string> = {
  // Winged horses: a flying unicorn, a pegasus (understand-prompt.ts#withWings).
  太阳系: 'solar system', 八大行星: 'solar system',
  // Doing words whose tool is held (understand-prompt.ts#withTools).
  浇: 'watering', 浇水: 'watering', 浇花: 'watering flower',
  会飞的: 'flying', 飞翔的: 'flying', 翅膀: 'wings', 有翅膀的: 'winged', 带翅膀的: 'winged', 飞马: 'pegasus', 天马: 'pegasus',
  // Animals.
  小猫咪: 'kitten', 驯鹿群: 'reindeer', 火鸡: 'turkey', 鸽子: 'pigeon', 白鸽: 'dove', 和平鸽: 'dove', 麻雀: 'bird', 乌鸦: 'crow', 啄木鸟: 'bird', 海鸥: 'seagull', 鹅: 'goose', 大鹅: 'goose',
  小鸭: 'duckling', 小鸭子: 'duckling', 鸭宝宝: 'duckling', 狼: 'wolf', 豹: 'leopard', 豹子: 'leopard', 猎豹: 'cheetah', 浣熊: 'raccoon', 水獭: 'otter',
  海獭: 'otter', 海豹: 'seal', 海狮: 'seal', 龙虾: 'lobster', 虾: 'shrimp', 小虾: 'shrimp', 鱿鱼: 'squid', 甲虫: 'beetle', 羊驼: 'llama', 驴: 'donkey',
  毛驴: 'donkey', 山羊: 'goat', 小羊: 'lamb', 羊羔: 'lamb', 小羊羔: 'lamb', 小牛: 'calf', 小马驹: 'foal', 马驹: 'foal', 凤凰: 'phoenix', 树懒: 'sloth',
  河狸: 'beaver', 臭鼬: 'skunk', 猛犸象: 'mammoth', 野牛: 'bison', 野猪: 'boar', 獾: 'badger', 渡渡鸟: 'dodo', 鹤: 'crane', 仙鹤: 'crane', 丹顶鹤: 'crane',
  锦鲤: 'fish', 鲤鱼: 'fish', 热带鱼: 'tropical fish', 小丑鱼: 'tropical fish', 河豚: 'blowfish', 鲸: 'whale', 蓝鲸: 'whale', 虎鲸: 'orca', 小鱼: 'fish',
  三角龙: 'triceratops', 剑龙: 'stegosaurus', 翼龙: 'pterodactyl', 腕龙: 'brachiosaurus', 梁龙: 'diplodocus', 小熊: 'bear', 熊宝宝: 'bear', 小老虎: 'tiger',
  小狮子: 'lion', 小象: 'elephant', 小鹿: 'deer', 驯鹿: 'reindeer', 梅花鹿: 'deer', 小兔: 'rabbit', 白兔: 'rabbit', 白马: 'horse', 小白马: 'horse', 黑马: 'horse', 白猫: 'cat', 黑猫: 'cat', 白狗: 'dog', 小白兔: 'rabbit', 小狐狸: 'fox',
  小松鼠: 'squirrel', 小刺猬: 'hedgehog', 小老鼠: 'mouse', 小乌龟: 'turtle', 小青蛙: 'frog', 小鸭鸭: 'duckling', 小金鱼: 'goldfish', 小企鹅: 'penguin',
  小熊猫: 'panda', 大熊猫: 'panda', 小恐龙: 'dinosaur', 小猴子: 'monkey', 小蜜蜂: 'bee', 小蝴蝶: 'butterfly', 动物: 'animal', 宠物: 'pet', 小动物: 'animal',
  农场动物: 'farm animal', 海洋动物: 'sea animal', 森林动物: 'forest animal', 丛林动物: 'jungle animal', 动物园动物: 'zoo animal',
  // Plants and things.
  花卉: 'flower', 鲜花: 'flower', 小花: 'flower', 花束: 'bouquet', 一束花: 'bouquet', 樱花树: 'cherry tree', 樱桃树: 'cherry tree', 松树: 'pine tree',
  圣诞: 'christmas', 竹: 'bamboo', 三角形: 'triangle', 圆形: 'circle', 正方形: 'square', 形状: 'shape', 爱心: 'heart', 心形: 'heart', 书: 'book', 书本: 'book',
  沙子: 'sand', 沙: 'sand', 树枝: 'branch', 毛线球: 'yarn', 毛线: 'yarn', 线团: 'yarn', 窗: 'window', 窗边: 'window', 窗户: 'window', 窗台: 'window', 杯子: 'cup', 茶杯: 'teacup', 裙子: 'dress', 连衣裙: 'dress', 公主裙: 'dress', 长裙: 'dress', 雨伞: 'umbrella', 伞: 'umbrella', 打伞: 'umbrella', 撑伞: 'umbrella', 打着伞: 'umbrella', 撑着伞: 'umbrella',
  下雨: 'rain', 下雨天: 'rain', 雨天: 'rain', 雨中: 'rain', 雨里: 'rain', 雨: 'rain', 大雨: 'rain', 小雨: 'rain', 帐篷: 'tent', 秋千: 'swing', 滑梯: 'slide', 积木: 'blocks', 玩具: 'toy', 娃娃: 'doll',
  // Places.
  竹林: 'bamboo forest', 竹林里: 'bamboo forest', 树林: 'woods', 林子: 'woods', 小树林: 'woods', 草丛: 'grass', 草坪: 'lawn', 田野: 'field', 稻田: 'farm',
  花田: 'flowerbed', 花海: 'flowerbed', 花丛: 'flowerbed', 山上: 'mountain', 山顶: 'mountain', 高山: 'mountains', 大山: 'mountains', 雪山: 'snowy mountain',
  山洞: 'cave', 洞穴: 'cave', 洞里: 'cave', 湖: 'lake', 湖边: 'lake', 湖里: 'lake', 池塘: 'pond', 河: 'river', 小河: 'river', 河边: 'river', 溪: 'stream',
  小溪: 'stream', 瀑布: 'waterfall', 海边: 'seaside', 海里: 'underwater', 水里: 'underwater', 水中: 'underwater', 岛: 'island', 小岛: 'island', 冰: 'ice',
  冰上: 'ice', 冰川: 'glacier', 南极: 'antarctica', 北极: 'arctic', 雪: 'snow', 雪中: 'snow', 下雪: 'snowy', 雪天: 'snowy', 街道: 'street', 街上: 'street',
  公路: 'road', 城里: 'city', 小镇: 'town', 村庄: 'village', 村子: 'village', 乡村: 'countryside', 农村: 'countryside', 牧场: 'ranch', 菜园: 'garden',
  后院: 'backyard', 院子: 'yard', 游乐场: 'playground', 操场: 'playground', 动物园: 'zoo', 水族馆: 'aquarium', 房间: 'room', 房间里: 'room', 卧室: 'bedroom',
  厨房: 'kitchen', 教室: 'classroom', 客厅: 'living room', 家里: 'at home', 屋里: 'indoors', 星空: 'starry', 夜空: 'night', 月夜: 'night',
  外太空: 'outer space', 银河: 'galaxy', 星球: 'planet', 天上: 'sky', 空中: 'sky', 雨林: 'rainforest', 热带雨林: 'rainforest', 沼泽: 'swamp', 戈壁: 'desert',
  秋天: 'autumn', 春天: 'spring', 夏天: 'summer', 海底下: 'underwater', 森林里: 'forest', 花园里: 'garden',
  // Actions: relation words and poses, never subjects.
  玩耍: 'playing', 在玩: 'playing', 在玩耍: 'playing', 嬉戏: 'playing', 玩球: 'playing with ball', 橡子: 'acorn', 橡果: 'acorn', 篱笆: 'fence', 栅栏: 'fence', 围栏: 'fence', 木栅栏: 'fence', 午睡: 'sleeping', 睡午觉: 'sleeping', 打盹: 'sleeping', 打瞌睡: 'sleeping', 奔跑: 'running', 跳跃: 'jumping', 飞翔: 'flying', 飞舞: 'flying',
  睡觉: 'sleeping', 嚎叫: 'howling', 在嚎叫: 'howling', 在睡觉: 'sleeping', 睡着: 'sleeping', 坐着: 'sitting', 站着: 'standing', 唱歌: 'singing', 读书: 'reading', 看书: 'reading book',
  散步: 'walking', 走路: 'walking', 爬树: 'climbing tree', 钓鱼: 'fishing', 堆雪人: 'building snowman', 滑冰: 'skating', 溜冰: 'skating', 冲浪: 'surfing',
  骑车: 'riding bicycle', 赏樱: 'cherry-blossom viewing park', 赏樱花: 'cherry-blossom viewing park', 字母: 'letter', 吃饭: 'eating', 喝水: 'drinking', 游来游去: 'swimming', 在游泳: 'swimming', 跳绳: 'jumping',
  // Counts.
  一些: 'some', 几只: 'some', 许多: 'many', 很多: 'many', 好多: 'many', 一对: 'pair',
  // Words that describe, not name.
  漂亮的: 'pretty', 漂亮: 'pretty', 美丽的: 'beautiful', 美丽: 'beautiful', 快乐的: 'happy', 开心的: 'happy', 开心: 'happy', 快乐: 'happy', 有趣的: 'funny',
  简单的: 'simple', 简单: 'simple', 复杂的: 'detailed', 详细的: 'detailed', 大大的: 'big', 小小的: 'little', 巨大的: 'giant', 神奇的: 'magical',
  魔法: 'magic', 卡通: 'cartoon', 一起: 'together', 红色: 'red', 红色的: 'red', 红: 'red', 蓝色: 'blue', 蓝色的: 'blue', 绿色: 'green', 绿色的: 'green',
  黄色: 'yellow', 黄色的: 'yellow', 粉色: 'pink', 粉色的: 'pink', 粉红色: 'pink', 紫色: 'purple', 紫色的: 'purple', 黑色: 'black', 白色: 'white', 白色的: 'white',
  棕色: 'brown', 金色: 'gold', 金色的: 'golden', 彩色: 'colorful', 彩色的: 'colorful',
};

/** Japanese words → English words. */
export const JAPANESE_WORDS: Record<string, string> = {
  // A nap (お昼寝) is sleeping: the cat under the cherry tree sleeps.
  柵: 'fence', フェンス: 'fence', 木の柵: 'fence', 垣根: 'fence',
  どんぐり: 'acorn', ドングリ: 'acorn',
  カモメ: 'seagull', かもめ: 'seagull', ウミネコ: 'seagull',
  お昼寝: 'sleeping', 昼寝: 'sleeping', うたた寝: 'sleeping', 居眠り: 'sleeping',
  // Winged horses (understand-prompt.ts#withWings).
  太陽系: 'solar system', 水やり: 'watering', 水やりする: 'watering',
  ペガサス: 'pegasus', 天馬: 'pegasus', 翼: 'wings', 翼のある: 'winged', 羽のある: 'winged', 羽の生えた: 'winged',
  // Animals.
  七面鳥: 'turkey', ターキー: 'turkey', 鳩: 'pigeon', ハト: 'pigeon', スズメ: 'bird', 雀: 'bird', カラス: 'crow', 小鳥: 'bird', ガチョウ: 'goose', オオカミ: 'wolf',
  狼: 'wolf', ヒョウ: 'leopard', チーター: 'cheetah', アライグマ: 'raccoon', ラッコ: 'otter', カワウソ: 'otter', アザラシ: 'seal', アシカ: 'seal', エビ: 'shrimp',
  ロブスター: 'lobster', イカ: 'squid', カブトムシ: 'beetle', クワガタ: 'beetle', アルパカ: 'llama', ラマ: 'llama', ロバ: 'donkey', ヤギ: 'goat', 山羊: 'goat',
  // A young one is 子 before the animal, often with its first sound voiced (キツネ → 子ギツネ,
  // クマ → 子グマ); its mother 母 (母グマ). Both are the animal; 子 makes it the young one.
  子ギツネ: 'fox', 子ぎつね: 'fox', 母ギツネ: 'fox', 子グマ: 'bear', 小グマ: 'bear', 母グマ: 'bear', 子ウサギ: 'rabbit',
  子ジカ: 'deer', 子鹿: 'deer', 子ヤギ: 'goat', 子ゾウ: 'elephant', 子パンダ: 'panda', 子ライオン: 'lion', 子トラ: 'tiger', 子オオカミ: 'wolf', 子ザル: 'monkey',
  子羊: 'lamb', 子牛: 'calf', 子馬: 'foal', ひな: 'chick', ヒヨコ: 'chick', 鶴: 'crane', ツル: 'crane', 錦鯉: 'fish', 熱帯魚: 'tropical fish', クマノミ: 'tropical fish',
  フグ: 'blowfish', シャチ: 'orca', トリケラトプス: 'triceratops', ステゴサウルス: 'stegosaurus', プテラノドン: 'pterodactyl', ブラキオサウルス: 'brachiosaurus',
  フェニックス: 'phoenix', 不死鳥: 'phoenix', ナマケモノ: 'sloth', ビーバー: 'beaver', スカンク: 'skunk', マンモス: 'mammoth', イノシシ: 'boar', 子ぐま: 'bear',
  子熊: 'bear', こぐま: 'bear', 子ブタ: 'pig', 子豚: 'pig', こぶた: 'pig', ねずみ: 'mouse', りす: 'squirrel', ふくろう: 'owl', ぺんぎん: 'penguin', ぱんだ: 'panda',
  らいおん: 'lion', きりん: 'giraffe', くじら: 'whale', いるか: 'dolphin', かに: 'crab', かめさん: 'turtle', ひよこちゃん: 'chick', 動物: 'animal', どうぶつ: 'animal',
  ペット: 'pet', 農場の動物: 'farm animal', 海の生き物: 'sea animal', 森の動物: 'forest animal',
  // Plants and things.
  トナカイ: 'reindeer', となかい: 'reindeer', ひまわり畑: 'sunflower flowerbed', 枝: 'branch', 木の枝: 'branch', 砂: 'sand', 子ぶた: 'pig', 子ねこ: 'kitten', 子いぬ: 'puppy', こいぬ: 'puppy', 毛糸: 'yarn', 毛糸玉: 'yarn', 窓: 'window', 窓辺: 'window', 桜の木: 'cherry tree', さくらの木: 'cherry tree', 花束: 'bouquet', 松: 'pine tree', お花: 'flower', 草花: 'flower', 三角形: 'triangle', 三角: 'triangle',
  丸: 'circle', 四角: 'square', ハート: 'heart', 本: 'book', えほん: 'book', 絵本: 'book', カップ: 'cup', コップ: 'cup', マグカップ: 'cup', 傘: 'umbrella', 雨: 'rain', 雨の日: 'rain', あめ: 'rain', 雨の中: 'rain', 雨降り: 'rain',
  かさ: 'umbrella', テント: 'tent', ブランコ: 'swing', すべり台: 'slide', 積み木: 'blocks', おもちゃ: 'toy', 人形: 'doll', お人形: 'doll',
  // Places.
  竹林: 'bamboo forest', 竹やぶ: 'bamboo forest', 林: 'woods', 森の中: 'forest', 花畑: 'flowerbed', お花畑: 'flowerbed', 畑: 'farm', 田んぼ: 'farm',
  山の上: 'mountain', 山頂: 'mountain', 雪山: 'snowy mountain', 洞窟: 'cave', 洞くつ: 'cave', ほら穴: 'cave', 湖: 'lake', 池: 'pond', 川: 'river', 滝: 'waterfall',
  海辺: 'seaside', 浜辺: 'beach', 島: 'island', 氷: 'ice', 氷の上: 'ice', 南極: 'antarctica', 北極: 'arctic', 雪の中: 'snow', 雪原: 'snow', 通り: 'street',
  道: 'road', 街中: 'city', 都会: 'city', 村: 'village', 田舎: 'countryside', 動物園: 'zoo', 水族館: 'aquarium', 遊園地: 'park', 部屋: 'room', 寝室: 'bedroom',
  台所: 'kitchen', キッチン: 'kitchen', 教室: 'classroom', リビング: 'living room', 家の中: 'indoors', 星空: 'starry', 夜空: 'night', 宇宙空間: 'space',
  銀河: 'galaxy', 空の上: 'sky', 熱帯雨林: 'rainforest', 秋: 'autumn', 春: 'spring', 夏: 'summer', 森の: 'forest', 花見: 'cherry-blossom viewing park', お花見: 'cherry-blossom viewing park', アルファベット: 'letter', 文字: 'letter',
  // Actions.
  遊ぶ: 'playing', 遊んでいる: 'playing', 遊んでる: 'playing', あそぶ: 'playing', あそんでいる: 'playing', 走っている: 'running', 跳ぶ: 'jumping',
  ジャンプ: 'jumping', 飛ぶ: 'flying', 飛んでいる: 'flying', 泳いでいる: 'swimming', 泳ぐ: 'swimming', 寝る: 'sleeping', 眠る: 'sleeping', 眠っている: 'sleeping',
  歌う: 'singing', 遠吠え: 'howling', 遠吠えする: 'howling', 遠吠えしている: 'howling', 読む: 'reading', 読んでいる: 'reading', 散歩: 'walking', 散歩している: 'walking', 歩く: 'walking', 登る: 'climbing', 釣り: 'fishing',
  踊っている: 'dancing', 踊る: 'dancing', ダンス: 'dancing', ダンスしている: 'dancing', ダンスする: 'dancing', 座る: 'sitting', 立っている: 'standing', スケート: 'skating', サーフィン: 'surfing', 雪遊び: 'playing snow',
  // Counts.
  たくさん: 'many', いっぱい: 'many', いくつか: 'some', 二人: '=2', ふたり: '=2', 三人: '=3',
  // Words that describe, not name.
  大きい: 'big', 小さい: 'little', きれいな: 'pretty', きれい: 'pretty', 美しい: 'beautiful', 楽しい: 'happy', 楽しそうな: 'happy', 元気な: 'happy',
  赤い: 'red', 青い: 'blue', 黄色い: 'yellow', 緑の: 'green', ピンクの: 'pink', 白い: 'white', 黒い: 'black', 茶色の: 'brown', 金色の: 'golden', カラフルな: 'colorful',
  シンプル: 'simple', シンプルな: 'simple', 簡単な: 'simple', 細かい: 'detailed', 一緒に: 'together', 仲良く: 'together', 魔法の: 'magic',
};

/**
 * Grammatical words of both languages: particles, measure words, "in/on/next to", verb endings,
 * "colouring page", "for children". They are skipped, never reported.
 */
export const CJK_GRAMMAR = new Set([
  // Chinese.
  '的', '地', '得', '在', '和', '与', '跟', '及', '以及', '还有', '并且', '或', '或者', '着', '了', '过', '把', '被', '给', '让', '请', '们', '吗', '呢', '吧', '啊', '呀',
  '里', '裡', '里面', '上', '上面', '中', '中间', '下', '下面', '边', '旁', '旁边', '附近', '周围', '前', '后', '后面', '之', '正在', '有', '是', '这', '那', '这个', '那个',
  '一', '只', '个', '条', '头', '匹', '位', '朵', '棵', '辆', '架', '艘', '颗', '张', '本', '群', '两', '三', '很', '非常', '超级', '特别', '一只', '一个', '一条', '一头',
  '一匹', '一位', '一朵', '一棵', '一辆', '一架', '一艘', '一张', '一篮', '和一个', '和一只', '画', '画一个', '画一只', '画一幅', '一幅', '幅', '涂色', '涂色页', '填色',
  '填色页', '涂色画', '简笔画', '帮我', '帮我画', '请帮我', '请帮我画', '给我', '给我画', '我想要', '我要', '我想', '一下', '图', '图片', '图画', '页面', '背景', '儿童', '幼儿', '小朋友', '给孩子', '给孩子们', '给小朋友', '适合', '风格', '线稿', '黑白',
  '吃', '玩', '跳', '出', '水面', '面', '飞', '游泳', '跑', '去', '来', '到', '从', '向', '对', '要', '想', '会', '能', '可以', '都', '也', '又', '还', '就', '才',
  // Pronouns: "小女孩和她的小狗" is a girl and her puppy (她 was reported "not drawn").
  '她', '他', '它', '她们', '他们', '它们', '我', '我们', '你', '你们', '自己', '她的', '他的', '它的', '我的', '你的', '他们的', '她们的',
  // Japanese.
  'の', 'と', 'に', 'で', 'を', 'が', 'は', 'や', 'へ', 'も', 'な', 'い', 'た', 'て', 'る', 'か', 'ね', 'よ', 'から', 'まで', 'より', 'です', 'ます', 'いる', 'ある',
  'います', 'あります', 'ている', 'てる', 'った', 'たち', '達', 'さん', 'ちゃん', 'くん', '絵', '匹', '頭', '羽', '一', 'ー', '、', '。', '中', '上', '下', '横', '隣',
  'そば', '近く', '後ろ', '前', '中で', '中に', '一匹', '一羽', '一頭', '一本', '一台', '一つ', 'ひとつ', 'ぬりえ', 'ぬり絵', '塗り絵',
  '彼女', '彼', '私', 'わたし', 'ぼく', '僕', '自分',
  'イラスト', '子供向け', '子ども向け', 'こども向け', '向け', '描いて', 'かいて', 'ください', 'みんな', 'みんなで', 'そして', 'それから', '白黒', '線画',
]);

/** Numerals before a measure word ("三只", "3匹"): how many of the next subject. */
const NUMERALS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, '1': 1, '2': 2, '3': 3, '4': 4, '5': 5 };
const MEASURES = '只个條条头匹朵棵位辆架艘颗张本羽頭台人つ個枚輪';

/** A count at the start of `text` ("三只小猫" → 3, length 2), or null. */
export function cjkCount(text: string): { count: number; length: number } | null {
  const numeral = NUMERALS[text[0]];
  if (numeral === undefined || text.length < 2 || !MEASURES.includes(text[1])) return null;
  return { count: numeral, length: 2 };
}
