import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../adapters/storage/storage';
import { createTestApp, databaseKinds, waitFor, type TestApp } from '../../test/test-app';
import { NAMED_DOWNLOADS_PER_MINUTE } from '../images/images.routes';
import { createLibraryImporter } from '../library/library-import';
import { NAMED_DOWNLOADS } from './packs.service';

const L = (en: string) => ({ en, zh: en, ja: en });

/**
 * Local storage whose reads wait while the gate is shut: a named download then stays "being
 * drawn" for as long as the test wants, and the test sees how many are drawn at once.
 */
function gatedStorage(root: string) {
  const inner = createLocalStorage(root);
  let shut: Promise<void> | null = null;
  let release = () => undefined as void;
  const reads = { now: 0, most: 0 };
  const storage: Storage = {
    ...inner,
    async get(key) {
      reads.now += 1;
      reads.most = Math.max(reads.most, reads.now);
      try {
        if (shut) await shut;
        return await inner.get(key);
      } finally {
        reads.now -= 1;
      }
    },
  };
  return {
    storage,
    reads,
    shut() {
      shut = new Promise((resolve) => (release = resolve));
    },
    open() {
      shut = null;
      release();
    },
  };
}

/** Issue 36, hole 2: "name on the page" downloads are drawn a few at a time and counted against their own, lower limit. */
describe.each(databaseKinds)('downloads with a name on %s', (kind) => {
  let t: TestApp;
  const filesDir = mkdtempSync(path.join(tmpdir(), 'studio-named-files-'));
  const gate = gatedStorage(filesDir);

  beforeAll(async () => {
    t = await createTestApp(kind, { storage: gate.storage });
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(filesDir) });
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#fff' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 15, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
    await importer.upsertCategory({ slug: 'farm', name: 'farm', displayName: L('Farm'), description: L('<p>x</p>'), seoTitle: L('x'), seoDesc: L('x'), hotness: 1 });
    await importer.importPage({
      id: 'lib-named-00', categorySlug: 'farm', title: L('A cow'), description: L('x'), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 1, attribution: null,
      page: { png, svg: null, pdfLetter: Buffer.from('%PDF letter'), pdfA4: Buffer.from('%PDF a4'), thumb600: webp, thumb320: webp, colorPng: null, colorThumb600: null, width: 300, height: 400 },
    });
    await importer.bumpVersion();
  }, 60_000);
  afterAll(async () => {
    gate.open();
    await t?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  let client = 0;
  const fromNewClient = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: `10.36.2.${++client}` });

  it('draws two at once, lets eight wait their turn and answers 1007 to more at once, while other requests go on', async () => {
    const asked = NAMED_DOWNLOADS.atOnce + NAMED_DOWNLOADS.waiting + 2;
    const answered: LightMyRequestResponse[] = [];
    gate.shut();
    try {
      const all = Array.from({ length: asked }, (_, i) => fromNewClient(`/api/images/lib-named-00/download?format=png&name=Child%20${i}`).then((response) => answered.push(response)));
      // The two over the queue are answered straight away, while the others are still held.
      await waitFor(() => (answered.length >= 2 && gate.reads.now === NAMED_DOWNLOADS.atOnce ? true : null));
      expect(answered.map((response) => response.statusCode)).toEqual([429, 429]);
      for (const response of answered) {
        expect(response.json()).toMatchObject({ status: 'error', errorCode: 1007, data: null });
        expect(response.headers['retry-after']).toBeDefined();
      }
      // Nothing else waits behind the drawing: a plain download and the health check answer now.
      const plain = await fromNewClient('/api/images/lib-named-00/download?format=png');
      expect(plain.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      gate.open();
      await Promise.all(all);
    } finally {
      gate.open();
    }
    expect(gate.reads.most).toBe(NAMED_DOWNLOADS.atOnce);
    const drawn = answered.slice(2);
    expect(drawn).toHaveLength(asked - 2);
    for (const response of drawn) {
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect((await sharp(response.rawPayload).metadata()).height).toBeGreaterThan(400);
    }
  });

  it(`counts downloads with a name on their own: ${NAMED_DOWNLOADS_PER_MINUTE} a minute for one client, and plain downloads go on`, async () => {
    const fromOneClient = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.36.2.250' });
    for (let i = 0; i < NAMED_DOWNLOADS_PER_MINUTE; i += 1) expect((await fromOneClient('/api/images/no-such-page/download?format=png&name=Emma')).statusCode).toBe(404);
    const over = await fromOneClient('/api/images/no-such-page/download?format=png&name=Emma');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'error', errorCode: 1007 });
    // The same client's plain downloads have their own, larger allowance; another client is not held up.
    expect((await fromOneClient('/api/images/lib-named-00/download?format=png')).statusCode).toBe(200);
    expect((await fromNewClient('/api/images/lib-named-00/download?format=png&name=Emma')).statusCode).toBe(200);
  });
});
