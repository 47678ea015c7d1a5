import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Settings } from '../../adapters/storage/s3-storage';
import { createLocalStorage, type Storage } from '../../adapters/storage/storage';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { startS3Server } from '../../test/s3-server';
import { bareWebBuild, createTestApp, databaseKinds, filesUnder, serveWebBuild, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { originalKey } from './image-files';

type Headers = Record<string, string>;

interface Backend {
  name: 'local' | 's3';
  open(dataDir: () => string): Promise<{ storage: Storage | undefined; s3?: S3Settings; keys(): Promise<string[]>; close(): Promise<void> }>;
}


const backends: Backend[] = [
  {
    name: 'local',
    async open(dataDir) {
      return { storage: undefined, keys: async () => filesUnder(path.join(dataDir(), 'files')), close: async () => undefined };
    },
  },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      const storage = createS3Storage(server.settings);
      return {
        storage,
        s3: server.settings,
        async keys() {
          const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: server.settings.bucket }));
          return (listed.Contents ?? []).map((object) => object.Key!);
        },
        close: () => server.close(),
      };
    },
  },
];

const matrix = databaseKinds.flatMap((db) => backends.map((backend) => ({ db, backend })));

/** Every path by which an uploaded photo could reach someone else than its owner (issue 20, item 1). */
describe.each(matrix)('uploaded photos on $db with $backend.name storage', ({ db, backend }) => {
  let t: TestApp;
  let web: FastifyInstance;
  let store: Awaited<ReturnType<Backend['open']>>;
  const fake = createFakePageMaker();

  beforeAll(async () => {
    let dataDir = '';
    store = await backend.open(() => dataDir);
    t = await createTestApp(db, { maker: fake.maker, storage: store.storage, config: store.s3 ? { s3: store.s3 } : {} });
    dataDir = t.dataDir;
    const dist = bareWebBuild(t);
    web = await serveWebBuild(t, dist);
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
    await store?.close();
  });

  const relative = (url: string) => url.replace('http://studio.test', '');

  async function photoPage(owner: { headers: Headers }, isPublic: boolean) {
    // A photo with a recognisable colour, so its bytes can be told from a page's.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0306a' } }).jpeg().toBuffer();
    const body = multipart({ ratio: '4:3', isPublic: String(isPublic) }, { name: 'child.jpg', type: 'image/jpeg', data: photo });
    const response = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...owner.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(200);
    for (let i = 0; i < 200; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${response.json().data.taskId}?type=image2image`, headers: owner.headers })).json().data;
      if (status.status === 'completed') return status.image as { id: string; slug: string; [key: string]: unknown };
      if (status.status === 'failed') throw new Error(status.message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the photo page was not made');
  }

  /** Every URL in a JSON or HTML answer that points at this site or the bucket. */
  const urlsIn = (text: string) => [...new Set(text.match(/https?:\/\/[^"'\s<>\\)]+|\/files\/[^"'\s<>\\)]+/g) ?? [])].map((url) => url.replaceAll('&amp;', '&'));

  /** True when a URL, fetched as this visitor, yields the original photo's bytes. */
  async function yieldsPhoto(url: string, headers: Headers, photo: Buffer): Promise<boolean> {
    if (url.startsWith('http://studio.test') || url.startsWith('/')) {
      const response = await t.app.inject({ method: 'GET', url: relative(url), headers });
      return response.statusCode === 200 && response.rawPayload.equals(photo);
    }
    if (!url.startsWith('http://127.0.0.1')) return false;
    const response = await fetch(url);
    return response.ok && Buffer.from(await response.arrayBuffer()).equals(photo);
  }

  it('never shows a public photo page’s original to a visitor or another member; its owner sees it', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const image = await photoPage(owner, true);
    const key = originalKey(image.id);
    const storage = store.storage ?? createLocalStorage(path.join(t.dataDir, 'files'));
    const photo = (await storage.get(key))!;
    expect(photo, 'the original is kept under the private prefix').not.toBeNull();
    expect(await store.keys()).toContain(key);

    const visitors: [string, Headers][] = [
      ['anonymous', {}],
      ['another member', stranger.headers],
    ];
    for (const [who, headers] of visitors) {
      const answers = [
        (await t.app.inject({ method: 'GET', url: `/api/images?imageId=${image.id}`, headers })).body,
        (await t.app.inject({ method: 'GET', url: `/api/images?imageId=${image.slug}`, headers })).body,
        (await t.app.inject({ method: 'GET', url: '/api/images?type=image2image&isPublic=true', headers })).body,
        (await t.app.inject({ method: 'GET', url: `/api/images?userId=${owner.userId}`, headers })).body,
        (await t.app.inject({ method: 'GET', url: '/api/images?query=photo', headers })).body,
        (await t.app.inject({ method: 'GET', url: '/api/images/examples?type=image2image', headers })).body,
        (await t.app.inject({ method: 'GET', url: '/api/images/categories', headers })).body,
        (await web.inject({ method: 'GET', url: `/image/${image.slug}`, headers })).body,
        (await web.inject({ method: 'GET', url: '/sitemap.xml', headers })).body,
      ];
      expect(answers[0], `${who}: the public page itself is listed`).toContain(image.id);
      expect(answers[7], `${who}: the image page's HTML carries its JSON-LD and picture`).toMatch(/application\/ld\+json[^]*thumb-600\.webp/);
      for (const answer of answers) {
        expect(answer, who).not.toMatch(/originals\/|source\.webp/);
        for (const url of urlsIn(answer)) expect(await yieldsPhoto(url, headers, photo), `${who}: ${url}`).toBe(false);
      }
      // The storage paths, guessed: the old public one, the private prefix, the owner routes.
      for (const url of [`/files/images/${image.id}/source.webp`, `/files/${key}`, `/files/originals/${image.id}/source.webp`, `/api/images/${image.id}/original/file`, `/api/images/${image.id}/original/file?exp=9999999999&sig=forged`]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${who}: ${url}`).toBe(404);
      }
      const link = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original`, headers });
      expect(link.statusCode, `${who}: the owner's link`).toBe(who === 'anonymous' ? 401 : 404);
    }

    // The owner: a short-lived link (presigned on S3, the owner route's signature on disk) that yields the photo.
    const link = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original`, headers: owner.headers });
    expect(link.statusCode).toBe(200);
    expect(link.headers['cache-control']).toBe('private, no-store');
    const { url, expiresAt } = link.json().data as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(20 * 60_000);
    if (backend.name === 's3') {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+X-Amz-Signature=/);
      // The web app may show it: the bucket's origin is in the pages' content security policy.
      const csp = String((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`img-src [^;]*${new URL(url).origin.replace(/[.]/g, '\\.')}`));
    }
    else expect(url).toMatch(/^\/api\/images\/[^/]+\/original\/file\?exp=\d+&sig=/);
    expect(await yieldsPhoto(url, {}, photo)).toBe(true);
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original/file`, headers: owner.headers });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    if (backend.name === 's3') {
      // The bucket is read only through presigned links: the owner route sends the owner to a fresh one.
      expect(signedIn.statusCode).toBe(302);
      expect(await yieldsPhoto(String(signedIn.headers.location), {}, photo)).toBe(true);
    } else {
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.rawPayload.equals(photo)).toBe(true);
    }
    // A link for one image opens no other.
    const other = await photoPage(owner, true);
    if (backend.name === 'local') {
      const swapped = url.replace(encodeURIComponent(image.id), encodeURIComponent(other.id));
      expect((await t.app.inject({ method: 'GET', url: relative(swapped) })).statusCode).toBe(404);
    }
  });

  it('keeps a private photo page and its original to the owner alone', async () => {
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro', membership_period_end: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', owner.userId).execute();
    const stranger = await signedInUser(t.app);
    const image = await photoPage(owner, false);
    for (const headers of [{}, stranger.headers]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/images?imageId=${image.id}`, headers })).json().data.images).toEqual([]);
      expect((await web.inject({ method: 'GET', url: '/sitemap.xml', headers })).body).not.toContain(image.id);
      expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original/file`, headers })).statusCode).toBe(404);
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/api/images/userImg', headers: owner.headers })).json().data.images as { id: string }[];
    expect(mine.map((row) => row.id)).toContain(image.id);
    expect(JSON.stringify(mine)).not.toMatch(/originals\/|source\.webp/);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('deletes the original, the page files and the thumbnails when the owner deletes the page', async () => {
    const owner = await signedInUser(t.app);
    const image = await photoPage(owner, true);
    const mine = (await store.keys()).filter((key) => key.includes(image.id));
    expect(mine).toContain(originalKey(image.id));
    expect(mine.filter((key) => key.startsWith(`images/${image.id}/`)).length).toBeGreaterThanOrEqual(6);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${image.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await store.keys()).filter((key) => key.includes(image.id))).toEqual([]);
    expect((await store.keys()).filter((key) => key.startsWith('uploads/'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/original`, headers: owner.headers })).statusCode).toBe(404);
  });
});
