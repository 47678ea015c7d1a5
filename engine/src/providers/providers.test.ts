import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { AppError } from '@studio/contracts/errors';
import type { Page } from '../page';
import { createImageProvider } from './image-provider';
import type { ImageProviderConfig } from './image-provider';
import { generateProviderPage, resumeProviderPage } from './provider-page';
import { buildProviderPrompt, diffusionSize, openAiSize, stabilityAspectRatio } from './provider-prompt';
import { sendJson, startProtocolServer } from './protocol-test-server';
import type { Handler, ProtocolServer } from './protocol-test-server';

// Any bytes do: adapters pass the picture through untouched; the cleanup step reads it.
const PICTURE = Buffer.from('89504e470d0a1a0a-fake-picture', 'utf8');
const FAST = { pollIntervalMs: 5, timeoutMs: 2000, backoffMs: 5, maxBackoffMs: 20 };

let server: ProtocolServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(handle: Handler): Promise<ProtocolServer> {
  server = await startProtocolServer(handle);
  return server;
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

function provider(config: ImageProviderConfig, overrides = {}) {
  return createImageProvider(config, { ...FAST, ...overrides });
}

const stall = (ms: number) => (_req: unknown, res: ServerResponse) => new Promise<void>((resolve) => setTimeout(() => { res.end(); resolve(); }, ms));

describe('prompt templates', () => {
  it('wrap the user prompt in line-art wording per difficulty with a negative prompt', () => {
    const toddler = buildProviderPrompt('a cat', 'toddler');
    const adult = buildProviderPrompt('a cat', 'adult');
    expect(toddler.positive).toMatch(/^a cat — .*very thick bold black outlines/);
    expect(adult.positive).toMatch(/fine black line art/);
    expect(toddler.negative).toMatch(/shading/);
  });
  it('map ratios to what each provider accepts', () => {
    expect([openAiSize('3:4', 'gpt-image-1'), openAiSize('16:9', 'gpt-image-1'), openAiSize('1:1', 'dall-e-3'), openAiSize('9:16', 'dall-e-3')]).toEqual(['1024x1536', '1536x1024', '1024x1024', '1024x1792']);
    expect(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '16:21'].map((r) => stabilityAspectRatio(r as never))).toEqual(['21:9', '16:9', '5:4', '1:1', '4:5', '9:16', '4:5']);
    expect(diffusionSize('1:1')).toEqual({ width: 1024, height: 1024 });
    expect(diffusionSize('16:9').width % 64).toBe(0);
  });
});

describe('createImageProvider', () => {
  it('defaults to the offline composer and names missing keys', async () => {
    expect(createImageProvider({}).name).toBe('local');
    expect(() => createImageProvider({ IMAGE_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => createImageProvider({ IMAGE_PROVIDER: 'midjourney' })).toThrow(/IMAGE_PROVIDER must be one of/);
  });
});

describe('OpenAI adapter', () => {
  it('generates with our template, the mapped size and the key', async () => {
    const s = await serve((req, res) => sendJson(res, 200, { created: 123, data: [{ b64_json: PICTURE.toString('base64') }] }));
    const p = provider({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${s.url}/v1` });
    const result = await p.generate({ prompt: 'a cute unicorn', difficulty: 'children', ratio: '3:4' });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(result.providerRef).toBe('openai:123');
    const sent = s.requests[0];
    expect(sent.path).toBe('/v1/images/generations');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    const body = JSON.parse(sent.body.toString());
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', n: 1 });
    expect(body.response_format).toBeUndefined();
    expect(body.prompt).toMatch(/^a cute unicorn — .*black line art/);
  });

  it('sends a source picture to /images/edits as multipart and fetches URL answers', async () => {
    const s = await serve((req, res) => {
      if (req.path === '/files/out.png') return void res.writeHead(200).end(PICTURE);
      sendJson(res, 200, { data: [{ url: `${server!.url}/files/out.png` }] });
    });
    const p = provider({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${s.url}/v1`, OPENAI_IMAGE_MODEL: 'dall-e-2' });
    const result = await p.generate({ prompt: 'a dog', difficulty: 'teen', ratio: '1:1', image: Buffer.from('source-bytes') });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(s.requests[0].path).toBe('/v1/images/edits');
    expect(s.requests[0].headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(s.requests[0].body.toString()).toContain('source-bytes');
    expect(s.requests[0].body.toString()).toContain('b64_json');
  });

  it('maps refusals to 4003, outages to 4008 and slowness to 4009', async () => {
    let mode = 'refuse';
    const s = await serve((req, res) => {
      if (mode === 'refuse') return sendJson(res, 400, { error: { code: 'moderation_blocked', message: 'blocked' } });
      if (mode === 'down') return sendJson(res, 503, { error: { message: 'overloaded' } });
      return stall(400)(req, res);
    });
    const config = { IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${s.url}/v1` };
    expect(await codeOf(provider(config).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4003);
    mode = 'down';
    expect(await codeOf(provider(config).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4008);
    mode = 'slow';
    expect(await codeOf(provider(config, { timeoutMs: 100 }).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4009);
    const closed = `${s.url}/v1`;
    await s.close();
    server = null;
    expect(await codeOf(provider({ ...config, OPENAI_BASE_URL: closed }).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4008);
  });
});

describe('retries', () => {
  const config = (url: string) => ({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${url}/v1` });
  const ok = { created: 7, data: [{ b64_json: PICTURE.toString('base64') }] };

  it('tries again after 429 and 5xx, honouring Retry-After, and succeeds once the provider recovers', async () => {
    const answers = [429, 503];
    const s = await serve((req, res) => {
      const status = answers.shift();
      if (status === 429) return void res.writeHead(429, { 'Retry-After': '0.05' }).end('slow down');
      if (status) return sendJson(res, status, { error: { message: 'overloaded' } });
      sendJson(res, 200, ok);
    });
    const pauses: number[] = [];
    const p = provider(config(s.url), { random: () => 0.5, sleep: async (ms: number) => void pauses.push(ms) });
    const result = await p.generate({ prompt: 'a cat', difficulty: 'children', ratio: '1:1' });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(s.requests).toHaveLength(3);
    // Retry-After: 0.05 s asked first; then half (random 0.5) of the second back-off ceiling (2 × 5 ms).
    expect(pauses).toEqual([50, 5]);
    // The same request each time: the prompt is sent whole on every try.
    expect(new Set(s.requests.map((r) => r.body.toString())).size).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date', async () => {
    const { retryAfterMs } = await import('./provider-http');
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it('gives up with 4008 after its retries, and never waits past the deadline', async () => {
    const s = await serve((req, res) => sendJson(res, 502, { error: { message: 'bad gateway' } }));
    expect(await codeOf(provider(config(s.url), { retries: 2 }).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4008);
    expect(s.requests).toHaveLength(3);
    s.requests.length = 0;
    // Retry-After longer than the time left: no pause, no further call, a clear failure at once.
    const late = await serve((req, res) => void res.writeHead(429, { 'Retry-After': '60' }).end());
    const started = Date.now();
    expect(await codeOf(provider(config(late.url), { timeoutMs: 1000 }).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4008);
    expect(late.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('does not retry a refusal or a bad request', async () => {
    const s = await serve((req, res) => sendJson(res, 400, { error: { code: 'moderation_blocked', message: 'blocked' } }));
    expect(await codeOf(provider(config(s.url)).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' }))).toBe(4003);
    expect(s.requests).toHaveLength(1);
  });

  it('tries again after a dropped connection', async () => {
    let calls = 0;
    const s = await serve((req, res) => {
      calls += 1;
      if (calls === 1) return void res.socket?.destroy();
      sendJson(res, 200, ok);
    });
    const result = await provider(config(s.url)).generate({ prompt: 'x', difficulty: 'adult', ratio: '1:1' });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(calls).toBe(2);
  });
});

describe('ComfyUI adapter', () => {
  function workflowFile(): string {
    const dir = mkdtempSync(join(tmpdir(), 'comfy-'));
    const file = join(dir, 'workflow.json');
    const workflow = {
      '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}', steps: 20, positive: ['6', 0], negative: ['7', 0] } },
      '5': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
      '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
      '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative}}' } },
      '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'page' } },
    };
    writeFileSync(file, JSON.stringify(workflow));
    return file;
  }

  it('queues the filled workflow, polls history, fetches /view, and can resume by prompt id', async () => {
    let polls = 0;
    const s = await serve((req, res) => {
      if (req.method === 'POST' && req.path === '/prompt') return sendJson(res, 200, { prompt_id: 'abc-1', number: 1, node_errors: {} });
      if (req.path === '/history/abc-1') {
        polls++;
        if (polls < 3) return sendJson(res, 200, {});
        return sendJson(res, 200, { 'abc-1': { status: { status_str: 'success', completed: true }, outputs: { '9': { images: [{ filename: 'page_0001.png', subfolder: '', type: 'output' }] } } } });
      }
      if (req.path.startsWith('/view?')) return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(PICTURE);
      sendJson(res, 404, {});
    });
    const config = { IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: s.url, COMFYUI_WORKFLOW: workflowFile() };
    const jobs: string[] = [];
    const result = await provider(config).generate({ prompt: 'a fox', difficulty: 'toddler', ratio: '16:9', seed: 42, onJobCreated: (ref) => void jobs.push(ref) });
    expect(result).toMatchObject({ providerRef: 'comfyui:abc-1' });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(jobs).toEqual(['comfyui:abc-1']);
    const queued = JSON.parse(s.requests[0].body.toString());
    expect(queued.prompt['3'].inputs.seed).toBe(42);
    expect(queued.prompt['5'].inputs.width).toBe(diffusionSize('16:9').width);
    expect(queued.prompt['6'].inputs.text).toMatch(/^a fox — .*toddlers/);
    expect(queued.prompt['7'].inputs.text).toMatch(/shading/);
    const view = s.requests.find((r) => r.path.startsWith('/view?'))!;
    expect(new URL(view.path, s.url).searchParams.get('filename')).toBe('page_0001.png');

    const before = s.requests.filter((r) => r.path === '/prompt').length;
    const resumed = await provider(config).resume!('comfyui:abc-1');
    expect(resumed.image.equals(PICTURE)).toBe(true);
    expect(s.requests.filter((r) => r.path === '/prompt').length).toBe(before);
  });

  it('reports a failed workflow as unavailable and a stuck one as a timeout', async () => {
    let failing = true;
    const s = await serve((req, res) => {
      if (req.path === '/prompt') return sendJson(res, 200, { prompt_id: 'p2' });
      if (failing) return sendJson(res, 200, { p2: { status: { status_str: 'error', completed: false, messages: [['execution_error', { exception_message: 'CUDA out of memory' }]] }, outputs: {} } });
      return sendJson(res, 200, {});
    });
    const config = { IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: s.url, COMFYUI_WORKFLOW: workflowFile() };
    expect(await codeOf(provider(config).generate({ prompt: 'x', difficulty: 'teen', ratio: '1:1' }))).toBe(4008);
    failing = false;
    expect(await codeOf(provider(config, { timeoutMs: 80 }).generate({ prompt: 'x', difficulty: 'teen', ratio: '1:1' }))).toBe(4009);
  });
});

describe('Replicate adapter', () => {
  it('creates a prediction on the model, polls it and downloads the output', async () => {
    let polls = 0;
    const s = await serve((req, res) => {
      if (req.method === 'POST' && req.path === '/v1/models/black-forest-labs/flux-schnell/predictions') return sendJson(res, 201, { id: 'pred1', status: 'starting' });
      if (req.path === '/v1/predictions/pred1') {
        polls++;
        return sendJson(res, 200, polls < 2 ? { id: 'pred1', status: 'processing' } : { id: 'pred1', status: 'succeeded', output: [`${server!.url}/files/pred1.png`] });
      }
      if (req.path === '/files/pred1.png') return void res.writeHead(200).end(PICTURE);
      sendJson(res, 404, {});
    });
    const config = { IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_BASE_URL: `${s.url}/v1` };
    const jobs: string[] = [];
    const result = await provider(config).generate({ prompt: 'a bus', difficulty: 'children', ratio: '4:3', seed: 5, onJobCreated: (ref) => void jobs.push(ref) });
    expect(result.image.equals(PICTURE)).toBe(true);
    expect(jobs).toEqual(['replicate:pred1']);
    expect(s.requests[0].headers.authorization).toBe('Bearer r8_test');
    const input = JSON.parse(s.requests[0].body.toString()).input;
    expect(input).toMatchObject({ aspect_ratio: '4:3', seed: 5, output_format: 'png' });
    expect(input.prompt).toMatch(/^a bus — /);
    const resumed = await provider(config).resume!('replicate:pred1');
    expect(resumed.image.equals(PICTURE)).toBe(true);
    expect(s.requests.filter((r) => r.method === 'POST').length).toBe(1);
  });

  it('uses /predictions with a version, and maps a safety failure to 4003', async () => {
    const s = await serve((req, res) => {
      if (req.method === 'POST') return sendJson(res, 201, { id: 'p9', status: 'starting' });
      sendJson(res, 200, { id: 'p9', status: 'failed', error: 'NSFW content detected. Try running it again, or try a different prompt.' });
    });
    const config = { IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 't', REPLICATE_BASE_URL: `${s.url}/v1`, REPLICATE_MODEL: 'someone/sdxl:abc123' };
    expect(await codeOf(provider(config).generate({ prompt: 'x', difficulty: 'teen', ratio: '1:1' }))).toBe(4003);
    expect(s.requests[0].path).toBe('/v1/predictions');
    expect(JSON.parse(s.requests[0].body.toString()).version).toBe('abc123');
  });
});

describe('Stability adapter', () => {
  it('posts multipart to v2beta with the negative prompt and nearest ratio', async () => {
    const s = await serve((req, res) => sendJson(res, 200, { image: PICTURE.toString('base64'), finish_reason: 'SUCCESS', seed: 99 }));
    const config = { IMAGE_PROVIDER: 'stability', STABILITY_API_KEY: 'sk-st', STABILITY_BASE_URL: s.url };
    const result = await provider(config).generate({ prompt: 'a castle', difficulty: 'adult', ratio: '3:4' });
    expect(result).toMatchObject({ providerRef: 'stability:99' });
    expect(result.image.equals(PICTURE)).toBe(true);
    const sent = s.requests[0];
    expect(sent.path).toBe('/v2beta/stable-image/generate/core');
    expect(sent.headers.authorization).toBe('Bearer sk-st');
    const body = sent.body.toString();
    expect(body).toMatch(/name="aspect_ratio"\r\n\r\n4:5\r\n/);
    expect(body).toMatch(/name="negative_prompt"\r\n\r\n[^\r]*shading/);
  });

  it('maps moderation and filtered output to 4003, server errors to 4008', async () => {
    let mode = 'moderation';
    const s = await serve((req, res) => {
      if (mode === 'moderation') return sendJson(res, 403, { name: 'content_moderation', errors: ['flagged'] });
      if (mode === 'filtered') return sendJson(res, 200, { image: '', finish_reason: 'CONTENT_FILTERED', seed: 1 });
      sendJson(res, 500, { name: 'internal', errors: ['boom'] });
    });
    const config = { IMAGE_PROVIDER: 'stability', STABILITY_API_KEY: 'k', STABILITY_BASE_URL: s.url };
    const run = () => codeOf(provider(config).generate({ prompt: 'x', difficulty: 'teen', ratio: '1:1' }));
    expect(await run()).toBe(4003);
    mode = 'filtered';
    expect(await run()).toBe(4003);
    mode = 'error';
    expect(await run()).toBe(4008);
  });
});

describe('provider pages', () => {
  it('always send the picture through the line-art cleanup, also when resuming', async () => {
    const s = await serve((req, res) => {
      if (req.method === 'POST') return sendJson(res, 201, { id: 'z', status: 'starting' });
      if (req.path === '/files/z.png') return void res.writeHead(200).end(PICTURE);
      sendJson(res, 200, { id: 'z', status: 'succeeded', output: `${server!.url}/files/z.png` });
    });
    const p = provider({ IMAGE_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 't', REPLICATE_BASE_URL: `${s.url}/v1` });
    const seen: string[] = [];
    const cleanup = async (input: Buffer, options: { mode: string; difficulty: string }): Promise<Page> => {
      seen.push(`${options.mode}:${options.difficulty}:${input.equals(PICTURE)}`);
      return { png: Buffer.from('clean'), svg: null, width: 1, height: 1, report: {} as Page['report'] };
    };
    const made = await generateProviderPage(p, { prompt: 'a bus', difficulty: 'teen', ratio: '1:1' }, cleanup);
    expect(made.page.png.toString()).toBe('clean');
    const resumed = await resumeProviderPage(p, made.providerRef, { difficulty: 'teen', ratio: '1:1' }, cleanup);
    expect(resumed?.providerRef).toBe('replicate:z');
    expect(seen).toEqual(['cleanup:teen:true', 'cleanup:teen:true']);
  });
});
