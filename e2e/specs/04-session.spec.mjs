import { assert, open, login, newUser, register, screenshots } from '../helpers.mjs';

export const stories = [
  {
    name: 'an expired access token is refreshed silently',
    async run({ page, baseUrl }) {
      const user = newUser('birch');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      const before = await page.evaluate(() => ({ access: sessionStorage.getItem('accessToken'), refresh: sessionStorage.getItem('refreshToken') }));
      assert.ok(before.access && before.refresh, 'without remember-me the session lives in sessionStorage');

      // The server refuses this access token (its signature no longer matches), as it does an expired one.
      const forgedToken = await page.evaluate(() => {
        const [head, body] = sessionStorage.getItem('accessToken').split('.');
        const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
        claims.exp = Math.floor(Date.now() / 1000) - 60;
        const forged = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
        sessionStorage.setItem('accessToken', `${head}.${forged}.invalid-signature`);
        return sessionStorage.getItem('accessToken');
      });
      const refreshCalls = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/refresh-token')) refreshCalls.push(request.url());
      });
      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('profile-username').waitFor();
      assert.equal(await page.getByTestId('profile-username').textContent(), user.username);
      assert.ok(refreshCalls.length >= 1, 'a refresh happened');
      const after = await page.evaluate(() => ({ access: sessionStorage.getItem('accessToken'), refresh: sessionStorage.getItem('refreshToken') }));
      assert.notEqual(after.access, forgedToken);
      assert.equal(after.access.split('.').length, 3);
      assert.notEqual(after.refresh, before.refresh, 'the refresh token rotates');
      assert.equal(new URL(page.url()).pathname, '/profile', 'the user never saw the login page');
    },
  },
  {
    name: 'the background refresher renews a token close to expiry and the debug page shows it',
    async run({ page, context, baseUrl, outDir }) {
      const user = newUser('elm');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user, { rememberMe: true });
      await open(page, `${baseUrl}/test-auth`);
      await page.getByTestId('raw-user').waitFor();
      assert.match(await page.getByTestId('raw-user').textContent(), new RegExp(user.email.replace('.', '\\.')));
      assert.equal(await page.getByTestId('refresher-status').textContent(), 'running');
      const preview = await page.getByTestId('token-preview').textContent();
      assert.equal(preview.length, 50);
      await screenshots(page, outDir, 'test-auth');

      // A fresh page whose clock runs 52 minutes ahead: 8 minutes remain, so the check at start refreshes.
      const before = await page.evaluate(() => localStorage.getItem('accessToken'));
      const later = await context.newPage();
      await later.clock.install({ time: new Date(Date.now() + 52 * 60 * 1000) });
      await later.goto(`${baseUrl}/test-auth`);
      await later.getByTestId('raw-user').waitFor();
      await later.waitForFunction((old) => localStorage.getItem('accessToken') !== old, before);
      await later.getByText('refreshed').waitFor();
      await later.close();
    },
  },
  {
    name: 'a session whose refresh token was revoked ends cleanly',
    async run({ page, baseUrl }) {
      const user = newUser('ash');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await page.evaluate(() => {
        sessionStorage.setItem('accessToken', 'not-a-token');
        sessionStorage.setItem('refreshToken', 'revoked');
      });
      await open(page, `${baseUrl}/profile`);
      await page.waitForURL(/\/login\?redirectTo=%2Fprofile/);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('accessToken')), null);
    },
  },
];
