import type { BookletLabels } from '@studio/engine/output/booklet';

type Lang = 'en' | 'zh' | 'ja';

/** The words printed in a booklet, in the reader's language. */
export const BOOKLET_LABELS: Record<Lang, BookletLabels & { myPages: string; booklet: string; search: (query: string) => string }> = {
  en: { contents: 'Contents', credits: 'Artwork credits', pages: 'Pages', myPages: 'My coloring pages', booklet: 'Coloring booklet', search: (query) => `Coloring pages: ${query}` },
  zh: { contents: '目录', credits: '图案署名', pages: '页', myPages: '我的涂色页', booklet: '涂色小册子', search: (query) => `涂色页：${query}` },
  ja: { contents: 'もくじ', credits: 'イラストのクレジット', pages: 'ページ', myPages: 'わたしのぬりえ', booklet: 'ぬりえブック', search: (query) => `ぬりえ：${query}` },
};
