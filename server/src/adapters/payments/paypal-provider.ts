import type { Logger } from 'pino';
import { findPlan, PLANS, type Plan } from '@studio/contracts/plans';
import { createWebhookSignatureCheck, type WebhookSignatureOptions } from './paypal-webhook-signature';
import { ProviderUnavailableError, type CaptureResult, type PaymentProvider, type ProviderSubscription, type WebhookEvent } from './payment-provider';

export const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
}
interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: { custom_id?: string; payments?: { captures?: PayPalCapture[] } }[];
}

/** The resource of a notification: an Orders v2 capture, a v1 sale, or a v1 subscription. */
interface PayPalEventResource {
  id?: string;
  status?: string;
  state?: string;
  custom_id?: string;
  custom?: string;
  amount?: { currency_code?: string; value?: string; currency?: string; total?: string };
  billing_agreement_id?: string;
  billing_info?: { next_billing_time?: string };
  sale_id?: string;
  links?: { rel?: string; href?: string }[];
}

/** A refund's money and the payment it comes from: a v1 sale refund names `sale_id`; a v2 refund links `up` to its capture. */
function refundFacts(resource: PayPalEventResource): WebhookEvent['refund'] {
  const amount = resource.amount;
  const value = amount?.total ?? amount?.value;
  const currency = amount?.currency ?? amount?.currency_code;
  const up = resource.links?.find((link) => link.rel === 'up')?.href;
  const paymentId = resource.sale_id ?? (up ? /\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined);
  return resource.id && value && currency && paymentId ? { refundId: resource.id, paymentId, amount: value, currency } : null;
}

/** What a notification says, whichever API's resource it carries. */
function eventFacts(type: string, resource: PayPalEventResource): Omit<WebhookEvent, 'id' | 'type'> {
  if (type === 'PAYMENT.SALE.REFUNDED' || type === 'PAYMENT.CAPTURE.REFUNDED') {
    return { orderId: resource.custom_id ?? resource.custom ?? null, capture: null, subscriptionId: null, nextBillingAt: null, refund: refundFacts(resource) };
  }
  if (type.startsWith('PAYMENT.SALE.')) {
    // A v1 sale (subscription payments): amount.total / amount.currency, state "completed".
    const completed = resource.state === 'completed' && resource.id && resource.amount?.total && resource.amount.currency;
    return {
      orderId: resource.custom ?? null,
      capture: completed ? { captureId: resource.id!, amount: resource.amount!.total!, currency: resource.amount!.currency! } : null,
      subscriptionId: resource.billing_agreement_id ?? null,
      nextBillingAt: null,
    };
  }
  if (type.startsWith('BILLING.SUBSCRIPTION.')) {
    return { orderId: resource.custom_id ?? null, capture: null, subscriptionId: resource.id ?? null, nextBillingAt: resource.billing_info?.next_billing_time ?? null };
  }
  const amount = resource.amount;
  const capture =
    resource.id && amount?.value && amount.currency_code && resource.status === 'COMPLETED' ? { captureId: resource.id, amount: amount.value, currency: amount.currency_code } : null;
  return { orderId: resource.custom_id ?? null, capture, subscriptionId: null, nextBillingAt: null };
}

/** The catalog product every plan belongs to (our own id, so set-up finds it again). */
export const PAYPAL_PRODUCT_ID = 'COLORING-STUDIO-PLANS';
/** A billing plan's name carries its price: a price change makes a new plan, never edits a sold one. */
export const paypalPlanName = (plan: Plan) => `Coloring Studio ${plan.code} ${plan.amount} USD`;

/** Reads the capture out of an order answer: COMPLETED, PENDING or nothing yet. */
function captureOf(order: PayPalOrder): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) return order.status === 'COMPLETED' ? { status: 'pending', captureId: null } : { status: 'open' };
  if (capture.status === 'COMPLETED' && capture.amount) {
    return { status: 'completed', captureId: capture.id, amount: capture.amount.value, currency: capture.amount.currency_code };
  }
  if (capture.status === 'PENDING') return { status: 'pending', captureId: capture.id };
  return { status: 'declined', reason: `Capture ${capture.status.toLowerCase()}` };
}

/**
 * PayPal Orders v2 with client-credentials OAuth. Request ids derive from our order id, so a
 * retried create or capture is the same operation at PayPal, never a second charge.
 */
export function createPayPalProvider(options: {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  webhookId: string | null;
  logger: Logger;
  fetch?: typeof fetch;
  /** Where signing certificates may come from and which roots they chain to (tests only). */
  webhookCerts?: Omit<WebhookSignatureOptions, 'webhookId'>;
  /** Sell plans as PayPal Subscriptions (renewing, decision 029) rather than one-off Orders v2 payments. */
  subscriptions?: boolean;
}): PaymentProvider {
  const http = options.fetch ?? fetch;
  const verifySignature = options.webhookId ? createWebhookSignatureCheck({ webhookId: options.webhookId, ...options.webhookCerts }) : null;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new ProviderUnavailableError(`PayPal OAuth answered ${response.status}`);
    const json = (await response.json()) as { access_token: string; expires_in: number };
    // Refresh a minute early so a token never expires between our check and PayPal's.
    token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, json.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await http(`${options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal unreachable: ${(error as Error).message}`);
    }
  }

  async function api(path: string, init: { method: string; body?: unknown; requestId?: string }): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (init.requestId) headers['paypal-request-id'] = init.requestId;
    const send = () => call(path, { method: init.method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    try {
      return await send();
    } catch (error) {
      // A dropped answer: the same request id makes the retry safe.
      if (!init.requestId) throw error;
      options.logger.warn({ path }, 'PayPal call failed; retrying with the same request id');
      return send();
    }
  }

  async function getOrder(providerOrderId: string): Promise<PayPalOrder> {
    const response = await api(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`, { method: 'GET' });
    if (!response.ok) throw new ProviderUnavailableError(`PayPal order lookup answered ${response.status}`);
    return (await response.json()) as PayPalOrder;
  }

  async function json<T>(response: Response, what: string): Promise<T> {
    if (!response.ok) throw new ProviderUnavailableError(`PayPal ${what} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** The product, then one active plan per paid plan code: found by id / name, else created (request ids make a retried create the same one). */
  async function setupPlans(): Promise<Record<string, string>> {
    const product = await api(`/v1/catalogs/products/${PAYPAL_PRODUCT_ID}`, { method: 'GET' });
    if (product.status === 404) {
      await json(
        await api('/v1/catalogs/products', {
          method: 'POST',
          requestId: `product-${PAYPAL_PRODUCT_ID}`,
          body: { id: PAYPAL_PRODUCT_ID, name: 'Coloring Studio', description: 'Coloring Studio plans: monthly credits for coloring pages', type: 'SERVICE', category: 'SOFTWARE' },
        }),
        'create product',
      );
    } else if (!product.ok) throw new ProviderUnavailableError(`PayPal product lookup answered ${product.status}`);
    const existing: { id: string; name: string; status: string }[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const list = await json<{ plans?: { id: string; name: string; status: string }[]; total_pages?: number }>(
        await api(`/v1/billing/plans?product_id=${PAYPAL_PRODUCT_ID}&page_size=20&page=${page}&total_required=true`, { method: 'GET' }),
        'list plans',
      );
      existing.push(...(list.plans ?? []));
      if (!list.total_pages || page >= list.total_pages) break;
    }
    const ids: Record<string, string> = {};
    for (const plan of PLANS) {
      if (!plan.chargeType) continue;
      const name = paypalPlanName(plan);
      const found = existing.find((candidate) => candidate.name === name && candidate.status === 'ACTIVE');
      if (found) {
        ids[plan.code] = found.id;
        continue;
      }
      const created = await json<{ id: string }>(
        await api('/v1/billing/plans', {
          method: 'POST',
          requestId: `plan-${plan.code}-${plan.amount}`,
          body: {
            product_id: PAYPAL_PRODUCT_ID,
            name,
            description: `${plan.monthlyCredits} credits a month, ${plan.chargeType === 'Yearly' ? 'billed yearly' : 'billed monthly'}`,
            status: 'ACTIVE',
            billing_cycles: [
              {
                frequency: { interval_unit: plan.chargeType === 'Yearly' ? 'YEAR' : 'MONTH', interval_count: 1 },
                tenure_type: 'REGULAR',
                sequence: 1,
                total_cycles: 0,
                pricing_scheme: { fixed_price: { value: plan.amount, currency_code: 'USD' } },
              },
            ],
            payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 3 },
          },
        }),
        `create plan ${plan.code}`,
      );
      ids[plan.code] = created.id;
    }
    return ids;
  }

  let planIds: Promise<Record<string, string>> | null = null;
  const planIdFor = async (code: string) => {
    planIds ??= setupPlans().catch((error: unknown) => {
      planIds = null;
      throw error;
    });
    const id = (await planIds)[code];
    if (!id) throw new ProviderUnavailableError(`No PayPal plan for ${code}`);
    return id;
  };

  interface PayPalSubscription {
    id: string;
    status: string;
    start_time?: string;
    billing_info?: { next_billing_time?: string };
    links?: { rel: string; href: string }[];
  }

  async function createSubscription(input: { orderId: string; planCode: string }) {
    if (!findPlan(input.planCode)) throw new ProviderUnavailableError(`Unknown plan ${input.planCode}`);
    const created = await json<PayPalSubscription>(
      await api('/v1/billing/subscriptions', {
        method: 'POST',
        requestId: `subscribe-${input.orderId}`,
        body: { plan_id: await planIdFor(input.planCode), custom_id: input.orderId, application_context: { brand_name: 'Coloring Studio', user_action: 'SUBSCRIBE_NOW', shipping_preference: 'NO_SHIPPING' } },
      }),
      'create subscription',
    );
    return { providerSubscriptionId: created.id, approveUrl: created.links?.find((link) => link.rel === 'approve')?.href ?? null };
  }

  async function getSubscription(id: string): Promise<ProviderSubscription> {
    const sub = await json<PayPalSubscription>(await api(`/v1/billing/subscriptions/${encodeURIComponent(id)}`, { method: 'GET' }), 'subscription lookup');
    let firstPayment: ProviderSubscription['firstPayment'] = null;
    if (sub.status === 'ACTIVE' && sub.start_time) {
      // The first payment's id, so its PAYMENT.SALE.COMPLETED notification is known when it comes.
      const end = new Date(Date.now() + 60_000).toISOString();
      const list = await json<{ transactions?: { id: string; status: string; time: string; amount_with_breakdown?: { gross_amount?: { value: string; currency_code: string } } }[] }>(
        await api(`/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?start_time=${encodeURIComponent(sub.start_time)}&end_time=${encodeURIComponent(end)}`, { method: 'GET' }),
        'subscription transactions',
      );
      const first = (list.transactions ?? []).filter((t) => t.status === 'COMPLETED' && t.amount_with_breakdown?.gross_amount).sort((a, b) => a.time.localeCompare(b.time))[0];
      if (first) firstPayment = { captureId: first.id, amount: first.amount_with_breakdown!.gross_amount!.value, currency: first.amount_with_breakdown!.gross_amount!.currency_code };
    }
    return { id: sub.id, status: sub.status, firstPayment, nextBillingAt: sub.billing_info?.next_billing_time ?? null };
  }

  return {
    name: 'paypal',
    setupPlans,

    ...(options.subscriptions ? { createSubscription, getSubscription } : {}),
    async cancelSubscription(id, reason) {
      const response = await api(`/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } });
      // 422 SUBSCRIPTION_STATUS_INVALID: already cancelled or expired, which is what we want.
      if (!response.ok && response.status !== 422) throw new ProviderUnavailableError(`PayPal cancel subscription answered ${response.status}`);
    },

    async refund(payment) {
      // Orders v2 captures are refunded through Payments v2; a subscription's payments are v1 sales.
      const path =
        payment.source === 'order' ? `/v2/payments/captures/${encodeURIComponent(payment.paymentId)}/refund` : `/v1/payments/sale/${encodeURIComponent(payment.paymentId)}/refund`;
      const body = payment.source === 'order' ? { amount: { value: payment.amount, currency_code: payment.currency } } : { amount: { total: payment.amount, currency: payment.currency } };
      const refunded = await json<{ id: string }>(await api(path, { method: 'POST', requestId: `refund-${payment.orderId}`, body }), 'refund');
      return { refundId: refunded.id };
    },

    async createOrder(order) {
      const response = await api('/v2/checkout/orders', {
        method: 'POST',
        requestId: `create-${order.orderId}`,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            { reference_id: order.orderId, custom_id: order.orderId, description: order.description, amount: { currency_code: order.currency, value: order.amount } },
          ],
        },
      });
      if (!response.ok) throw new ProviderUnavailableError(`PayPal create order answered ${response.status}`);
      const json = (await response.json()) as PayPalOrder;
      return { providerOrderId: json.id };
    },

    async capture(order) {
      const response = await api(`/v2/checkout/orders/${encodeURIComponent(order.providerOrderId)}/capture`, {
        method: 'POST',
        requestId: `capture-${order.orderId}-${order.attempt}`,
        body: {},
      });
      if (response.ok) return captureOf((await response.json()) as PayPalOrder);
      const problem = (await response.json().catch(() => ({}))) as { name?: string; details?: { issue?: string }[] };
      const issue = problem.details?.[0]?.issue ?? problem.name ?? `HTTP ${response.status}`;
      if (issue === 'ORDER_ALREADY_CAPTURED') return captureOf(await getOrder(order.providerOrderId));
      if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED' || issue === 'ORDER_NOT_APPROVED') {
        return { status: 'declined', reason: issue };
      }
      if (response.status >= 500) throw new ProviderUnavailableError(`PayPal capture answered ${response.status}`);
      return { status: 'declined', reason: issue };
    },

    async lookup(order) {
      return captureOf(await getOrder(order.providerOrderId));
    },

    async verifyWebhook(headers, rawBody) {
      if (!verifySignature || !(await verifySignature(headers, rawBody))) return null;
      let event: { id?: string; event_type?: string; resource?: PayPalEventResource };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (!event.id || !event.event_type) return null;
      return { id: event.id, type: event.event_type, ...eventFacts(event.event_type, event.resource ?? {}) };
    },
  };
}
