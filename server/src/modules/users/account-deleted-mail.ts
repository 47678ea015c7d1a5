import type { MailMessage } from '../../adapters/mail/mailer';

type Lang = 'en' | 'zh' | 'ja';

const copy: Record<Lang, { subject: string; greeting: (name: string) => string; body: string; kept: string; notYou: (contact: string) => string }> = {
  en: {
    subject: 'Your Coloring Studio account has been deleted',
    greeting: (name) => `Hi ${name},`,
    body: 'As you asked, we have deleted your Coloring Studio account: your profile, your pages, the photos you uploaded, your coloured pictures and every file we stored for you. You have been signed out everywhere. This cannot be undone.',
    kept: 'The law requires us to keep the records of payments (amounts, dates, the payment provider’s references) for accounting; they no longer name you. Any subscription was cancelled, so you will not be charged again.',
    notYou: (contact) => `If you did not ask for this, please write to ${contact}.`,
  },
  zh: {
    subject: '您的 Coloring Studio 账户已删除',
    greeting: (name) => `${name}，您好：`,
    body: '按照您的要求，我们已删除您的 Coloring Studio 账户：包括个人资料、您的涂色页、您上传的照片、您的上色作品，以及我们为您保存的所有文件。您已在所有设备上退出登录。此操作无法撤销。',
    kept: '依照法律，我们需要为会计用途保留付款记录（金额、日期、支付服务商的交易编号），这些记录已不再包含您的身份信息。您的订阅已取消，之后不会再扣费。',
    notYou: (contact) => `如果这不是您本人的操作，请写信至 ${contact}。`,
  },
  ja: {
    subject: 'Coloring Studio のアカウントを削除しました',
    greeting: (name) => `${name} 様`,
    body: 'ご依頼どおり、Coloring Studio のアカウントを削除しました。プロフィール、作成したページ、アップロードした写真、色を塗った作品、保存していたすべてのファイルが削除されています。すべての端末でログアウトしました。この操作は取り消せません。',
    kept: '法律により、会計のため支払いの記録（金額、日付、決済サービスの取引番号）は保管しますが、お客様を特定する情報は含まれていません。サブスクリプションは解約済みのため、今後請求されることはありません。',
    notYou: (contact) => `お心当たりがない場合は ${contact} までご連絡ください。`,
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation that an account is gone, in the account's language (decision 051). */
export function accountDeletedMail(options: { to: string; username: string; lang: string; contactEmail: string }): MailMessage {
  const lang: Lang = options.lang === 'zh' || options.lang === 'ja' ? options.lang : 'en';
  const c = copy[lang];
  const text = `${c.greeting(options.username)}\n\n${c.body}\n\n${c.kept}\n\n${c.notYou(options.contactEmail)}\n`;
  const html = `<p>${escapeHtml(c.greeting(options.username))}</p><p>${escapeHtml(c.body)}</p><p>${escapeHtml(c.kept)}</p>
<p style="color:#555">${escapeHtml(c.notYou(options.contactEmail))}</p>`;
  return { to: options.to, subject: c.subject, text, html };
}
