import type { ImageProvider, ImageResult } from './provider-types';
import { buildProviderPrompt } from './provider-prompt';
import { downloadImage, failUnlessOk, readJson, refused, request, timedOut, unavailable } from './provider-http';
import type { HttpDeps } from './provider-http';

export interface ReplicateConfig {
  token: string;
  /** "owner/name" of an official model, or "owner/name:version" for a community model. */
  model: string;
  baseUrl: string;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string };
}

// Replicate reports the model's safety checker as a failed prediction with an NSFW message.
const REFUSAL = /nsfw|safety|sensitive|content (?:policy|moderation)|flagged/i;

/** Replicate predictions: create, then poll until succeeded/failed; the prediction id resumes. */
export function createReplicateProvider(config: ReplicateConfig, deps: HttpDeps): ImageProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' };
  const [modelName, version] = config.model.split(':');

  async function waitFor(id: string, deadline: number): Promise<ImageResult> {
    for (;;) {
      const response = await request(deps, deadline, `${base}/predictions/${encodeURIComponent(id)}`, { headers });
      await failUnlessOk(response, 'replicate');
      const prediction = await readJson<Prediction>(response, 'replicate');
      if (prediction.status === 'succeeded') {
        const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
        if (!output) throw unavailable('replicate returned no image');
        return { image: await downloadImage(deps, deadline, output, 'replicate'), providerRef: `replicate:${id}` };
      }
      if (prediction.status === 'failed' || prediction.status === 'canceled') {
        const message = prediction.error ?? prediction.status;
        throw REFUSAL.test(message) ? refused(message) : unavailable(`replicate prediction ${prediction.status}: ${message}`);
      }
      if (deps.now() + deps.pollIntervalMs >= deadline) throw timedOut(`replicate prediction ${id}`);
      await deps.sleep(deps.pollIntervalMs);
    }
  }

  return {
    name: 'replicate',
    async generate(req) {
      const deadline = deps.now() + deps.timeoutMs;
      const prompt = buildProviderPrompt(req.prompt, req.difficulty);
      const input: Record<string, unknown> = {
        prompt: prompt.positive,
        negative_prompt: prompt.negative,
        aspect_ratio: req.ratio === '16:21' ? '4:5' : req.ratio,
        output_format: 'png',
        ...(req.seed !== undefined ? { seed: req.seed } : {}),
      };
      const url = version ? `${base}/predictions` : `${base}/models/${modelName}/predictions`;
      const body = version ? { version, input } : { input };
      const response = await request(deps, deadline, url, { method: 'POST', headers, body: JSON.stringify(body) });
      if (response.status === 422 || response.status === 400) {
        const text = await response.text();
        if (REFUSAL.test(text)) throw refused(text.slice(0, 200));
        throw unavailable(`replicate answered ${response.status} ${text.slice(0, 200)}`);
      }
      await failUnlessOk(response, 'replicate');
      const prediction = await readJson<Prediction>(response, 'replicate');
      await req.onJobCreated?.(`replicate:${prediction.id}`);
      return waitFor(prediction.id, deadline);
    },
    async resume(providerRef) {
      const id = providerRef.replace(/^replicate:/, '');
      return waitFor(id, deps.now() + deps.timeoutMs);
    },
  };
}
