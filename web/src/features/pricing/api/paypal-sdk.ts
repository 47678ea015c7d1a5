/**
 * PayPal's JS SDK, loaded only when the server says PAYMENT_PROVIDER=paypal (client config).
 * PayPal serves it from its own host and does not allow self-hosting, so it is the one script
 * of the site fetched from elsewhere (docs/decisions/013-checkout-and-paypal-sdk.md).
 */

export interface PayPalActions {
  restart?: () => Promise<void>;
}

interface PayPalFlowOptions {
  /** Plans are PayPal Subscriptions (decision 029): the subscription id (I-…) our server made. */
  createSubscription: () => Promise<string>;
  onApprove: (data: { subscriptionID?: string; orderID?: string }, actions?: PayPalActions) => Promise<void>;
  onError: (error: unknown) => void;
  onCancel?: () => void;
}

export interface PayPalButtons {
  isEligible(): boolean;
  render(container: HTMLElement): Promise<void>;
  close?: () => Promise<void>;
}

export interface PayPalNamespace {
  Buttons(options: PayPalFlowOptions & { style?: object }): PayPalButtons;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

const SDK_URL = 'https://www.paypal.com/sdk/js';
const sdkLocales = { en: 'en_US', zh: 'zh_CN', ja: 'ja_JP' } as const;

let loading: Promise<PayPalNamespace> | null = null;

/**
 * The SDK URL for a client id: subscription buttons (PayPal, and "Debit or Credit Card", PayPal's
 * card path for subscriptions), USD. `vault` + `intent=subscription` are what PayPal's
 * subscription buttons require.
 */
export function paypalSdkUrl(clientId: string, lang: keyof typeof sdkLocales): string {
  const query = new URLSearchParams({ 'client-id': clientId, components: 'buttons', currency: 'USD', vault: 'true', intent: 'subscription', locale: sdkLocales[lang] });
  return `${SDK_URL}?${query.toString()}`;
}

/** Adds the SDK's script once per page; a failed load can be tried again. */
export function loadPayPalSdk(clientId: string, lang: keyof typeof sdkLocales): Promise<PayPalNamespace> {
  if (window.paypal) return Promise.resolve(window.paypal);
  loading ??= new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = paypalSdkUrl(clientId, lang);
    script.async = true;
    script.dataset.paypalSdk = 'true';
    script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error('PayPal SDK loaded without window.paypal')));
    script.onerror = () => {
      script.remove();
      reject(new Error('PayPal SDK failed to load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Forgets the loaded SDK (tests). */
export function resetPayPalSdk(): void {
  loading = null;
  delete window.paypal;
  document.querySelectorAll('script[data-paypal-sdk]').forEach((script) => script.remove());
}
