import type { Localized } from '@studio/contracts/constants';
import type { PageNote } from '@studio/contracts/page-notes';

/**
 * Said beside a composed page that does not draw everything as its prompt asked (decisions 025
 * and 056), in the three languages: the words not drawn, the stand-ins drawn instead, and the
 * counts drawn short. Null when the page is as asked.
 */
export function pageNoteText(notDrawn: string[], notes: PageNote[] = []): Localized | null {
  const en: string[] = [];
  const zh: string[] = [];
  const ja: string[] = [];
  if (notDrawn.length) {
    en.push(`Not drawn: ${notDrawn.join(', ')}`);
    zh.push(`未画出：${notDrawn.join('、')}`);
    ja.push(`描けなかったもの：${notDrawn.join('、')}`);
  }
  const substitutes = notes.filter((n) => n.kind === 'substitute');
  if (substitutes.length) {
    en.push(`Drawn instead: ${substitutes.map((n) => `${n.drawn.en} for ${n.asked}`).join(', ')}`);
    zh.push(`以相近的图代替：${substitutes.map((n) => `用${n.drawn.zh}代替${n.asked}`).join('、')}`);
    ja.push(`代わりに描いたもの：${substitutes.map((n) => `${n.asked}の代わりに${n.drawn.ja}`).join('、')}`);
  }
  const counts = notes.filter((n) => n.kind === 'count');
  if (counts.length) {
    en.push(`Fewer than asked: ${counts.map((n) => `${n.wanted} ${n.asked}: drew ${n.drawn}`).join(', ')}`);
    zh.push(`数量不足：${counts.map((n) => `${n.asked}要${n.wanted}个，画了${n.drawn}个`).join('、')}`);
    ja.push(`数が足りないもの：${counts.map((n) => `${n.asked}は${n.wanted}つのうち${n.drawn}つ`).join('、')}`);
  }
  if (en.length === 0) return null;
  return { en: en.join('. '), zh: zh.join('；'), ja: ja.join('；') };
}
