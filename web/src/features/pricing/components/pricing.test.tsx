import { apiPaths } from '@studio/contracts/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenRefresher } from '../../../lib/session';
import { saveTokens } from '../../../lib/token-storage';
import { buildUser, envelope, failure, mockFetch, type Call } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { resetPayPalSdk, type PayPalNamespace } from '../api/paypal-sdk';

const testConfig = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };
const paypalConfig = { ...testConfig, paymentProvider: 'paypal', paypalClientId: 'sb-client' };
const order = (planCode: string, amount: string, credits: number) => ({ id: 'order-1', providerOrderId: 'PP-1', amount, currency: 'USD', credits, planCode });
const paid = (creditsAdded: number, credits: number, level = 'pro') => ({
  orderId: 'order-1',
  status: 'paid',
  creditsAdded,
  credits,
  membershipLevel: level,
  membershipPeriodEnd: '2027-11-23T00:00:00.000Z',
});

afterEach(() => {
  tokenRefresher.stop();
  resetPayPalSdk();
  vi.unstubAllGlobals();
});

function signIn() {
  saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
}

const card = (level: string) => screen.getByTestId(`plan-${level}`);
const text = (testId: string) => screen.getByTestId(testId).textContent;

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1239');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('pricing page', () => {
  it('shows the four plans with monthly figures, then yearly per-month prices and totals from the plan table', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig) });
    const user = userEvent.setup();
    renderApp('/price');
    await screen.findByRole('heading', { name: 'Pick the plan that fits your coloring' });
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card('free')).getByTestId('plan-price').textContent).toBe('$0.00');
    expect(within(card('lite')).getByTestId('plan-price').textContent).toBe('$9.99');
    expect(within(card('pro')).getByTestId('plan-price').textContent).toBe('$19.99');
    expect(within(card('max')).getByTestId('plan-price').textContent).toBe('$39.99');
    expect(within(card('pro')).getByText('Most popular')).toBeTruthy();
    expect(within(card('lite')).queryByText('Most popular')).toBeNull();
    expect(within(card('pro')).getByText('6,000 credits every month')).toBeTruthy();
    expect(within(card('pro')).getByText('About 300 new coloring pages a month')).toBeTruthy();
    expect(within(card('pro')).getByText('Cancel anytime')).toBeTruthy();
    expect(within(card('free')).getByRole('link', { name: 'Try now' }).getAttribute('href')).toBe('/text-coloring-page');

    await user.click(screen.getByRole('button', { name: /Yearly.*Save 30%/ }));
    expect(within(card('lite')).getByTestId('plan-price').textContent).toBe('$6.99');
    expect(within(card('pro')).getByTestId('plan-price').textContent).toBe('$13.99');
    expect(within(card('max')).getByTestId('plan-price').textContent).toBe('$27.99');
    expect(within(card('lite')).getByTestId('plan-billing').textContent).toBe('$83.88 billed once a year');
    expect(within(card('pro')).getByTestId('plan-billing').textContent).toBe('$167.88 billed once a year');
    expect(within(card('max')).getByTestId('plan-billing').textContent).toBe('$335.88 billed once a year');
    expect(document.title).toContain('Pricing');
    // FAQ and call to action close the page.
    expect(screen.getByRole('heading', { name: 'Questions about plans' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start creating for free' })).toBeTruthy();
  });

  it('tells a member sent from the generator how many credits a page needs', async () => {
    signIn();
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ credits: 10 }) }),
    });
    renderApp({ pathname: '/price', state: { notice: 'insufficient-credits' } });
    expect((await screen.findByRole('status')).textContent).toContain('A page costs 20 credits and you have 10.');
  });

  it('sends an anonymous buyer to log in, with the way back to the chosen plan', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig) });
    const user = userEvent.setup();
    const { router } = renderApp('/zh/price');
    await user.click(await screen.findByRole('button', { name: /按年/ }));
    await user.click(within(card('pro')).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh/login'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirectTo')).toBe('/price?plan=PRO_YEARLY');
    expect(query.get('reason')).toBe('login-required');
  });

  it('opens the checkout with the chosen plan’s real figures, monthly and yearly, and goes back to the plans', async () => {
    signIn();
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/price');
    await screen.findByTestId('credits-badge');
    expect(within(card('free')).getByRole('button', { name: 'Current plan' })).toHaveProperty('disabled', true);

    await user.click(within(card('lite')).getByRole('button', { name: 'Buy now: Lite' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.search).toBe('?plan=LITE_MONTHLY');
    expect(text('summary-plan')).toBe('Lite · Monthly');
    expect(text('summary-credits')).toBe('2,000 credits today');
    expect(text('summary-price')).toBe('$9.99 / month');
    expect(text('summary-subtotal')).toBe('$9.99');
    expect(text('summary-discount')).toBe('−$0.00');
    expect(text('summary-total')).toBe('$9.99');
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to plans' }));
    await user.click(await screen.findByRole('button', { name: /Yearly/ }));
    await user.click(within(card('pro')).getByRole('button', { name: 'Buy now: Pro' }));
    await screen.findByRole('heading', { name: 'Checkout' });
    expect(text('summary-plan')).toBe('Pro · Yearly');
    expect(text('summary-credits')).toBe('6,000 credits today, then every month for a year');
    expect(text('summary-price')).toBe('$13.99 / month');
    expect(text('summary-subtotal')).toBe('$239.88');
    expect(screen.getByText('Yearly discount (30%)')).toBeTruthy();
    expect(text('summary-discount')).toBe('−$72.00');
    expect(text('summary-total')).toBe('$167.88');
    expect(screen.getByRole('button', { name: 'Pay $167.88' })).toBeTruthy();
    expect(document.querySelector('script[data-paypal-sdk]')).toBeNull();
  });

  it.each([
    ['en', '/price', 'Test mode: no money moves.'],
    ['zh', '/zh/price', '测试模式：不会产生真实扣款。'],
    ['ja', '/ja/price', 'テストモード：実際のお金は動きません。'],
  ])('says "test mode: no money moves" (%s) on the plans and at checkout when the server takes test payments', async (_lang, pathname, words) => {
    signIn();
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    const { router } = renderApp(pathname);
    await waitFor(() => expect(screen.getByRole('note').textContent).toContain(words));
    await act(() => router.navigate(`${pathname}?plan=PRO_MONTHLY`));
    await screen.findByLabelText(/Card number|卡号|カード番号/);
    expect(document.body.textContent).toContain(words);
  });

  it('says nothing of test mode with PayPal', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(paypalConfig) });
    renderApp('/price');
    await screen.findByRole('heading', { name: 'Pick the plan that fits your coloring' });
    await waitFor(() => expect(document.body.textContent).toContain('Most popular'));
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.body.textContent).not.toContain('Test mode');
  });

  it('checks the card before sending anything: required fields, a mistyped number, an expired date', async () => {
    signIn();
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    const user = userEvent.setup();
    renderApp('/price?plan=PRO_MONTHLY');
    await user.click(await screen.findByRole('button', { name: 'Pay $19.99' }));
    expect(screen.getAllByText('This field is required').length).toBe(1);
    expect(screen.getByText('Please enter a valid card number')).toBeTruthy();
    await user.type(screen.getByLabelText('Card number'), '4242424242424243');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4243');
    await user.type(screen.getByLabelText('Expiry date'), '0120');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('01/20');
    await user.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    expect(screen.getByText('Please enter a valid card number')).toBeTruthy();
    expect(screen.getByText('This card has expired')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/payment'))).toEqual([]);
  });

  it('shows the declined card, grants nothing, and pays the same order with another card', async () => {
    signIn();
    let profileCalls = 0;
    let captures = 0;
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => {
        profileCalls += 1;
        return envelope({ user: profileCalls === 1 ? buildUser() : buildUser({ credits: 6050, membershipLevel: 'pro' }) });
      },
      [`POST ${apiPaths.createOrder}`]: () => envelope(order('PRO_MONTHLY', '19.99', 6000)),
      [`POST ${apiPaths.capture('order-1')}`]: (call: Call) => {
        captures += 1;
        const number = (call.body as { card: { number: string } }).card.number.replace(/\s/g, '');
        return number === '4000000000000002' ? failure(1021, 400, { 'card.number': 'validation.cardDeclined' }) : envelope(paid(6000, 6050));
      },
    });
    const user = userEvent.setup();
    renderApp('/price?plan=PRO_MONTHLY');
    await screen.findByRole('heading', { name: 'Checkout' });
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $19.99' }));

    expect(await screen.findByText('Payment failed. You have not been charged; please try again.')).toBeTruthy();
    expect(await screen.findByText('This card was declined. No money was taken; please try another card.')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(text('credits-badge')).toContain('50');
    expect(profileCalls).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.url === apiPaths.createOrder)?.body).toEqual({ planCode: 'PRO_MONTHLY', method: 'card' });

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    await screen.findByRole('dialog');
    expect(calls.filter((call) => call.url === apiPaths.createOrder)).toHaveLength(1);
    expect(captures).toBe(2);
  });

  it('after a successful payment opens the popup with the credits, updates the badge, and leads to the generator', async () => {
    signIn();
    let profileCalls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => {
        profileCalls += 1;
        return envelope({ user: profileCalls === 1 ? buildUser() : buildUser({ credits: 6050, membershipLevel: 'pro' }) });
      },
      [`POST ${apiPaths.createOrder}`]: () => envelope(order('PRO_YEARLY', '167.88', 6000)),
      [`POST ${apiPaths.capture('order-1')}`]: async () => {
        await gate;
        return envelope(paid(6000, 6050));
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/price?plan=PRO_YEARLY');
    await screen.findByRole('heading', { name: 'Checkout' });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $167.88' }));

    // Processing: the button says so and the form is locked.
    const busy = await screen.findByRole('button', { name: 'Processing…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Card number').closest('fieldset')).toHaveProperty('disabled', true);
    await act(async () => release());

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Subscribed successfully!')).toBeTruthy();
    expect(within(dialog).getByTestId('success-credits').textContent).toBe('+6,000 credits');
    expect(within(dialog).getByText('Your balance is now 6,050 credits.')).toBeTruthy();
    expect(text('credits-badge')).toContain('6,050');
    expect(calls.find((call) => call.url === apiPaths.capture('order-1'))?.body).toEqual({
      card: { number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' },
    });
    // Behind the popup the plans show the new membership.
    expect(router.state.location.search).toBe('');
    expect(within(card('pro')).getByText('Your plan')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Start creating' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/text-coloring-page'));
  });

  it('shows the create-order failure and a pending capture without granting anything', async () => {
    signIn();
    let orders = 0;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [`POST ${apiPaths.createOrder}`]: () => {
        orders += 1;
        return orders === 1 ? failure(1020, 502) : envelope(order('LITE_MONTHLY', '9.99', 2000));
      },
      [`POST ${apiPaths.capture('order-1')}`]: () => envelope({ ...paid(0, 50, 'free'), status: 'approved' }),
    });
    const user = userEvent.setup();
    renderApp('/price?plan=LITE_MONTHLY');
    await screen.findByRole('heading', { name: 'Checkout' });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByText("We couldn't start your order. Please try again in a moment.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByText(/Your payment is waiting for confirmation/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a member with a running plan that plans change when it ends (409), charging nothing', async () => {
    signIn();
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(testConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ membershipLevel: 'lite', credits: 2050, membershipPeriodEnd: '2027-01-01T00:00:00.000Z' }) }),
      [`POST ${apiPaths.createOrder}`]: () => failure(1020, 409),
    });
    const user = userEvent.setup();
    renderApp('/price?plan=MAX_MONTHLY');
    await screen.findByRole('heading', { name: 'Checkout' });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $39.99' }));
    expect(await screen.findByText(/You already have a paid plan. Plans change when the current one ends/)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/payment/capture'))).toBe(false);
  });

  it('with PayPal loads the subscription SDK only then, subscribes through its buttons and settles on our server', async () => {
    signIn();
    let buttonOptions: Parameters<PayPalNamespace['Buttons']>[0] | null = null;
    const rendered: string[] = [];
    const fakePayPal: PayPalNamespace = {
      Buttons: (options) => {
        buttonOptions = options;
        return { isEligible: () => true, render: async () => void rendered.push('buttons') };
      },
    };
    let profileCalls = 0;
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(paypalConfig),
      [`GET ${apiPaths.profile}`]: () => {
        profileCalls += 1;
        return envelope({ user: profileCalls === 1 ? buildUser() : buildUser({ credits: 20050, membershipLevel: 'max' }) });
      },
      [`POST ${apiPaths.createOrder}`]: () => envelope({ ...order('MAX_MONTHLY', '39.99', 20000), providerOrderId: 'I-SUB1', mode: 'subscription' }),
      [`POST ${apiPaths.capture('order-1')}`]: () => envelope(paid(20000, 20050, 'max')),
    });
    renderApp('/price?plan=MAX_MONTHLY');
    await screen.findByRole('heading', { name: 'Checkout' });
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[data-paypal-sdk]');
      expect(found).not.toBeNull();
      return found!;
    });
    const src = new URL(script.src);
    expect(src.origin + src.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(src.searchParams.get('client-id')).toBe('sb-client');
    expect(src.searchParams.get('components')).toBe('buttons');
    expect(src.searchParams.get('vault')).toBe('true');
    expect(src.searchParams.get('intent')).toBe('subscription');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText(/You subscribe through PayPal/)).toBeTruthy();
    expect(screen.getByText(/This plan renews every month until you cancel/)).toBeTruthy();

    window.paypal = fakePayPal;
    await act(async () => script.onload?.(new Event('load')));
    await waitFor(() => expect(rendered).toEqual(['buttons']));
    const options = buttonOptions as unknown as Parameters<PayPalNamespace['Buttons']>[0];
    let subscriptionId = '';
    await act(async () => {
      subscriptionId = await options.createSubscription();
    });
    expect(subscriptionId).toBe('I-SUB1');
    expect(calls.find((call) => call.url === apiPaths.createOrder)?.body).toEqual({ planCode: 'MAX_MONTHLY', method: 'paypal' });
    await act(async () => options.onApprove({ subscriptionID: 'I-SUB1', orderID: 'EC-1' }));
    expect(calls.find((call) => call.url === apiPaths.capture('order-1'))?.body).toEqual({});
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('success-credits').textContent).toBe('+20,000 credits');
  });

  it('shows the PayPal error message when the provider reports one, and says so when the buyer cancels', async () => {
    signIn();
    let buttonOptions: Parameters<PayPalNamespace['Buttons']>[0] | null = null;
    window.paypal = {
      Buttons: (options) => {
        buttonOptions = options;
        return { isEligible: () => true, render: async () => undefined };
      },
    };
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(paypalConfig),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    renderApp('/price?plan=LITE_YEARLY');
    await screen.findByText(/This plan renews every year until you cancel/);
    await waitFor(() => expect(buttonOptions).not.toBeNull());
    const options = buttonOptions as unknown as Parameters<PayPalNamespace['Buttons']>[0];
    await act(async () => options.onError(new Error('boom')));
    expect(screen.getByText('An error occurred during the PayPal payment. Please try again later.')).toBeTruthy();
    await act(async () => options.onCancel?.());
    expect(screen.getByText('Payment cancelled. You have not been charged.')).toBeTruthy();
  });

  it('with PayPal, a refused first payment lets the buyer try again and grants nothing', async () => {
    signIn();
    let buttonOptions: Parameters<PayPalNamespace['Buttons']>[0] | null = null;
    window.paypal = {
      Buttons: (options) => {
        buttonOptions = options;
        return { isEligible: () => true, render: async () => undefined };
      },
    };
    let profileCalls = 0;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(paypalConfig),
      [`GET ${apiPaths.profile}`]: () => {
        profileCalls += 1;
        return envelope({ user: buildUser() });
      },
      [`POST ${apiPaths.createOrder}`]: () => envelope({ ...order('PRO_MONTHLY', '19.99', 6000), providerOrderId: 'I-SUB2', mode: 'subscription' }),
      [`POST ${apiPaths.capture('order-1')}`]: () => failure(1021, 400),
    });
    renderApp('/price?plan=PRO_MONTHLY');
    await waitFor(() => expect(buttonOptions).not.toBeNull());
    const options = buttonOptions as unknown as Parameters<PayPalNamespace['Buttons']>[0];
    const restart = vi.fn(async () => undefined);
    await act(async () => {
      await options.createSubscription();
      await options.onApprove({ subscriptionID: 'I-SUB2' }, { restart });
    });
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Payment failed. You have not been charged; please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(profileCalls).toBe(1);
  });
});
