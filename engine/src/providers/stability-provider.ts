import type { ImageProvider } from './provider-types';
import { buildProviderPrompt, stabilityAspectRatio } from './provider-prompt';
import { readJson, refused, request, unavailable } from './provider-http';
import type { HttpDeps } from './provider-http';

export interface StabilityConfig {
  apiKey: string;
  baseUrl: string;
  /** v2beta stable-image generate endpoint: core, ultra or sd3. */
  model: string;
}

interface StabilityResponse {
  image?: string;
  finish_reason?: string;
  seed?: number;
  name?: string;
  errors?: string[];
}

/** Stability v2beta stable-image generate: one synchronous multipart call, JSON answer. */
export function createStabilityProvider(config: StabilityConfig, deps: HttpDeps): ImageProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    name: 'stability',
    async generate(req) {
      const deadline = deps.now() + deps.timeoutMs;
      const prompt = buildProviderPrompt(req.prompt, req.difficulty);
      const form = new FormData();
      form.append('prompt', prompt.positive);
      form.append('negative_prompt', prompt.negative);
      form.append('aspect_ratio', stabilityAspectRatio(req.ratio));
      form.append('output_format', 'png');
      if (req.seed !== undefined) form.append('seed', String(req.seed));
      const response = await request(deps, deadline, `${base}/v2beta/stable-image/generate/${config.model}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.apiKey}`, Accept: 'application/json' },
        body: form,
      });
      const json = await readJson<StabilityResponse>(response, 'stability').catch(() => ({}) as StabilityResponse);
      // Moderation answers 403 with name "content_moderation"; a filtered output is 200 + CONTENT_FILTERED.
      if (response.status === 403 && json.name === 'content_moderation') throw refused(json.errors?.join('; ') ?? 'content moderation');
      if (!response.ok) throw unavailable(`stability answered ${response.status} ${(json.errors ?? []).join('; ')}`);
      if (json.finish_reason === 'CONTENT_FILTERED') throw refused('output filtered');
      if (!json.image) throw unavailable('stability returned no image');
      return { image: Buffer.from(json.image, 'base64'), providerRef: `stability:${json.seed ?? 'sync'}` };
    },
  };
}
