import { splitDescription } from './sections';

export interface InfoSection {
  heading: string | null;
  /** Plain text (from JSON or text) or HTML (from an HTML fragment). */
  body: string;
  html: boolean;
}

/**
 * An image's additional info (product-spec §3: localized, maybe a JSON string) as sections:
 * a JSON object gives one section per key, a JSON array one per item ({title, content} or text),
 * HTML with h2 headings splits at them, anything else is one untitled section.
 */
export function infoSections(raw: string | null | undefined): InfoSection[] {
  const text = (raw ?? '').trim();
  if (!text) return [];
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return fromJson(JSON.parse(text) as unknown);
    } catch {
      // not JSON after all: shown as text below
    }
  }
  if (/<[a-z][\s\S]*>/i.test(text)) {
    const split = splitDescription(text);
    const sections: InfoSection[] = split.intro ? [{ heading: null, body: split.intro, html: true }] : [];
    return sections.concat(split.sections.map((section) => ({ heading: section.heading, body: section.html, html: true })));
  }
  return [{ heading: null, body: text, html: false }];
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => `${key}: ${asText(child)}`)
    .join('; ');
}

function fromJson(value: unknown): InfoSection[] {
  if (Array.isArray(value)) {
    return value
      .map((item): InfoSection => {
        if (item && typeof item === 'object' && !Array.isArray(item)) {
          const record = item as Record<string, unknown>;
          const heading = asText(record.title ?? record.heading ?? record.name) || null;
          const body = asText(record.content ?? record.body ?? record.text ?? record.value);
          return { heading, body, html: false };
        }
        return { heading: null, body: asText(item), html: false };
      })
      .filter((section) => section.body || section.heading);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => ({ heading: key, body: asText(child), html: false }))
      .filter((section) => section.body);
  }
  const body = asText(value);
  return body ? [{ heading: null, body, html: false }] : [];
}
