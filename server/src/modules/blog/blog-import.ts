import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LANGUAGES, type Language, type Localized } from '@studio/contracts/constants';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { htmlToText, sanitizeBlogHtml } from './sanitize-html';

const frontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  lang: z.enum(LANGUAGES),
  title: z.string().min(1),
  author: z.string().min(1),
  published_date: z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString()),
  status: z.enum(['published', 'draft']).default('published'),
  excerpt: z.string().optional(),
  meta_title: z.string().optional(),
  meta_description: z.string().optional(),
  featured_image: z.string().optional(),
});

export interface ParsedPost {
  frontMatter: z.infer<typeof frontMatterSchema>;
  html: string;
  source: string;
}

/** Splits `---\nyaml\n---\nmarkdown` and renders the Markdown to sanitised HTML. */
export function parsePostFile(source: string, fileName: string): ParsedPost {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${fileName}: missing front matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1]));
  if (!parsed.success) throw new Error(`${fileName}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const html = sanitizeBlogHtml(marked.parse(match[2], { async: false, gfm: true }) as string);
  return { frontMatter: parsed.data, html, source };
}

/**
 * Imports content/blog/**.md (one file per post and language) into blog_posts. Idempotent: an
 * unchanged post is left alone, a changed one is updated in place.
 */
export async function importBlogPosts(db: Kysely<Database>, dir: string): Promise<{ imported: number; unchanged: number }> {
  let files: string[];
  try {
    files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.md')).sort();
  } catch {
    return { imported: 0, unchanged: 0 };
  }
  const bySlug = new Map<string, Map<Language, ParsedPost>>();
  for (const file of files) {
    const post = parsePostFile(await readFile(path.join(dir, file), 'utf8'), file);
    const langs = bySlug.get(post.frontMatter.slug) ?? new Map<Language, ParsedPost>();
    langs.set(post.frontMatter.lang, post);
    bySlug.set(post.frontMatter.slug, langs);
  }
  let imported = 0;
  let unchanged = 0;
  for (const [slug, langs] of bySlug) {
    const base = langs.get('en') ?? [...langs.values()][0];
    // A language without its own file shows the English text rather than nothing.
    const pick = (field: (p: ParsedPost) => string): Localized =>
      Object.fromEntries(LANGUAGES.map((lang) => [lang, field(langs.get(lang) ?? base)])) as Localized;
    const hash = createHash('sha256').update([...langs.values()].map((p) => p.source).join('\n\u0000')).digest('hex');
    const existing = await db.selectFrom('blog_posts').select(['id', 'source_hash']).where('slug', '=', slug).executeTakeFirst();
    if (existing?.source_hash === hash) {
      unchanged += 1;
      continue;
    }
    const excerptOf = (p: ParsedPost) => p.frontMatter.excerpt ?? htmlToText(p.html).slice(0, 220);
    const values = {
      status: base.frontMatter.status,
      author: base.frontMatter.author,
      published_date: base.frontMatter.published_date,
      featured_image: base.frontMatter.featured_image ?? null,
      title: JSON.stringify(pick((p) => p.frontMatter.title)),
      content: JSON.stringify(pick((p) => p.html)),
      excerpt: JSON.stringify(pick(excerptOf)),
      meta_title: JSON.stringify(pick((p) => p.frontMatter.meta_title ?? p.frontMatter.title)),
      meta_description: JSON.stringify(pick((p) => p.frontMatter.meta_description ?? excerptOf(p).slice(0, 160))),
      source_hash: hash,
      updated_at: nowIso(),
    };
    if (existing) await db.updateTable('blog_posts').set(values).where('id', '=', existing.id).execute();
    else await db.insertInto('blog_posts').values({ id: newId(), slug, ...values }).execute();
    imported += 1;
  }
  return { imported, unchanged };
}
