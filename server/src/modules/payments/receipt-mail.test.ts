import { describe, expect, it } from 'vitest';
import { receiptMail } from './receipt-mail';

describe('receipt mail', () => {
  const base = { to: 'a@example.com', username: 'maple', orderId: 'ord_1', amount: '$19.99', paidAt: '2026-03-10T10:00:00.000Z', renewal: false, renewsAt: null, periodEnd: null };

  it('names the plan as the pricing page does, in the member’s language, never by its code', () => {
    const en = receiptMail({ ...base, lang: 'en', planCode: 'PRO_MONTHLY' });
    expect(en.subject).toBe('Your Coloring Studio receipt: Pro (monthly)');
    expect(en.text).toContain('for Pro (monthly) on 2026-03-10');
    expect(receiptMail({ ...base, lang: 'zh', planCode: 'MAX_YEARLY' }).subject).toBe('Coloring Studio 付款收据：旗舰版（按年）');
    expect(receiptMail({ ...base, lang: 'ja', planCode: 'LITE_MONTHLY' }).text).toContain('ライト（月払い）');
    for (const lang of ['en', 'zh', 'ja']) expect(receiptMail({ ...base, lang, planCode: 'PRO_YEARLY' }).text).not.toContain('PRO_');
  });
});
