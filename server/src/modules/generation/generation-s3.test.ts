import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@studio/contracts/errors';
import { createS3Storage } from '../../adapters/storage/s3-storage';
import { ledgerOf } from '../credits/credits.repository';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

/** The same flows with every file in an S3-compatible bucket, as when scaled out (DESIGN §9). */
describe('generation with S3 storage', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: ReturnType<typeof createS3Storage>;
  const fake = createFakePageMaker();

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage(s3.settings);
    t = await createTestApp('sqlite', { maker: fake.maker, storage });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const keysInBucket = async () => {
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };

  const finished = async (headers: Record<string, string>, taskId: string) => {
    for (let i = 0; i < 200; i += 1) {
      const json = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=image2image`, headers })).json();
      if (json.data.status === 'completed' || json.data.status === 'failed') return json.data;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('task did not finish');
  };

  it('keeps the upload, the page files and the downloads in the bucket, and removes them on delete', async () => {
    const user = await signedInUser(t.app);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
    const body = multipart({ ratio: '4:3' }, { name: 'cat.jpg', type: 'image/jpeg', data: photo });
    const response = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    const done = await finished(user.headers, response.json().data.taskId);
    expect(done.status).toBe('completed');

    const keys = await keysInBucket();
    expect(keys.filter((key) => key.startsWith(`images/${done.image.id}/`)).length).toBeGreaterThanOrEqual(3);
    // The upload is removed once the page is made.
    expect(keys.filter((key) => key.startsWith('uploads/'))).toEqual([]);

    const thumb = await t.app.inject({ method: 'GET', url: done.image.thumbnailUrl.replace('http://studio.test', '') });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // A photo page is its owner's until shared (decision 050): the owner downloads it.
    const png = await t.app.inject({ method: 'GET', url: `/api/images/${done.image.id}/download?format=png`, headers: user.headers });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/images/${done.image.id}`, headers: user.headers });
    expect(removed.statusCode).toBe(200);
    expect((await keysInBucket()).filter((key) => key.startsWith(`images/${done.image.id}/`))).toEqual([]);
  });
});

describe('generation while the S3 store is down', () => {
  it('refuses an upload with 503 in under 5 s without charging, and fails a text page with its credits back once', async () => {
    const s3 = await startS3Server();
    const storage = createS3Storage(s3.settings);
    const t = await createTestApp('sqlite', { maker: createFakePageMaker().maker, storage });
    try {
      const user = await signedInUser(t.app);
      await s3.close();
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
      const body = multipart({ ratio: '4:3' }, { name: 'cat.jpg', type: 'image/jpeg', data: photo });
      const started = Date.now();
      const upload = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...body.headers }, payload: body.payload });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toMatchObject({ status: 'error', errorCode: ErrorCode.serviceUnavailable });
      expect((await ledgerOf(t.db.kysely, user.userId)).map((row) => row.reason)).toEqual(['signup']);

      const text = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'a cat on a hat' } });
      expect(text.statusCode).toBe(200);
      let status: { status: string; errorCode: number | null } = { status: 'pending', errorCode: null };
      for (let i = 0; i < 400 && status.status !== 'failed' && status.status !== 'completed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${text.json().data.taskId}?type=text2image`, headers: user.headers })).json().data;
      }
      expect(status.status).toBe('failed');
      expect((await ledgerOf(t.db.kysely, user.userId)).map((row) => row.reason).sort()).toEqual(['generation', 'refund', 'signup']);
      const after = await t.db.kysely.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow();
      expect(Number(after.credits)).toBe(50);
      expect(await t.db.kysely.selectFrom('images').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    } finally {
      await t.close();
    }
  }, 30_000);
});
