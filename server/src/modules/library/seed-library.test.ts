import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { createFakePageMaker } from '../../test/fake-page-maker';
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
});
