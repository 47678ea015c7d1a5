import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { ImageProvider, ImageResult } from './provider-types';
import { buildProviderPrompt, diffusionSize } from './provider-prompt';
import { downloadImage, failUnlessOk, readJson, request, timedOut, unavailable } from './provider-http';
import type { HttpDeps } from './provider-http';

export interface ComfyUiConfig {
  baseUrl: string;
  /**
   * The operator's workflow in ComfyUI's API format. String values may hold the placeholders
   * {{prompt}}, {{negative}}; number fields may be the strings "{{seed}}", "{{width}}", "{{height}}".
   */
  workflowPath: string;
}

interface HistoryEntry {
  status?: { status_str?: string; completed?: boolean; messages?: [string, { exception_message?: string }][] };
  outputs?: Record<string, { images?: { filename: string; subfolder?: string; type?: string }[] }>;
}

export function fillWorkflow(workflow: unknown, values: Record<string, string | number>): unknown {
  if (typeof workflow === 'string') {
    const whole = /^\{\{(\w+)\}\}$/.exec(workflow);
    if (whole && whole[1] in values) return values[whole[1]];
    return workflow.replace(/\{\{(\w+)\}\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
  }
  if (Array.isArray(workflow)) return workflow.map((item) => fillWorkflow(item, values));
  if (workflow && typeof workflow === 'object') return Object.fromEntries(Object.entries(workflow).map(([k, v]) => [k, fillWorkflow(v, values)]));
  return workflow;
}

/** ComfyUI: queue the workflow on /prompt, poll /history/{id}, fetch the first image from /view. */
export function createComfyUiProvider(config: ComfyUiConfig, deps: HttpDeps): ImageProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  let workflow: unknown;
  try {
    workflow = JSON.parse(readFileSync(config.workflowPath, 'utf8'));
  } catch (error) {
    throw new AppError(ErrorCode.modelUnavailable, `COMFYUI_WORKFLOW could not be read: ${(error as Error).message}`);
  }

  async function waitFor(promptId: string, deadline: number): Promise<ImageResult> {
    for (;;) {
      const response = await request(deps, deadline, `${base}/history/${encodeURIComponent(promptId)}`);
      await failUnlessOk(response, 'comfyui');
      const history = await readJson<Record<string, HistoryEntry>>(response, 'comfyui');
      const entry = history[promptId];
      if (entry?.status?.status_str === 'error') {
        const message = entry.status.messages?.find(([kind]) => kind === 'execution_error')?.[1]?.exception_message ?? 'execution error';
        throw unavailable(`comfyui: ${message}`);
      }
      const image = entry ? Object.values(entry.outputs ?? {}).flatMap((o) => o.images ?? [])[0] : undefined;
      if (image) {
        const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder ?? '', type: image.type ?? 'output' });
        return { image: await downloadImage(deps, deadline, `${base}/view?${query}`, 'comfyui'), providerRef: `comfyui:${promptId}` };
      }
      if (entry?.status?.completed) throw unavailable('comfyui finished without an image output');
      if (deps.now() + deps.pollIntervalMs >= deadline) throw timedOut(`comfyui prompt ${promptId}`);
      await deps.sleep(deps.pollIntervalMs);
    }
  }

  return {
    name: 'comfyui',
    async generate(req) {
      const deadline = deps.now() + deps.timeoutMs;
      const prompt = buildProviderPrompt(req.prompt, req.difficulty);
      const { width, height } = diffusionSize(req.ratio);
      const graph = fillWorkflow(workflow, {
        prompt: prompt.positive,
        negative: prompt.negative,
        seed: req.seed ?? Math.floor(Math.random() * 2 ** 32),
        width,
        height,
      });
      const response = await request(deps, deadline, `${base}/prompt`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: graph, client_id: randomUUID() }),
      });
      await failUnlessOk(response, 'comfyui');
      const { prompt_id: promptId } = await readJson<{ prompt_id?: string }>(response, 'comfyui');
      if (!promptId) throw unavailable('comfyui did not queue the workflow');
      await req.onJobCreated?.(`comfyui:${promptId}`);
      return waitFor(promptId, deadline);
    },
    async resume(providerRef) {
      return waitFor(providerRef.replace(/^comfyui:/, ''), deps.now() + deps.timeoutMs);
    },
  };
}
