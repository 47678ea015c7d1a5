import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage/storage';
import { createLibraryImporter } from '../modules/library/library-import';
import { createTestApp, serveWebBuild, type TestApp } from '../test/test-app';
import sharp from 'sharp';

const L = (en: string, zh: string, ja: string) => ({ en, zh, ja });

describe('serving the built web app', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const dist = path.join(t.dataDir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Studio</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A stand-in for the web build's server-rendering bundle (web/dist-ssr), with the same exports:
    // it draws what it is given, so the test sees which data the server hands it.
    mkdirSync(path.join(t.dataDir, 'dist-ssr'), { recursive: true });
    writeFileSync(
      path.join(t.dataDir, 'dist-ssr', 'entry-prerender.js'),
      `export const categoryPageSize = 48;
      export async function renderCategoryPage(lang, param, category, firstPage) {
        const titles = firstPage.images.map((image) => '<li>' + image.title[lang] + '</li>').join('');
        return { url: '/categories/' + param, lang, title: 'x', html: '<h1>' + category.displayName[lang] + ' (' + firstPage.total + ')</h1><ul>' + titles + '</ul>', initialData: JSON.stringify({ pageSize: firstPage.pageSize }) };
      }
      export function composeDocument(template, page) {
        return template.replace('<div id="root"></div>', '<div id="root" data-prerendered="">' + page.html + '</div><script type="application/json" id="initial-data">' + page.initialData + '</script>');
      }`,
    );
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    await importer.upsertCategory({ slug: 'dinosaurs', name: 'dinosaurs', displayName: L('Dinosaurs', '恐龙', '恐竜'), description: L('<p>d</p>', '<p>d</p>', '<p>d</p>'), seoTitle: L('Dinosaur Coloring Pages', '恐龙涂色页', '恐竜のぬりえ'), seoDesc: L('Free dinosaur pages', '免费恐龙涂色页', '無料の恐竜ぬりえ'), hotness: 1 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    const files = { png, svg: null, pdfLetter: png, pdfA4: png, thumb600: png, thumb320: png, colorPng: null, colorThumb600: null, width: 8, height: 8 };
    await importer.importPage({ id: 'img0000000000trex1234', categorySlug: 'dinosaurs', title: L('Friendly T-Rex', '友好的霸王龙', 'やさしいティラノサウルス'), description: L('A friendly T-Rex <waving>.', '一只友好的霸王龙。', 'やさしいティラノサウルス。'), prompt: L('t-rex', 't-rex', 't-rex'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 5, attribution: null, page: files });
    await importer.importPage({ id: 'img0000000000hidden99', categorySlug: 'dinosaurs', title: L('Hidden Secret Page', 'x', 'x'), description: L('secret', 'x', 'x'), prompt: L('x', 'x', 'x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 5, attribution: null, page: files });
    await t.db.kysely.updateTable('images').set({ is_public: 0 }).where('id', '=', 'img0000000000hidden99').execute();
    // A second app on the same database, this time with a web build to serve.
    app = await serveWebBuild(t, dist);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers page paths with index.html in the language of the prefix', async () => {
    for (const [url, lang] of [['/', 'en'], ['/login', 'en'], ['/zh/login', 'zh'], ['/ja', 'ja'], ['/categories/dinosaurs', 'en']]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<html lang="${lang}"`);
    }
  });

  it('writes the title, description, canonical, alternates and structured data of each page into the HTML', async () => {
    const categories = (await app.inject({ method: 'GET', url: '/zh/categories' })).body;
    expect(categories).toContain('<title>按分类浏览免费涂色页 | Coloring Studio 涂色工坊</title>');
    expect(categories).toContain('<link rel="canonical" href="http://studio.test/zh/categories">');
    expect(categories).toContain('<link rel="alternate" hreflang="ja" href="http://studio.test/ja/categories">');
    expect(categories).toContain('<link rel="alternate" hreflang="x-default" href="http://studio.test/categories">');

    const category = (await app.inject({ method: 'GET', url: '/ja/categories/dinosaurs' })).body;
    expect(category).toContain('<title>恐竜のぬりえ | Coloring Studio ぬりえ工房</title>');
    expect(category).toContain('"@type":"BreadcrumbList"');

    const image = await app.inject({ method: 'GET', url: '/categories/dinosaurs/friendly-t-rex-trex1234' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('<title>Friendly T-Rex | Coloring Studio</title>');
    expect(image.body).toContain('<meta name="description" content="A friendly T-Rex &lt;waving&gt;.">');
    expect(image.body).toContain('"@type":"ImageObject"');
    // The picture's URL carries the version of the page as drawn (decision 078).
    expect(image.body).toMatch(/<meta property="og:image" content="http:\/\/studio\.test\/files\/images\/img0000000000trex1234\/thumb-600\.webp\?v=[\w-]{12}">/);
    const byId = (await app.inject({ method: 'GET', url: '/image/img0000000000trex1234' })).body;
    expect(byId).toContain('<link rel="canonical" href="http://studio.test/categories/dinosaurs/friendly-t-rex-trex1234">');
  });

  it('answers unknown pages and private images with 404 and noindex, leaking nothing', async () => {
    for (const url of ['/no-such-page', '/categories/unicorns-on-mars', '/image/hidden-secret-page-hidden99', '/zh/image/img0000000000hidden99']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex,follow">');
      expect(response.body).not.toContain('Hidden Secret');
    }
    const login = (await app.inject({ method: 'GET', url: '/login' })).body;
    expect(login).toContain('noindex');
  });

  it('renders category pages on the server with their public images, before any script runs', async () => {
    const page = await app.inject({ method: 'GET', url: '/zh/categories/dinosaurs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root" data-prerendered=""><h1>恐龙 (1)</h1><ul><li>友好的霸王龙</li></ul></div>');
    expect(page.body).toContain('{"pageSize":48}');
    expect(page.body).toContain('<title>恐龙涂色页 | Coloring Studio 涂色工坊</title>');
    expect(page.body).not.toContain('Hidden');
    // Other pages keep the plain shell, and an unknown category is a 404 without rendering.
    expect((await app.inject({ method: 'GET', url: '/categories' })).body).toContain('<div id="root"></div>');
    const missing = await app.inject({ method: 'GET', url: '/categories/unicorns-on-mars' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it('lists every public page in three languages in the sitemap, and points robots at it', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://studio.test/zh/categories/dinosaurs/friendly-t-rex-trex1234</loc>');
    expect(sitemap.body).toContain('<loc>http://studio.test/ja/categories/dinosaurs</loc>');
    expect(sitemap.body).toContain('<loc>http://studio.test/price</loc>');
    expect(sitemap.body).not.toContain('hidden');
    const robots = (await app.inject({ method: 'GET', url: '/robots.txt' })).body;
    expect(robots).toContain('Sitemap: http://studio.test/sitemap.xml');
    expect(robots).toContain('Disallow: /zh/profile');
  });

  it('serves hashed assets with a long cache, and 404 envelopes for missing files and API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errorCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const [from, to] of [['/pricing', '/price'], ['/zh/pricing?plan=PRO_MONTHLY', '/zh/price?plan=PRO_MONTHLY'], ['/ja/pricing', '/ja/price']]) {
      const moved = await app.inject({ method: 'GET', url: from });
      expect(moved.statusCode, from).toBe(301);
      expect(moved.headers.location).toBe(to);
    }
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
  });
});
