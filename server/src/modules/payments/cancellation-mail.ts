import type { MailMessage } from '../../adapters/mail/mailer';
import { mailLang, planName, profileLink, type Lang } from './plan-names';

const copy: Record<Lang, { subject: (plan: string) => string; greeting: (name: string) => string; cancelled: (plan: string) => string; until: (date: string) => string; after: string; profile: string }> = {
  en: {
    subject: (plan) => `Your Coloring Studio plan was cancelled: ${plan}`,
    greeting: (name) => `Hi ${name},`,
    cancelled: (plan) => `As you asked, your ${plan} plan has been cancelled. It will not renew and you will not be charged again.`,
    until: (date) => `Your plan stays active until ${date}: until then you keep its level and the credits you have.`,
    after: 'After that your account becomes a free account. You can choose a plan again at any time.',
    profile: 'Your profile',
  },
  zh: {
    subject: (plan) => `您的 Coloring Studio 套餐已取消：${plan}`,
    greeting: (name) => `${name}，您好：`,
    cancelled: (plan) => `按照您的要求，您的${plan}套餐已取消，不会再续费，也不会再扣款。`,
    until: (date) => `您的套餐在 ${date} 之前仍然有效：在此之前，您保留该套餐的等级和现有积分。`,
    after: '之后您的账户将变为免费账户。您可以随时重新选择套餐。',
    profile: '您的个人资料',
  },
  ja: {
    subject: (plan) => `Coloring Studio のプランを解約しました：${plan}`,
    greeting: (name) => `${name} 様`,
    cancelled: (plan) => `ご依頼どおり、${plan}のプランを解約しました。今後更新されることはなく、請求もありません。`,
    until: (date) => `プランは ${date} まで有効です。それまではプランの内容とお持ちのクレジットをそのままお使いいただけます。`,
    after: 'その後、アカウントは無料アカウントになります。いつでもプランを選び直せます。',
    profile: 'プロフィール',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation that a member's renewing plan was cancelled: until when it stays active, and a link to the profile (PUBLIC_URL). */
export function cancellationMail(options: { to: string; publicUrl: string; username: string; lang: string; planCode: string; activeUntil: string }): MailMessage {
  const lang = mailLang(options.lang);
  const c = copy[lang];
  const plan = planName(lang, options.planCode);
  const link = profileLink(options.publicUrl, lang);
  const lines = [c.greeting(options.username), c.cancelled(plan), c.until(options.activeUntil.slice(0, 10)), c.after];
  const text = `${[...lines, `${c.profile}: ${link}`].join('\n\n')}\n`;
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(c.profile)}</a></p>`].join('\n');
  return { to: options.to, subject: c.subject(plan), text, html };
}
