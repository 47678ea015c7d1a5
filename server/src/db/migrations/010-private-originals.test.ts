import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../adapters/storage/s3-storage';
import { createLocalStorage, type Storage } from '../../adapters/storage/storage';
import { applyStorageMoves } from '../../modules/images/image-files';
import { createStorageMovesRepository } from '../../modules/images/storage-moves.repository';
import { startS3Server } from '../../test/s3-server';
import { databaseKinds, openTestDatabase } from '../../test/test-app';
import { migrate } from '../database';

const storages: { name: string; open(dir: string): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  { name: 'local', open: async (dir) => ({ storage: createLocalStorage(path.join(dir, 'files')), close: async () => undefined }) },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      return { storage: createS3Storage(server.settings), close: () => server.close() };
    },
  },
];

describe.each(databaseKinds.flatMap((db) => storages.map((store) => ({ db, store }))))('migration 010 on $db with $store.name storage', ({ db: kind, store }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('moves a stored original to the private prefix and rewrites its row; the page files stay', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-m010-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const { db, dropSchema } = await openTestDatabase(kind, dir);
    cleanups.push(async () => {
      await db.close();
      await dropSchema();
    });
    const { storage, close } = await store.open(dir);
    cleanups.push(close);

    await migrate(db, { upTo: '009-text-search' });
    const id = 'img0000000000photo001';
    const old = { page: `images/${id}/page.png`, svg: null, pdfLetter: `images/${id}/page-letter.pdf`, pdfA4: `images/${id}/page-a4.pdf`, thumb600: `images/${id}/thumb-600.webp`, thumb320: `images/${id}/thumb-320.webp`, color: null, colorThumb600: null, source: `images/${id}/source.webp` };
    await db.kysely
      .insertInto('images')
      .values({ id, user_id: null, category_id: null, type: 'image2image', ratio: '4:3', difficulty: 'children', width: 8, height: 6, title: '{"en":"Photo","zh":"Photo","ja":"Photo"}', description: '{"en":"","zh":"","ja":""}', prompt: '{"en":"","zh":"","ja":""}', additional_info: null, attribution: null, is_public: 1, is_online: 1, hotness: 0, files: JSON.stringify(old), created_at: new Date().toISOString() })
      .execute();
    await storage.put(old.source, Buffer.from('the photo'), { contentType: 'image/webp' });
    await storage.put(old.page, Buffer.from('the page'), { contentType: 'image/png' });
    const versionBefore = (await db.kysely.selectFrom('settings').select('value').where('key', '=', 'images_version').executeTakeFirstOrThrow()).value;

    expect(await migrate(db)).toContain('010-private-originals');
    const row = await db.kysely.selectFrom('images').select('files').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.files)).toEqual({ ...old, source: `originals/${id}/source.webp` });
    const versionAfter = (await db.kysely.selectFrom('settings').select('value').where('key', '=', 'images_version').executeTakeFirstOrThrow()).value;
    expect(versionAfter, 'cached public answers are dropped').not.toBe(versionBefore);

    const moves = createStorageMovesRepository(db.kysely);
    expect(await applyStorageMoves(moves, storage)).toBe(1);
    expect((await storage.get(`originals/${id}/source.webp`))?.toString()).toBe('the photo');
    expect(await storage.get(old.source)).toBeNull();
    expect((await storage.get(old.page))?.toString()).toBe('the page');
    // Done once: a second start has nothing left to move.
    expect(await moves.pending()).toEqual([]);
    expect(await applyStorageMoves(moves, storage)).toBe(0);
  });
});
