import { readFileSync } from 'node:fs';
import { assert, encodePng, login, newUser, open, register, screenshots } from '../helpers.mjs';

/**
 * A real portrait: a woman smiling, 180 × 204, CC0-1.0 (engine/src/lineart/fixtures/LICENCES.md).
 * The page made of it must draw her face with both eyes (decision 055), and say so (decision 066).
 */
const portrait = { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: readFileSync(new URL('../../engine/src/lineart/fixtures/face-portrait.jpg', import.meta.url)), size: '180 × 204 px' };

/** A photo-like PNG with a strong colour, so the photo is told from its line art at a glance. */
function photoPng(size = 320, centre = [220, 60, 110]) {
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x - size / 2, y - size / 2);
    return d < size * 0.3 ? centre : [250, 220, 120];
  });
}

/** The slug of a photo page (contracts' imageSlug): its English title, then the id's last 8 characters. */
const photoSlug = (imageId) => `photo-coloring-page-${imageId.slice(-8)}`;

/** Makes a photo page in the generator, shared or not, and answers the new page's id, read from the owner's photo link. */
async function makePhotoPage(page, baseUrl, name, { centre = [220, 60, 110], shared = false, photo = null } = {}) {
  await open(page, `${baseUrl}/image-coloring-page`);
  const share = page.getByRole('switch', { name: 'Share in the public gallery' });
  assert.equal(await share.getAttribute('aria-checked'), 'false', 'a photo page starts private');
  if (shared) {
    await share.click();
    assert.equal(await share.getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('dialog').count(), 0, 'sharing offers no upgrade');
  }
  const upload = photo ?? { name, mimeType: 'image/png', buffer: photoPng(320, centre), size: '320 × 320 px' };
  await page.locator('input[type=file]').setInputFiles({ name: upload.name, mimeType: upload.mimeType, buffer: upload.buffer });
  await page.getByText(upload.size).waitFor();
  await page.getByRole('button', { name: /^Generate/ }).click();
  await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'Photo coloring page' }).waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Show the photo' }).waitFor();
  const preview = page.getByRole('img', { name: 'Photo coloring page' }).first();
  await preview.hover();
  // Read the address the moment it is the photo's: the page scrolls the new result into view, and a
  // pointer no longer over the picture turns it back into the line art.
  const shown = await page.waitForFunction((img) => (img.getAttribute('src').includes('/original/file') ? img.getAttribute('src') : null), await preview.elementHandle());
  const src = await shown.jsonValue();
  assert.match(src, /\/api\/images\/[^/]+\/original\/file\?exp=\d+&sig=/, 'the photo comes from the owner route');
  await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await preview.elementHandle());
  return { imageId: src.match(/\/api\/images\/([^/]+)\/original/)[1], src };
}

/** An access token for API calls as this member (the browser keeps its own in storage). */
async function apiToken(context, baseUrl, user) {
  const answer = await (await context.request.post(`${baseUrl}/api/auth/login`, { data: { email: user.email, password: user.password, rememberMe: false } })).json();
  return answer.data.accessToken;
}

export const stories = [
  {
    name: 'a parent on the free plan makes a photo page of a portrait: the face is drawn with both eyes; private by default, not found by a visitor or another member anywhere, then shared and visible; only its owner ever sees the photo',
    async run({ page, browser, baseUrl, outDir }) {
      // Another member, who shares a photo page of their own: "related pages" of it would show the parent's if they could.
      const otherContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      // Public answers may be kept by a browser for a minute (decision 021): what changed is looked at afresh.
      const laterVisitor = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      try {
        const other = await otherContext.newPage();
        const otherUser = newUser('other');
        await register(other, baseUrl, otherUser);
        await login(other, baseUrl, otherUser);
        const theirs = await makePhotoPage(other, baseUrl, 'garden.png', { centre: [60, 140, 90], shared: true });

        // The parent, on the free plan: the switch starts at private and says so; nothing asks for an upgrade.
        const user = newUser('photo');
        await register(page, baseUrl, user);
        await login(page, baseUrl, user);
        await open(page, `${baseUrl}/image-coloring-page`);
        const share = page.getByRole('switch', { name: 'Share in the public gallery' });
        assert.equal(await share.getAttribute('aria-checked'), 'false', 'a photo page starts private');
        assert.equal(await page.getByTestId('visibility-state').textContent(), 'Private: only you can see this page');
        await page.getByTestId('visibility-photo-note').getByText('the original photo is never shown').waitFor();
        assert.equal(await page.getByText('Premium Feature').count(), 0, 'no premium lock on a photo page');
        await page.getByTestId('visibility').screenshot({ path: `${outDir}/photo-visibility-private.png` });
        const { imageId, src } = await makePhotoPage(page, baseUrl, 'portrait.jpg', { photo: portrait });
        await page.screenshot({ path: `${outDir}/photo-owner-generator.png` });
        // The page drew her face, with both eyes: the page's report, as its owner's answer gives it.
        const ownToken = await apiToken(page.context(), baseUrl, user);
        const own = await (await page.context().request.get(`${baseUrl}/api/images/${imageId}`, { headers: { authorization: `Bearer ${ownToken}` } })).json();
        assert.ok(Array.isArray(own.data.faces) && own.data.faces.length >= 1, `the page reports the faces it drew (got ${JSON.stringify(own.data.faces)})`);
        assert.ok(own.data.faces.some((face) => face.eyes === 2), 'a face is drawn with both eyes');
        const slug = photoSlug(imageId);
        const tail = imageId.slice(-8);

        // The image page, as its owner: the page, the photo, and the switch at private.
        await open(page, `${baseUrl}/image/${slug}`);
        await page.getByTestId('image-page').waitFor();
        await page.getByTestId('image-original').waitFor();
        await page.getByText('Your photo (only you can see it)').waitFor();
        const pageShare = page.getByRole('switch', { name: 'Share in the public gallery' });
        assert.equal(await pageShare.getAttribute('aria-checked'), 'false');
        await screenshots(page, outDir, 'photo-owner-image-page');

        // My creations shows the owner's photo beside the page.
        await open(page, `${baseUrl}/creations`);
        await page.getByTestId('creation-photo').waitFor();
        await page.screenshot({ path: `${outDir}/photo-owner-creations.png` });

        // A signed-out visitor: not found at its address, by id or slug, nor by its download link, nor anywhere public.
        const stranger = await visitor.newPage();
        for (const path of [`/image/${slug}`, `/image/${imageId}`]) {
          await open(stranger, `${baseUrl}${path}`);
          await stranger.getByTestId('image-not-found').waitFor();
          assert.doesNotMatch(await stranger.content(), /original\/file|originals\/|source\.webp/);
        }
        await stranger.screenshot({ path: `${outDir}/photo-visitor-not-found.png` });
        for (const path of [`/api/images/${imageId}/download?format=png`, `/api/images/${imageId}/download?format=pdf`, `/api/images/${imageId}`, `/files/images/${imageId}/thumb-600.webp`]) {
          assert.equal((await stranger.request.get(`${baseUrl}${path}`)).status(), 404, path);
        }
        for (const path of ['/', '/sitemap.xml', `/api/images?imageId=${imageId}`, '/api/images?type=image2image&pageSize=100']) {
          assert.doesNotMatch(await (await stranger.request.get(`${baseUrl}${path}`)).text(), new RegExp(tail), path);
        }
        for (const path of [`/files/images/${imageId}/source.webp`, `/files/originals/${imageId}/source.webp`, `/api/images/${imageId}/original/file`]) {
          assert.equal((await stranger.request.get(`${baseUrl}${path}`)).status(), 404, path);
        }
        assert.equal((await stranger.request.get(`${baseUrl}/api/images/${imageId}/original`)).status(), 401);
        // The owner's own link, once tampered with, opens nothing.
        assert.equal((await stranger.request.get(`${baseUrl}${src.replace(/sig=[^&]+/, 'sig=forged').replace(/^https?:\/\/[^/]+/, '')}`)).status(), 404);

        // The other member, signed in: not at its address, not in search, not on the home page, not among related pages.
        await open(other, `${baseUrl}/image/${slug}`);
        await other.getByTestId('image-not-found').waitFor();
        await open(other, `${baseUrl}/`);
        assert.doesNotMatch(await other.content(), new RegExp(tail), 'the home page');
        await open(other, `${baseUrl}/image/${photoSlug(theirs.imageId)}`);
        await other.getByTestId('image-page').waitFor();
        await other.waitForLoadState('networkidle');
        assert.equal(await other.locator(`[data-testid=related] a[href*="${tail}"]`).count(), 0, 'not a related page');
        const token = await apiToken(otherContext, baseUrl, otherUser);
        const asOther = (path) => otherContext.request.get(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
        assert.doesNotMatch(await (await asOther('/api/images?type=image2image&pageSize=100')).text(), new RegExp(tail), 'search');
        assert.equal((await asOther(`/api/images/${imageId}`)).status(), 404);
        assert.equal((await asOther(`/api/images/${imageId}/download?format=png`)).status(), 404);
        // Hole 9: its id as the anchor of "related" answers as an id that does not exist.
        const related = async (key) => (await (await asOther(`/api/images?imageId=${key}&isRelated=true&pageSize=20`)).json()).data;
        assert.deepEqual(await related(imageId), await related(`${imageId.slice(0, -8)}zzzzzzzz`));

        // The parent shares it on its image page: now everyone sees the page (never the photo).
        await open(page, `${baseUrl}/image/${slug}`);
        await pageShare.click();
        await page.getByTestId('visibility-state').getByText('Shared in the public gallery').waitFor();
        assert.equal(await pageShare.getAttribute('aria-checked'), 'true');
        await page.getByTestId('page-visibility').screenshot({ path: `${outDir}/photo-visibility-shared.png` });

        const later = await laterVisitor.newPage();
        await open(later, `${baseUrl}/image/${slug}`);
        await later.getByTestId('image-page').waitFor();
        await later.waitForTimeout(500);
        assert.equal(await later.getByTestId('image-original').count(), 0, 'no photo for a visitor');
        assert.equal(await later.getByRole('switch').count(), 0, 'no switch for a visitor');
        assert.doesNotMatch(await later.content(), /original\/file|originals\/|source\.webp/);
        await later.screenshot({ path: `${outDir}/photo-visitor-image-page.png`, fullPage: true });
        assert.equal((await stranger.request.get(`${baseUrl}/api/images/${imageId}/download?format=png`)).status(), 200);
        assert.match(await (await stranger.request.get(`${baseUrl}/sitemap.xml`)).text(), new RegExp(tail));
        for (const path of [`/files/originals/${imageId}/source.webp`, `/api/images/${imageId}/original/file`]) {
          assert.equal((await stranger.request.get(`${baseUrl}${path}`)).status(), 404, path);
        }
        await open(later, `${baseUrl}/image/${photoSlug(theirs.imageId)}`);
        await later.locator(`[data-testid=related] a[href*="${tail}"]`).waitFor();
        assert.match(await (await asOther('/api/images?type=image2image&pageSize=100')).text(), new RegExp(tail), 'search, once shared');
      } finally {
        await laterVisitor.close();
        await visitor.close();
        await otherContext.close();
      }
    },
  },
];
