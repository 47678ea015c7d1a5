/**
 * Words that make a prompt unfit for a children's colouring site. English terms match whole
 * words after variant folding (so "class" never trips "ass"); Chinese and Japanese have no word
 * breaks, so their terms match as substrings and are kept long enough not to hit common words.
 */
export const BLOCKED_EN: readonly string[] = [
  // sexual content
  'sex', 'sexy', 'sexual', 'nude', 'nudes', 'naked', 'nudity', 'porn', 'porno', 'pornography',
  'hentai', 'nsfw', 'xxx', 'boobs', 'boob', 'tits', 'titties', 'penis', 'vagina', 'dick', 'cock',
  'pussy', 'erotic', 'fetish', 'orgasm', 'masturbate', 'masturbation', 'stripper', 'topless',
  'lingerie', 'bdsm', 'milf', 'onlyfans', 'rape', 'raped', 'rapist', 'molest', 'pedo',
  'pedophile', 'incest', 'horny', 'genitals', 'nipple', 'nipples', 'bondage', 'blowjob',
  'undressed', 'seductive',
  // violence and gore
  'gore', 'gory', 'bloody', 'bloodbath', 'blood', 'murder', 'murdered', 'murderer', 'kill',
  'killing', 'killed', 'slaughter', 'massacre', 'decapitated', 'decapitate', 'behead',
  'beheading', 'beheaded', 'dismember', 'dismembered', 'mutilated', 'mutilation', 'torture',
  'tortured', 'corpse', 'corpses', 'dead body', 'execution', 'stabbing', 'stabbed', 'gunshot', 'genocide', 'terrorist', 'terrorism', 'bomb', 'bombing', 'suicide', 'self harm',
  'selfharm', 'cutting myself', 'hanging himself', 'hanged', 'school shooting', 'mass shooting',
  'assault rifle', 'ak47', 'ar15', 'war crime', 'entrails', 'severed head',
  // drugs
  'cocaine', 'heroin', 'meth', 'methamphetamine', 'crack pipe', 'marijuana', 'cannabis',
  'joint smoking', 'lsd', 'ecstasy', 'overdose', 'drug dealer', 'syringe drugs',
  // hate
  'nazi', 'nazis', 'swastika', 'hitler', 'kkk', 'white power', 'white supremacy', 'jihad',
  'nigger', 'nigga', 'faggot', 'fag', 'retard', 'retarded', 'tranny', 'chink', 'spic',
  'kike', 'wetback',
  // profanity
  'fuck', 'bullshit', 'fucking', 'fucked', 'shit', 'bitch', 'bastard', 'cunt', 'asshole', 'motherfucker',
  'whore', 'slut',
];

/** Harmless phrases that contain a blocked word; removed before matching. */
export const ALLOWED_EN_PHRASES: readonly string[] = [
  'shooting star', 'shooting stars', 'killer whale', 'killer whales', 'blood orange',
  'bath bomb', 'bath bombs', 'seed bomb', 'photo bomb', 'dick whittington', 'moby dick',
  'cock a doodle doo', 'cocker spaniel', 'weeding the garden', 'kill time',
];

export const BLOCKED_ZH: readonly string[] = [
  '色情', '裸体', '裸照', '全裸', '性交', '做爱', '性爱', '淫秽', '淫荡', '黄色图片', '黄片', '强奸',
  '轮奸', '乱伦', '恋童', '阴茎', '阴道', '乳头', '胸部裸露', '脱光', '自慰', '卖淫', '妓女', '情色',
  '血腥', '杀人', '谋杀', '屠杀', '砍头', '斩首', '肢解', '尸体', '虐杀', '酷刑', '自杀', '自残',
  '割腕', '枪杀', '爆炸袭击', '恐怖分子', '恐怖袭击', '炸弹', '吸毒', '毒品', '海洛因', '可卡因',
  '冰毒', '大麻', '摇头丸', '纳粹', '希特勒', '卐', '操你', '傻逼', '他妈的', '婊子', '贱人', '去死',
];

export const BLOCKED_JA: readonly string[] = [
  'エロ画像', 'エロい', 'ポルノ', 'ヌード', '全裸', '裸体', '裸の女', '裸の男', 'セックス', '性行為', '猥褻', 'わいせつ', '強姦',
  'レイプ', '近親相姦', 'ロリコン', '児童ポルノ', '陰茎', '乳首', '自慰', '売春', '風俗嬢',
  '血まみれ', '流血', 'グロテスク', 'グロ画像', '殺人', '殺す', '惨殺', '虐殺', '斬首', '首を切', 'バラバラ死体',
  '死体', '拷問', '自殺', '自傷', 'リストカット', '爆弾', 'テロリスト', 'テロ攻撃', '銃撃', '麻薬', '覚醒剤',
  'コカイン', 'ヘロイン', '大麻', 'ナチス', 'ヒトラー', '死ね', 'クソ野郎', 'ビッチ',
];
