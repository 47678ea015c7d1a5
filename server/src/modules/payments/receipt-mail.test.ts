import { describe, expect, it } from 'vitest';
import { receiptMail } from './receipt-mail';

describe('receipt mail', () => {
  const base = { to: 'a@example.com', publicUrl: 'https://studio.example', username: 'maple', orderId: 'ord_1', amount: '$19.99', paidAt: '2026-03-10T10:00:00.000Z', renewal: false, renewsAt: null, periodEnd: null };

  it('names the plan as the pricing page does, in the member’s language, never by its code', () => {
    const en = receiptMail({ ...base, lang: 'en', planCode: 'PRO_MONTHLY' });
    expect(en.subject).toBe('Your Coloring Studio receipt: Pro (monthly)');
    expect(en.text).toContain('for Pro (monthly) on 2026-03-10');
    expect(receiptMail({ ...base, lang: 'zh', planCode: 'MAX_YEARLY' }).subject).toBe('Coloring Studio 付款收据：旗舰版（按年）');
    expect(receiptMail({ ...base, lang: 'ja', planCode: 'LITE_MONTHLY' }).text).toContain('ライト（月払い）');
    for (const lang of ['en', 'zh', 'ja']) expect(receiptMail({ ...base, lang, planCode: 'PRO_YEARLY' }).text).not.toContain('PRO_');
  });

  it('links to the member’s order history on the site, in their language', () => {
    const en = receiptMail({ ...base, lang: 'en', planCode: 'PRO_MONTHLY' });
    expect(en.text).toContain('Your orders and invoices: https://studio.example/profile#order-history');
    expect(en.html).toContain('<a href="https://studio.example/profile#order-history">Your orders and invoices</a>');
    expect(receiptMail({ ...base, lang: 'ja', planCode: 'PRO_MONTHLY' }).text).toContain('ご注文と請求書: https://studio.example/ja/profile#order-history');
    expect(receiptMail({ ...base, lang: 'zh', planCode: 'PRO_MONTHLY' }).html).toContain('<a href="https://studio.example/zh/profile#order-history">您的订单和发票</a>');
  });
});
