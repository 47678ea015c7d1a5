import { apiPaths } from '@studio/contracts/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenRefresher } from '../../../lib/session';
import { saveTokens } from '../../../lib/token-storage';
import { captureDownloads } from '../../../testing/downloads';
import { buildUser, envelope, failure, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };
const ordersUrl = (page: number) => `GET ${apiPaths.chargeRecord}?page=${page}&pageSize=10`;

function record(index: number, status: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId: `order-${index}`,
    planCode: 'PRO_YEARLY',
    chargeType: 'Yearly',
    method: 'card',
    creditsAdded: status === 'paid' ? 6000 : 0,
    amount: '167.88',
    currency: 'USD',
    status,
    createdAt: `2026-03-${String(10 + index).padStart(2, '0')}T10:00:00.000Z`,
    paidAt: null,
    ...overrides,
  };
}

afterEach(() => {
  tokenRefresher.stop();
  vi.unstubAllGlobals();
});

function signIn() {
  saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
}

describe('profile billing', () => {
  it('lists the orders with date, plan, amount and the displayed status, ten a page', async () => {
    signIn();
    const statuses = ['paid', 'failed', 'approved', 'cancelled', 'created', 'refunded', 'paid', 'paid', 'paid', 'paid'];
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [ordersUrl(1)]: () =>
        envelope({
          records: statuses.map((status, index) => record(index, status, index === 1 ? { planCode: 'LITE_MONTHLY', chargeType: 'Monthly', amount: '9.99' } : {})),
          total: 12,
          currentPage: 1,
          pageSize: 10,
        }),
      [ordersUrl(2)]: () => envelope({ records: [record(20, 'paid', { planCode: 'MAX_MONTHLY', chargeType: 'Monthly', amount: '39.99', creditsAdded: 20000 })], total: 12, currentPage: 2, pageSize: 10 }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findAllByTestId('order-row');
    const rows = screen.getAllByTestId('order-row');
    expect(rows.map((row) => within(row).getByTestId('order-status').textContent)).toEqual([
      'Paid',
      'Failed',
      'Pending',
      'Cancelled',
      'Unpaid',
      'Refunded',
      'Paid',
      'Paid',
      'Paid',
      'Paid',
    ]);
    expect(rows[0].textContent).toContain('Mar 10, 2026');
    expect(rows[0].textContent).toContain('Pro · Yearly');
    expect(rows[0].textContent).toContain('$167.88');
    expect(rows[0].textContent).toContain('+6,000');
    expect(rows[1].textContent).toContain('Lite · Monthly');
    expect(rows[1].textContent).toContain('$9.99');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(screen.getByTestId('order-row').textContent).toContain('Max · Monthly');
    expect(calls.some((call) => call.url === `${apiPaths.chargeRecord}?page=2&pageSize=10`)).toBe(true);
  });

  it('offers the invoice of each paid order as a PDF in the page language, and says so when it cannot be had', async () => {
    signIn();
    const saved = captureDownloads('blob:invoice');
    let invoiceAnswers = 0;
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [ordersUrl(1)]: () => envelope({ records: [record(0, 'paid', { paidAt: '2026-03-10T10:01:00.000Z' }), record(1, 'failed')], total: 2, currentPage: 1, pageSize: 10 }),
      [`GET ${apiPaths.invoice('order-0', 'ja')}`]: () =>
        (invoiceAnswers += 1) === 1
          ? new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="invoice-order-0.pdf"' } })
          : failure(2001, 500),
    });
    const user = userEvent.setup();
    renderApp('/ja/profile');
    const rows = await screen.findAllByTestId('order-row');
    // Only the paid order has one; the failed one shows a dash.
    expect(within(rows[1]).queryByRole('button', { name: /Invoice \(PDF\)/ })).toBeNull();
    // The page's words come from the test's English locale; the date and the invoice follow the page language.
    const button = within(rows[0]).getByRole('button', { name: 'Invoice (PDF) for the order of 2026/03/10' });
    expect(button.textContent).toBe('Invoice (PDF)');

    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['invoice-order-0.pdf']));
    const asked = calls.find((call) => call.url === apiPaths.invoice('order-0', 'ja'));
    expect(new Headers(asked?.headers).get('Authorization')).toBe('Bearer acc');

    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('The invoice could not be downloaded.');
    vi.restoreAllMocks();
  });

  it('scrolls to the order history once the orders are shown when the address names it (the receipt mail’s link)', async () => {
    signIn();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [ordersUrl(1)]: () => envelope({ records: [record(0, 'paid')], total: 1, currentPage: 1, pageSize: 10 }),
    });
    renderApp('/profile#order-history');
    await screen.findAllByTestId('order-row');
    await waitFor(() => expect(scrolled).toEqual([screen.getByRole('region', { name: 'Order history' })]));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('says so when there are no orders, and offers a retry when loading them fails', async () => {
    signIn();
    let attempts = 0;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [ordersUrl(1)]: () => {
        attempts += 1;
        return attempts === 1 ? failure(1023, 500) : envelope({ records: [], total: 0, currentPage: 1, pageSize: 10 });
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByText('Loading the order history failed.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet. Your purchases will show up here.')).toBeTruthy();
  });

  it('offers no cancellation on the free plan', async () => {
    signIn();
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [ordersUrl(1)]: () => envelope({ records: [], total: 0, currentPage: 1, pageSize: 10 }),
    });
    renderApp('/profile');
    expect((await screen.findByTestId('membership-status')).textContent).toBe('You are on the free plan. Your credits are topped back up to 50 every month.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/price');
  });

  it('cancels after confirmation; the member keeps the plan and sees the date it ends', async () => {
    signIn();
    let cancelled = false;
    const periodEnd = '2027-03-10T10:00:00.000Z';
    const subscription = () => ({
      planCode: 'PRO_MONTHLY',
      level: 'pro',
      chargeType: 'Monthly',
      status: cancelled ? 'cancelled' : 'active',
      periodEnd,
      renewsAt: cancelled ? null : periodEnd,
      endsAt: cancelled ? periodEnd : null,
      failedAttempts: 0,
      retryAt: null,
    });
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ membershipLevel: 'pro', credits: 6050, membershipPeriodEnd: periodEnd, cancelAtPeriodEnd: cancelled }) }),
      [`GET ${apiPaths.subscription}`]: () => envelope(subscription()),
      [ordersUrl(1)]: () => envelope({ records: [record(1, 'paid', { kind: 'renewal' }), record(0, 'paid')], total: 2, currentPage: 1, pageSize: 10 }),
      [`POST ${apiPaths.cancelSubscription}`]: () => {
        cancelled = true;
        return envelope({ endsAt: periodEnd });
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('membership-status').textContent).toBe('Your Pro plan renews automatically on March 10, 2027.'));
    expect((await screen.findAllByTestId('order-kind')).map((tag) => tag.textContent)).toEqual(['Renewal']);

    // Changing one's mind leaves everything as it was.
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Your Pro plan ends on March 10, 2027 and will not renew. You keep it and your credits until then; after that your account moves to the free plan.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url === apiPaths.cancelSubscription)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await screen.findByText('Your subscription is cancelled. Pro ends on March 10, 2027.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('membership-level').textContent).toBe('Pro');
    expect(screen.getByTestId('membership-status').textContent).toBe('Cancelled: Pro ends on March 10, 2027, then your account moves to the free plan.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(calls.filter((call) => call.url === apiPaths.cancelSubscription)).toHaveLength(1);
  });

  it('tells the member when a renewal payment failed, and after the plan lapsed', async () => {
    signIn();
    let lapsed = false;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser(lapsed ? {} : { membershipLevel: 'lite', membershipPeriodEnd: '2027-01-08T10:00:00.000Z' }) }),
      [`GET ${apiPaths.subscription}`]: () =>
        envelope({
          planCode: 'LITE_MONTHLY',
          level: 'lite',
          chargeType: 'Monthly',
          status: lapsed ? 'lapsed' : 'past_due',
          periodEnd: '2027-01-01T10:00:00.000Z',
          renewsAt: lapsed ? null : '2027-01-01T10:00:00.000Z',
          endsAt: lapsed ? '2027-01-07T10:00:00.000Z' : '2027-01-08T10:00:00.000Z',
          failedAttempts: lapsed ? 4 : 1,
          retryAt: lapsed ? null : '2027-01-03T10:00:00.000Z',
        }),
      [ordersUrl(1)]: () => envelope({ records: [], total: 0, currentPage: 1, pageSize: 10 }),
    });
    const first = renderApp('/profile');
    await waitFor(() =>
      expect(screen.getByTestId('membership-status').textContent).toBe(
        'The renewal payment for Lite failed. We will try again on January 3, 2027; if it keeps failing, the plan ends on January 8, 2027.',
      ),
    );
    expect(screen.getByText('Payment failed')).toBeTruthy();
    first.unmount();
    lapsed = true;
    renderApp('/profile');
    await waitFor(() =>
      expect(screen.getByTestId('membership-status').textContent).toBe(
        'Your Lite plan ended on January 7, 2027 because the renewal payment failed. You are on the free plan. Your credits are topped back up to 50 every month.',
      ),
    );
  });

  it('shows the server’s refusal inside the confirmation', async () => {
    signIn();
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ membershipLevel: 'lite', membershipPeriodEnd: '2027-01-01T00:00:00.000Z' }) }),
      [ordersUrl(1)]: () => envelope({ records: [], total: 0, currentPage: 1, pageSize: 10 }),
      [`POST ${apiPaths.cancelSubscription}`]: () => failure(1022, 400),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText('Cancelling the subscription failed')).toBeTruthy();
  });
});
