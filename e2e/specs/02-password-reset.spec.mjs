import { assert, open, latestMailTo, login, newUser, register, screenshots } from '../helpers.mjs';

export const stories = [
  {
    name: 'forgets the password, follows the link from the outbox, resets it and logs in',
    async run({ page, baseUrl, dataDir, outDir }) {
      const user = newUser('oak');
      await register(page, baseUrl, user);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(`${baseUrl}/forgot-password`);
      await page.locator('input[name=email]').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByTestId('forgot-sent').waitFor();
      assert.match(await page.getByTestId('forgot-sent').textContent(), new RegExp(user.email.replace('.', '\\.')));
      await screenshots(page, outDir, 'forgot-sent');

      const mail = await latestMailTo(dataDir, user.email);
      const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9._~-]+/)?.[0];
      assert.ok(link, 'the mail carries a reset link');
      assert.ok(link.startsWith(baseUrl), 'the link points at this site');

      await open(page, link);
      await page.getByLabel('New password', { exact: true }).waitFor();
      await screenshots(page, outDir, 'reset-form');
      await page.getByLabel('New password', { exact: true }).fill('fresh-start-9');
      await page.getByLabel('Confirm new password').fill('fresh-start-9');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByTestId('reset-done').waitFor();
      await page.getByTestId('reset-done').click();
      await page.waitForURL(`${baseUrl}/login`);
      await login(page, baseUrl, { ...user, password: 'fresh-start-9' });

      // The link works once: reopening it shows the link-invalid page.
      await open(page, link);
      await page.getByTestId('reset-invalid').waitFor();
      await screenshots(page, outDir, 'reset-invalid');
    },
  },
];
