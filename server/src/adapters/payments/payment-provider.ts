/** What the provider says happened to the money of one order. */
export type CaptureResult =
  /** `paymentToken`: what the test provider can charge again for renewals (a card on file). */
  | { status: 'completed'; captureId: string; amount: string; currency: string; paymentToken?: string }
  | { status: 'pending'; captureId: string | null }
  /** `card` names what the built-in test provider refused, so the checkout can point at that field. */
  | { status: 'declined'; reason: string; card?: 'declined' | 'expired' }
  | { status: 'open' };

export interface WebhookEvent {
  id: string;
  type: string;
  /** Our order id (PayPal's custom_id), when the event names one. */
  orderId: string | null;
  capture: { captureId: string; amount: string; currency: string } | null;
  /** The provider's subscription the event is about (a sale's billing agreement, or the subscription itself). */
  subscriptionId: string | null;
  /** For subscription events: when PayPal bills next. */
  nextBillingAt: string | null;
  /** For refund events: the refund and the payment (capture or sale) it returns money from. */
  refund?: { refundId: string; paymentId: string; amount: string; currency: string } | null;
}

/** What the provider says about a subscription it runs. */
export interface ProviderSubscription {
  id: string;
  status: string;
  /** The first completed payment, once there is one. */
  firstPayment: { captureId: string; amount: string; currency: string } | null;
  nextBillingAt: string | null;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface TestCard {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

/**
 * Takes payments for orders. The built-in `test` provider moves no money; `paypal` speaks
 * PayPal Orders v2. Amounts always come from our order (the plan table), never the browser.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'paypal';
  createOrder(order: { orderId: string; amount: string; currency: string; description: string }): Promise<{ providerOrderId: string }>;
  /** `attempt` counts earlier declines: a retry after a decline is a new operation at the provider. */
  capture(order: { orderId: string; providerOrderId: string; attempt: number; card?: TestCard }): Promise<CaptureResult>;
  lookup(order: { orderId: string; providerOrderId: string }): Promise<CaptureResult>;
  /**
   * Charges a renewal to what the buyer left on file, on our schedule (the test provider). A
   * provider that renews on its own schedule (PayPal Subscriptions) has none: its renewals
   * arrive as webhooks.
   */
  chargeSaved?(charge: { orderId: string; paymentToken: string; amount: string; currency: string }): Promise<CaptureResult>;
  /** Finds or creates the provider's product and one billing plan per paid plan code; answers plan code → provider plan id. */
  setupPlans?(): Promise<Record<string, string>>;
  /** Starts a provider-side subscription to a plan (PayPal Subscriptions); the buyer approves it at the provider. */
  createSubscription?(input: { orderId: string; planCode: string; amount: string; currency: string }): Promise<{ providerSubscriptionId: string; approveUrl: string | null }>;
  getSubscription?(providerSubscriptionId: string): Promise<ProviderSubscription>;
  /** Stops a provider-side subscription from renewing (PayPal Subscriptions). */
  cancelSubscription?(providerSubscriptionId: string, reason: string): Promise<void>;
  /**
   * Returns a whole payment to the buyer: a capture of a one-off order (`source: 'order'`) or a
   * sale of a provider-run subscription (`source: 'subscription'`). Keyed by our order id, so a
   * retried refund is the same operation at the provider.
   */
  refund?(payment: { orderId: string; paymentId: string; amount: string; currency: string; source: 'order' | 'subscription' }): Promise<{ refundId: string }>;
  /** Verifies a webhook delivery on the bytes received; null when its signature does not check out. */
  verifyWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookEvent | null>;
}

export class ProviderUnavailableError extends Error {}
