/**
 * The browser's own allowlist for post HTML, applied right before rendering even though the server
 * already sanitised it (defence in depth: a proxy, cache or old row never reaches the DOM raw).
 *
 * The HTML is parsed by DOMParser into an inert document (no script runs, no image loads, no
 * handler fires there) and copied element by element into a fresh tree: only allowlisted tags and
 * attributes are copied, URLs must be http(s), mailto or site-relative, and the content of script,
 * style, SVG, MathML, iframes and similar is dropped whole. Unknown harmless wrappers are unwrapped
 * (their text stays).
 */
const ALLOWED_TAGS = new Set(['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'u', 's', 'blockquote', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['scope'],
  td: ['colspan', 'rowspan'],
};
/** Dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'select', 'option', 'head', 'link', 'meta', 'base', 'form', 'button', 'input', 'video', 'audio', 'source', 'track', 'canvas', 'plaintext']);
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** http(s) and mailto, or a path on this site; never javascript:, data:, vbscript: or "//host". */
export function isSafeUrl(value: string, kind: 'href' | 'src'): boolean {
  // Control characters and spaces are what browsers strip before reading a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (url === '') return false;
  if (url.startsWith('//') || url.startsWith('\\')) return false;
  if (url.startsWith('/') || (kind === 'href' && url.startsWith('#'))) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return !/[:\\]/.test(url.split(/[/?#]/)[0]);
  return kind === 'href' ? ['http', 'https', 'mailto'].includes(scheme) : ['http', 'https'].includes(scheme);
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      copyChildren(element, to, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value, name as 'href' | 'src')) continue;
      if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') && !/^\d{1,4}$/.test(value)) continue;
      clean.setAttribute(name, value);
    }
    if (tag === 'a') {
      // A link whose address was refused keeps its text but stops looking like a link.
      if (!clean.hasAttribute('href')) {
        copyChildren(element, to, doc);
        continue;
      }
      clean.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'img') {
      if (!clean.hasAttribute('src')) continue;
      clean.setAttribute('loading', 'lazy');
      clean.setAttribute('decoding', 'async');
      if (!clean.hasAttribute('alt')) clean.setAttribute('alt', '');
    }
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  // The output tree lives in a second inert document too: nothing is loaded while it is built.
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copyChildren(parsed.body, root, out);
  return root.innerHTML;
}
