import type { MailMessage } from '../../adapters/mail/mailer';
import { mailLang, orderHistoryLink, planName, type Lang } from './plan-names';

interface Copy {
  subject: (plan: string) => string;
  greeting: (name: string) => string;
  paid: (amount: string, plan: string, date: string) => string;
  renewal: string;
  renews: (date: string) => string;
  ends: (date: string) => string;
  order: (id: string) => string;
  manage: string;
  history: string;
}

const copy: Record<Lang, Copy> = {
  en: {
    subject: (plan) => `Your Coloring Studio receipt: ${plan}`,
    greeting: (name) => `Hi ${name},`,
    paid: (amount, plan, date) => `We received ${amount} for ${plan} on ${date}. Thank you!`,
    renewal: 'This payment renews your subscription for another period, with its credits.',
    renews: (date) => `Your subscription renews automatically on ${date}. You can cancel any time from your profile; your plan then stays active until the end of the period you paid for.`,
    ends: (date) => `Your plan ends on ${date} and will not renew.`,
    order: (id) => `Order number: ${id}`,
    manage: 'Manage your plan on your profile page.',
    history: 'Your orders and invoices',
  },
  zh: {
    subject: (plan) => `Coloring Studio 付款收据：${plan}`,
    greeting: (name) => `${name}，您好：`,
    paid: (amount, plan, date) => `我们已于 ${date} 收到 ${plan} 的付款 ${amount}。感谢您的支持！`,
    renewal: '这笔付款为您的订阅续期一个周期，并发放该周期的积分。',
    renews: (date) => `您的订阅将于 ${date} 自动续费。您可以随时在个人资料页取消，套餐会保留到已付费周期结束。`,
    ends: (date) => `您的套餐将于 ${date} 结束，不会续费。`,
    order: (id) => `订单号：${id}`,
    manage: '可在个人资料页管理您的套餐。',
    history: '您的订单和发票',
  },
  ja: {
    subject: (plan) => `Coloring Studio 領収書：${plan}`,
    greeting: (name) => `${name} 様`,
    paid: (amount, plan, date) => `${date} に ${plan} のお支払い ${amount} を受け付けました。ありがとうございます。`,
    renewal: 'このお支払いでサブスクリプションが次の期間に更新され、その期間のクレジットが付与されます。',
    renews: (date) => `サブスクリプションは ${date} に自動更新されます。プロフィールからいつでも解約でき、お支払い済みの期間の終わりまでプランはそのまま使えます。`,
    ends: (date) => `プランは ${date} に終了し、更新されません。`,
    order: (id) => `注文番号：${id}`,
    manage: 'プランはプロフィールページで管理できます。',
    history: 'ご注文と請求書',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (iso: string) => iso.slice(0, 10);

/** The receipt sent for every successful charge: first payment and each renewal; it links to the order history (PUBLIC_URL). */
export function receiptMail(options: {
  to: string;
  publicUrl: string;
  username: string;
  lang: string;
  orderId: string;
  planCode: string;
  amount: string;
  paidAt: string;
  renewal: boolean;
  renewsAt: string | null;
  periodEnd: string | null;
}): MailMessage {
  const lang = mailLang(options.lang);
  const c = copy[lang];
  const history = orderHistoryLink(options.publicUrl, lang);
  const lines = [
    c.greeting(options.username),
    c.paid(options.amount, planName(lang, options.planCode), day(options.paidAt)),
    ...(options.renewal ? [c.renewal] : []),
    ...(options.renewsAt ? [c.renews(day(options.renewsAt))] : options.periodEnd ? [c.ends(day(options.periodEnd))] : []),
    c.order(options.orderId),
    c.manage,
  ];
  const text = `${[...lines, `${c.history}: ${history}`].join('\n\n')}\n`;
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(history)}">${escapeHtml(c.history)}</a></p>`].join('\n');
  return { to: options.to, subject: c.subject(planName(lang, options.planCode)), text, html };
}
