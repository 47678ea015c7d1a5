import { assert, open, login, newUser, register, screenshots } from '../helpers.mjs';

export const stories = [
  {
    name: 'reads /zh/login in Chinese and keeps a chosen language after a reload',
    async run({ page, baseUrl, outDir }) {
      await open(page, `${baseUrl}/zh/login`);
      await page.getByRole('heading', { name: '欢迎回来' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
      assert.ok(await page.getByRole('button', { name: '登录', exact: true }).isVisible());
      await screenshots(page, outDir, 'login-zh');

      // Switching stores the preference and moves to the prefixed path.
      await page.getByTestId('language-switcher').first().selectOption('ja');
      await page.waitForURL(`${baseUrl}/ja/login`);
      await page.getByRole('heading', { name: 'おかえりなさい' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('preferredLanguage')), 'ja');
      await page.reload();
      await page.getByRole('heading', { name: 'おかえりなさい' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'ja');

      // An unprefixed address follows the stored preference.
      await open(page, `${baseUrl}/register`);
      await page.waitForURL(`${baseUrl}/ja/register`);
      await page.getByRole('heading', { name: 'アカウントを作成' }).waitFor();

      // A whole account story in Japanese.
      const user = newUser('sakura');
      await register(page, baseUrl, user, '/ja');
      await page.getByText('アカウントが作成されました').waitFor();
      await login(page, baseUrl, user, { prefix: '/ja' });
      assert.equal(new URL(page.url()).pathname, '/ja');
      await open(page, `${baseUrl}/ja/profile`);
      await page.getByRole('heading', { name: 'プロフィール' }).waitFor();
      await screenshots(page, outDir, 'profile-ja');

      // Back to English.
      await page.getByTestId('language-switcher').first().selectOption('en');
      await page.waitForURL(`${baseUrl}/profile`);
      await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    },
  },
  {
    name: 'a visitor whose browser speaks Chinese lands on the Chinese site',
    context: { locale: 'zh-CN' },
    async run({ page, baseUrl }) {
      await open(page, `${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/zh`);
      await page.getByRole('heading', { level: 1, name: '用你的创意制作涂色页' }).waitFor();
    },
  },
  {
    name: 'an unknown address shows a real not-found page',
    async run({ page, baseUrl, outDir }) {
      await open(page, `${baseUrl}/no/such/page`);
      await page.getByTestId('not-found').waitFor();
      await screenshots(page, outDir, 'not-found');
      await open(page, `${baseUrl}/zh/nothing-here`);
      await page.getByRole('heading', { name: '找不到这个页面' }).waitFor();
    },
  },
];

stories.push({
  name: 'on a phone, the menu opens with every entry and leads to the pages',
  context: { viewport: { width: 375, height: 780 }, isMobile: true, hasTouch: true },
  async run({ page, baseUrl, outDir }) {
    await open(page, `${baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const entry of ['Home', 'Free coloring pages', 'Text to coloring page', 'Photo to coloring page', 'Pricing', 'Blog']) {
      await menu.getByRole('link', { name: entry, exact: true }).waitFor();
    }
    await page.screenshot({ path: `${outDir}/mobile-menu-375.png` });
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL(`${baseUrl}/price`);
    await page.getByRole('heading', { name: 'Pick the plan that fits your coloring' }).waitFor();
    assert.equal(await page.locator('#mobile-menu').count(), 0, 'the menu closes after navigating');
    // /pricing is an alias of /price.
    await open(page, `${baseUrl}/pricing`);
    await page.waitForURL(`${baseUrl}/price`);
  },
});
