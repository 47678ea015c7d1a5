/* global document -- the waitForFunction callbacks run in the page */
import { readFileSync } from 'node:fs';
import { assert, encodePng, login, newUser, open, register, screenshots } from '../helpers.mjs';

/** A photo-like 3:2 PNG: a dark ring and a square on a light background, so line art has something to trace. */
function shapesPng(width = 480, height = 320) {
  const size = height;
  return encodePng(width, height, (x, y) => {
    const d = Math.hypot(x - size * 0.6, y - size * 0.45);
    const ring = d > size * 0.2 && d < size * 0.26;
    const square = x > size * 0.9 && x < size * 1.25 && y > size * 0.6 && y < size * 0.85;
    const value = ring ? 30 : square ? 90 : 235;
    return [value, square ? 60 : value, ring ? 120 : value];
  });
}

async function credits(page) {
  return Number((await page.getByTestId('credits-badge').textContent()).replace(/\D/g, ''));
}

export const stories = [
  {
    name: 'signs up, generates a page from text, watches the progress, downloads the PDF and deletes it',
    async run({ page, baseUrl, outDir }) {
      const user = newUser('gen');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/text-coloring-page`);
      await page.getByText('No text-to-image pages yet').waitFor();
      assert.equal(await credits(page), 50);

      await page.getByLabel('Describe your coloring page').fill('a friendly lion in the jungle');
      assert.ok(await page.getByText('29/1000').isVisible(), 'the counter follows the prompt');
      await page.getByRole('radio', { name: /3:4/ }).click();
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('progressbar', { name: 'Generation progress' }).waitFor();
      await screenshots(page, outDir, 'generator-progress');

      const historyItem = page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'a friendly lion in the jungle' });
      await historyItem.waitFor({ timeout: 120_000 });
      assert.equal(await historyItem.getAttribute('aria-pressed'), 'true', 'the new page is selected');
      await page.getByRole('img', { name: 'a friendly lion in the jungle' }).first().waitFor();
      await page.waitForFunction(() => /\b30\b/.test(document.querySelector('[data-testid=credits-badge]')?.textContent ?? ''));
      await screenshots(page, outDir, 'generator-done');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      assert.match(download.suggestedFilename(), /^coloring-page-a-friendly-lion-in-t-[A-Za-z0-9_-]{8}\.pdf$/);
      const pdf = readFileSync(await download.path()).toString('latin1');
      assert.ok(pdf.startsWith('%PDF'), 'a PDF file');
      assert.equal(pdf.match(/\/Type\s*\/Page\b/g)?.length, 1, 'one page');
      assert.match(pdf, /\/MediaBox\s*\[\s*0\s+0\s+612\s+792\s*\]/, 'US Letter');

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await historyItem.waitFor({ state: 'detached' });
      await page.getByText('No text-to-image pages yet').waitFor();

      // The image tab: a photo becomes a page.
      await page.getByRole('tab', { name: 'Image to image' }).click();
      await page.waitForURL(`${baseUrl}/image-coloring-page`);
      await page.locator('input[type=file]').setInputFiles({ name: 'shapes.png', mimeType: 'image/png', buffer: shapesPng() });
      await page.getByText('480 × 320 px').waitFor();
      // No ratio picked: the 3:2 photo gets the nearest page, landscape 4:3, kept whole (shown before paying).
      assert.equal(await page.getByTestId('photo-frame-ratio').textContent(), '4:3 page');
      assert.equal(await page.getByRole('radio', { name: 'Keep the whole photo' }).getAttribute('aria-checked'), 'true');
      await page.getByTestId('photo-frame').screenshot({ path: `${outDir}/generator-photo-frame.png` });
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'Photo coloring page' }).waitFor({ timeout: 120_000 });
      const made = page.getByRole('img', { name: 'Photo coloring page' }).first();
      await made.waitFor();
      await page.waitForFunction(() => [...document.images].some((image) => image.alt === 'Photo coloring page' && image.naturalWidth > 0));
      const shape = await page.evaluate(() => {
        const image = [...document.images].find((candidate) => candidate.alt === 'Photo coloring page' && candidate.naturalWidth > 0);
        return image.naturalWidth / image.naturalHeight;
      });
      assert.ok(Math.abs(shape - 4 / 3) < 0.02, `the photo page is landscape 4:3 (got ${shape.toFixed(3)})`);
      await page.waitForFunction(() => /\b10\b/.test(document.querySelector('[data-testid=credits-badge]')?.textContent ?? ''));
      await page.setViewportSize({ width: 375, height: 780 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${outDir}/generator-image-375.png` });
      await page.setViewportSize({ width: 1280, height: 860 });

      // 10 credits left: generating sends to the pricing page, nothing is charged.
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.waitForURL(`${baseUrl}/price`);
      assert.equal(await credits(page), 10);

      // My creations lists the photo page with its counts.
      await open(page, `${baseUrl}/creations`);
      await page.getByRole('heading', { name: 'Photo coloring page' }).waitFor();
      assert.equal(await page.getByTestId('count-all').textContent(), '1');
      assert.equal(await page.getByTestId('count-image2image').textContent(), '1');
      await screenshots(page, outDir, 'creations');
    },
  },
  {
    name: 'a signed-out visitor who presses generate is sent to login and comes back',
    async run({ page, baseUrl, outDir }) {
      await open(page, `${baseUrl}/text-coloring-page`);
      await screenshots(page, outDir, 'generator-anonymous');
      await page.getByLabel('Describe your coloring page').fill('a red rocket');
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      const query = new URL(page.url()).searchParams;
      assert.equal(query.get('redirectTo'), '/text-coloring-page?prompt=a+red+rocket');
      await open(page, `${baseUrl}/creations`);
      await page.waitForURL((url) => url.pathname === '/login');
      await open(page, `${baseUrl}/ja/image-coloring-page`);
      await page.getByRole('tab', { name: '画像から画像' }).waitFor();
      await screenshots(page, outDir, 'generator-ja-image');
    },
  },
];
