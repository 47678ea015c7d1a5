import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { importBlogPosts } from '../../modules/blog/blog-import';
import { bareWebBuild, createTestApp, serveWebBuild, type TestApp } from '../../test/test-app';

const post = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${body}\n`;

describe('server-rendered meta of blog and legal pages', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const dist = bareWebBuild(t);
    const blog = path.join(t.dataDir, 'blog', 'calm');
    mkdirSync(blog, { recursive: true });
    const common = { slug: 'calm', author: 'Studio Team', published_date: '2026-05-01', featured_image: 'cover.webp' };
    writeFileSync(path.join(blog, 'cover.webp'), Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 x'));
    writeFileSync(path.join(blog, 'en.md'), post({ ...common, lang: 'en', title: 'Coloring for calm', meta_title: 'Coloring for Calm and Focus', meta_description: 'A ten-minute <habit>.' }, 'Body.'));
    writeFileSync(path.join(blog, 'ja.md'), post({ ...common, lang: 'ja', title: 'ぬりえで心を落ち着ける', meta_description: '1日10分の習慣。' }, '本文。'));
    const storage = createLocalStorage(path.join(t.dataDir, 'files'));
    await importBlogPosts(t.db.kysely, path.join(t.dataDir, 'blog'), storage);
    app = await serveWebBuild(t, dist);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('gives each post its own title, description, canonical, image, breadcrumb and BlogPosting data', async () => {
    const en = (await app.inject({ method: 'GET', url: '/blog/calm' })).body;
    expect(en).toContain('<title>Coloring for Calm and Focus | Coloring Studio</title>');
    expect(en).toContain('<meta name="description" content="A ten-minute &lt;habit&gt;.">');
    expect(en).toContain('<link rel="canonical" href="http://studio.test/blog/calm">');
    expect(en).toMatch(/<meta property="og:image" content="http:\/\/studio\.test\/files\/blog\/calm-[0-9a-f]{12}\.webp">/);
    expect(en).toContain('"@type":"BlogPosting"');
    expect(en).toContain('"headline":"Coloring for calm"');
    const ja = await app.inject({ method: 'GET', url: '/ja/blog/calm' });
    expect(ja.statusCode).toBe(200);
    expect(ja.body).toContain('<html lang="ja"');
    expect(ja.body).toContain('<title>ぬりえで心を落ち着ける | Coloring Studio ぬりえ工房</title>');
    expect(ja.body).toContain('<meta name="description" content="1日10分の習慣。">');
    expect(ja.body).toContain('<link rel="canonical" href="http://studio.test/ja/blog/calm">');
    expect(ja.body).toContain('"name":"ブログ"');
    const missing = await app.inject({ method: 'GET', url: '/zh/blog/no-such-post' });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy | Coloring Studio', 'http://studio.test/privacy-policy'],
    ['/zh/terms', '服务条款 | Coloring Studio 涂色工坊', 'http://studio.test/zh/terms'],
    ['/ja/refund-policy', '返金ポリシー | Coloring Studio ぬりえ工房', 'http://studio.test/ja/refund-policy'],
  ])('writes the title, description and canonical of %s', async (url, title, canonical) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(response.body).toMatch(/<meta name="description" content="[^"]{20,}">/);
  });

  it('lists the blog, its posts and the legal pages in the sitemap', async () => {
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const loc of ['/blog', '/ja/blog/calm', '/zh/blog/calm', '/blog/calm', '/privacy-policy', '/zh/terms', '/ja/refund-policy']) {
      expect(sitemap).toContain(`<loc>http://studio.test${loc}</loc>`);
    }
  });
});
