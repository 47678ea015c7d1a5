/** A category description split at its h2 headings. */
export interface DescriptionSection {
  heading: string;
  /** The HTML after the heading, up to the next h2. */
  html: string;
}

export interface SplitDescription {
  /** Whatever comes before the first h2 (the intro paragraph). */
  intro: string;
  sections: DescriptionSection[];
}

const H2 = /<h2\b[^>]*>([\s\S]*?)<\/h2>/gi;

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

/** Splits description HTML at every h2: the part before the first is the intro; each h2 opens a section. */
export function splitDescription(html: string | null | undefined): SplitDescription {
  const source = html ?? '';
  const matches = [...source.matchAll(H2)];
  if (matches.length === 0) return { intro: source.trim(), sections: [] };
  const intro = source.slice(0, matches[0].index).trim();
  const sections = matches.map((match, i) => {
    const start = match.index + match[0].length;
    const end = i + 1 < matches.length ? matches[i + 1].index : source.length;
    return { heading: stripTags(match[1]), html: source.slice(start, end).trim() };
  });
  return { intro, sections };
}

/** The text of an HTML fragment, for places that show it as plain text. */
export function plainText(html: string): string {
  return stripTags(html).replace(/\s+/g, ' ');
}

export type Block<T> = { kind: 'images'; items: T[] } | { kind: 'section'; section: DescriptionSection };

/**
 * The category page's order (product-spec §2): the first 4 images, then each section followed by
 * the next group of 4, and whatever images remain after the last section. Empty groups are left
 * out, so sections follow each other when images run short.
 */
export function interleave<T>(items: readonly T[], sections: readonly DescriptionSection[], groupSize = 4): Block<T>[] {
  if (sections.length === 0) return items.length ? [{ kind: 'images', items: [...items] }] : [];
  const blocks: Block<T>[] = [];
  let next = 0;
  const take = (count: number) => {
    const group = items.slice(next, next + count);
    next += group.length;
    if (group.length) blocks.push({ kind: 'images', items: group });
  };
  take(groupSize);
  sections.forEach((section, i) => {
    blocks.push({ kind: 'section', section });
    take(i === sections.length - 1 ? items.length : groupSize);
  });
  if (next < items.length) take(items.length - next);
  return blocks;
}
