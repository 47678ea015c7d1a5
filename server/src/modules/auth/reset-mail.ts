import type { MailMessage } from '../../adapters/mail/mailer';

type Lang = 'en' | 'zh' | 'ja';

const copy: Record<Lang, { subject: string; greeting: (name: string) => string; body: string; button: string; ignore: string }> = {
  en: {
    subject: 'Reset your Coloring Studio password',
    greeting: (name) => `Hi ${name},`,
    body: 'We received a request to reset your password. The link below works once and expires in one hour.',
    button: 'Choose a new password',
    ignore: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  },
  zh: {
    subject: '重置您的 Coloring Studio 密码',
    greeting: (name) => `${name}，您好：`,
    body: '我们收到了重置您密码的请求。下面的链接只能使用一次，一小时后失效。',
    button: '设置新密码',
    ignore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  },
  ja: {
    subject: 'Coloring Studio のパスワード再設定',
    greeting: (name) => `${name} 様`,
    body: 'パスワード再設定のリクエストを受け付けました。下のリンクは1回だけ使え、1時間で無効になります。',
    button: '新しいパスワードを設定する',
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset link is built from PUBLIC_URL (never from the request's Host header). */
export function resetMail(options: { to: string; username: string; lang: string; publicUrl: string; token: string }): MailMessage {
  const lang: Lang = options.lang === 'zh' || options.lang === 'ja' ? options.lang : 'en';
  const prefix = lang === 'en' ? '' : `/${lang}`;
  const link = `${options.publicUrl}${prefix}/reset-password?token=${encodeURIComponent(options.token)}`;
  const c = copy[lang];
  const text = `${c.greeting(options.username)}\n\n${c.body}\n\n${c.button}: ${link}\n\n${c.ignore}\n`;
  const html = `<p>${escapeHtml(c.greeting(options.username))}</p><p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(c.button)}</a></p>
<p style="color:#555">${escapeHtml(c.ignore)}</p>`;
  return { to: options.to, subject: c.subject, text, html };
}
