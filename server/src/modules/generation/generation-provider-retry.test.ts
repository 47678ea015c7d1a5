import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePageMaker } from '../../adapters/engine/engine-page-maker';
import { ledgerOf } from '../credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * An image model that is busy twice (429 with Retry-After) and then draws: the page is made through
 * the real engine and the real HTTP client, and the user pays once.
 */
describe('an image model that answers 429 twice, then succeeds', () => {
  let model: http.Server;
  const calls: number[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const drawing = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><circle cx="256" cy="256" r="150" fill="none" stroke="#000" stroke-width="10"/><rect x="180" y="180" width="150" height="150" fill="none" stroke="#000" stroke-width="8"/></svg>') }])
      .png()
      .toBuffer();
    model = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        calls.push(Date.now());
        if (calls.length <= 2) {
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          response.end(JSON.stringify({ error: { message: 'Rate limit reached for images' } }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ created: 1, data: [{ b64_json: drawing.toString('base64') }] }));
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const maker = createEnginePageMaker({
      providerConfig: { IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1` },
    });
    t = await createTestApp('sqlite', { maker });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => model.close(resolve));
  });

  it('makes the page after the retries, honouring Retry-After, and charges once', async () => {
    const user = await signedInUser(t.app);
    const queued = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'a round clock', difficulty: 'children' } });
    expect(queued.statusCode).toBe(200);
    let status: { status: string; errorCode: number | null } = { status: 'queued', errorCode: null };
    for (let i = 0; i < 600 && status.status !== 'completed' && status.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${queued.json().data.taskId}?type=text2image`, headers: user.headers })).json().data;
    }
    expect(status).toMatchObject({ status: 'completed', errorCode: null });
    expect(calls).toHaveLength(3);
    // Retry-After: 1 was waited for each time.
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(950);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(950);
    expect((await ledgerOf(t.db.kysely, user.userId)).map((row) => row.reason).sort()).toEqual(['generation', 'signup']);
  }, 60_000);
});
