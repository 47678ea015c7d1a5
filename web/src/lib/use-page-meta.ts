import { useEffect } from 'react';
import { useDocumentTitle } from './use-document-title';

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string): void {
  let tag = document.head.querySelector<HTMLElement>(selector);
  if (!tag) {
    tag = create();
    document.head.appendChild(tag);
  }
  tag.setAttribute(attribute, value);
}

/**
 * Title, description and canonical URL of a page, kept in step on client-side navigation (the
 * server writes the same three into the HTML of a first load; server/src/http/seo/page-meta.ts).
 * `path` is the page's own address with its language prefix ("/ja/blog/some-post").
 */
export function usePageMeta(meta: { title: string | null; description: string | null; path: string | null }): void {
  useDocumentTitle(meta.title);
  const { description, path } = meta;
  useEffect(() => {
    if (description) {
      setHeadTag('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', description);
      setHeadTag('meta[property="og:description"]', () => {
        const tag = document.createElement('meta');
        tag.setAttribute('property', 'og:description');
        return tag;
      }, 'content', description);
    }
  }, [description]);
  useEffect(() => {
    if (!path) return;
    const href = `${window.location.origin}${path}`;
    setHeadTag('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', href);
  }, [path]);
}
