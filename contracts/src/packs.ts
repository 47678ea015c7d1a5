/**
 * Print packs (decision 032): the name line on a page and the booklet PDF. One schema each,
 * shared by the server's routes and the web's forms.
 */
import { z } from 'zod';

/** The most pages a booklet takes. */
export const BOOKLET_MAX_PAGES = 40;
/** The longest name line, in characters (code points). */
export const NAME_LINE_MAX = 40;
/** The longest booklet title, in characters. */
export const BOOKLET_TITLE_MAX = 80;
/** Pages a booklet of a category or a search takes when the builder does not say. */
export const BOOKLET_DEFAULT_PAGES = 12;

/** Control, format (bidi overrides, zero-width), private-use and lone surrogate characters, and line breaks. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u;

/** A line of text printed on the page: trimmed, NFC, printable, at most `max` characters; empty means none. */
const printedLine = (max: number, tooLong: string) =>
  z
    .string()
    .transform((value) => value.normalize('NFC').trim().replace(/ {2,}/g, ' '))
    .refine((value) => !UNPRINTABLE.test(value), 'validation.nameUnprintable')
    .refine((value) => [...value].length <= max, tooLong)
    .transform((value) => (value === '' ? undefined : value));

/** The name line ("Name on the page"): a child's name, a class, a title. */
export const nameLineField = printedLine(NAME_LINE_MAX, 'validation.nameTooLong');

const booleanish = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean());

/**
 * GET /api/packs/booklet. Exactly one source: `category` (its pages in the category's order),
 * `ids` (these pages, in this order), `query` (a library search, most relevant first) or
 * `mine` (the signed-in member's creations, newest first). `limit` takes the first pages of a
 * category, search or creations; without it they may not exceed BOOKLET_MAX_PAGES.
 */
export const bookletQuerySchema = z
  .object({
    category: z.string().trim().min(1).max(100).optional(),
    ids: z
      .string()
      .max(4000)
      .optional()
      .transform((value) => (value === undefined ? undefined : [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))]))
      .refine((ids) => ids === undefined || ids.length <= BOOKLET_MAX_PAGES, 'validation.bookletTooManyPages')
      .refine((ids) => ids === undefined || ids.every((id) => id.length <= 100), 'validation.invalid'),
    query: z.string().trim().min(1).max(200).optional(),
    mine: booleanish.optional(),
    limit: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(BOOKLET_MAX_PAGES, 'validation.bookletTooManyPages').optional(),
    paper: z.enum(['letter', 'a4'], { error: 'validation.invalid' }).optional(),
    perSheet: z.preprocess((value) => (value === undefined ? 1 : Number(value)), z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid' })),
    name: nameLineField.optional(),
    title: printedLine(BOOKLET_TITLE_MAX, 'validation.titleTooLong').optional(),
    lang: z.enum(['en', 'zh', 'ja']).catch('en').default('en'),
  })
  .superRefine((value, context) => {
    const sources = [value.category, value.ids, value.query, value.mine ? true : undefined].filter((source) => source !== undefined);
    if (sources.length !== 1) context.addIssue({ code: 'custom', path: ['source'], message: 'validation.bookletSource' });
  });
export type BookletQuery = z.output<typeof bookletQuerySchema>;
export type BookletQueryInput = { category?: string; ids?: string[]; query?: string; mine?: boolean; limit?: number; paper?: 'letter' | 'a4'; perSheet?: 1 | 2; name?: string; title?: string; lang?: 'en' | 'zh' | 'ja' };

/** The booklet's URL for a builder's choices (a plain link: the browser streams the download). */
export function bookletPath(input: BookletQueryInput): string {
  const params = new URLSearchParams();
  if (input.category) params.set('category', input.category);
  if (input.ids) params.set('ids', input.ids.join(','));
  if (input.query) params.set('query', input.query);
  if (input.mine) params.set('mine', '1');
  if (input.limit) params.set('limit', String(input.limit));
  if (input.paper) params.set('paper', input.paper);
  if (input.perSheet) params.set('perSheet', String(input.perSheet));
  if (input.name) params.set('name', input.name);
  if (input.title) params.set('title', input.title);
  if (input.lang) params.set('lang', input.lang);
  return `/api/packs/booklet?${params.toString()}`;
}

/** The booklet's file name: coloring-booklet-<title cleaned, 20 chars>-<pages>p.pdf (like downloadFileName); `fallback` when the title has no Latin letters. */
export function bookletFileName(title: string, pages: number, fallback = 'pages'): string {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 20).replace(/-+$/, '');
  return `coloring-booklet-${clean(title) || clean(fallback) || 'pages'}-${pages}p.pdf`;
}
