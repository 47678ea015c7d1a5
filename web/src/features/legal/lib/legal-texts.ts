import type { Language } from '@studio/contracts/constants';

export type LegalPage = 'privacy' | 'terms' | 'refund';

/**
 * The legal texts are Markdown files per language in ../content, each its own small chunk loaded
 * only by its page: long text stays out of the message bundles that every page loads.
 */
const files = import.meta.glob<string>('../content/*/*.md', { query: '?raw', import: 'default' });

export function loadLegalText(lang: Language, page: LegalPage): Promise<string> {
  const load = files[`../content/${lang}/${page}.md`];
  if (!load) return Promise.reject(new Error(`no legal text ${lang}/${page}`));
  return load();
}
