import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    writeFileSync(path.join(dir, 'calm', 'en.md'), post({ ...common, slug: 'calm', lang: 'en', title: 'Coloring for calm', published_date: '2026-05-01', excerpt: 'Slow down with a page.' }, 'Coloring helps you focus.'));
    writeFileSync(path.join(dir, 'draft.md'), post({ ...common, slug: 'secret-draft', lang: 'en', title: 'Not yet', published_date: '2026-01-01', status: 'draft' }, 'Draft.'));
    expect(await importBlogPosts(t.db.kysely, dir)).toEqual({ imported: 3, unchanged: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/blog/posts?${query}` })).json().data;

  it('imports idempotently and updates a changed post in place', async () => {
    expect(await importBlogPosts(t.db.kysely, dir)).toEqual({ imported: 0, unchanged: 3 });
    writeFileSync(path.join(dir, 'calm', 'ja.md'), post({ author: 'Studio Team', slug: 'calm', lang: 'ja', title: '心を落ち着けるぬりえ', published_date: '2026-05-01' }, 'ぬりえは集中を助けます。'));
    expect(await importBlogPosts(t.db.kysely, dir)).toEqual({ imported: 1, unchanged: 2 });
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
});
