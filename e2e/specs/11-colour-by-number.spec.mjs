import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assert, open, screenshots } from '../helpers.mjs';
import { fixtureCategory, importFixtureLibrary } from './05-library-fixture.mjs';

/** Turns a downloaded PDF into a PNG in e2e/out (to look at), when poppler is installed. */
function pdfToPng(pdf, outDir, name) {
  const run = spawnSync('pdftoppm', ['-png', '-r', '50', '-singlefile', pdf, path.join(outDir, name)], { encoding: 'utf8' });
  return run.status === 0;
}

export const stories = [
  {
    name: 'a signed-out visitor opens a library page, switches to color by number, downloads the numbered PDF and the solution',
    async run({ page, baseUrl, dataDir, outDir }) {
      importFixtureLibrary(dataDir);
      // Every process notices an import within 5 s: reload the category until its pages show.
      const card = page.getByTestId('image-card').filter({ hasText: 'Dino by the Volcano' });
      for (let attempt = 0; ; attempt += 1) {
        await open(page, `${baseUrl}/categories/${fixtureCategory.slug}`);
        if (await card.waitFor({ timeout: 3000 }).then(() => true, () => false)) break;
        if (attempt === 3) throw new Error('the imported page never showed in its category');
      }
      await card.click();
      await page.getByRole('heading', { level: 1, name: 'Dino by the Volcano' }).waitFor();

      // The choice, then the numbered page with its key (made on the first request: allow for it).
      await page.getByRole('button', { name: 'Color by number' }).click();
      await page.getByText('Every area carries a number.', { exact: false }).waitFor();
      const preview = page.getByRole('img', { name: 'Dino by the Volcano as color by number, with its color key' });
      await preview.waitFor({ timeout: 60_000 });
      const size = await preview.evaluate((img) => ({ width: img.naturalWidth, height: img.naturalHeight }));
      assert.ok(size.height > size.width * (3150 / 2400), `the key sits below the 3:4 picture (${size.width} × ${size.height})`);
      await screenshots(page, outDir, 'numbers-image-page');

      const save = async (name) => {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
        return { name: download.suggestedFilename(), file: await download.path() };
      };
      const numbers = await save('Numbered page PDF');
      assert.match(numbers.name, /^coloring-page-Dino-by-the-Volcano-.{8}-numbers\.pdf$/);
      const numbersPdf = readFileSync(numbers.file);
      assert.equal(numbersPdf.subarray(0, 5).toString(), '%PDF-');
      const solution = await save('Solution PDF');
      assert.match(solution.name, /^coloring-page-Dino-by-the-Volcano-.{8}-solution\.pdf$/);
      assert.equal(readFileSync(solution.file).subarray(0, 5).toString(), '%PDF-');
      const solutionPng = await save('Solution PNG');
      assert.match(solutionPng.name, /-solution\.png$/);
      assert.ok(readFileSync(solutionPng.file).subarray(1, 4).equals(Buffer.from('PNG')));
      // Looked at: the PDFs as pictures beside the screenshots.
      if (pdfToPng(numbers.file, outDir, 'numbers-dino-numbered')) pdfToPng(solution.file, outDir, 'numbers-dino-solution');

      // The same choice in Chinese, on the same page.
      await open(page, page.url().replace(baseUrl, `${baseUrl}/zh`));
      await page.getByRole('button', { name: '数字填色' }).click();
      await page.getByRole('button', { name: '答案 PDF' }).waitFor();
      await page.getByTestId('numbers-preview').waitFor({ timeout: 60_000 });
    },
  },
];
