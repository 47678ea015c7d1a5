import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/storage';
import { contentDir } from '../../import-content';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importBlogPosts, parsePostFile } from './blog-import';
import { htmlToText } from './sanitize-html';

/** The posts shipped in content/blog: complete in three languages and imported at start. */
const blogDir = path.join(contentDir(), 'blog');
const slugs = readdirSync(blogDir).filter((name) => statSync(path.join(blogDir, name)).isDirectory());

describe('the shipped blog', () => {
  it('has at least six posts, each in en, zh and ja with a small WebP cover', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(6);
    for (const slug of slugs) {
      for (const lang of ['en', 'zh', 'ja']) {
        const post = parsePostFile(readFileSync(path.join(blogDir, slug, `${lang}.md`), 'utf8'), `${slug}/${lang}.md`);
        expect(post.frontMatter).toMatchObject({ slug, lang, status: 'published', featured_image: 'cover.webp' });
        expect(post.frontMatter.excerpt?.length, `${slug}/${lang} excerpt`).toBeGreaterThan(20);
        expect(post.frontMatter.meta_description?.length, `${slug}/${lang} description`).toBeLessThanOrEqual(170);
        const text = htmlToText(post.html);
        // Markdown that did not parse (CJK punctuation next to ** is a classic) shows up as raw marks.
        expect(text, `${slug}/${lang} has unparsed Markdown`).not.toMatch(/\*\*|\]\(|^#/m);
        if (lang === 'en') {
          const words = text.split(/\s+/).length;
          expect(words, `${slug}/en words`).toBeGreaterThanOrEqual(600);
          expect(words, `${slug}/en words`).toBeLessThanOrEqual(1200);
        } else {
          // Chinese and Japanese: mostly CJK text of a comparable length, not English left over.
          const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff]/g) ?? []).length;
          expect(cjk, `${slug}/${lang} CJK characters`).toBeGreaterThan(1000);
        }
      }
      const cover = readFileSync(path.join(blogDir, slug, 'cover.webp'));
      expect(cover.subarray(8, 12).toString('ascii'), `${slug} cover`).toBe('WEBP');
      expect(cover.length, `${slug} cover bytes`).toBeLessThanOrEqual(60 * 1024);
    }
  });

  describe('imported', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('sqlite');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('imports every post once, serves its cover, and skips them all on the next start', async () => {
      const storage = createLocalStorage(path.join(t.dataDir, 'files'));
      expect(await importBlogPosts(t.db.kysely, blogDir, storage)).toEqual({ imported: slugs.length, unchanged: 0 });
      expect(await importBlogPosts(t.db.kysely, blogDir, storage)).toEqual({ imported: 0, unchanged: slugs.length });
      const ja = (await t.app.inject({ method: 'GET', url: '/api/blog/posts?lang=ja&pageSize=20' })).json().data;
      expect(ja.total).toBe(slugs.length);
      // Newest first.
      const dates = ja.posts.map((p: { published_date: string }) => p.published_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const post of ja.posts) {
        expect(post.title).toMatch(/[\u3040-\u30ff]/);
        const cover = await t.app.inject({ method: 'GET', url: new URL(post.featured_image).pathname });
        expect(cover.statusCode).toBe(200);
      }
    });
  });
});
