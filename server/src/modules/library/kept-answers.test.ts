import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestPages, makeTextPage, signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { bareWebBuild, createTestApp, databaseKinds, serveWebBuild, type TestApp } from '../../test/test-app';
import { newId } from '../../lib/ids';

type Headers = Record<string, string>;
const L = (en: string) => ({ en, zh: en, ja: en });

/**
 * Issue 40: browsing answers are kept in memory and carry a validator; a member's new page (which
 * has no category) leaves the category answers as they were, while anything that changes what
 * they show (a page taken offline, a post imported) makes them new at once.
 */
describe.each(databaseKinds)('kept answers on %s', (kind) => {
  let t: TestApp;
  let web: FastifyInstance;
  let categoryId = '';
  const fake = createFakePageMaker();

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
    categoryId = await importTestPages(t, { slug: 'birds' }, [{ id: 'lib-kept-owl' }, { id: 'lib-kept-wren' }]);
    web = await serveWebBuild(t, bareWebBuild(t));
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });

  it('answers a repeat with 304 when the client holds the answer, and the body otherwise', async () => {
    for (const [app, url] of [
      [t.app, '/api/images/categories'],
      [t.app, `/api/images?categoryId=${categoryId}&pageSize=24`],
      [t.app, '/api/images/count'],
      [t.app, '/api/blog/posts?lang=en&pageSize=10'],
      [web, '/categories/birds'],
      [web, '/image/lib-kept-owl'],
    ] as const) {
      const first = await get(app, url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers.vary, url).toContain('accept-encoding');
      const again = await get(app, url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const other = await get(app, url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode, url).toBe(200);
      expect(other.headers.etag, url).toBe(etag);
      expect(other.body.length, url).toBeGreaterThan(0);
    }
  });

  it('caches a public page\'s files for good under the version in their URL, and revalidates them with a 304', async () => {
    const image = (await get(t.app, '/api/images?imageId=lib-kept-owl')).json().data.images[0];
    const thumb = new URL(image.thumbnailUrl);
    expect(thumb.searchParams.get('v')).toMatch(/^[\w-]{12}$/);
    const first = await get(t.app, thumb.pathname + thumb.search);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await get(t.app, thumb.pathname + thumb.search, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // An old link (no version, or another one) still works, cached for a day only.
    for (const url of [thumb.pathname, `${thumb.pathname}?v=older-draw1`]) {
      const old = await get(t.app, url);
      expect(old.statusCode, url).toBe(200);
      expect(old.headers['cache-control'], url).toBe('public, max-age=86400');
      expect(old.rawPayload.equals(first.rawPayload), url).toBe(true);
    }
  });

  it('keeps the category answers while members add pages, and lists the new pages at once', async () => {
    const categoryUrls = ['/api/images/categories', `/api/images/categories/birds`, `/api/images?categoryId=${categoryId}&pageSize=24`, '/api/images?imageId=lib-kept-owl'];
    const before = await Promise.all(categoryUrls.map(async (url) => String((await get(t.app, url)).headers.etag)));
    const pageBefore = String((await get(web, '/categories/birds')).headers.etag);
    const countBefore = (await get(t.app, '/api/images/count')).json().data;

    const member = await signedInUser(t.app);
    const id = await makeTextPage(t.app, member, 'a kept kite');

    expect((await get(t.app, '/api/images/count')).json().data).not.toEqual(countBefore);
    expect((await get(t.app, '/api/images?pageSize=100')).body).toContain(id);
    expect(await Promise.all(categoryUrls.map(async (url) => String((await get(t.app, url)).headers.etag)))).toEqual(before);
    expect(String((await get(web, '/categories/birds')).headers.etag)).toBe(pageBefore);
    // The new page's own answers are there at once too.
    expect((await get(t.app, `/api/images?imageId=${id}`)).json().data.total).toBe(1);
    expect((await get(web, `/image/${id}`)).statusCode).toBe(200);
  });

  it('drops the kept answers at once when a library page goes offline', async () => {
    const list = `/api/images?categoryId=${categoryId}&pageSize=24`;
    expect((await get(t.app, list)).body).toContain('lib-kept-wren');
    expect((await get(web, '/image/lib-kept-wren')).statusCode).toBe(200);
    const listBefore = String((await get(t.app, list)).headers.etag);
    const member = await signedInUser(t.app);
    // The owner's way out is the same as a moderator's: the page leaves every list.
    await t.db.kysely.updateTable('images').set({ user_id: member.userId }).where('id', '=', 'lib-kept-wren').execute();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/images/lib-kept-wren', headers: member.headers })).statusCode).toBe(200);
    expect((await get(t.app, list)).body).not.toContain('lib-kept-wren');
    expect((await get(t.app, '/api/images?imageId=lib-kept-wren')).json().data.total).toBe(0);
    expect((await get(web, '/image/lib-kept-wren')).statusCode).toBe(404);
    expect(String((await get(t.app, list)).headers.etag)).not.toBe(listBefore);
  });

  it('lists a category imported right after the categories were asked for, at once and from then on', async () => {
    // Asked for just before the import: the categories are read and kept.
    expect((await get(t.app, '/api/images/categories')).statusCode).toBe(200);
    await importTestPages(t, { slug: 'boats', hotness: 2 }, [{ id: 'lib-kept-ferry', title: 'Ferry' }], { bumpVersion: true });
    for (let i = 0; i < 2; i++) {
      const slugs = (JSON.parse((await get(t.app, '/api/images/categories')).body).data as { slug: string }[]).map((c) => c.slug);
      expect(slugs).toContain('boats');
    }
    const page = await get(web, '/categories');
    expect(page.statusCode).toBe(200);
  });

  it('never keeps a "not found": a page or an id asked for too early is found once it exists', async () => {
    const missing = await get(web, '/image/lib-not-yet');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const lookup = await get(t.app, '/api/images?imageId=lib-not-yet');
    expect(lookup.json().data.total).toBe(0);
    expect(lookup.headers.etag).toBeUndefined();
  });

  it('shows a newly imported blog post at once, on the list and on the blog page', async () => {
    const url = '/api/blog/posts?lang=en&pageSize=10';
    const listBefore = await get(t.app, url);
    expect((await get(web, '/blog/fresh-feathers')).statusCode).toBe(404);
    const now = new Date(Date.now() - 1000).toISOString();
    const text = JSON.stringify(L('Fresh feathers'));
    await t.db.kysely
      .insertInto('blog_posts')
      .values({ id: newId(), slug: 'fresh-feathers', status: 'published', author: 'Team', published_date: now, featured_image: null, title: text, content: text, excerpt: text, meta_title: text, meta_description: text, source_hash: 'x', updated_at: now })
      .execute();
    const listAfter = await get(t.app, url);
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    expect(listAfter.body).toContain('Fresh feathers');
    expect((await get(web, '/blog/fresh-feathers')).statusCode).toBe(200);
  });
});
