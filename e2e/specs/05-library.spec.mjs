import { readFileSync } from 'node:fs';
import { assert, open, screenshots } from '../helpers.mjs';
import { fixtureCategory, importFixtureLibrary } from './05-library-fixture.mjs';

// The server runs without the demo library; these stories import a small one first (once).
let imported = false;
function ensureLibrary(dataDir) {
  if (imported) return;
  importFixtureLibrary(dataDir);
  imported = true;
}

/** Pages in a PDF: its /Type /Page objects (not /Pages). */
function pdfPageCount(buffer) {
  return (buffer.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

/** A PDF's document title (pdfkit writes it as a literal string, UTF-16BE after a byte-order mark when not ASCII). */
function pdfTitle(buffer) {
  const text = buffer.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\(((?:[^\\\\)]|\\\\[^])*)\\)\\nendobj`).exec(text)?.[1] : undefined;
  if (literal === undefined) return null;
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1');
}

export const stories = [
  {
    name: 'a visitor goes from home to a category, filters by tag, opens a page and downloads a one-page PDF',
    async run({ page, baseUrl, dataDir, outDir }) {
      ensureLibrary(dataDir);
      // Every process notices an import within 5 s (library.service.ts): a home page opened sooner
      // may still show the categories from before it, as a visitor's would; they reload.
      const card = page.getByTestId('category-card').filter({ hasText: 'Test Dinosaurs' });
      for (let attempt = 0; ; attempt += 1) {
        await open(page, `${baseUrl}/`);
        const shown = await card
          .getByText('Baby (3)')
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (shown) break;
        if (attempt === 3) throw new Error('the imported category never showed on the home page');
      }
      // The hero shows the live count of free pages.
      await page.getByTestId('free-count').getByText('5', { exact: true }).waitFor();
      await screenshots(page, outDir, 'library-home');
      await card.getByRole('link', { name: 'View all' }).click();
      await page.waitForURL(`${baseUrl}/categories/${fixtureCategory.slug}`);
      await page.getByRole('heading', { level: 1, name: /Test Dinosaurs Coloring Pages/ }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Why dinosaurs' }).waitFor();
      await page.getByTestId('image-card').nth(4).waitFor();
      assert.equal(await page.getByTestId('image-card').count(), 5);
      await screenshots(page, outDir, 'library-category');

      await page.getByRole('button', { name: 'Volcano (2)' }).click();
      // eslint-disable-next-line no-undef -- runs in the page
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="image-card"]').length === 2);
      assert.equal(await page.getByRole('button', { name: 'Volcano (2)' }).getAttribute('aria-pressed'), 'true');

      await page.getByTestId('image-card').filter({ hasText: 'Dino by the Volcano' }).click();
      await page.waitForURL(new RegExp(`/categories/${fixtureCategory.slug}/dino-by-the-volcano-`));
      await page.getByRole('heading', { level: 1, name: 'Dino by the Volcano' }).waitFor();
      await page.getByTestId('image-colored').waitFor();
      await page.getByTestId('related').waitFor();
      await screenshots(page, outDir, 'library-image');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      assert.match(download.suggestedFilename(), /^coloring-page-Dino-by-the-Volcano-.+\.pdf$/);
      const pdf = readFileSync(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      assert.equal(pdfPageCount(pdf), 1);

      // A related page opens inside the same category.
      await page.getByTestId('related').getByTestId('image-card').first().click();
      await page.waitForURL(new RegExp(`/categories/${fixtureCategory.slug}/[a-z0-9-]+$`));
      await page.getByTestId('image-page').waitFor();
    },
  },
  {
    name: 'a Japanese reader downloads a page as a PDF titled in Japanese, on A4',
    async run({ page, baseUrl, dataDir }) {
      ensureLibrary(dataDir);
      await open(page, `${baseUrl}/ja/categories/${fixtureCategory.slug}`);
      await page.getByTestId('image-card').filter({ hasText: '火山のそばの恐竜' }).click();
      await page.getByRole('heading', { level: 1, name: '火山のそばの恐竜' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF をダウンロード' }).click()]);
      const pdf = readFileSync(await download.path());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      assert.equal(pdfPageCount(pdf), 1);
      assert.equal(pdfTitle(pdf), '火山のそばの恐竜');
      assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 (595\.28 841\.89|841\.89 595\.28)\]/, 'A4');
    },
  },
  {
    name: 'reads /zh/categories in Chinese',
    async run({ page, baseUrl, dataDir, outDir }) {
      ensureLibrary(dataDir);
      await open(page, `${baseUrl}/zh/categories`);
      await page.getByRole('heading', { level: 1, name: '按分类浏览免费涂色页' }).waitFor();
      await page.getByTestId('category-count').getByText(/个免费可打印涂色页分类/).waitFor();
      const card = page.getByTestId('category-card').filter({ hasText: '测试恐龙' });
      await card.getByText('宝宝 (3)').waitFor();
      assert.equal(await card.getByRole('heading', { name: '测试恐龙' }).getByRole('link').getAttribute('href'), `/zh/categories/${fixtureCategory.slug}`);
      assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
      await screenshots(page, outDir, 'library-categories-zh');
    },
  },
  {
    name: 'a library search without a match shows the empty state and offers to make the page',
    async run({ page, baseUrl, dataDir }) {
      ensureLibrary(dataDir);
      await open(page, `${baseUrl}/categories`);
      await page.getByTestId('category-card').first().waitFor();
      await page.getByLabel('Search coloring pages and categories').fill('zebra-spaceship');
      // Nothing happens before the search is submitted.
      assert.ok((await page.getByTestId('category-card').count()) > 0);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByTestId('categories-no-results').getByText('Nothing matches “zebra-spaceship” yet').waitFor();
      assert.equal(await page.getByTestId('categories-no-results').getByRole('link', { name: 'Make “zebra-spaceship” as a page' }).getAttribute('href'), '/text-coloring-page?prompt=zebra-spaceship');
      assert.equal(await page.getByTestId('category-card').count(), 0);
      await page.getByRole('button', { name: 'Show all categories' }).click();
      await page.getByTestId('category-card').first().waitFor();
    },
  },
  {
    name: 'the raw HTML of a category page carries its title and canonical link without JavaScript',
    async run({ baseUrl, dataDir }) {
      ensureLibrary(dataDir);
      const response = await fetch(`${baseUrl}/categories/${fixtureCategory.slug}`);
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /<title>Test Dinosaur Coloring Pages \| Coloring Studio<\/title>/);
      assert.ok(html.includes(`<link rel="canonical" href="${baseUrl}/categories/${fixtureCategory.slug}">`), 'canonical link');
      assert.ok(html.includes('"@type":"BreadcrumbList"'), 'breadcrumb JSON-LD');
      // The page itself is rendered by the server with its images, and the data for the app.
      assert.match(html, /<div id="root" data-prerendered="">/);
      assert.match(html, /<h1[^>]*>Test Dinosaurs Coloring Pages/);
      assert.ok(html.includes('Dino by the Volcano') && html.includes('Volcano Valley'), 'image cards');
      assert.ok(html.includes('<script type="application/json" id="initial-data">'), 'initial data');
      const zh = await (await fetch(`${baseUrl}/zh/categories/${fixtureCategory.slug}`)).text();
      assert.match(zh, /<title>测试恐龙涂色页/);
      assert.ok(zh.includes('火山旁的恐龙'), 'image cards in Chinese');
      const missing = await fetch(`${baseUrl}/categories/no-such-category`);
      assert.equal(missing.status, 404);
    },
  },
];
