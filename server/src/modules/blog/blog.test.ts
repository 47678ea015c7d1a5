import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { importBlogPosts } from './blog-import';
import { sanitizeBlogHtml } from './sanitize-html';

const post = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${body}\n`;

describe.each(databaseKinds)('blog on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    dir = path.join(t.dataDir, 'blog');
    mkdirSync(path.join(dir, 'printing-tips'), { recursive: true });
    mkdirSync(path.join(dir, 'calm'), { recursive: true });
    const common = { author: 'Studio Team', status: 'published' };
    writeFileSync(path.join(dir, 'printing-tips', 'en.md'), post({ ...common, slug: 'printing-tips', lang: 'en', title: 'How to print coloring pages', published_date: '2026-03-01' }, '## Paper\n\nUse **100 gsm** paper.\n\n<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>'));
    writeFileSync(path.join(dir, 'printing-tips', 'zh.md'), post({ ...common, slug: 'printing-tips', lang: 'zh', title: '如何打印涂色页', published_date: '2026-03-01' }, '## 纸张\n\n使用 100 克的纸。'));
    writeFileSync(path.join(dir, 'calm', 'en.md'), post({ ...common, slug: 'calm', lang: 'en', title: 'Coloring for calm', published_date: '2026-05-01', excerpt: 'Slow down with a page.', featured_image: 'cover.webp' }, 'Coloring helps you focus.'));
    writeFileSync(path.join(dir, 'calm', 'cover.webp'), Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake'));
    writeFileSync(path.join(dir, 'draft.md'), post({ ...common, slug: 'secret-draft', lang: 'en', title: 'Not yet', published_date: '2026-01-01', status: 'draft' }, 'Draft.'));
    expect(await importBlogPosts(t.db.kysely, dir, storage())).toEqual({ imported: 3, unchanged: 0 });
  });
  const storage = () => createLocalStorage(path.join(t.dataDir, 'files'));
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/blog/posts?${query}` })).json().data;

  it('imports idempotently and updates a changed post in place', async () => {
    expect(await importBlogPosts(t.db.kysely, dir, storage())).toEqual({ imported: 0, unchanged: 3 });
    writeFileSync(path.join(dir, 'calm', 'ja.md'), post({ author: 'Studio Team', slug: 'calm', lang: 'ja', title: '心を落ち着けるぬりえ', published_date: '2026-05-01' }, 'ぬりえは集中を助けます。'));
    expect(await importBlogPosts(t.db.kysely, dir, storage())).toEqual({ imported: 1, unchanged: 2 });
    expect((await t.db.kysely.selectFrom('blog_posts').select('slug').execute()).length).toBe(3);
  });

  it('lists published posts newest first in the asked language, with pages', async () => {
    const en = await list('lang=en&pageSize=20');
    expect(en).toMatchObject({ total: 2, currentPage: 1, pageSize: 20 });
    expect(en.posts.map((p: { slug: string }) => p.slug)).toEqual(['calm', 'printing-tips']);
    expect(en.posts[0]).toMatchObject({ title: 'Coloring for calm', excerpt: 'Slow down with a page.', author: 'Studio Team', lang: 'en' });
    const ja = await list('lang=ja&slug=calm&status=published');
    expect(ja.posts[0].title).toBe('心を落ち着けるぬりえ');
    const zh = await list('lang=zh&slug=printing-tips');
    expect(zh.posts[0].content).toContain('<h2>纸张</h2>');
    expect((await list('lang=ja&slug=printing-tips')).posts[0].title).toBe('How to print coloring pages');
    const second = await list('lang=en&pageSize=1&currentPage=2');
    expect(second.posts.map((p: { slug: string }) => p.slug)).toEqual(['printing-tips']);
    expect((await list('lang=en&search=calm')).total).toBe(1);
    expect((await list('lang=en&slug=secret-draft&status=draft')).total).toBe(0);
    expect((await list('lang=en&status=draft')).total).toBe(0);
    expect((await list('lang=en&status=published')).total).toBe(2);
    expect((await list('lang=en&author=Studio%20Team&sortBy=title&sortOrder=asc')).posts.map((p: { slug: string }) => p.slug)).toEqual(['calm', 'printing-tips']);
  });

  it('stores a featured image beside the post and serves it from /files/blog', async () => {
    const calm = (await list('lang=en&slug=calm')).posts[0];
    const url = new URL(calm.featured_image);
    expect(url.pathname).toMatch(/^\/files\/blog\/calm-[0-9a-f]{12}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // A changed image is a changed post.
    writeFileSync(path.join(dir, 'calm', 'cover.webp'), Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 other'));
    expect(await importBlogPosts(t.db.kysely, dir, storage())).toEqual({ imported: 1, unchanged: 2 });
    expect((await list('lang=en&slug=calm')).posts[0].featured_image).not.toBe(calm.featured_image);
  });

  it('refuses a featured image outside the blog folder', async () => {
    const bad = path.join(t.dataDir, 'bad-blog');
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'x.md'), post({ author: 'A', slug: 'x', lang: 'en', title: 'X', published_date: '2026-01-01', featured_image: '../../etc/passwd.png' }, 'x'));
    await expect(importBlogPosts(t.db.kysely, bad, storage())).rejects.toThrow(/inside the blog folder/);
  });

  it('serves only sanitised HTML', async () => {
    const html: string = (await list('lang=en&slug=printing-tips')).posts[0].content;
    expect(html).toContain('<strong>100 gsm</strong>');
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe', '<svg', 'alert(']) expect(html).not.toContain(bad);
  });
});

describe('the blog HTML allowlist', () => {
  it('keeps structure and safe links and drops everything active', () => {
    const out = sanitizeBlogHtml('<h2 onclick="x()">Hi</h2><p style="color:red">a <a href="https://ok.example" onmouseover="x()">link</a></p><object data="x"></object><img src="data:image/png;base64,AAAA"><math><mi>x</mi></math>');
    expect(out).toBe('<h2>Hi</h2><p>a <a href="https://ok.example" rel="noopener noreferrer">link</a></p><img loading="lazy" />x');
  });

  it.each([
    ['script', '<script>alert(1)</script><p>ok</p>'],
    ['event handler', '<img src="/files/blog/a.webp" onerror="alert(1)" onload="alert(1)"><p onclick="alert(1)">ok</p>'],
    ['javascript: URL in mixed case', '<a href="JaVaScRiPt:alert(1)">ok</a>'],
    ['entity-encoded javascript: URL', '<a href="&#106;avascript:alert(1)">ok</a><a href="java&#x09;script:alert(1)">ok</a>'],
    ['vbscript: and data: URLs', '<a href="vbscript:msgbox(1)">ok</a><a href="data:text/html,<script>alert(1)</script>">ok</a>'],
    ['iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>ok</p>'],
    ['SVG with a script and onload', '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>ok</text></a></svg>'],
    ['mutation XSS through math and style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">ok</p>'],
    ['form, object, embed, base, meta and link', '<form action="javascript:alert(1)"><button>ok</button></form><object data="javascript:alert(1)"></object><embed src="x"><base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=stylesheet href=x>'],
  ])('drops %s', (_name, html) => {
    const out = sanitizeBlogHtml(html);
    for (const bad of ['<script', 'onerror', 'onload', 'onclick', 'javascript:', 'vbscript:', 'data:', '<iframe', '<svg', '<style', 'style=', '<form', '<object', '<embed', '<base', '<meta', '<link', 'alert(']) expect(out).not.toContain(bad);
  });

  it('keeps site-relative links and images', () => {
    expect(sanitizeBlogHtml('<a href="/blog/x">a</a><img src="/files/blog/a.webp" alt="A">')).toBe('<a href="/blog/x" rel="noopener noreferrer">a</a><img src="/files/blog/a.webp" alt="A" loading="lazy" />');
  });
});
