import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { assert, login, newUser, open, register, screenshots } from '../helpers.mjs';
import { importFixtureLibrary } from './05-library-fixture.mjs';

let imported = false;
/** The library stories' fixture pages, imported unless an earlier story already did. */
async function ensureLibrary(baseUrl, dataDir) {
  if (imported) return;
  const answer = await (await fetch(`${baseUrl}/api/images?imageId=e2e-dino-01&pageSize=1`)).json();
  if (!answer.data?.images?.length) importFixtureLibrary(dataDir);
  imported = true;
}

/** Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) to { width, height, channels, pixels }. */
function decodePng(buffer) {
  assert.equal(buffer.subarray(1, 4).toString('latin1'), 'PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.subarray(offset + 4, offset + 8).toString('latin1');
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.equal(data[8], 8, '8-bit');
      channels = { 2: 3, 6: 4 }[data[9]];
      assert.ok(channels, `colour type ${data[9]}`);
      assert.equal(data[12], 0, 'not interlaced');
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, at: (x, y) => [...pixels.subarray((y * width + x) * channels, (y * width + x) * channels + 3)] };
}

/** Where a point of the page (as fractions of its width and height) shows on the screen. */
async function screenPoint(page, fx, fy) {
  const box = await page.getByTestId('colouring-stage').boundingBox();
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

async function tapPage(page, x, y) {
  // The whole page in view, clear of the sticky header, as a child holding the phone sees it.
  await page.getByTestId('colouring-canvas').evaluate((frame) => frame.scrollIntoView({ block: 'center' }));
  const point = await screenPoint(page, x, y);
  await page.touchscreen.tap(point.x, point.y);
}

// The fixture's first page (05-library-fixture.mjs, drawn on 2400×3150, a 3:4 page of 2363×3150):
// a body ellipse around (1200, 1700), a head circle around (1700, 1150), two legs (rectangles)
// around (780, 2450) and (1580, 2450) — here as fractions of the page.
const BODY = [1200 / 2400, 1700 / 3150];
const HEAD = [1700 / 2400, 1150 / 3150];
const LEFT_LEG = [780 / 2400, 2450 / 3150];
const RIGHT_LEG = [1580 / 2400, 2450 / 3150];
const RED = [0xe5, 0x39, 0x35];
const BLUE = [0x1e, 0x88, 0xe5];

export const stories = [
  {
    name: 'on a 375 px phone a visitor colours three regions on screen, offline, undoes one and saves the picture with the two fills',
    context: { viewport: { width: 375, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true },
    async run({ page, context, baseUrl, dataDir, outDir }) {
      await ensureLibrary(baseUrl, dataDir);
      await open(page, `${baseUrl}/image/e2e-dino-01`);
      await page.getByTestId('colour-on-screen').click();
      await page.waitForURL(/\/image\/[^/]+\/colour$/);
      await page.locator('[data-testid="colouring-canvas"][data-ready="true"]').waitFor({ timeout: 20_000 });
      // Once the page is loaded the rest works offline: fills, undo and the saved picture.
      await context.setOffline(true);

      await page.getByRole('button', { name: 'Red', exact: true }).click();
      await tapPage(page, ...BODY);
      await page.getByRole('button', { name: 'Blue', exact: true }).click();
      await tapPage(page, ...HEAD);
      await page.getByRole('button', { name: 'Green', exact: true }).click();
      await tapPage(page, ...LEFT_LEG);
      // The recent colours remember what was used, newest first.
      assert.deepEqual(await page.getByTestId('recent-colours').getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))), ['Green', 'Blue', 'Red']);
      await page.screenshot({ path: `${outDir}/colour-phone-three-fills.png` });

      await page.getByRole('button', { name: /^Undo/ }).click();
      assert.equal(await page.getByRole('button', { name: /^Redo/ }).isEnabled(), true);
      await page.screenshot({ path: `${outDir}/colour-phone-undone.png` });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('colouring-save').click()]);
      assert.match(download.suggestedFilename(), /^coloring-page-Baby-Dino-Hatching-.{8}-coloured\.png$/);
      const picture = decodePng(readFileSync(await download.path()));
      // The page's own size (3:4 in the printable area: 2363×3150), not the screen's.
      assert.deepEqual([picture.width, picture.height], [2363, 3150]);
      const at = ([fx, fy]) => picture.at(Math.round(fx * picture.width), Math.round(fy * picture.height));
      assert.deepEqual(at(BODY), RED, 'the body is red');
      assert.deepEqual(at(HEAD), BLUE, 'the head is blue');
      assert.deepEqual(at(LEFT_LEG), [255, 255, 255], 'the undone leg is white again');
      assert.deepEqual(at(RIGHT_LEG), [255, 255, 255], 'the untouched leg is white');
      assert.deepEqual(picture.at(100, 100), [255, 255, 255], 'the paper around is white');
      // Region-exact: the body's red reaches its line and stops there; the line stays black.
      const x = Math.round(BODY[0] * picture.width);
      let outline = 0;
      for (let y = Math.round(BODY[1] * picture.height); y > 1000 && outline === 0; y -= 1) if (picture.at(x, y).every((c) => c === 0)) outline = y;
      assert.ok(outline > 0, 'a black line above the body');
      assert.deepEqual(picture.at(x, outline + 1), RED, 'red right up to the line');
      let top = outline;
      while (picture.at(x, top - 1).every((c) => c === 0)) top -= 1;
      assert.deepEqual(picture.at(x, top - 1), [255, 255, 255], 'nothing red past the line');
      await context.setOffline(false);
      await screenshots(page, outDir, 'colour-en');
    },
  },
  {
    name: 'a member colours a page in Japanese, keeps it in My creations, finds it there and deletes it',
    async run({ page, baseUrl, dataDir, outDir }) {
      await ensureLibrary(baseUrl, dataDir);
      const user = newUser('colour');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/ja/image/e2e-dino-02/colour`);
      await page.locator('[data-testid="colouring-canvas"][data-ready="true"]').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: '緑', exact: true }).click();
      // Keyboard: focus the page, arrows to a space, Enter colours it.
      await page.getByTestId('colouring-canvas').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: /^元に戻す/ }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^元に戻す/ }).isEnabled(), true);
      await screenshots(page, outDir, 'colour-ja');
      await page.getByTestId('colouring-keep').click();
      await page.getByText('マイ作品に保存しました。').waitFor();

      await page.getByRole('link', { name: 'マイ作品を見る' }).click();
      await page.waitForURL(`${baseUrl}/ja/creations`);
      const card = page.getByTestId('kept-picture');
      await card.waitFor();
      await page.screenshot({ path: `${outDir}/colour-creations-ja.png`, fullPage: true });
      await card.getByRole('button', { name: '削除' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
      await card.waitFor({ state: 'detached' });
    },
  },
];
