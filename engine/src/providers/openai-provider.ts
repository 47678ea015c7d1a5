import type { ImageProvider } from './provider-types';
import { buildProviderPrompt, openAiSize, singlePrompt } from './provider-prompt';
import { downloadImage, readJson, refused, request, unavailable } from './provider-http';
import type { HttpDeps } from './provider-http';

export interface OpenAiConfig {
  apiKey: string;
  /** Any OpenAI-compatible server: its base including /v1. */
  baseUrl: string;
  model: string;
}

interface OpenAiImagesResponse {
  created?: number;
  data?: { b64_json?: string; url?: string }[];
}

interface OpenAiError {
  error?: { code?: string | null; type?: string; message?: string };
}

// OpenAI answers a refused prompt with 400 and one of these codes (dall-e and gpt-image differ).
const REFUSAL_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'content_filter']);

/** OpenAI images: /images/generations, or /images/edits when a source picture is given. */
export function createOpenAiProvider(config: OpenAiConfig, deps: HttpDeps): ImageProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const auth = { Authorization: `Bearer ${config.apiKey}` };
  return {
    name: 'openai',
    async generate(req) {
      const deadline = deps.now() + deps.timeoutMs;
      const prompt = singlePrompt(buildProviderPrompt(req.prompt, req.difficulty));
      const size = openAiSize(req.ratio, config.model);
      // dall-e-* return URLs unless asked for base64; gpt-image-* always return base64 and reject the field.
      const wantsFormat = config.model.startsWith('dall-e');
      let response: Response;
      if (req.image) {
        const form = new FormData();
        form.append('model', config.model);
        form.append('prompt', prompt);
        form.append('size', size);
        form.append('n', '1');
        if (wantsFormat) form.append('response_format', 'b64_json');
        form.append('image', new Blob([new Uint8Array(req.image)], { type: 'image/png' }), 'source.png');
        response = await request(deps, deadline, `${base}/images/edits`, { method: 'POST', headers: auth, body: form });
      } else {
        const body = { model: config.model, prompt, size, n: 1, ...(wantsFormat ? { response_format: 'b64_json' } : {}) };
        response = await request(deps, deadline, `${base}/images/generations`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let parsed: OpenAiError = {};
        try {
          parsed = JSON.parse(text) as OpenAiError;
        } catch {
          // Not JSON: fall through to "unavailable".
        }
        const code = parsed.error?.code ?? parsed.error?.type ?? '';
        if (response.status === 400 && REFUSAL_CODES.has(code)) throw refused(parsed.error?.message ?? code);
        throw unavailable(`openai answered ${response.status} ${text.slice(0, 200)}`);
      }
      const json = await readJson<OpenAiImagesResponse>(response, 'openai');
      const first = json.data?.[0];
      const ref = `openai:${json.created ?? deps.now()}`;
      if (first?.b64_json) return { image: Buffer.from(first.b64_json, 'base64'), providerRef: ref };
      if (first?.url) return { image: await downloadImage(deps, deadline, first.url, 'openai'), providerRef: ref };
      throw unavailable('openai returned no image');
    },
  };
}
