/* global document, window, getComputedStyle -- the waitForFunction and evaluate callbacks run in the page */
// Issue 37, "a new user's first ten minutes": what got in the way of a parent on a phone and a
// teacher on a laptop, told as their stories.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assert, encodePng, login, newUser, open, register } from '../helpers.mjs';
import { importFixtureLibrary } from './05-library-fixture.mjs';

const PHONE = { viewport: { width: 375, height: 780 }, isMobile: true, hasTouch: true };

async function credits(page) {
  return Number((await page.getByTestId('credits-badge').textContent()).replace(/\D/g, ''));
}

/** What the server holds for a user: tasks, generation debits and the balance. */
function serverSide(dataDir, email) {
  const db = new Database(path.join(dataDir, 'studio.db'), { readonly: true, fileMustExist: true });
  try {
    const user = db.prepare('SELECT id, credits FROM users WHERE email = ?').get(email);
    const tasks = db.prepare('SELECT id, status FROM generation_tasks WHERE user_id = ?').all(user.id);
    const debits = db.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE user_id = ? AND reason = 'generation'").get(user.id).n;
    return { credits: Number(user.credits), tasks, debits: Number(debits) };
  } finally {
    db.close();
  }
}

/**
 * The first request reaches the server, which charges and queues the page; the connection then
 * drops for 10 s before the answer arrives. The generator keeps following the press.
 */
async function generateThroughADrop({ page, context, baseUrl, dataDir, outDir }, name) {
  const user = newUser('drop');
  await register(page, baseUrl, user);
  await login(page, baseUrl, user);
  await open(page, `${baseUrl}/text-coloring-page`);
  assert.equal(await credits(page), 50);
  await page.getByLabel('Describe your coloring page').fill('a black cat on a pumpkin');

  const keys = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/images/text2imggenerate')) keys.push(request.headers()['idempotency-key']);
  });
  let dropped = false;
  await page.route('**/api/images/text2imggenerate', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });

  await page.getByRole('button', { name: /^Generate/ }).click();
  const notice = page.getByTestId('reconnecting');
  await page.waitForFunction(() => /Connection lost/.test(document.querySelector('[data-testid=reconnecting]')?.textContent ?? ''));
  await page.screenshot({ path: path.join(outDir, `${name}-offline.png`) });
  await page.waitForTimeout(10_000);
  assert.equal(await page.getByText('Generation failed').count(), 0, 'a dropped connection is not a failure');
  assert.ok(await page.getByRole('progressbar', { name: 'Generation progress' }).isVisible(), 'the progress stays on screen');
  await context.setOffline(false);

  const historyItem = page.getByRole('navigation', { name: 'History' }).getByRole('button', { name: 'a black cat on a pumpkin' });
  await historyItem.waitFor({ timeout: 120_000 });
  await page.getByRole('img', { name: 'a black cat on a pumpkin' }).first().waitFor();
  assert.equal(await notice.count(), 0, 'the reconnecting notice is gone with the progress');
  await page.waitForFunction(() => /\b30\b/.test(document.querySelector('[data-testid=credits-badge]')?.textContent ?? ''));
  await page.screenshot({ path: path.join(outDir, `${name}-arrived.png`) });

  assert.ok(keys.length >= 2, `the press was sent again after the drop (${keys.length} requests)`);
  assert.equal(new Set(keys).size, 1, 'every retry carries the press’s one key');
  const held = serverSide(dataDir, user.email);
  assert.equal(held.tasks.length, 1, 'one task for one press');
  assert.equal(held.tasks[0].status, 'completed');
  assert.equal(held.debits, 1, 'charged once');
  assert.equal(held.credits, 30);

  // After a reload the server's own figures show the same: one page, 30 credits.
  await open(page, `${baseUrl}/text-coloring-page`);
  await page.getByTestId('credits-badge').waitFor();
  assert.equal(await credits(page), 30);
  await historyItem.waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'History' }).getByRole('button').count(), 1);
}

const L = (en, zh, ja) => ({ en, zh, ja });
const catCategory = {
  slug: 'e2e-halloween',
  name: 'e2e halloween',
  hotness: 500,
  displayName: L('Test Halloween', '测试万圣节', 'テストハロウィン'),
  seoTitle: L('Test Halloween Coloring Pages', '测试万圣节涂色页', 'テストハロウィンのぬりえ'),
  seoDesc: L('Free printable test Halloween pages.', '免费可打印的测试万圣节涂色页。', '無料で印刷できるテストハロウィンのぬりえ。'),
  description: L('<p>Spooky fun.</p>', '<p>万圣节的乐趣。</p>', '<p>ハロウィンのたのしさ。</p>'),
};
const catPages = [
  { id: 'e2e-hallo-01', title: L('Black Cat and Pumpkin', '黑猫和南瓜', '黒猫とかぼちゃ'), tags: [], hotness: 90 },
  { id: 'e2e-hallo-02', title: L('Friendly Ghost', '友好的幽灵', 'やさしいおばけ'), tags: [], hotness: 80 },
];
let catsImported = false;

/** Types into the library's search box, checks the suggestion, submits, and finds the cat page among the results. */
async function searchFor(page, { box, query, title }) {
  const input = page.getByRole('combobox', { name: box });
  await input.click();
  await input.pressSequentially(query, { delay: 60 });
  // A suggestion while typing, before anything is submitted.
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(title) }).waitFor();
  await input.press('Escape');
  await input.press('Enter');
  const results = page.getByTestId('search-pages');
  await results.getByRole('link', { name: title }).waitFor();
  assert.equal(await results.getByRole('link', { name: /おばけ|Ghost|幽灵/ }).count(), 0, 'only the cat page');
}

/** Imports the Halloween category once and waits until the server lists it (a process notices an import within 5 s). */
async function ensureCats(page, baseUrl, dataDir) {
  if (!catsImported) {
    importFixtureLibrary(dataDir, catCategory, catPages);
    catsImported = true;
  }
  for (let attempt = 0; ; attempt += 1) {
    await open(page, `${baseUrl}/categories`);
    if (await page.getByTestId('category-card').filter({ hasText: 'Test Halloween' }).waitFor({ timeout: 3000 }).then(() => true, () => false)) return;
    if (attempt >= 4) throw new Error('the imported category never showed');
  }
}

async function findsTheCatPages({ page, baseUrl, dataDir, outDir }, name) {
  await ensureCats(page, baseUrl, dataDir);
  await searchFor(page, { box: 'Search coloring pages and categories', query: 'cat', title: 'Black Cat and Pumpkin' });
  assert.equal(new URL(page.url()).search, '?q=cat');
  await page.screenshot({ path: path.join(outDir, `${name}-en.png`) });

  await open(page, `${baseUrl}/zh/categories`);
  await searchFor(page, { box: '搜索涂色页和分类', query: '猫', title: '黑猫和南瓜' });
  await open(page, `${baseUrl}/ja/categories`);
  await searchFor(page, { box: 'ぬりえとカテゴリを検索', query: 'ねこ', title: '黒猫とかぼちゃ' });
  await page.screenshot({ path: path.join(outDir, `${name}-ja.png`) });

  // One character that finds nothing: no booklet of nothing, no "try a shorter word".
  await open(page, `${baseUrl}/categories?q=${encodeURIComponent('ž')}`);
  const empty = page.getByTestId('categories-no-results');
  await empty.waitFor();
  assert.doesNotMatch(await empty.textContent(), /shorter word/);
  assert.equal(await page.getByRole('button', { name: /booklet/i }).count(), 0);
}

/** Waits until a smooth scroll has come to rest (the same position 300 ms apart). */
async function scrollSettled(page) {
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(300);
  }
}

/** Whether an element is on screen, clear of the phone's sticky Generate bar. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const bar = await page.evaluate(() => {
    const sticky = [...document.querySelectorAll('div.fixed.bottom-0')].map((element) => element.getBoundingClientRect().top);
    return sticky.length ? Math.min(...sticky) : window.innerHeight;
  });
  return box !== null && box.y >= 0 && box.y + box.height <= bar;
}

/** An unsafe prompt's error is scrolled to, announced and focused; after a good prompt, so is the new page. */
async function errorsAndResultsInView({ page, baseUrl, outDir }, name) {
  const user = newUser('seen');
  await register(page, baseUrl, user);
  await login(page, baseUrl, user);
  await open(page, `${baseUrl}/text-coloring-page`);
  const box = page.getByLabel('Describe your coloring page');
  await box.fill('a knight with a bloody sword');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /^Generate/ }).click();
  const error = page.getByRole('alert').filter({ hasText: '“bloody” is a word we don’t draw' });
  await error.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
  assert.ok((await box.getAttribute('aria-describedby')).includes(await error.getAttribute('id')), 'the box is described by its error');
  await scrollSettled(page);
  assert.ok(await inView(page, error), 'the error is on screen');
  await page.screenshot({ path: path.join(outDir, `${name}-unsafe.png`) });
  assert.equal(await credits(page), 50, 'nothing charged');

  await box.fill('a friendly knight');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: /^Generate/ }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'FIGURE', null, { timeout: 120_000 });
  await scrollSettled(page);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a friendly knight');
  const made = page.getByRole('img', { name: 'a friendly knight' }).first();
  assert.ok(await inView(page, made), `the new page is on screen (${JSON.stringify(await made.boundingBox())}, scrollY ${await page.evaluate(() => window.scrollY)})`);
  await page.getByRole('status').filter({ hasText: 'Your page “a friendly knight” is ready.' }).waitFor({ state: 'attached' });
  await page.screenshot({ path: path.join(outDir, `${name}-result.png`) });
}

const JAPANESE_FONTS = ['Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'BIZ UDPGothic', 'Yu Gothic UI', 'Yu Gothic', 'Meiryo', 'Noto Sans CJK JP', 'Noto Sans JP'];
const CHINESE_FONTS = ['PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei UI', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC'];
const firstFont = (family) => family.split(',')[0].trim().replace(/^"|"$/g, '');

/** Each language is drawn with its own fonts, on the document and on text of another language inside it. */
async function ownGlyphs({ page, baseUrl, outDir }, name) {
  await open(page, `${baseUrl}/ja/`);
  assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
  const ja = await page.locator('h1').first().evaluate((h1) => ({ family: getComputedStyle(h1).fontFamily, wordBreak: getComputedStyle(h1).wordBreak }));
  assert.ok(JAPANESE_FONTS.includes(firstFont(ja.family)), `a Japanese heading starts with a Japanese font (got ${ja.family})`);
  assert.equal(ja.wordBreak, 'auto-phrase', 'Japanese headings break between phrases');
  // "中文" in the Japanese page's language menu is Chinese text, drawn with a Chinese font.
  const chineseOption = page.getByTestId('language-switcher').locator('option[value=zh]').first();
  if (await chineseOption.count()) {
    assert.equal(await chineseOption.getAttribute('lang'), 'zh-CN');
    assert.ok(CHINESE_FONTS.includes(firstFont(await chineseOption.evaluate((option) => getComputedStyle(option).fontFamily))));
  }
  await page.screenshot({ path: path.join(outDir, `${name}-ja.png`) });

  await open(page, `${baseUrl}/zh/`);
  const zh = await page.locator('h1').first().evaluate((h1) => getComputedStyle(h1).fontFamily);
  assert.ok(CHINESE_FONTS.includes(firstFont(zh)), `a Chinese heading starts with a Chinese font (got ${zh})`);
  await open(page, `${baseUrl}/`);
  const en = await page.locator('h1').first().evaluate((h1) => getComputedStyle(h1).fontFamily);
  assert.ok(!JAPANESE_FONTS.includes(firstFont(en)) && !CHINESE_FONTS.includes(firstFont(en)), `an English heading starts with a Latin font (got ${en})`);
}

/** The top of an element, in the page's first screen or not. */
const topOf = async (locator) => (await locator.boundingBox()).y;

/** On a phone the thing the visitor came for is on the first screen. */
async function firstScreen({ page, baseUrl, dataDir, outDir }) {
  await ensureCats(page, baseUrl, dataDir);
  const height = page.viewportSize().height;
  await open(page, `${baseUrl}/categories/${catCategory.slug}`);
  const firstPicture = page.getByTestId('image-card').first();
  await firstPicture.waitFor();
  assert.ok((await topOf(firstPicture)) < height * 0.75, 'a category shows its pictures on the first screen');
  assert.ok((await topOf(page.getByText('Can’t find the right page? Make your own'))) > (await topOf(firstPicture)), '"make your own" comes after the pictures');
  await page.screenshot({ path: path.join(outDir, 'first-screen-category-375.png') });

  await firstPicture.click();
  const download = page.getByRole('button', { name: 'Download PNG' });
  await download.waitFor();
  assert.ok((await topOf(download)) + 20 < height, `Download is on the first screen (top ${await topOf(download)})`);
  assert.ok((await topOf(page.getByTestId('image-colored'))) > (await topOf(download)), 'the coloured example comes after Download');
  await page.screenshot({ path: path.join(outDir, 'first-screen-image-375.png') });

  await open(page, `${baseUrl}/text-coloring-page`);
  const box = page.getByLabel('Describe your coloring page');
  assert.ok((await topOf(box)) < height / 2, 'the prompt box is in the top half of the first screen');
  await page.screenshot({ path: path.join(outDir, 'first-screen-generator-375.png') });
}

/** A photo is read when chosen: no picture → refused at once; over 10 MB → scaled down, not refused; no "drag" on a phone. */
async function photoChoices({ page, baseUrl }) {
  await open(page, `${baseUrl}/image-coloring-page`);
  await page.getByText('Choose a photo from your gallery or take one').waitFor();
  assert.equal(await page.getByText('Drag and drop a photo here').count(), 0);
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is a text file renamed to .jpg') });
  const alert = page.getByRole('alert').filter({ hasText: 'could not be read as a picture' });
  await alert.waitFor();
  assert.equal(await page.getByText('holiday.jpg').count(), 0, 'no broken preview');
  // Noise does not compress: a 2200 × 1700 PNG of it is over 11 MB.
  const noise = randomBytes(2200 * 1700 * 3);
  const big = encodePng(2200, 1700, (x, y) => {
    const at = (y * 2200 + x) * 3;
    return [noise[at], noise[at + 1], noise[at + 2]];
  });
  assert.ok(big.length > 10 * 1024 * 1024, `the test photo is over the limit (${big.length} bytes)`);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await page.getByText('big.jpg').waitFor({ timeout: 30_000 });
  await page.getByText('2200 × 1700 px').waitFor();
  assert.equal(await alert.count(), 0);
}

/** The same story on a 375 px phone and on a desktop; `tag` names their screenshots. */
function onPhoneAndDesktop(what, run, tag) {
  return [
    { name: `on a 375 px phone, ${what}`, context: PHONE, run: (env) => run(env, `${tag}-phone`) },
    { name: `on a desktop, ${what}`, run: (env) => run(env, `${tag}-desktop`) },
  ];
}

export const stories = [
  {
    name: 'on a 375 px phone, a chosen file that is no picture is refused at once, a photo over 10 MB is scaled down, and nobody is told to drag',
    context: PHONE,
    run: photoChoices,
  },
  {
    name: 'on a 375 px phone, the first screen shows the pictures of a category, the Download of a page, and the generator’s prompt box',
    context: PHONE,
    run: firstScreen,
  },
  {
    name: 'on a 375 px phone, a Japanese page is drawn with Japanese fonts and its headings break between phrases; Chinese with Chinese fonts',
    context: PHONE,
    run: (env) => ownGlyphs(env, 'glyphs-phone'),
  },
  {
    name: 'on a desktop, a Japanese page is drawn with Japanese fonts; Chinese with Chinese fonts',
    run: (env) => ownGlyphs(env, 'glyphs-desktop'),
  },
  ...onPhoneAndDesktop('an unsafe prompt’s error is in view, focused and names the word; the new page is in view and focused', errorsAndResultsInView, 'seen'),
  ...onPhoneAndDesktop('"cat", "猫" and "ねこ" in the search box suggest and find the cat page', findsTheCatPages, 'search'),
  ...onPhoneAndDesktop('the connection drops for 10 s during a generation: the page still arrives, once, charged once, the balance right', generateThroughADrop, 'drop'),
];
