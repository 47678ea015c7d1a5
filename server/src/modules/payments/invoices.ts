import type { Paper } from '@studio/contracts/page';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { InvoiceText } from '../../adapters/engine/invoice-writer';
import type { PaymentsRepository } from './payments.repository';
import { mailLang, planName, type Lang } from './plan-names';

const copy: Record<Lang, { title: string; seller: string; buyer: string; order: string; date: string; item: string; renewal: (plan: string) => string; amount: string; reference: string; paid: string }> = {
  en: { title: 'Invoice', seller: 'Seller', buyer: 'Billed to', order: 'Order number', date: 'Date paid', item: 'Item', renewal: (plan) => `${plan}, renewal`, amount: 'Amount', reference: 'Payment reference', paid: 'Paid' },
  zh: { title: '发票', seller: '销售方', buyer: '购买方', order: '订单号', date: '付款日期', item: '项目', renewal: (plan) => `${plan}（续费）`, amount: '金额', reference: '支付流水号', paid: '已付款' },
  ja: { title: '請求書', seller: '販売者', buyer: '請求先', order: '注文番号', date: 'お支払い日', item: '品目', renewal: (plan) => `${plan}（更新）`, amount: '金額', reference: '決済番号', paid: '支払い済み' },
};

/**
 * One page per paid order, for its buyer only: someone else's order, an unpaid one and an
 * unknown id all answer the same 404.
 */
export function createInvoices(deps: { payments: PaymentsRepository; siteName: string; contactEmail: string; writeInvoice(text: InvoiceText, paper: Paper): Promise<Buffer> }) {
  return {
    async invoice(userId: string, orderId: string, requestedLang: string | undefined): Promise<{ body: Buffer; fileName: string }> {
      const order = await deps.payments.paidOrderWithBuyer(orderId);
      if (!order || order.user_id !== userId || !order.paid_at) throw new AppError(ErrorCode.orderNotFound);
      const lang = mailLang(requestedLang ?? 'en');
      const c = copy[lang];
      const plan = planName(lang, order.plan_code);
      const text: InvoiceText = {
        title: `${deps.siteName} — ${c.title}`,
        seller: [`${c.seller}: ${deps.siteName}`, deps.contactEmail],
        rows: [
          [c.buyer, order.email],
          [c.order, order.id],
          [c.date, order.paid_at.slice(0, 10)],
          [c.item, order.kind === 'renewal' ? c.renewal(plan) : plan],
          [c.amount, `${order.amount} ${order.currency}`],
          [c.reference, order.provider_capture_id ?? order.provider_order_id ?? order.provider],
        ],
        stamp: c.paid,
      };
      return { body: await deps.writeInvoice(text, lang === 'en' ? 'letter' : 'a4'), fileName: `invoice-${order.id}.pdf` };
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
