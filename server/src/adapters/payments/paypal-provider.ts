import type { Logger } from 'pino';
import { createWebhookSignatureCheck, type WebhookSignatureOptions } from './paypal-webhook-signature';
import { ProviderUnavailableError, type CaptureResult, type PaymentProvider, type WebhookEvent } from './payment-provider';

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

  return {
    name: 'paypal',
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
      let event: { id?: string; event_type?: string; resource?: PayPalCapture & { custom_id?: string } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (!event.id || !event.event_type) return null;
      const resource = event.resource;
      const capture: WebhookEvent['capture'] =
        resource && resource.amount && resource.status === 'COMPLETED'
          ? { captureId: resource.id, amount: resource.amount.value, currency: resource.amount.currency_code }
          : null;
      return { id: event.id, type: event.event_type, orderId: resource?.custom_id ?? null, capture };
    },
  };
}
