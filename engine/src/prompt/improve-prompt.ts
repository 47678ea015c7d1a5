import type { Difficulty, Language } from '@studio/contracts/constants';
import { PROMPT_MAX } from '@studio/contracts/constants';
import { checkPrompt } from '../filter/content-filter';
import { hashString, seededRandom } from '../compose/seeded-random';
import { defaultHttpDeps, readJson, request, unavailable } from '../providers/provider-http';
import type { HttpDeps } from '../providers/provider-http';
import type { ImageProviderConfig } from '../providers/image-provider';
import type { SubjectKind } from '../subjects/curation';
import type { Scene } from './lexicon';
import { understandPrompt } from './understand-prompt';
import type { SubjectIndex } from './understand-prompt';

export interface ImproveOptions {
  difficulty: Difficulty;
  lang?: Language;
}

/** "Improve with AI": turns a short prompt into a fuller one. */
export interface PromptImprover {
  readonly source: 'local' | 'text-model';
  improve(prompt: string, options: ImproveOptions): Promise<string>;
}

const SCENE_FOR_KIND: Record<SubjectKind, Scene> = {
  animal: 'meadow', bird: 'forest', sea: 'sea', bug: 'garden', dinosaur: 'jungle', plant: 'garden', food: 'table', road: 'road',
  air: 'sky', water: 'sea', space: 'space', building: 'meadow', fantasy: 'meadow', holiday: 'snow', weather: 'sky', toy: 'table', object: 'table', person: 'meadow',
};

type Phrases = Record<Language, string>;

const SCENE_PHRASE: Record<Scene, Phrases> = {
  meadow: { en: 'in a sunny meadow', zh: '在阳光明媚的草地上', ja: '晴れた草原で' },
  garden: { en: 'in a flower garden', zh: '在花园里', ja: '花の庭で' },
  farm: { en: 'on a farm with a fence', zh: '在有篱笆的农场里', ja: '柵のある農場で' },
  jungle: { en: 'in the jungle with palm trees', zh: '在有棕榈树的丛林里', ja: 'ヤシの木のジャングルで' },
  forest: { en: 'in the forest', zh: '在森林里', ja: '森の中で' },
  sea: { en: 'under the sea with bubbles and seaweed', zh: '在有泡泡和海草的海底', ja: '泡と海藻のある海の中で' },
  beach: { en: 'on the beach', zh: '在海滩上', ja: 'ビーチで' },
  sky: { en: 'in the sky with clouds', zh: '在有云朵的天空中', ja: '雲のある空で' },
  space: { en: 'in outer space with stars and planets', zh: '在有星星和行星的太空中', ja: '星と惑星のある宇宙で' },
  road: { en: 'on a road in the countryside', zh: '在乡间的路上', ja: 'いなかの道路で' },
  city: { en: 'in a friendly town', zh: '在小镇里', ja: '街の中で' },
  snow: { en: 'in the snow', zh: '在雪地里', ja: '雪の中で' },
  night: { en: 'under the moon and stars', zh: '在月亮和星星下', ja: '月と星の下で' },
  table: { en: 'on a picnic table', zh: '在野餐桌上', ja: 'ピクニックのテーブルの上で' },
  desert: { en: 'in the desert with cacti', zh: '在有仙人掌的沙漠里', ja: 'サボテンのある砂漠で' },
};

const DETAIL: Record<Difficulty, Phrases[]> = {
  toddler: [
    { en: 'big and simple, with thick outlines and large shapes', zh: '大而简单，粗线条，大块图形', ja: '大きくてシンプル、太い線と大きな形' },
  ],
  children: [
    { en: 'with a smiling face and a sun in the sky', zh: '笑脸，天空中有太阳', ja: '笑顔で、空には太陽' },
    { en: 'with a few flowers and a cloud', zh: '有几朵花和一朵云', ja: 'いくつかの花と雲' },
  ],
  teen: [
    { en: 'with a detailed background, flowers, grass and clouds', zh: '有细致的背景、花、草和云', ja: '細かい背景、花、草、雲' },
    { en: 'with a decorative border and a full scene around it', zh: '有装饰边框和完整的场景', ja: '飾り枠とまわりの情景' },
  ],
  adult: [
    { en: 'filled with intricate zentangle patterns on a mosaic background', zh: '填满精细的禅绕图案，马赛克背景', ja: '細かいゼンタングル模様とモザイクの背景' },
    { en: 'surrounded by an ornate mandala of petals and leaves', zh: '被花瓣和叶子组成的华丽曼陀罗环绕', ja: '花びらと葉の華やかなマンダラに囲まれて' },
  ],
};

const JOIN: Record<Language, string> = { en: ', ', zh: '，', ja: '、' };

/**
 * The offline enhancer: adds a scene fitting what the prompt names (unless it has one) and detail
 * words for the difficulty. Deterministic, and only ever adds words from its own lists.
 */
export function improvePromptLocally(prompt: string, options: ImproveOptions, index: SubjectIndex): string {
  const { normalized } = checkPrompt(prompt);
  const understanding = understandPrompt(normalized, index);
  const lang = options.lang ?? understanding.language;
  const random = seededRandom(hashString(`${normalized}|${options.difficulty}`));
  const parts = [normalized];
  const head = understanding.subjects[0];
  if (!understanding.scene && !understanding.theme && head) parts.push(SCENE_PHRASE[SCENE_FOR_KIND[head.kind]][lang]);
  parts.push(random.pick(DETAIL[options.difficulty])[lang]);
  const improved = lang === 'en' ? `${parts[0]} ${parts.slice(1).join(JOIN.en)}` : parts.join(JOIN[lang]);
  return [...improved].length <= PROMPT_MAX ? improved : normalized;
}

export function createLocalImprover(index: SubjectIndex): PromptImprover {
  return { source: 'local', improve: async (prompt, options) => improvePromptLocally(prompt, options, index) };
}

export interface TextModelConfig {
  apiKey: string;
  /** OpenAI-compatible base including /v1. */
  baseUrl: string;
  model: string;
}

const SYSTEM: Record<Difficulty, string> = {
  toddler: 'one big simple subject with thick outlines, almost no background',
  children: 'a clear subject with a simple friendly scene',
  teen: 'a subject in a detailed scene',
  adult: 'an intricate, pattern-rich design',
};

/**
 * The configured text model rewrites the prompt; its answer is filtered like a user's prompt, and
 * any failure falls back to the local enhancer so the button always gives something.
 */
export function createTextModelImprover(config: TextModelConfig, index: SubjectIndex, overrides: Partial<HttpDeps> = {}): PromptImprover {
  const deps = defaultHttpDeps({ timeoutMs: 20_000, ...overrides });
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    source: 'text-model',
    async improve(prompt, options) {
      const { normalized } = checkPrompt(prompt);
      const lang = options.lang ?? understandPrompt(normalized, index).language;
      try {
        const response = await request(deps, deps.now() + deps.timeoutMs, `${base}/chat/completions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.7,
            messages: [
              {
                role: 'system',
                content: `You improve prompts for a children's colouring-page generator. Answer with the improved prompt only, in the same language as the user (${lang}), under 60 words, safe for children. Aim for ${SYSTEM[options.difficulty]}; black line art, no colour words.`,
              },
              { role: 'user', content: normalized },
            ],
          }),
        });
        if (!response.ok) throw unavailable(`text model answered ${response.status}`);
        const json = await readJson<{ choices?: { message?: { content?: string } }[] }>(response, 'text model');
        const text = json.choices?.[0]?.message?.content?.trim().replace(/^["“]|["”]$/g, '');
        if (!text) throw unavailable('text model gave no answer');
        return checkPrompt(text).normalized;
      } catch {
        return improvePromptLocally(normalized, options, index);
      }
    },
  };
}

/** The text model when an OpenAI-compatible key is configured, the local enhancer otherwise. */
export function createPromptImprover(config: Pick<ImageProviderConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_TEXT_MODEL'>, index: SubjectIndex): PromptImprover {
  const apiKey = config.OPENAI_API_KEY?.trim();
  if (!apiKey) return createLocalImprover(index);
  return createTextModelImprover(
    { apiKey, baseUrl: config.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1', model: config.OPENAI_TEXT_MODEL?.trim() || 'gpt-4o-mini' },
    index,
  );
}
