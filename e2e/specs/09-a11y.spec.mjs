/* global document, getComputedStyle -- functions passed to page.evaluate run in the browser */
// Accessibility of the main pages: no serious or critical violation of the checks in e2e/a11y.mjs
// (axe-core's rules, re-implemented because axe-core is MPL-2.0), and menus, disclosures,
// accordions, tabs and dialogs usable by keyboard with visible focus. It runs on whatever
// screens the branch has: widgets are found by their ARIA markup, not by page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditPage, blocking, formatViolations } from '../a11y.mjs';
import { contentCli } from '../content-cli.mjs';
import { assert, login, newUser, open, register } from '../helpers.mjs';

const L = (text) => ({ en: text, zh: text, ja: text });

/** A small category with one page, imported the way an operator would, so category and image pages have content. */
function importSampleCategory(dataDir) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'a11y-category-'));
  try {
    writeFileSync(path.join(folder, 'category.json'), JSON.stringify({ slug: 'a11y-shapes', name: 'a11y-shapes', hotness: 1, displayName: { en: 'Shapes', zh: '形状', ja: 'かたち' }, description: L('<p>Shapes to color.</p>'), seoTitle: L('Shape coloring pages'), seoDesc: L('Free shape coloring pages') }));
    writeFileSync(path.join(folder, 'big-circle.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="#fff"/><circle cx="150" cy="200" r="100" fill="#fff" stroke="#000" stroke-width="8"/></svg>');
    writeFileSync(path.join(folder, 'big-circle.json'), JSON.stringify({ title: { en: 'Big circle', zh: '大圆圈', ja: '大きなまる' }, description: L('A big circle.'), ratio: '3:4', difficulty: 'toddler', hotness: 1 }));
    contentCli(dataDir, ['import', folder]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function imagePath(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const loc = /<loc>[^<]*?(\/categories\/a11y-shapes\/[^<]+)<\/loc>/.exec(sitemap);
  assert.ok(loc, 'the sample page is in the sitemap');
  return loc[1];
}

/** Lets lazy routes and their data settle before auditing. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label], .animate-pulse'), null, { timeout: 8000 }).catch(() => {});
  await page.waitForTimeout(250);
}

/** Audits every page and fails once, listing every serious or critical violation of every page. */
async function auditAll(page, baseUrl, pages, viewport) {
  const failures = [];
  const warnings = [];
  for (const [label, url] of pages) {
    await page.setViewportSize(viewport);
    await open(page, `${baseUrl}${url}`);
    await settle(page);
    const violations = await auditPage(page);
    failures.push(...violations.filter(blocking).map((v) => ({ ...v, label: `${label} ${url} @${viewport.width}px` })));
    warnings.push(...violations.filter((v) => !blocking(v)).map((v) => ({ ...v, label: `${label} ${url} @${viewport.width}px` })));
  }
  if (warnings.length) console.log(`    a11y notes (moderate/minor, not failing):\n${warnings.map((v) => formatViolations(v.label, [v])).join('\n')}`);
  assert.ok(failures.length === 0, `serious or critical accessibility violations:\n${failures.map((v) => formatViolations(v.label, [v])).join('\n')}`);
}

// ---- keyboard behaviour of widgets, found by their ARIA markup ----

async function focusRing(locator) {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  });
}

async function describe(locator) {
  return locator.evaluate((el) => el.outerHTML.replace(/\s+/g, ' ').slice(0, 140));
}

/** Disclosure buttons, menu buttons and accordions: Enter opens; Escape (popups) or Enter (disclosures) closes; focus stays visible and returns. */
async function checkDisclosures(page, label, checked) {
  const triggers = page.locator('button[aria-expanded]:visible');
  const count = Math.min(await triggers.count(), 6);
  for (let i = 0; i < count; i += 1) {
    const trigger = triggers.nth(i);
    if (!(await trigger.isVisible())) continue;
    const what = await describe(trigger);
    if ((await trigger.getAttribute('aria-expanded')) === 'true') continue;
    await page.keyboard.press('Shift+Tab').catch(() => {});
    await trigger.focus();
    assert.ok(await focusRing(trigger), `${label}: no visible focus on ${what}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(150);
    assert.equal(await trigger.getAttribute('aria-expanded'), 'true', `${label}: Enter does not open ${what}`);
    const controls = await trigger.getAttribute('aria-controls');
    if (controls) assert.ok(await page.locator(`[id="${controls}"]`).isVisible(), `${label}: ${what} opened but #${controls} is not visible`);
    const popup = (await trigger.getAttribute('aria-haspopup')) !== null;
    const focusInside = await trigger.evaluate((el) => document.activeElement !== el);
    if (focusInside) {
      const focused = page.locator(':focus');
      assert.ok(await focusRing(focused), `${label}: focus moved into ${what}'s popup but is not visible: ${await describe(focused)}`);
    }
    if (popup || focusInside) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(150);
      assert.equal(await trigger.getAttribute('aria-expanded'), 'false', `${label}: Escape does not close ${what}`);
      assert.ok(await trigger.evaluate((el) => document.activeElement === el), `${label}: focus does not return to ${what} after Escape`);
    } else {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
      if ((await trigger.getAttribute('aria-expanded')) === 'true') {
        await page.keyboard.press('Enter');
        await page.waitForTimeout(150);
      }
      assert.equal(await trigger.getAttribute('aria-expanded'), 'false', `${label}: ${what} does not close by keyboard`);
    }
    checked.add(popup ? 'menu button' : 'disclosure/accordion');
  }
}

/** Tabs: arrow keys move the selection and the focus along the tab list. */
async function checkTabs(page, label, checked) {
  const lists = page.locator('[role="tablist"]:visible');
  for (let i = 0; i < (await lists.count()); i += 1) {
    const tabs = lists.nth(i).locator('[role="tab"]');
    if ((await tabs.count()) < 2) continue;
    const selected = lists.nth(i).locator('[role="tab"][aria-selected="true"]').first();
    await selected.focus();
    assert.ok(await focusRing(selected), `${label}: no visible focus on the selected tab`);
    const before = await selected.evaluate((el) => el.id || el.textContent);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(150);
    const now = page.locator(':focus');
    assert.equal(await now.getAttribute('role'), 'tab', `${label}: ArrowRight leaves the tab list`);
    assert.notEqual(await now.evaluate((el) => el.id || el.textContent), before, `${label}: ArrowRight does not move to the next tab`);
    assert.equal(await now.getAttribute('aria-selected'), 'true', `${label}: the focused tab is not selected`);
    await page.keyboard.press('ArrowLeft');
    checked.add('tabs');
  }
}

/** Dialog triggers (aria-haspopup="dialog"): Enter opens a modal with focus inside, Tab stays inside, Escape closes and focus returns. */
async function checkDialogs(page, label, checked) {
  const triggers = page.locator('[aria-haspopup="dialog"]:visible');
  for (let i = 0; i < Math.min(await triggers.count(), 3); i += 1) {
    const trigger = triggers.nth(i);
    const what = await describe(trigger);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open], [role="dialog"], [role="alertdialog"]').first();
    await dialog.waitFor({ timeout: 3000 }).catch(() => assert.fail(`${label}: Enter on ${what} opens no dialog`));
    for (let press = 0; press < 6; press += 1) {
      assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), `${label}: focus left the dialog of ${what}`);
      assert.ok(await focusRing(page.locator(':focus')), `${label}: focus in the dialog of ${what} is not visible`);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => assert.fail(`${label}: Escape does not close the dialog of ${what}`));
    assert.ok(await trigger.evaluate((el) => document.activeElement === el), `${label}: focus does not return to ${what}`);
    checked.add('dialog');
  }
}

async function checkWidgets(page, baseUrl, pages, viewport) {
  const checked = new Set();
  for (const [label, url] of pages) {
    await page.setViewportSize(viewport);
    await open(page, `${baseUrl}${url}`);
    await settle(page);
    await page.keyboard.press('Tab'); // keyboard modality, so :focus-visible applies
    await checkDisclosures(page, `${label} ${url} @${viewport.width}px`, checked);
    await checkTabs(page, `${label} ${url} @${viewport.width}px`, checked);
    await checkDialogs(page, `${label} ${url} @${viewport.width}px`, checked);
  }
  return checked;
}

const publicPages = (image) => [
  ['home', '/'],
  ['generator', '/text-coloring-page'],
  ['generator (photo)', '/image-coloring-page'],
  ['category', '/categories/a11y-shapes'],
  ['image', image],
  ['pricing', '/price'],
  ['blog', '/blog'],
  ['blog post', '/blog/coloring-for-calm-and-focus'],
  ['blog (ja)', '/ja/blog'],
  ['privacy', '/privacy-policy'],
  ['login', '/login'],
];

const BAD_PAGE = `<!doctype html><html><head><title></title><meta name="viewport" content="width=device-width, user-scalable=no"></head><body>
<div role="banner-ish">x</div>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
<input type="text" name="nameless">
<button type="button"><svg width="10" height="10"></svg></button>
<a href="/somewhere"></a>
<p style="color:#bbb;background:#fff">Pale text</p>
<div aria-expanded="maybe" aria-bogus="1">y</div>
<button aria-controls="missing-panel" aria-expanded="true">Toggle</button>
<span id="dup">A</span><span id="dup">B</span><input aria-labelledby="dup">
<div aria-hidden="true"><a href="/hidden">hidden link</a></div>
<a href="/outer"><button>inner</button></a>
<h3>Skipped levels</h3>
<div tabindex="2">positive</div>
<button style="outline:none" id="no-ring">No ring</button>
<a href="/picture-only" aria-hidden="true" tabindex="-1"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="20" height="20"></a>
<input aria-label="Pale hint" placeholder="barely readable" style="color:#111;background:#fff">
<style>input[aria-label="Pale hint"]::placeholder{color:#bbb}</style>
</body></html>`;

const GOOD_PAGE = `<!doctype html><html lang="en"><head><title>Fine</title><style>:focus-visible{outline:3px solid #4f46e5}</style></head><body>
<header><a href="/">Home</a></header>
<main><h1>Title</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="20" height="20">
<label for="n">Name</label><input id="n"><button type="button" aria-label="Close"><svg aria-hidden="true" width="10" height="10"></svg></button>
<h2>Section</h2><p style="color:#333;background:#fff">Readable text</p></main></body></html>`;

export const stories = [
  {
    name: 'the checks find each kind of violation they claim to, and nothing on a clean page',
    async run({ page }) {
      await page.setContent(BAD_PAGE);
      const found = new Set((await auditPage(page)).map((v) => v.rule));
      for (const rule of ['document-title', 'html-has-lang', 'meta-viewport', 'aria-roles', 'image-alt', 'label', 'button-name', 'link-name', 'color-contrast', 'aria-valid-attr', 'aria-valid-attr-value', 'duplicate-id-aria', 'aria-hidden-focus', 'nested-interactive', 'landmark-one-main', 'page-has-heading-one', 'tabindex', 'focus-visible']) {
        assert.ok(found.has(rule), `the ${rule} check did not fire (found: ${[...found].join(', ')})`);
      }
      const all = await auditPage(page, { keyboard: false });
      assert.ok(all.some((v) => v.rule === 'link-name' && v.html.includes('/picture-only')), 'a picture-only link hidden from screen readers still needs a name');
      assert.ok(all.some((v) => v.rule === 'color-contrast' && v.message.startsWith('Placeholder contrast')), 'a pale placeholder is found');
      await page.setContent(GOOD_PAGE);
      const clean = await auditPage(page);
      assert.deepEqual(clean, [], formatViolations('clean page', clean));
    },
  },
  {
    name: 'public pages have no serious or critical accessibility violation, at 1280 px and 375 px',
    async run({ page, baseUrl, dataDir }) {
      importSampleCategory(dataDir);
      const pages = publicPages(await imagePath(baseUrl));
      await auditAll(page, baseUrl, pages, { width: 1280, height: 860 });
      await auditAll(
        page,
        baseUrl,
        [['home', '/'], ['categories', '/categories'], ['category', '/categories/a11y-shapes'], ['image', pages.find(([label]) => label === 'image')[1]], ['generator', '/text-coloring-page'], ['blog', '/blog'], ['login', '/login'], ['pricing', '/price']],
        { width: 375, height: 780 },
      );
    },
  },
  {
    name: 'after Generate focus goes to the new page, not the body; history thumbnails show focus and selection differently; no serious violation',
    async run({ page, baseUrl }) {
      const user = newUser('focus');
      // Generate fades from its disabled look when the page arrives; with reduced motion the fade
      // is instant, so the audit below reads the colours a reader ends up with (CI caught 1.64:1 mid-fade).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/text-coloring-page`);
      await page.getByLabel('Describe your coloring page').fill('a smiling sun');
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.waitForFunction(() => document.activeElement?.tagName === 'FIGURE', null, { timeout: 120_000 });
      assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a smiling sun', 'focus is on the new page, named by its title');
      await page.getByLabel('Describe your coloring page').fill('a happy moon');
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'a happy moon', null, { timeout: 120_000 });

      // The selected thumbnail (the moon) and a focused one (the sun) look different from each other.
      const history = page.getByRole('navigation', { name: 'History' });
      const sun = history.getByRole('button', { name: 'a smiling sun' });
      await sun.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const look = (locator) => locator.evaluate((el) => ({ outline: getComputedStyle(el).outlineStyle, shadow: getComputedStyle(el).boxShadow, tick: Boolean(el.querySelector('[data-testid=history-selected]')) }));
      const focused = await look(sun);
      const selected = await look(history.getByRole('button', { name: 'a happy moon' }));
      assert.equal(focused.outline, 'solid', 'keyboard focus draws the outline');
      assert.equal(focused.tick, false);
      assert.equal(selected.outline, 'none');
      assert.equal(selected.tick, true, 'the selected page carries the tick');
      assert.notEqual(focused.shadow, selected.shadow, 'the selected ring differs from the focused one');

      // The page is focused as soon as it arrives; Generate is enabled again a moment later.
      await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => /^Generate/.test(button.textContent.trim()) && !button.disabled), null, { timeout: 30_000 });
      const violations = (await auditPage(page)).filter(blocking);
      assert.ok(violations.length === 0, formatViolations('generator after Generate', violations));
    },
  },
  {
    name: 'the signed-in profile has no serious or critical accessibility violation',
    async run({ page, baseUrl }) {
      const user = newUser('access');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await auditAll(page, baseUrl, [['profile', '/profile'], ['home (signed in)', '/']], { width: 1280, height: 860 });
    },
  },
  {
    name: 'menus, disclosures, accordions, tabs and dialogs work by keyboard with visible focus',
    async run({ page, baseUrl }) {
      const user = newUser('keys');
      const pages = [['home', '/'], ['generator', '/text-coloring-page'], ['pricing', '/price'], ['blog', '/blog']];
      const desktop = await checkWidgets(page, baseUrl, pages, { width: 1280, height: 860 });
      const mobile = await checkWidgets(page, baseUrl, [['home', '/']], { width: 375, height: 780 });
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      // Signed in as a free member, the generator's private switch opens the upgrade dialog.
      const signedIn = await checkWidgets(page, baseUrl, [['profile', '/profile'], ['generator (free member)', '/text-coloring-page']], { width: 1280, height: 860 });
      const all = new Set([...desktop, ...mobile, ...signedIn]);
      console.log(`    keyboard widgets checked: ${[...all].sort().join(', ') || 'none'}`);
      // The header's category menu, the mobile menu and the avatar menu exist on every branch.
      assert.ok(all.has('disclosure/accordion') || all.has('menu button'), 'no menu or disclosure was found to check');
      assert.ok(all.has('menu button'), 'the avatar menu (aria-haspopup) was not checked');
      assert.ok(all.has('dialog'), 'no dialog was checked (the upgrade dialog of the generator)');
    },
  },
];
