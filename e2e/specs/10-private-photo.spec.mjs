import { assert, encodePng, login, newUser, open, register, screenshots } from '../helpers.mjs';

/** A photo-like PNG with a strong colour, so the photo is told from its line art at a glance. */
function photoPng(size = 320) {
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x - size / 2, y - size / 2);
    return d < size * 0.3 ? [220, 60, 110] : [250, 220, 120];
  });
}

export const stories = [
  {
    name: 'uploads a photo on a public page; only its owner ever sees the photo (generator, image page, My creations)',
    async run({ page, browser, baseUrl, outDir }) {
      const user = newUser('photo');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/image-coloring-page`);
      await page.locator('input[type=file]').setInputFiles({ name: 'child.png', mimeType: 'image/png', buffer: photoPng() });
      await page.getByText('320 × 320 px').waitFor();
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'Photo coloring page' }).waitFor({ timeout: 120_000 });

      // The generator: hovering the page shows the owner the photo, fetched through the owner's link.
      await page.getByRole('button', { name: 'Show the photo' }).waitFor();
      const preview = page.getByRole('img', { name: 'Photo coloring page' }).first();
      await preview.hover();
      await page.waitForFunction((img) => img.getAttribute('src').includes('/original/file'), await preview.elementHandle());
      const src = await preview.getAttribute('src');
      assert.match(src, /\/api\/images\/[^/]+\/original\/file\?exp=\d+&sig=/, 'the photo comes from the owner route');
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await preview.elementHandle());
      await page.screenshot({ path: `${outDir}/photo-owner-generator.png` });
      const imageId = src.match(/\/api\/images\/([^/]+)\/original/)[1];

      // The image page, as its owner.
      const answer = await (await page.request.get(`${baseUrl}/api/images?imageId=${imageId}`)).json();
      const slug = answer.data.images[0].slug;
      assert.doesNotMatch(JSON.stringify(answer), /originals\/|source\.webp/, 'the public answer names no photo');
      await open(page, `${baseUrl}/image/${slug}`);
      await page.getByTestId('image-original').waitFor();
      await page.getByText('Your photo (only you can see it)').waitFor();
      await screenshots(page, outDir, 'photo-owner-image-page');

      // My creations shows the owner's photo beside the page.
      await open(page, `${baseUrl}/creations`);
      await page.getByTestId('creation-photo').waitFor();
      await page.screenshot({ path: `${outDir}/photo-owner-creations.png` });

      // A signed-out visitor: the page, never the photo; the photo's paths answer 404.
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      try {
        const stranger = await visitor.newPage();
        await open(stranger, `${baseUrl}/image/${slug}`);
        await stranger.getByTestId('image-page').waitFor();
        await stranger.waitForTimeout(500);
        assert.equal(await stranger.getByTestId('image-original').count(), 0, 'no photo for a visitor');
        const html = await stranger.content();
        assert.doesNotMatch(html, /original\/file|originals\/|source\.webp/);
        await stranger.screenshot({ path: `${outDir}/photo-visitor-image-page.png`, fullPage: true });
        for (const path of [`/files/images/${imageId}/source.webp`, `/files/originals/${imageId}/source.webp`, `/api/images/${imageId}/original/file`]) {
          assert.equal((await stranger.request.get(`${baseUrl}${path}`)).status(), 404, path);
        }
        assert.equal((await stranger.request.get(`${baseUrl}/api/images/${imageId}/original`)).status(), 401);
        // The owner's own link, once it has expired or been tampered with, opens nothing.
        assert.equal((await stranger.request.get(`${baseUrl}${src.replace(/sig=[^&]+/, 'sig=forged').replace(/^https?:\/\/[^/]+/, '')}`)).status(), 404);
      } finally {
        await visitor.close();
      }
    },
  },
];
