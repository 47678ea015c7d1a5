import { appReady, assert, open, login, newUser, pngFile, register, screenshots } from '../helpers.mjs';

export const stories = [
  {
    name: 'registers, logs in with remember-me, edits the profile and avatar, then logs out',
    async run({ page, baseUrl, outDir }) {
      const user = newUser('maple');
      await open(page, `${baseUrl}/`);
      await screenshots(page, outDir, 'home');
      await open(page, `${baseUrl}/register`);
      await screenshots(page, outDir, 'register');
      await register(page, baseUrl, user);

      // Back on login with a message and the email filled in.
      await page.getByText('Your account is ready').waitFor();
      assert.equal(await page.locator('input[name=email]').inputValue(), user.email);
      await screenshots(page, outDir, 'login-after-register');
      await login(page, baseUrl, user, { rememberMe: true });
      assert.equal(new URL(page.url()).pathname, '/');
      const stored = await page.evaluate(() => ({
        local: localStorage.getItem('refreshToken'),
        session: sessionStorage.getItem('refreshToken'),
        email: localStorage.getItem('rememberedEmail'),
      }));
      assert.ok(stored.local, 'remember-me keeps the session in localStorage');
      assert.equal(stored.session, null);
      assert.equal(stored.email, user.email);

      // Profile through the avatar menu.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(`${baseUrl}/profile`);
      assert.equal(await page.getByTestId('profile-credits').textContent(), '50');
      await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile() });
      await page.getByText('Your photo has been updated.').waitFor();
      const avatarSrc = await page.locator('header img').first().getAttribute('src');
      assert.match(avatarSrc ?? '', /^https?:\/\//, 'the header shows the uploaded avatar');

      const newName = `${user.username.slice(0, 14)}_new`;
      await page.getByLabel('Username').fill(newName);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByLabel('Current password').fill(user.password);
      await page.getByLabel('New password', { exact: true }).fill('brand-new-77');
      await page.getByLabel('Confirm new password').fill('brand-new-77');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your changes have been saved.').waitFor();
      assert.equal(await page.getByTestId('profile-username').textContent(), newName);
      await screenshots(page, outDir, 'profile');

      // The change survives a reload (session restored from localStorage).
      await page.reload();
      await page.getByTestId('profile-username').waitFor();
      assert.equal(await page.getByTestId('profile-username').textContent(), newName);

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('refreshToken')), null);

      // The old password no longer works, the new one does.
      await open(page, `${baseUrl}/login`);
      await page.locator('input[name=password]').fill(user.password);
      await page.locator('form button[type=submit]').click();
      await page.getByText('Invalid email or password').first().waitFor();
      await login(page, baseUrl, { ...user, password: 'brand-new-77' });

      // Profile after logout needs a login again, and returns there.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      await open(page, `${baseUrl}/profile`);
      await page.waitForURL(/\/login\?redirectTo=%2Fprofile/);
      await page.getByText('Please log in to continue.').waitFor();
      await login(page, baseUrl, { ...user, password: 'brand-new-77' });
      await page.waitForURL(`${baseUrl}/profile`);
    },
  },
];

stories.push({
  name: 'what a visitor types before the app has started is kept',
  async run({ page, baseUrl, outDir }) {
    // Hold the application bundle back until the form on the build-time page is filled in.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name=email]').fill('early.bird@example.com');
    await page.locator('input[name=password]').fill('typed-early');
    assert.equal(await page.locator('form button[type=submit]').isDisabled(), true, 'no native submit before the app runs');
    await page.screenshot({ path: `${outDir}/login-before-app-1280.png` });
    release();
    await appReady(page);
    await page.locator('form button[type=submit]:not([disabled])').waitFor();
    assert.equal(await page.locator('input[name=email]').inputValue(), 'early.bird@example.com');
    assert.equal(await page.locator('input[name=password]').inputValue(), 'typed-early');
    // The kept values are in the app's state: submitting sends them (and the server refuses them).
    await page.locator('form button[type=submit]').click();
    await page.getByText('Invalid email or password').first().waitFor();
  },
});
