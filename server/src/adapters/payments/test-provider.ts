import type { CaptureResult, PaymentProvider } from './payment-provider';

/** The card number that the test provider always declines (README, DESIGN §9). */
export const DECLINED_TEST_CARD = '4000000000000002';
/** A card that pays at checkout and declines every renewal (README): the failed-renewal path. */
export const RENEWAL_DECLINED_TEST_CARD = '4000000000000341';

const RENEWALS_DECLINED = 'renewals-declined';

/** The provider's order id carries the amount, as a real provider keeps it on its side. */
function providerOrderIdOf(order: { orderId: string; amount: string; currency: string }): string {
  return `TEST-${order.orderId}-${order.amount}-${order.currency}`;
}

function moneyOf(providerOrderId: string): { amount: string; currency: string } | null {
  const match = /^TEST-.+-(\d+\.\d{2})-([A-Z]{3})$/.exec(providerOrderId);
  return match ? { amount: match[1], currency: match[2] } : null;
}

/**
 * No money moves: any card is approved except the declined test number; the rest of the flow
 * (orders, capture, settlement) is the same as with a real provider. It keeps no state that a
 * capture needs, so an order created through one API process is captured through another.
 */
export function createTestPaymentProvider(): PaymentProvider {
  // Only for lookups and replays in this process; the order row is the lasting record.
  const captured = new Map<string, CaptureResult>();
  return {
    name: 'test',
    async createOrder(order) {
      return { providerOrderId: providerOrderIdOf(order) };
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
      const money = moneyOf(order.providerOrderId);
      if (!money) return { status: 'declined', reason: 'Unknown order' };
      const digits = order.card.number.replace(/\D/g, '');
      const paymentToken = `TESTTOKEN-${digits === RENEWAL_DECLINED_TEST_CARD ? RENEWALS_DECLINED : digits.slice(-4)}`;
      const result: CaptureResult = { status: 'completed', captureId: `TESTCAP-${order.orderId}`, ...money, paymentToken };
      captured.set(order.providerOrderId, result);
      return result;
    },
    async chargeSaved(charge) {
      if (!charge.paymentToken.startsWith('TESTTOKEN-')) return { status: 'declined', reason: 'Unknown payment token' };
      if (charge.paymentToken.endsWith(RENEWALS_DECLINED)) return { status: 'declined', reason: 'Card declined', card: 'declined' };
      return { status: 'completed', captureId: `TESTCAP-${charge.orderId}`, amount: charge.amount, currency: charge.currency };
    },
    async refund(payment) {
      return { refundId: `TESTREFUND-${payment.orderId}` };
    },
    async lookup(order) {
      return captured.get(order.providerOrderId) ?? { status: 'open' };
    },
    async verifyWebhook() {
      return null;
    },
  };
}
