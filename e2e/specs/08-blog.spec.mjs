/* global document, window, getComputedStyle -- functions passed to page.evaluate run in the browser */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentCli } from '../content-cli.mjs';
import { assert, open, screenshots } from '../helpers.mjs';

const planted = (lang, title) => `---
slug: planted-test-post
lang: ${lang}
title: "${title}"
author: Test Author
published_date: 2026-11-20
excerpt: "A post with active content planted in it."
---

## Planted

Text before. <img src="/no-such-image.png" onerror="window.__pwned = 'img'"> <script>window.__pwned = 'script'</script>
<a href="javascript:window.__pwned='link'">a javascript link</a> <iframe src="https://evil.example"></iframe>
<svg onload="window.__pwned='svg'"><script>window.__pwned='svg-script'</script></svg>
<p onclick="window.__pwned='click'" style="position:fixed;inset:0">Click me</p>

Text after.
`;

/** The page holds nothing active: no handler attribute, script, iframe, SVG or javascript: URL. */
async function assertInert(page) {
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => {
    const body = document.querySelector('[data-testid="blog-body"]');
    const handlers = [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.localName}[${a.name}]`));
    return {
      pwned: window.__pwned ?? null,
      handlers,
      active: body ? [...body.querySelectorAll('script, iframe, svg, object, embed, [style]')].map((el) => el.localName) : ['no body'],
      jsLinks: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href'))).length,
      text: body?.textContent ?? '',
    };
  });
  assert.equal(found.pwned, null, 'no planted code ran');
  assert.deepEqual(found.handlers, [], 'no event handler attribute in the page');
  assert.deepEqual(found.active, [], 'no active element in the article body');
  assert.equal(found.jsLinks, 0, 'no javascript: link');
  assert.match(found.text, /Text before/);
  assert.match(found.text, /Text after/);
}

export const stories = [
  {
    name: '/ja/blog lists the Japanese posts newest first and opens one',
    async run({ page, baseUrl, outDir }) {
      await open(page, `${baseUrl}/ja/blog`);
      await page.getByRole('heading', { level: 1, name: 'ぬりえのコツとアイデア' }).waitFor();
      const cards = page.getByTestId('blog-card');
      await cards.first().waitFor();
      assert.ok((await cards.count()) >= 6, 'at least six posts');
      assert.match(await page.getByTestId('blog-total').innerText(), /記事数：\d+件/);
      const titles = await cards.locator('h2').allInnerTexts();
      for (const title of titles) assert.match(title, /[\u3040-\u30ff\u4e00-\u9fff]/, `Japanese title: ${title}`);
      // Long date with the weekday, newest first.
      const dates = await cards.locator('time').evaluateAll((els) => els.map((el) => ({ text: el.textContent, iso: el.getAttribute('datetime') })));
      for (const date of dates) assert.match(date.text, /^\d{4}年\d{1,2}月\d{1,2}日[日月火水木金土]曜日$/);
      assert.deepEqual(dates.map((d) => d.iso), [...dates.map((d) => d.iso)].sort().reverse());
      // Three-line excerpts and covers that loaded.
      assert.equal(await page.getByTestId('blog-excerpt').first().evaluate((el) => getComputedStyle(el).webkitLineClamp), '3');
      assert.ok(await page.getByTestId('post-cover').first().evaluate((img) => img.complete && img.naturalWidth > 0), 'the cover loaded');
      await screenshots(page, outDir, 'blog-ja');

      // Open the first post with its read-more link.
      const first = titles[0];
      await cards.first().getByRole('link', { name: `続きを読む：${first}` }).click();
      await page.waitForURL(/\/ja\/blog\/[a-z0-9-]+$/);
      const article = page.getByTestId('blog-article');
      await article.getByRole('heading', { level: 1, name: first }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'パンくずリスト' });
      assert.ok(await crumbs.getByRole('link', { name: 'ホーム' }).isVisible());
      assert.ok((await page.getByTestId('blog-body').locator('h2').count()) >= 3, 'the body has its sections');
      assert.match(await page.title(), /Coloring Studio ぬりえ工房$/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      assert.equal(canonical, `${baseUrl}${new URL(page.url()).pathname}`);
      await screenshots(page, outDir, 'blog-post-ja');

      // The server writes the same title and canonical into the HTML of a first load.
      const html = await (await fetch(page.url())).text();
      assert.ok(html.includes(`<link rel="canonical" href="${canonical}">`), 'server-side canonical');
      assert.ok(html.includes('"@type":"BlogPosting"'), 'server-side structured data');

      await page.getByTestId('back-to-blog').last().click();
      await page.waitForURL(`${baseUrl}/ja/blog`);
      await cards.first().waitFor();
    },
  },
  {
    name: 'a post with a planted <img onerror> renders inert, from the importer and straight from the API',
    async run({ page, baseUrl, dataDir, outDir }) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'planted-blog-'));
      try {
        mkdirSync(path.join(folder, 'planted'));
        writeFileSync(path.join(folder, 'planted', 'en.md'), planted('en', 'A planted post'));
        assert.match(contentCli(dataDir, ['blog', folder]), /1 post\(s\) imported/);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      await open(page, `${baseUrl}/blog/planted-test-post`);
      await page.getByRole('heading', { level: 1, name: 'A planted post' }).waitFor();
      await assertInert(page);

      // The browser sanitises again: even HTML that skipped the server's allowlist stays inert.
      await page.route('**/api/blog/posts?*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        for (const post of body.data.posts) post.content = `<h2>Planted</h2><p>Text before.</p>${planted('en', 'x').split('---')[2]}<p>Text after.</p>`;
        await route.fulfill({ response, json: body });
      });
      await open(page, `${baseUrl}/blog/planted-test-post`);
      await page.getByRole('heading', { level: 1, name: 'A planted post' }).waitFor();
      await assertInert(page);
      await screenshots(page, outDir, 'blog-planted');
    },
  },
  {
    name: 'the legal pages render in English, Chinese and Japanese with the configured contact address',
    async run({ page, baseUrl, outDir }) {
      const config = (await (await fetch(`${baseUrl}/api/config`)).json()).data;
      const pages = [
        ['/privacy-policy', 'Privacy Policy', 'at least 13 years old'],
        ['/terms', 'Terms of Service', 'full commercial rights'],
        ['/refund-policy', 'Refund Policy', '14 days'],
        ['/zh/privacy-policy', '隐私政策', '年满 13 周岁'],
        ['/zh/terms', '服务条款', '完整的商业使用权'],
        ['/zh/refund-policy', '退款政策', '5–10 个工作日'],
        ['/ja/privacy-policy', 'プライバシーポリシー', '13歳以上'],
        ['/ja/terms', '利用規約', '完全な商用利用権'],
        ['/ja/refund-policy', '返金ポリシー', '5〜10営業日'],
      ];
      for (const [url, title, phrase] of pages) {
        await open(page, `${baseUrl}${url}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        const body = page.getByTestId('legal-body');
        await body.waitFor();
        assert.ok((await body.innerText()).includes(phrase), `${url} states "${phrase}"`);
        await body.getByRole('link', { name: config.contactEmail }).first().waitFor();
        assert.ok((await page.title()).startsWith(title), `${url} title`);
        assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${baseUrl}${url}`);
      }
      await screenshots(page, outDir, 'legal-refund-ja');
      await open(page, `${baseUrl}/zh/terms`);
      await page.getByTestId('legal-body').waitFor();
      await screenshots(page, outDir, 'legal-terms-zh');
    },
  },
];
