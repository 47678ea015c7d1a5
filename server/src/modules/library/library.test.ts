import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { establishUser, signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { createLibraryImporter, type LibraryPageInput } from './library-import';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createReportsRepository } from '../images/reports.repository';

const L = (en: string) => ({ en, zh: `${en}（中文）`, ja: `${en}（日本語）` });

async function pageFiles(): Promise<LibraryPageInput['page']> {
  const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
  const webp = await sharp({ create: { width: 15, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
  return { png, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', pdfLetter: Buffer.from('%PDF letter'), pdfA4: Buffer.from('%PDF a4'), thumb600: webp, thumb320: webp, colorPng: png, colorThumb600: webp, width: 30, height: 40 };
}

describe.each(databaseKinds)('the free library on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { maker: createFakePageMaker().maker });
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    const files = await pageFiles();
    await importer.upsertCategory({ slug: 'animals', name: 'animals', displayName: L('Animals'), description: L('<h2>About</h2><p>Animals.</p>'), seoTitle: L('Animal coloring pages'), seoDesc: L('Free animal pages'), hotness: 50 });
    await importer.upsertCategory({ slug: 'space', name: 'space', displayName: L('Space'), description: L('<p>Space.</p>'), seoTitle: L('Space'), seoDesc: L('Space'), hotness: 90 });
    const cat = { slug: 'cat', displayName: L('Cat') };
    const dog = { slug: 'dog', displayName: L('Dog') };
    const rocket = { slug: 'rocket', displayName: L('Rocket') };
    const pages: [string, string, string, typeof cat[], number][] = [
      ['lib-cat-1', 'animals', 'Sleepy cat', [cat], 10],
      ['lib-cat-2', 'animals', 'Cat and dog friends', [cat, dog], 30],
      ['lib-dog-1', 'animals', 'Happy dog', [dog], 20],
      ['lib-rocket', 'space', 'Rocket to the moon', [rocket], 40],
      ['lib-percent', 'space', 'Stars at 100% brightness', [rocket], 1],
    ];
    for (const [id, categorySlug, title, tags, hotness] of pages) {
      await importer.importPage({ id, categorySlug, title: L(title), description: L(`${title}.`), prompt: L(title.toLowerCase()), additionalInfo: null, tags, ratio: '3:4', difficulty: 'children', hotness, attribution: null, page: files });
    }
    await importer.importPage({ id: 'lib-cat-1', categorySlug: 'animals', title: L('Sleepy cat'), description: L('Sleepy cat.'), prompt: L('sleepy cat'), additionalInfo: null, tags: [cat], ratio: '3:4', difficulty: 'children', hotness: 10, attribution: null, page: files });
    await importer.bumpVersion();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

  it('lists categories by hotness with counts, top tags and a cover', async () => {
    // Browsers ask again on every visit: a list they kept for minutes hid a fresh import.
    for (const url of ['/api/images/categories', '/api/images/categories/animals']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
    const categories = await get('/api/images/categories');
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(['space', 'animals']);
    const animals = categories[1];
    expect(animals).toMatchObject({ imageCount: 3, displayName: { en: 'Animals' } });
    expect(animals.tagCounts).toEqual([
      { tagId: 'tag_cat', displayName: L('Cat'), count: 2 },
      { tagId: 'tag_dog', displayName: L('Dog'), count: 2 },
    ]);
    expect(animals.coloringUrl).toContain('/files/images/lib-cat-2/page.png');
    expect(await get('/api/images/categories/animals')).toMatchObject({ slug: 'animals' });
    expect(await get(`/api/images/categories/${animals.categoryId}`)).toMatchObject({ slug: 'animals' });
  });

  it('gives a single category every tag with its count, while list cards keep the top 5', async () => {
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    const files = await pageFiles();
    await importer.upsertCategory({ slug: 'many-tags', name: 'many tags', displayName: L('Many tags'), description: L('<p>x</p>'), seoTitle: L('x'), seoDesc: L('x'), hotness: 1 });
    const tags = ['a', 'b', 'c', 'd', 'e', 'f'].map((slug) => ({ slug: `t-${slug}`, displayName: L(slug.toUpperCase()) }));
    for (const i of tags.keys()) {
      await importer.importPage({ id: `lib-many-tags-${i}`, categorySlug: 'many-tags', title: L(`Page ${i}`), description: L('x'), prompt: L('x'), additionalInfo: null, tags: tags.slice(0, i + 1), ratio: '1:1', difficulty: 'children', hotness: 0, attribution: null, page: files });
    }
    await importer.bumpVersion();
    const single = await get('/api/images/categories/many-tags');
    expect(single.tagCounts.map((tag: { tagId: string; count: number }) => [tag.tagId, tag.count])).toEqual([
      ['tag_t-a', 6], ['tag_t-b', 5], ['tag_t-c', 4], ['tag_t-d', 3], ['tag_t-e', 2], ['tag_t-f', 1],
    ]);
    // (The single lookup above rebuilt the list cache, so the new category is listed too.)
    const listed = (await get('/api/images/categories')).find((c: { slug: string }) => c.slug === 'many-tags');
    expect(listed.tagCounts).toHaveLength(5);
    // The page of an image resolves by its slug (title + id tail) and by its raw id.
    const bySlug = await get('/api/images?imageId=page-3-y-tags-3&categoryId=many-tags');
    expect(bySlug.images.map((i: { id: string }) => i.id)).toEqual(['lib-many-tags-3']);
    expect((await get('/api/images?imageId=lib-many-tags-3')).images[0].slug).toBe('page-3-y-tags-3');
    await t.db.kysely.deleteFrom('image_tags').where('image_id', 'like', 'lib-many-tags-%').execute();
    await t.db.kysely.deleteFrom('images').where('id', 'like', 'lib-many-tags-%').execute();
    await t.db.kysely.deleteFrom('categories').where('slug', '=', 'many-tags').execute();
    await importer.bumpVersion();
  });

  it('searches public pages by category (slug or id), tag, text and relation, hottest first', async () => {
    const byCategory = await get('/api/images?categoryId=animals');
    expect(byCategory.total).toBe(3);
    expect(byCategory.images.map((i: { id: string }) => i.id)).toEqual(['lib-cat-2', 'lib-dog-1', 'lib-cat-1']);
    expect(byCategory.images[0].tags.map((tag: { tagId: string }) => tag.tagId)).toEqual(['tag_cat', 'tag_dog']);
    expect((await get('/api/images?categoryId=animals&tags=tag_dog')).total).toBe(2);
    expect((await get('/api/images?query=moon')).images.map((i: { id: string }) => i.id)).toEqual(['lib-rocket']);
    // Search is by words: wildcards typed by the visitor are neither wildcards nor words.
    expect((await get('/api/images?query=100%25')).images.map((i: { id: string }) => i.id)).toEqual(['lib-percent']);
    expect((await get('/api/images?query=%25')).total).toBe(0);
    expect((await get('/api/images?query=_')).total).toBe(0);
    const related = await get('/api/images?imageId=lib-cat-1&isRelated=true&pageSize=4');
    expect(related.images.map((i: { id: string }) => i.id).sort()).toEqual(['lib-cat-2', 'lib-dog-1']);
    expect((await get('/api/images?imageId=lib-rocket')).images[0]).toMatchObject({ id: 'lib-rocket', slug: 'rocket-to-the-moon-b-rocket' });
    expect((await get('/api/images?categoryId=no-such-category')).total).toBe(0);
    expect((await get('/api/images?sortBy=createdAt&sortOrder=asc&pageSize=2&currentPage=2')).images).toHaveLength(2);
  });

  it('never shows a private or offline page to anyone in lists, search or count', async () => {
    const before = await get('/api/images/count');
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro' }).where('id', '=', owner.userId).execute();
    const { taskId } = (await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt: 'my private moon base', isPublic: false } })).json().data;
    for (let i = 0; i < 100; i += 1) {
      const s = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=text2image`, headers: owner.headers })).json().data;
      if (s.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await get('/api/images/count')).toBe(before);
    expect((await get('/api/images?query=private')).total).toBe(0);
    expect((await get(`/api/images?userId=${owner.userId}`)).total).toBe(0);
    expect((await get('/api/images?isPublic=false')).total).toBe(0);
    // Moderation (`npm run content -- reports`) runs in another process, on its own connection.
    const moderation = createReportsRepository(t.db.kysely);
    await moderation.resolve('lib-dog-1', 'remove');
    expect((await get('/api/images?categoryId=animals')).total).toBe(2);
    expect((await get('/api/images?imageId=lib-dog-1')).total).toBe(0);
    await moderation.resolve('lib-dog-1', 'keep');
    expect((await get('/api/images?categoryId=animals')).total).toBe(3);
  });

  it('shares one answer per search until the images change, and drops it at once when they do', async () => {
    const url = '/api/images?pageSize=50';
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toBe('accept-encoding');
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    const ids = async () => (await get(url)).images.map((i: { id: string }) => i.id) as string[];
    const count = await get('/api/images/count');

    // A new public page is listed at once.
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro' }).where('id', '=', owner.userId).execute();
    const { taskId } = (await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt: 'a shared lighthouse', isPublic: true } })).json().data;
    let imageId = '';
    for (let i = 0; i < 100 && !imageId; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=text2image`, headers: owner.headers })).json().data;
      if (status.status === 'completed') imageId = status.image.id;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(imageId).toBeTruthy();
    expect(await ids()).toContain(imageId);
    expect(await get('/api/images/count')).toBe(count + 1);

    // Reported by three established members: gone from every answer at once, its own page included.
    expect((await get(`/api/images?imageId=${imageId}`)).total).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      const reporter = await signedInUser(t.app);
      await establishUser(t.db.kysely, reporter.userId);
      expect((await t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporter.headers, payload: { imageId, content: 'not for children' } })).statusCode).toBe(200);
    }
    expect(await ids()).not.toContain(imageId);
    expect((await get(`/api/images?imageId=${imageId}`)).total).toBe(0);
    expect(await get('/api/images/count')).toBe(count);

    // Put back by moderation, then deleted by its owner: listed, then gone at once.
    await createReportsRepository(t.db.kysely).resolve(imageId, 'keep');
    expect(await ids()).toContain(imageId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${imageId}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await ids()).not.toContain(imageId);
    expect((await t.app.inject({ method: 'GET', url })).body).toBe(first.body);
  });

  it('lets anyone download a public library page as PNG and PDF', async () => {
    const pdf = await t.app.inject({ method: 'GET', url: '/api/images/lib-cat-1/download?format=pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('coloring-page-Sleepy-cat-ib-cat-1.pdf');
    expect(pdf.body).toBe('%PDF letter');
    const a4 = await t.app.inject({ method: 'GET', url: '/api/images/lib-cat-1/download?format=pdf&paper=a4' });
    expect(a4.body).toBe('%PDF a4');
  });
});
