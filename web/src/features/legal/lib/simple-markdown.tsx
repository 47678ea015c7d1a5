import { Fragment, type ReactNode } from 'react';

/**
 * The small Markdown subset the legal texts are written in, rendered straight to React elements
 * (no HTML string, so nothing can be injected): "## " and "### " headings, paragraphs, "- " and
 * "1. " lists, **bold** and [links](https://… | /path | mailto:…). `{{name}}` is replaced from `values`.
 */
export type Block =
  | { kind: 'h2' | 'h3'; text: string; id: string }
  | { kind: 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] };

export function slugify(text: string, index: number): string {
  const ascii = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return ascii ? `${ascii}` : `section-${index + 1}`;
}

export function parseBlocks(source: string, values: Record<string, string> = {}): Block[] {
  const text = source.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
  const blocks: Block[] = [];
  let headings = 0;
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    const heading = /^(#{2,3})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      const kind = heading[1].length === 2 ? 'h2' : 'h3';
      blocks.push({ kind, text: heading[2], id: slugify(heading[2], headings) });
      headings += 1;
      continue;
    }
    if (lines.every((line) => /^[-*]\s+/.test(line))) {
      blocks.push({ kind: 'ul', items: lines.map((line) => line.replace(/^[-*]\s+/, '')) });
      continue;
    }
    if (lines.every((line) => /^\d+\.\s+/.test(line))) {
      blocks.push({ kind: 'ol', items: lines.map((line) => line.replace(/^\d+\.\s+/, '')) });
      continue;
    }
    blocks.push({ kind: 'p', text: lines.join(' ') });
  }
  // Two headings with the same text still get distinct anchors.
  const seen = new Map<string, number>();
  for (const block of blocks) {
    if (block.kind !== 'h2' && block.kind !== 'h3') continue;
    const count = seen.get(block.id) ?? 0;
    seen.set(block.id, count + 1);
    if (count > 0) block.id = `${block.id}-${count + 1}`;
  }
  return blocks;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/;

/** **bold** and [text](href) inside one paragraph or list item. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    if (match[1] !== undefined) out.push(<strong key={key++}>{match[1]}</strong>);
    else if (SAFE_LINK.test(match[3])) out.push(<a key={key++} href={match[3]}>{match[2]}</a>);
    else out.push(match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function MarkdownBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (block.kind === 'h2') return <h2 key={index} id={block.id} className="scroll-mt-24">{renderInline(block.text)}</h2>;
        if (block.kind === 'h3') return <h3 key={index} id={block.id} className="scroll-mt-24">{renderInline(block.text)}</h3>;
        if (block.kind === 'p') return <p key={index}>{renderInline(block.text)}</p>;
        if (block.kind !== 'ul' && block.kind !== 'ol') return null;
        const List = block.kind;
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Fragment>{renderInline(item)}</Fragment>
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
