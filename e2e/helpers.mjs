// Shared steps of the user stories.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

let counter = 0;
/** A fresh, valid identity per story. */
export function newUser(prefix = 'user') {
  counter += 1;
  const id = `${Date.now().toString(36).slice(-5)}${counter}`;
  return { username: `${prefix}_${id}`.slice(0, 20), email: `${prefix}.${id}@example.com`, password: 'crayons-42' };
}

/** An RGB PNG from `pixel(x, y) → [r, g, b]`, built by hand so the suite needs no image library. */
export function encodePng(width, height, pixel) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small solid-colour PNG. */
export function pngFile(width = 64, height = 64, rgb = [108, 92, 231]) {
  return encodePng(width, height, () => rgb);
}

/** Opens a page and waits until the app has taken over the build-time HTML. */
export async function open(page, url) {
  await page.goto(url);
  await appReady(page);
}

export async function appReady(page) {
  // eslint-disable-next-line no-undef -- runs in the page
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: 20_000 });
}

export async function register(page, baseUrl, user, prefix = '') {
  await open(page, `${baseUrl}${prefix}/register`);
  await page.getByLabel(/username|用户名|ユーザー名/i).fill(user.username);
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('input[name=confirmPassword]').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(`${baseUrl}${prefix}/login`);
}

export async function login(page, baseUrl, user, { rememberMe = false, prefix = '' } = {}) {
  if (new URL(page.url()).pathname !== `${prefix}/login`) await page.goto(`${baseUrl}${prefix}/login`);
  await appReady(page);
  await page.locator('input[name=email]').fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  const box = page.locator('input[name=rememberMe]');
  if ((await box.isChecked()) !== rememberMe) await box.click();
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== `${prefix}/login`);
  await page.getByTestId('credits-badge').waitFor();
}

/** Saves the page at 1280 px and 375 px wide into e2e/out. */
export async function screenshots(page, outDir, name) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(outDir, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(outDir, `${name}-375.png`), fullPage: true });
  if (original) await page.setViewportSize(original);
}

/** The newest mail to `to` in DATA_DIR/outbox, with quoted-printable soft breaks undone. */
export async function latestMailTo(dataDir, to, { timeoutMs = 10_000 } = {}) {
  const dir = path.join(dataDir, 'outbox');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let files = [];
    try {
      files = readdirSync(dir).map((name) => path.join(dir, name));
    } catch {
      files = [];
    }
    const mails = files
      .map((file) => ({ file, time: statSync(file).mtimeMs, text: readFileSync(file, 'utf8') }))
      .filter((mail) => mail.text.toLowerCase().includes(to.toLowerCase()))
      .sort((a, b) => b.time - a.time);
    if (mails.length) return mails[0].text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`no mail to ${to} in ${dir}`);
}

export { assert };
