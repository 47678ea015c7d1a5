import { assert, login, newUser, open, register, screenshots } from '../helpers.mjs';
import { renewDueAt } from '../payments-cli.mjs';

async function fillCard(page, number) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}

const badge = (page) => page.getByTestId('credits-badge').textContent();
const longDate = (date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const addUtcMonths = (date, months) => {
  const next = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes()));
  next.setUTCDate(Math.min(date.getUTCDate(), new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()));
  return next;
};

export const stories = [
  {
    name: 'a free member buys yearly Pro with a test card, sees it paid in the profile and cancels, keeping Pro until its end date',
    async run({ page, baseUrl, outDir }) {
      const user = newUser('pine');
      await register(page, baseUrl, user);

      // Signed out, the plans are open to look at; buying asks for a login and comes back.
      await open(page, `${baseUrl}/price`);
      await page.getByRole('heading', { name: 'Pick the plan that fits your coloring' }).waitFor();
      await screenshots(page, outDir, 'price');
      await page.getByRole('button', { name: /Yearly/ }).click();
      assert.equal(await page.getByTestId('plan-pro').getByTestId('plan-price').textContent(), '$13.99');
      await page.getByTestId('plan-pro').getByRole('button', { name: 'Buy now: Pro' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await login(page, baseUrl, user);
      await page.waitForURL((url) => url.pathname === '/price' && url.search === '?plan=PRO_YEARLY');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      assert.equal(await badge(page), '50');
      assert.equal(await page.getByTestId('summary-plan').textContent(), 'Pro · Yearly');
      assert.equal(await page.getByTestId('summary-subtotal').textContent(), '$239.88');
      assert.equal(await page.getByTestId('summary-discount').textContent(), '−$72.00');
      assert.equal(await page.getByTestId('summary-total').textContent(), '$167.88');
      await page.getByLabel('Card number').waitFor();
      await screenshots(page, outDir, 'price-checkout');

      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $167.88' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Subscribed successfully!').waitFor();
      assert.equal(await dialog.getByTestId('success-credits').textContent(), '+6,000 credits');
      // The header's badge follows the new balance without a reload.
      // eslint-disable-next-line no-undef -- runs in the page
      await page.waitForFunction(() => document.querySelector('[data-testid=credits-badge]')?.textContent === '6,050');
      await screenshots(page, outDir, 'price-success');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('plan-pro').getByText('Your plan').waitFor();

      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('order-row').first().waitFor();
      assert.equal(await page.getByTestId('order-row').count(), 1);
      const row = page.getByTestId('order-row').first();
      assert.equal(await row.getByTestId('order-status').textContent(), 'Paid');
      assert.match(await row.textContent(), /Pro · Yearly/);
      assert.match(await row.textContent(), /\$167\.88/);
      assert.match(await row.textContent(), /\+6,000/);
      assert.equal(await page.getByTestId('membership-level').textContent(), 'Pro');
      assert.equal(await page.getByTestId('profile-credits').textContent(), '6,050');
      const status = await page.getByTestId('membership-status').textContent();
      const endYear = new Date().getUTCFullYear() + 1;
      assert.match(status, new RegExp(`renews automatically on .*${endYear}`));
      await screenshots(page, outDir, 'profile-billing');

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByRole('dialog').getByText('Cancel your subscription?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
      await page.getByText(/Your subscription is cancelled/).waitFor();
      assert.equal(await page.getByTestId('membership-level').textContent(), 'Pro');
      assert.match(await page.getByTestId('membership-status').textContent(), new RegExp(`Cancelled: Pro ends on .*${endYear}`));
      assert.equal(await page.getByRole('button', { name: 'Cancel subscription' }).count(), 0);

      // It holds after a reload: still Pro, with its end date.
      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('membership-status').waitFor();
      assert.match(await page.getByTestId('membership-status').textContent(), new RegExp(`Cancelled: Pro ends on .*${endYear}`));
      assert.equal(await page.getByTestId('membership-level').textContent(), 'Pro');
    },
  },
  {
    name: 'Pro monthly renews when a month passes (clock moved, test provider): a renewal row and new credits, then cancel shows the date it ends',
    async run({ page, baseUrl, dataDir, outDir }) {
      const user = newUser('oak');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      const bought = new Date();
      await open(page, `${baseUrl}/price?plan=PRO_MONTHLY`);
      await page.getByText('This plan renews every month until you cancel.', { exact: false }).waitFor();
      await page.getByLabel('Card number').waitFor();
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $19.99' }).click();
      await page.getByRole('dialog').getByText('Subscribed successfully!').waitFor();

      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('order-row').first().waitFor();
      assert.equal(await page.getByTestId('profile-credits').textContent(), '6,050');
      const firstRenewal = addUtcMonths(bought, 1);
      await page.getByText(`Your Pro plan renews automatically on ${longDate(firstRenewal)}.`).waitFor();

      // A month and a day later (32 days: past any month's length, short of two months).
      const result = renewDueAt(dataDir, new Date(bought.getTime() + 32 * 86_400_000).toISOString());
      assert.equal(result.renewed, 1);

      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('order-kind').first().waitFor();
      assert.equal(await page.getByTestId('order-row').count(), 2);
      const renewal = page.getByTestId('order-row').first();
      assert.equal(await renewal.getByTestId('order-kind').textContent(), 'Renewal');
      assert.equal(await renewal.getByTestId('order-status').textContent(), 'Paid');
      assert.match(await renewal.textContent(), /\$19\.99/);
      assert.match(await renewal.textContent(), /\+6,000/);
      assert.equal(await page.getByTestId('profile-credits').textContent(), '12,050');
      const periodEnd = longDate(addUtcMonths(bought, 2));
      await page.getByText(`Your Pro plan renews automatically on ${periodEnd}.`).waitFor();
      await screenshots(page, outDir, 'profile-renewed');

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByRole('dialog').getByText(`Your Pro plan ends on ${periodEnd} and will not renew.`, { exact: false }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
      await page.getByText(`Your subscription is cancelled. Pro ends on ${periodEnd}.`).waitFor();
      assert.equal(await page.getByTestId('membership-status').textContent(), `Cancelled: Pro ends on ${periodEnd}, then your account moves to the free plan.`);
      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('order-kind').first().waitFor();
      assert.equal(await page.getByTestId('order-kind').first().textContent(), 'Cancellation');
      await screenshots(page, outDir, 'profile-cancelled');
    },
  },
  {
    name: 'a declined card shows the failure and grants nothing',
    async run({ page, baseUrl }) {
      const user = newUser('fir');
      await register(page, baseUrl, user);
      await login(page, baseUrl, user);
      await open(page, `${baseUrl}/price?plan=LITE_MONTHLY`);
      await page.getByLabel('Card number').waitFor();
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay $9.99' }).click();
      await page.getByText('Payment failed. You have not been charged; please try again.').waitFor();
      await page.getByText('This card was declined. No money was taken; please try another card.').waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.equal(await badge(page), '50');

      await open(page, `${baseUrl}/profile`);
      await page.getByTestId('order-row').first().waitFor();
      assert.equal(await page.getByTestId('order-status').first().textContent(), 'Unpaid');
      assert.equal(await page.getByTestId('membership-level').textContent(), 'Free');
      assert.equal(await page.getByTestId('profile-credits').textContent(), '50');
      assert.equal(await page.getByRole('button', { name: 'Cancel subscription' }).count(), 0);
    },
  },
];
