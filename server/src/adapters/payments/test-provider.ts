import type { CaptureResult, PaymentProvider } from './payment-provider';

/** The card number that the test provider always declines (README, DESIGN §9). */
export const DECLINED_TEST_CARD = '4000000000000002';

/**
 * No money moves: any card is approved except the declined test number; the rest of the flow
 * (orders, capture, settlement) is the same as with a real provider.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const captured = new Map<string, CaptureResult>();
  const amounts = new Map<string, { amount: string; currency: string }>();
  return {
    name: 'test',
    async createOrder(order) {
      const providerOrderId = `TEST-${order.orderId}`;
      amounts.set(providerOrderId, { amount: order.amount, currency: order.currency });
      return { providerOrderId };
    },
    async capture(order) {
      // A completed capture answers the same again, like a provider's idempotent retry.
      const previous = captured.get(order.providerOrderId);
      if (previous) return previous;
      if (!order.card) return { status: 'declined', reason: 'Card details are required' };
      if (order.card.number.replace(/\D/g, '') === DECLINED_TEST_CARD) return { status: 'declined', reason: 'Card declined', card: 'declined' };
      const [month, year] = order.card.expiry.split('/').map((part) => Number(part.trim()));
      const expiresEnd = Date.UTC(2000 + year, month, 1);
      if (expiresEnd <= Date.now()) return { status: 'declined', reason: 'Card expired', card: 'expired' };
      const money = amounts.get(order.providerOrderId);
      if (!money) return { status: 'declined', reason: 'Unknown order' };
      const result: CaptureResult = { status: 'completed', captureId: `TESTCAP-${order.orderId}`, ...money };
      captured.set(order.providerOrderId, result);
      return result;
    },
    async lookup(order) {
      return captured.get(order.providerOrderId) ?? { status: 'open' };
    },
    async verifyWebhook() {
      return null;
    },
  };
}
