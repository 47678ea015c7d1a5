import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { signedInUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createLibraryImporter } from './library-import';
import { seedLibrary } from './seed-library';

const L = (en: string) => ({ en, zh: `${en}·中`, ja: `${en}・日` });

describe('seeding the demo library', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    dir = path.join(t.dataDir, 'library');
    mkdirSync(dir, { recursive: true });
    const page = (id: string, prompt: string, tags: string[]) => ({ id, prompt, difficulty: 'children', ratio: '3:4', title: L(prompt), description: L(`${prompt}.`), tags, hotness: 3 });
    writeFileSync(
      path.join(dir, 'categories.json'),
      JSON.stringify([
        { slug: 'animals', name: 'animals', hotness: 9, displayName: L('Animals'), seoTitle: L('Animal pages'), seoDesc: L('Animals'), description: L('<h2>A</h2>'), pages: [page('animals-01', 'a cat', ['cat']), page('animals-02', 'a dog', ['dog'])] },
        { slug: 'space', name: 'space', hotness: 5, displayName: L('Space'), seoTitle: L('Space'), seoDesc: L('Space'), description: L('<h2>S</h2>'), pages: [page('space-01', 'a rocket', ['rocket'])] },
      ]),
    );
    writeFileSync(path.join(dir, 'tags.json'), JSON.stringify([{ slug: 'cat', displayName: L('Cat') }, { slug: 'dog', displayName: L('Dog') }, { slug: 'rocket', displayName: L('Rocket') }]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws every page once, and a second run only skips', async () => {
    const fake = createFakePageMaker();
    const deps = {
      importer: createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) }),
      maker: fake.maker,
      logger: pino({ level: 'silent' }),
      existing: async (id: string) => (await t.db.kysely.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    };
    expect(await seedLibrary(deps, dir)).toMatchObject({ made: 3, skipped: 0, failed: 0 });
    expect(await seedLibrary(deps, dir)).toMatchObject({ made: 0, skipped: 3, failed: 0 });
    expect(fake.state.calls).toBe(3);
    const categories = (await t.app.inject({ method: 'GET', url: '/api/images/categories' })).json().data;
    expect(categories.map((c: { slug: string; imageCount: number }) => [c.slug, c.imageCount])).toEqual([['animals', 2], ['space', 1]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/count' })).json().data).toBe(3);
  });

  it('draws the whole library again, in place, once a newer composer starts, and only once', async () => {
    const fake = createFakePageMaker();
    let stored: string | null = null;
    const db = t.db.kysely;
    const deps = {
      importer: createLibraryImporter({ db, storage: createLocalStorage(path.join(t.dataDir, 'files')) }),
      maker: fake.maker,
      logger: pino({ level: 'silent' }),
      existing: async (id: string) => (await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
      drawnWith: { get: async () => stored, set: async (version: string) => void (stored = version) },
    };
    // The library from the test above was drawn before versions were kept: a composer redraws it.
    const { userId } = await signedInUser(t.app);
    await db.insertInto('reports').values({ id: 'report-1', image_id: 'lib-animals-01', user_id: userId, content: 'wrong', created_at: new Date().toISOString() }).execute();
    const before = await db.selectFrom('images').select(['created_at', 'files']).where('id', '=', 'lib-animals-01').executeTakeFirstOrThrow();
    expect(await seedLibrary(deps, dir, { composer: 'v2' })).toMatchObject({ made: 3, skipped: 0, failed: 0, redrawn: true });
    expect(stored).toBe('v2');
    const after = await db.selectFrom('images').select(['created_at', 'files']).where('id', '=', 'lib-animals-01').executeTakeFirstOrThrow();
    // Replaced in place: same row (its report and date stay), new files.
    expect(after.created_at).toBe(before.created_at);
    expect(await db.selectFrom('reports').select('id').where('image_id', '=', 'lib-animals-01').execute()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/count' })).json().data).toBe(3);
    // The same composer again: nothing to draw.
    expect(await seedLibrary(deps, dir, { composer: 'v2' })).toMatchObject({ made: 0, skipped: 3, redrawn: false });
    expect(fake.state.calls).toBe(3);
    // A redraw that fails on a page keeps the old version, so the next start tries again.
    fake.state.fail = new Error('engine down');
    expect(await seedLibrary(deps, dir, { composer: 'v3' })).toMatchObject({ made: 0, failed: 3, redrawn: true });
    expect(stored).toBe('v2');
    expect((await t.app.inject({ method: 'GET', url: '/api/images/count' })).json().data).toBe(3);
  });
});
