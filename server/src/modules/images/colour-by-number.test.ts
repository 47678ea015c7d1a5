import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineColourByNumber } from '../../adapters/engine/engine-variant-maker';
import type { PageMaker } from '../../adapters/engine/page-maker';
import type { NumbersRequest, VariantMaker } from '../../adapters/engine/variant-maker';
import { createLocalStorage } from '../../adapters/storage/storage';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { numbersKey, variantKeys } from './colour-by-number';

type Headers = Record<string, string>;

/** A real page, small: a frame and a 3 × 3 grid, 8 px lines. */
async function drawnPage(): Promise<{ png: Buffer; preview: Buffer }> {
  const [w, h] = [600, 800];
  const page = new Uint8Array(w * h).fill(255);
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) page.fill(0, y * w + x0, y * w + x1);
  };
  for (const [x0, y0, x1, y1] of [[20, 20, 580, 28], [20, 772, 580, 780], [20, 20, 28, 780], [572, 20, 580, 780], [200, 20, 208, 780], [390, 20, 398, 780], [20, 270, 580, 278], [20, 520, 580, 528]]) ink(x0, y0, x1, y1);
  const preview = await sharp({ create: { width: w, height: h, channels: 3, background: '#74c0fc' } }).png().toBuffer();
  return { png: await sharp(page, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer(), preview };
}

describe.each(databaseKinds)('colour by number on %s', (kind) => {
  let t: TestApp;
  const calls: NumbersRequest[] = [];
  const variants: VariantMaker = {
    async colourByNumber(request) {
      calls.push(request);
      return engineColourByNumber(request);
    },
  };

  beforeAll(async () => {
    const fake = createFakePageMaker();
    const { png, preview } = await drawnPage();
    // The fake maker's files, with a real drawing to number (and a blue preview for prompt pages).
    const maker: PageMaker = {
      ...fake.maker,
      fromPrompt: async (request, progress) => ({ ...(await fake.maker.fromPrompt(request, progress)), png, svg: null, colorPng: preview, width: 600, height: 800 }),
      fromPhoto: async (request, progress) => ({ ...(await fake.maker.fromPhoto(request, progress)), png, svg: null, width: 600, height: 800 }),
    };
    t = await createTestApp(kind, { maker, variants });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function finished(taskId: string, type: string, headers: Headers): Promise<{ id: string }> {
    for (let i = 0; i < 200; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=${type}`, headers })).json().data;
      if (status.status === 'completed') return status.image;
      if (status.status === 'failed') throw new Error(status.message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the page was not made');
  }

  async function promptPage(owner: { headers: Headers }, isPublic: boolean) {
    const response = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt: 'a lion in the grass', isPublic, difficulty: 'children' } });
    expect(response.statusCode, response.body).toBe(200);
    return finished(response.json().data.taskId, 'text2image', owner.headers);
  }

  async function photoPage(owner: { headers: Headers }) {
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c0306a' } }).jpeg().toBuffer();
    const body = multipart({ ratio: '3:4', isPublic: 'true' }, { name: 'child.jpg', type: 'image/jpeg', data: photo });
    const response = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...owner.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(200);
    return finished(response.json().data.taskId, 'image2image', owner.headers);
  }

  const download = (id: string, query: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/images/${id}/download?${query}`, headers });
  const storage = () => createLocalStorage(path.join(t.dataDir, 'files'));
  const credits = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers })).json().data.credits as number;

  it('lets a signed-out visitor download a public page’s numbered PDF and its solution, named by the spec’s rule, free', async () => {
    const owner = await signedInUser(t.app);
    const image = await promptPage(owner, true);
    const before = await credits(owner.headers);
    calls.length = 0;

    const numbers = await download(image.id, 'variant=numbers&format=pdf');
    expect(numbers.statusCode, numbers.body).toBe(200);
    expect(numbers.headers['content-type']).toBe('application/pdf');
    expect(numbers.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(numbers.headers['content-disposition'])).toMatch(new RegExp(`filename="coloring-page-a-lion-in-the-grass-${image.id.slice(-8)}-numbers\\.pdf"`, 'i'));
    const solution = await download(image.id, 'variant=solution&format=png');
    expect(solution.statusCode).toBe(200);
    expect(solution.headers['content-type']).toBe('image/png');
    expect(String(solution.headers['content-disposition'])).toMatch(/-solution\.png"/);
    // Letter by default, A4 for zh and ja (as the page's own PDF).
    const a4 = await download(image.id, 'variant=numbers&format=pdf&lang=ja');
    expect(a4.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28/);
    expect(numbers.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 612 792\]/);

    // Made once, from the page and its preview (the solution is the preview's blue), then kept.
    expect(calls.length).toBe(1);
    expect(calls[0].colour?.fit).toBe('cover');
    const { data, info } = await sharp(solution.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(100, 150)).toEqual([0x74, 0xc0, 0xfc]);
    const again = await download(image.id, 'variant=numbers&format=pdf');
    expect(again.rawPayload.equals(numbers.rawPayload)).toBe(true);
    expect(calls.length).toBe(1);
    expect(await storage().get(numbersKey(image.id, 'numbersPdfLetter', false))).not.toBeNull();
    expect(await credits(owner.headers)).toBe(before);
  });

  it('makes a variant once when two downloads ask for it at the same moment', async () => {
    const owner = await signedInUser(t.app);
    const image = await promptPage(owner, true);
    calls.length = 0;
    const [a, b] = await Promise.all([download(image.id, 'variant=numbers&format=png'), download(image.id, 'variant=solution&format=pdf')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(calls.length).toBe(1);
  });

  it('keeps a private page’s variants to its owner: the same 404 as a missing page for anyone else', async () => {
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro', membership_period_end: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', owner.userId).execute();
    const stranger = await signedInUser(t.app);
    const image = await promptPage(owner, false);
    for (const headers of [{}, stranger.headers]) {
      for (const variant of ['numbers', 'solution']) expect((await download(image.id, `variant=${variant}&format=pdf`, headers)).statusCode).toBe(404);
    }
    expect((await download(image.id, 'variant=numbers&format=pdf', owner.headers)).statusCode).toBe(200);
    expect((await download(image.id, 'variant=numbers&format=svg', owner.headers)).statusCode).toBe(404);
  });

  it('colours a photo page from the photo for its owner only; others get colours chosen without it', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const image = await photoPage(owner);
    calls.length = 0;
    const theirs = await download(image.id, 'variant=solution&format=png', stranger.headers);
    const anonymous = await download(image.id, 'variant=solution&format=png');
    const mine = await download(image.id, 'variant=solution&format=png', owner.headers);
    expect([theirs.statusCode, anonymous.statusCode, mine.statusCode]).toEqual([200, 200, 200]);
    // Two makings: one without the photo (shared by everyone else), one from it (the owner's).
    expect(calls.map((call) => call.colour !== null)).toEqual([false, true]);
    expect(anonymous.rawPayload.equals(theirs.rawPayload)).toBe(true);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(false);
    // The photo is magenta: the owner's solution is magenta; nobody else's shows that colour.
    const magenta = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i] === 0xd6 && data[i + 1] === 0x33 && data[i + 2] === 0x6c) n++;
      return n;
    };
    expect(await magenta(mine.rawPayload)).toBeGreaterThan(10_000);
    expect(await magenta(theirs.rawPayload)).toBe(0);
    // The owner's is kept under the private prefix, out of reach of /files.
    expect(await storage().get(numbersKey(image.id, 'solutionPng', true))).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/files/originals/${image.id}/numbers/solution.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/images/${image.id}/solution.png` })).statusCode).toBe(404);
  });

  it('removes the variants with the page', async () => {
    const owner = await signedInUser(t.app);
    const image = await photoPage(owner);
    await download(image.id, 'variant=numbers&format=png', owner.headers);
    await download(image.id, 'variant=numbers&format=png');
    const kept = async () => (await Promise.all(variantKeys(image.id).map((key) => storage().get(key)))).filter(Boolean).length;
    expect(await kept()).toBe(12);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${image.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await kept()).toBe(0);
  });
});
