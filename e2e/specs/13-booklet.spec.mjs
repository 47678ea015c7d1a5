// Print packs (decision 032): a teacher makes a class booklet; a parent puts a name on one page.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, open, screenshots } from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const L = (en, zh, ja) => ({ en, zh, ja });
const SLUG = 'e2e-ocean-friends';
const ANIMALS = ['Whale', 'Turtle', 'Octopus', 'Crab', 'Seahorse', 'Starfish', 'Dolphin', 'Jellyfish', 'Shark', 'Clownfish', 'Seal', 'Penguin', 'Lobster', 'Manta Ray'];

/** A simple closed drawing per page (3:4), each a little different. */
function svgPage(index) {
  const r = 260 + (index % 5) * 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2400 3150" width="2400" height="3150">
  <rect width="2400" height="3150" fill="#fff"/>
  <g fill="none" stroke="#000" stroke-width="24">
    <rect x="80" y="80" width="2240" height="2990" rx="60"/>
    <ellipse cx="1200" cy="1500" rx="${r + 350}" ry="${r}"/>
    <circle cx="${1500 + index * 15}" cy="1400" r="70"/>
    <path d="M${700 - index * 10} 1500 L300 ${1200 + index * 20} L300 ${1800 - index * 20} Z"/>
    <path d="M200 2600 C600 2400 1000 2800 1400 2600 S2000 2400 2200 2600"/>
  </g>
</svg>`;
}

let imported = false;
/** One category of 14 pages, imported through the content CLI like real content. */
function ensureOceanCategory(dataDir) {
  if (imported) return;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-ocean-'));
  try {
    writeFileSync(
      path.join(folder, 'category.json'),
      JSON.stringify({
        slug: SLUG,
        name: 'e2e ocean friends',
        hotness: 900,
        displayName: L('Ocean Friends', '海洋朋友', '海のなかまたち'),
        seoTitle: L('Ocean Friends Coloring Pages', '海洋朋友涂色页', '海のなかまたちのぬりえ'),
        seoDesc: L('Free printable ocean pages.', '免费可打印的海洋涂色页。', '無料で印刷できる海のぬりえ。'),
        description: L('<p>Sea animals to colour.</p>', '<p>可以涂色的海洋动物。</p>', '<p>ぬって遊べる海の生き物。</p>'),
      }),
    );
    ANIMALS.forEach((animal, index) => {
      const id = `e2e-ocean-${String(index + 1).padStart(2, '0')}`;
      writeFileSync(
        path.join(folder, `${id}.json`),
        JSON.stringify({ title: L(`${animal} Friend`, `${animal}朋友`, `${animal}のなかま`), description: L(`${animal}.`, `${animal}。`, `${animal}。`), tags: [], ratio: '3:4', difficulty: 'children', hotness: 100 - index }),
      );
      writeFileSync(path.join(folder, `${id}.svg`), svgPage(index));
    });
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, ['content/src/cli.ts', 'import', folder], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`content import failed:\n${run.stdout}\n${run.stderr}`);
    imported = true;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The text of each page of a PDF, as poppler reads it (what a person reads). */
function pdfPagesText(file) {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

export const stories = [
  {
    name: 'a teacher builds a 12-page booklet of a category with the class name on each page and downloads it',
    async run({ page, baseUrl, dataDir, outDir }) {
      ensureOceanCategory(dataDir);
      // Every process notices an import within 5 s (library.service.ts): reload until it shows.
      for (let attempt = 0; ; attempt += 1) {
        await open(page, `${baseUrl}/categories/${SLUG}`);
        const shown = await page
          .getByRole('button', { name: 'Make a booklet' })
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (shown) break;
        if (attempt === 3) throw new Error('the imported category never showed its booklet button');
      }
      await page.getByRole('button', { name: 'Make a booklet' }).click();
      const builder = page.getByTestId('booklet-builder');
      await builder.waitFor();
      // The first 12 pages of the category are chosen to start with.
      await page.getByTestId('booklet-count').getByText('12 pages chosen (up to 40)').waitFor();
      assert.equal(await builder.getByRole('checkbox', { checked: true }).count(), 12);
      assert.equal(await builder.getByRole('checkbox').count(), 14);
      assert.equal(await builder.getByLabel('Booklet title').inputValue(), 'Ocean Friends');
      await builder.getByLabel('Booklet title').fill('Ocean Friends — Class 3B');
      await builder.getByLabel('Name on the page').fill('Class 3B');
      assert.equal(await builder.getByRole('radio', { name: 'Letter' }).isChecked(), true);
      await screenshots(page, outDir, 'booklet-builder');

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download booklet (12 pages)' }).click()]);
      assert.equal(download.suggestedFilename(), 'coloring-booklet-Ocean-Friends-Class-12p.pdf');
      const file = path.join(outDir, 'booklet-class-3b.pdf');
      await download.saveAs(file);
      const pdf = readFileSync(file);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const pages = pdfPagesText(file);
      assert.equal(pages.length, 13, 'a cover and 12 pages');
      assert.match(pages[0], /Ocean Friends — Class 3B/);
      assert.match(pages[0], /Contents/);
      assert.match(pages[0], /12\s+Penguin Friend/);
      for (const [index, text] of pages.entries()) {
        assert.match(text, /Class 3B/, `the class name on page ${index}`);
        if (index > 0) assert.ok(text.split('\n').some((line) => line.trim() === String(index)), `page number ${index}`);
      }
      // The pictures to judge: the cover and a content page.
      execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '2', file, path.join(outDir, 'booklet-class-3b')]);
    },
  },
  {
    name: 'a parent puts a Japanese name on one page and downloads the PNG and a two-per-sheet booklet in Japanese',
    async run({ page, baseUrl, dataDir, outDir }) {
      ensureOceanCategory(dataDir);
      await open(page, `${baseUrl}/ja/categories/${SLUG}`);
      await page.getByTestId('image-card').first().click();
      await page.getByTestId('image-page').waitFor();
      await page.getByTestId('download-name').fill('さくら');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /PNG/ }).click()]);
      const file = path.join(outDir, 'named-page-sakura.png');
      await download.saveAs(file);
      const png = readFileSync(file);
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      // The name band (9 % of the width) makes the 3:4 page taller than 3:4.
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      assert.ok(height / width > 4 / 3 + 0.06, `a band above the picture (${width} × ${height})`);

      await open(page, `${baseUrl}/ja/categories/${SLUG}`);
      await page.getByRole('button', { name: 'ぬりえブックを作る' }).click();
      const builder = page.getByTestId('booklet-builder');
      await builder.getByLabel('ページに入れる名前').fill('さくら');
      await builder.getByRole('radio', { name: '2ページ（紙の節約）' }).check();
      assert.equal(await builder.getByRole('radio', { name: 'A4' }).isChecked(), true);
      await builder.getByRole('button', { name: '選択を解除' }).click();
      await page.getByTestId('booklet-download').isDisabled();
      for (const index of [0, 1, 2]) await builder.getByRole('checkbox').nth(index).check();
      const [booklet] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('booklet-download').click()]);
      const bookletFile = path.join(outDir, 'booklet-sakura-2up.pdf');
      await booklet.saveAs(bookletFile);
      const pages = pdfPagesText(bookletFile);
      assert.equal(pages.length, 2, 'cover + 3 pages, two a sheet');
      assert.match(pages[0], /もくじ/);
      assert.equal((pages.join('').match(/さくら/g) ?? []).length, 4);
      execFileSync('pdftoppm', ['-png', '-r', '50', bookletFile, path.join(outDir, 'booklet-sakura-2up')]);
    },
  },
];
