import sharp from 'sharp';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { createLibraryImporter, type LibraryPageInput } from './library-import';

async function pageFiles(): Promise<LibraryPageInput['page']> {
  const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
  const webp = await sharp({ create: { width: 15, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
  return { png, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', pdfLetter: Buffer.from('%PDF letter'), pdfA4: Buffer.from('%PDF a4'), thumb600: webp, thumb320: webp, colorPng: png, colorThumb600: webp, width: 30, height: 40 };
}

describe.each(databaseKinds)('library search by words on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    const files = await pageFiles();
    const text = (en: string, zh: string, ja: string) => ({ en, zh, ja });
    await importer.upsertCategory({ slug: 'dinosaurs', name: 'dinosaurs', displayName: text('Dinosaurs', '恐龙', '恐竜'), description: text('<p>x</p>', '<p>x</p>', '<p>x</p>'), seoTitle: text('x', 'x', 'x'), seoDesc: text('x', 'x', 'x'), hotness: 10 });
    await importer.upsertCategory({ slug: 'garden', name: 'garden', displayName: text('Garden', '花园', '庭'), description: text('<p>x</p>', '<p>x</p>', '<p>x</p>'), seoTitle: text('x', 'x', 'x'), seoDesc: text('x', 'x', 'x'), hotness: 5 });
    const page = (id: string, categorySlug: string, title: ReturnType<typeof text>, description: ReturnType<typeof text>, hotness: number, tags: { slug: string; displayName: ReturnType<typeof text> }[] = []) =>
      importer.importPage({ id, categorySlug, title, description, prompt: text('', '', ''), additionalInfo: null, tags, ratio: '3:4', difficulty: 'children', hotness, attribution: null, page: files });
    await page('lib-trex', 'dinosaurs', text('T-rex in the jungle', '丛林里的霸王龙', 'ジャングルのティラノサウルス'), text('A big dinosaur.', '一只大恐龙。', '大きな恐竜。'), 1);
    await page('lib-baby-dino', 'dinosaurs', text('Baby dinosaur hatching', '小恐龙破壳', '恐竜の赤ちゃん'), text('Cute.', '可爱。', 'かわいい。'), 2);
    await page('lib-rose', 'garden', text('Rose garden', '玫瑰花园', 'バラの庭'), text('Flowers, and a dinosaur-shaped hedge in the end.', '花。', '花。'), 50, [{ slug: 'flower', displayName: text('Flower', '花', '花') }]);
    await page('lib-cat', 'garden', text('Cat in the garden', '花园里的猫', '庭のねこ'), text('Sleepy.', '睡觉。', 'ねむい。'), 3);
    await importer.bumpVersion();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images?query=${encodeURIComponent(query)}` });
    expect(response.statusCode, query).toBe(200);
    return response.json().data.images.map((image: { id: string }) => image.id);
  };

  it('finds words of titles, descriptions, tags and categories, not the keys of the stored JSON', async () => {
    expect(await ids('en')).toEqual([]);
    expect(await ids('zh')).toEqual([]);
    expect(await ids('ja')).toEqual([]);
    expect(await ids('rose')).toEqual(['lib-rose']);
    expect((await ids('flowers')).sort()).toEqual(['lib-rose']);
    expect(await ids('cat garden')).toEqual(['lib-cat']);
  });

  it('ranks by relevance: pages about dinosaurs before a page that mentions one, then hottest first', async () => {
    const found = await ids('dinosaur');
    expect(found.slice(0, 2).sort()).toEqual(['lib-baby-dino', 'lib-trex']);
    expect(found).toContain('lib-rose');
    expect(found.at(-1)).toBe('lib-rose');
    // "dinosaurs" (plural) and "dino" (still typing) find the same pages.
    expect((await ids('dinosaurs')).sort()).toEqual([...found].sort());
    expect((await ids('dino')).sort()).toEqual([...found].sort());
  });

  it('counts every match on every page of the results, and past the last one', async () => {
    const answer = async (page: number) => (await t.app.inject({ method: 'GET', url: `/api/images?query=dinosaur&pageSize=2&currentPage=${page}` })).json().data;
    expect(await answer(1)).toMatchObject({ total: 3 });
    expect((await answer(1)).images).toHaveLength(2);
    expect(await answer(2)).toMatchObject({ total: 3 });
    expect((await answer(2)).images).toHaveLength(1);
    expect(await answer(3)).toMatchObject({ total: 3, images: [] });
  });

  it('finds Chinese and Japanese words, kana readings included', async () => {
    // The lexicon knows all three as "dinosaur", so the rose garden's hedge comes too, last.
    for (const word of ['恐龙', '恐竜', 'きょうりゅう']) {
      const found = await ids(word);
      expect(found.slice(0, 2).sort(), word).toEqual(['lib-baby-dino', 'lib-trex']);
      expect(found.slice(2), word).toEqual(['lib-rose']);
    }
    expect(await ids('猫')).toEqual(['lib-cat']);
    expect(await ids('バラ')).toEqual(['lib-rose']);
  });

  it('answers query syntax of FTS5, tsquery and SQL with 200 and no surprise', async () => {
    for (const hostile of ['"', '"unterminated', '*', 'dino*', 'NEAR(rose cat)', 'rose OR cat', "') OR 1=1 --", 'a & b | !c', 'rose:*', '^rose', '-rose', '(', '\\', '%00', 'x'.repeat(200)]) await ids(hostile);
    expect(await ids('rose OR cat')).toEqual([]);
  });

  it('searches a signed-in user\'s own pages by words too', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/images/userImg?query=en', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.total).toBe(0);
  });
});
