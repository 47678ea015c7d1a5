import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, encodePng, latestMailTo, login, newUser, open, register } from '../helpers.mjs';

/** Every stored file under DATA_DIR/files, as keys. */
function storedFiles(dataDir) {
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

const photoPng = (size = 320) =>
  encodePng(size, size, (x, y) => (Math.hypot(x - size / 2, y - size / 2) < size * 0.3 ? [90, 160, 220] : [250, 230, 140]));

export const stories = [
  {
    name: 'a parent makes a photo page, downloads their data (the page and the photo are in it), deletes the account with the password: the page, the login and the files are gone',
    async run({ page, baseUrl, dataDir, outDir }) {
      const parent = newUser('parent');
      await register(page, baseUrl, parent);
      await login(page, baseUrl, parent);
      await open(page, `${baseUrl}/image-coloring-page`);
      await page.locator('input[type=file]').setInputFiles({ name: 'child.png', mimeType: 'image/png', buffer: photoPng() });
      await page.getByText('320 × 320 px').waitFor();
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'Photo coloring page' }).waitFor({ timeout: 120_000 });

      const token = await page.evaluate(() => sessionStorage.getItem('accessToken') ?? localStorage.getItem('accessToken'));
      const signedIn = { authorization: `Bearer ${token}` };
      const mine = await (await page.request.get(`${baseUrl}/api/images/userImg?currentPage=1&pageSize=10`, { headers: signedIn })).json();
      assert.equal(mine.data.images.length, 1, 'the parent has one page');
      const image = mine.data.images[0];
      const filesOfPage = () => storedFiles(dataDir).filter((key) => key.includes(image.id));
      assert.ok(filesOfPage().length >= 5, `the page's files are on disk: ${filesOfPage().join(', ')}`);
      assert.ok(filesOfPage().includes(`originals/${image.id}/source.webp`), 'the photo is kept privately');
      assert.equal((await page.request.get(`${baseUrl}/api/images/${image.id}/download?format=png`, { headers: signedIn })).status(), 200);

      // Profile → Download my data: a ZIP with the page (PNG and PDF) and the photo, byte for byte.
      await open(page, `${baseUrl}/profile`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      assert.match(download.suggestedFilename(), /^coloring-studio-parent_[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.zip$/);
      const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-export-'));
      try {
        const zip = path.join(folder, 'export.zip');
        await download.saveAs(zip);
        execFileSync('unzip', ['-t', '-q', zip]);
        execFileSync('unzip', ['-q', zip, '-d', path.join(folder, 'out')]);
        const names = readdirSync(path.join(folder, 'out'), { recursive: true }).map(String);
        const pagePng = names.find((name) => name.startsWith('pages/') && name.endsWith(`${image.id.slice(-8)}/page.png`));
        assert.ok(pagePng, `the page is in the ZIP: ${names.join(', ')}`);
        assert.ok(names.includes(pagePng.replace('page.png', 'page-letter.pdf')), 'its PDF too');
        assert.ok(readFileSync(path.join(folder, 'out', pagePng)).equals(readFileSync(path.join(dataDir, 'files', 'images', image.id, 'page.png'))), 'the page, byte for byte');
        assert.ok(readFileSync(path.join(folder, 'out', 'photos', `${image.id}.webp`)).equals(readFileSync(path.join(dataDir, 'files', 'originals', image.id, 'source.webp'))), 'the photo, byte for byte');
        const profile = JSON.parse(readFileSync(path.join(folder, 'out', 'profile.json'), 'utf8'));
        assert.equal(profile.user.email, parent.email);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }

      // Profile → Delete my account, confirmed with the password.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByText('This cannot be undone.').waitFor();
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await dialog.getByLabel('Your password').fill(parent.password);
      await page.screenshot({ path: `${outDir}/delete-account-dialog.png` });
      await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
      await page.getByTestId('account-deleted-notice').waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      await page.getByRole('link', { name: /log in/i }).first().waitFor();
      await page.screenshot({ path: `${outDir}/delete-account-done.png` });

      // Afterwards: the page's URL answers not-found, the login fails, the files are gone from DATA_DIR.
      assert.equal((await page.request.get(`${baseUrl}/image/${image.slug}`)).status(), 404, 'the image page');
      for (const url of [`/api/images/${image.id}/download?format=png`, `/api/images/${image.id}/download?format=pdf`, `/files/images/${image.id}/page.png`]) {
        assert.equal((await page.request.get(`${baseUrl}${url}`)).status(), 404, url);
      }
      assert.equal((await page.request.get(`${baseUrl}/api/users/profile`, { headers: signedIn })).status(), 401, 'the old session');
      const relogin = await page.request.post(`${baseUrl}/api/auth/login`, { data: { email: parent.email, password: parent.password } });
      assert.equal((await relogin.json()).errorCode, 1001, 'the login fails');
      assert.deepEqual(filesOfPage(), [], 'no file of the page or its photo is left');
      assert.deepEqual(readdirSync(path.join(dataDir, 'files'), { recursive: true }).map(String).filter((name) => name.includes(image.id)), [], 'nor a folder named after it');
      assert.match(await latestMailTo(dataDir, parent.email), /Subject: Your Coloring Studio account has been deleted/);
    },
  },
];
