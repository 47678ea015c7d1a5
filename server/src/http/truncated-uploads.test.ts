import { readdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage/storage';
import { signedInUser } from '../test/factories';
import { createFakePageMaker } from '../test/fake-page-maker';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app';
import { multipart } from '../test/uploads';

/** Everything the log was told at warn or above. */
function loudLog() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, errors: () => lines.filter((line) => line.level >= 40) };
}

/**
 * Issue 36, hole 6: a multipart body cut off before its closing boundary (a dropped upload, or a
 * client that lies) is a bad request, 400 with 3001, on every upload route — not a 500 in the log
 * — and nothing is stored or charged.
 */
describe.each(databaseKinds)('uploads cut off before their closing boundary on %s', (kind) => {
  let t: TestApp;
  const log = loudLog();
  const fake = createFakePageMaker();
  let photo: Buffer;
  const pageId = `truncatedupload${kind}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker, logger: log.logger });
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a6' } }).jpeg().toBuffer();
    // A library page anyone may colour, for the coloured-picture route.
    const key = `images/${pageId}/page.png`;
    await createLocalStorage(path.join(t.dataDir, 'files')).put(key, await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } }).png().toBuffer(), { contentType: 'image/png' });
    const files = JSON.stringify({ page: key, svg: null, pdfLetter: `images/${pageId}/page-letter.pdf`, pdfA4: `images/${pageId}/page-a4.pdf`, thumb600: `images/${pageId}/thumb-600.webp`, thumb320: `images/${pageId}/thumb-320.webp`, color: null, colorThumb600: null, source: null });
    const text = JSON.stringify({ en: 'A page', zh: 'A page', ja: 'A page' });
    await t.db.kysely
      .insertInto('images')
      .values({ id: pageId, id_tail: pageId.slice(-8), user_id: null, category_id: null, type: 'library', ratio: '4:3', difficulty: 'children', width: 400, height: 300, title: text, description: text, prompt: text, additional_info: null, attribution: null, is_public: 1, is_online: 1, hotness: 0, files, created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = () => {
    try {
      return readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).map(String).filter((name) => /\.\w+$/.test(name));
    } catch {
      return [];
    }
  };

  type Upload = ReturnType<typeof multipart>;
  /** Bodies that are not well-formed multipart, made from a good upload as the test helper writes it. */
  const malformed: { label: string; make(upload: Upload): Upload }[] = [
    { label: 'cut off before its closing boundary', make: (upload) => ({ ...upload, payload: upload.payload.subarray(0, upload.payload.lastIndexOf(Buffer.from('\r\n------studio-test-boundary--'))) }) },
    { label: 'cut off inside the file', make: (upload) => ({ ...upload, payload: upload.payload.subarray(0, upload.payload.length - 200) }) },
    { label: 'sent without a boundary', make: (upload) => ({ ...upload, headers: { 'content-type': 'multipart/form-data' } }) },
    { label: 'sent with a 300-character boundary', make: (upload) => ({ ...upload, headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` } }) },
  ];

  const routes = [
    { name: 'the photo generation', method: 'POST', url: () => '/api/images/img2imggenerate', fields: { ratio: '4:3', difficulty: 'children' } },
    { name: 'the avatar upload', method: 'POST', url: () => '/api/users/avatar', fields: {} },
    { name: 'keeping a coloured picture', method: 'PUT', url: (imageId: string) => `/api/colourings/${imageId}`, fields: {} },
  ] as const;

  for (const route of routes) {
    for (const body of malformed) {
      it(`answers 400 (3001) to ${route.name} ${body.label}, logs no error, stores and charges nothing`, async () => {
        const user = await signedInUser(t.app);
        const file = route.name === 'the avatar upload' ? { name: 'me.jpg', type: 'image/jpeg', data: photo } : route.name === 'keeping a coloured picture' ? { name: 'coloured.png', type: 'image/png', data: await sharp(photo).png().toBuffer() } : { name: 'dog.jpg', type: 'image/jpeg', data: photo };
        const upload = body.make(multipart(route.fields, file));
        const filesBefore = stored();
        const errorsBefore = log.errors().length;

        const response = await t.app.inject({ method: route.method, url: route.url(pageId), headers: { ...user.headers, ...upload.headers }, payload: upload.payload });

        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ status: 'error', data: null, errorCode: 3001, message: expect.any(String) });
        expect(log.errors().slice(errorsBefore)).toEqual([]);
        expect(stored()).toEqual(filesBefore);
        const profile = (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers })).json().data.user;
        expect(profile).toMatchObject({ credits: 50, avatar: null });
        expect(await t.db.kysely.selectFrom('coloured_pages').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
        expect(await t.db.kysely.selectFrom('generation_tasks').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
        expect(await t.db.kysely.selectFrom('credit_ledger').select('id').where('user_id', '=', user.userId).where('delta', '<', 0).execute()).toEqual([]);
      });
    }
  }
});
