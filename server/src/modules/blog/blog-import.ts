import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LANGUAGES, type Language, type Localized } from '@studio/contracts/constants';
import type { Storage } from '../../adapters/storage/storage';
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
  /** The post's file, relative to the blog folder (its featured image is looked up beside it). */
  file?: string;
}

const IMAGE_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
const MAX_IMAGE_BYTES = 512 * 1024;

/**
 * A featured image given as a file beside the post ("cover.webp") is stored under
 * blog/<slug>-<hash>.<ext> and served from /files/; an absolute URL or path is kept as written.
 */
async function storeFeaturedImage(dir: string, post: ParsedPost, storage: Storage | undefined): Promise<{ url: string | null; hash: string }> {
  const value = post.frontMatter.featured_image;
  if (!value) return { url: null, hash: '' };
  if (/^https?:\/\//.test(value) || value.startsWith('/')) return { url: value, hash: value };
  const file = path.resolve(dir, path.dirname(post.file ?? ''), value);
  const ext = path.extname(file).toLowerCase();
  if (!file.startsWith(path.resolve(dir) + path.sep) || !IMAGE_TYPES[ext]) throw new Error(`${post.file}: featured_image must be a .webp, .png or .jpg file inside the blog folder`);
  const data = await readFile(file);
  if (data.length > MAX_IMAGE_BYTES) throw new Error(`${post.file}: featured_image is larger than ${MAX_IMAGE_BYTES / 1024} KB`);
  if (!storage) throw new Error(`${post.file}: a featured_image file needs storage to be imported`);
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `blog/${post.frontMatter.slug}-${hash.slice(0, 12)}${ext}`;
  // Written on every start (a few small files): storage may have been emptied while the database kept its rows.
  await storage.put(key, data, { contentType: IMAGE_TYPES[ext] });
  return { url: `/files/${key}`, hash };
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
export async function importBlogPosts(db: Kysely<Database>, dir: string, storage?: Storage): Promise<{ imported: number; unchanged: number }> {
  let files: string[];
  try {
    files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.md')).sort();
  } catch {
    return { imported: 0, unchanged: 0 };
  }
  const bySlug = new Map<string, Map<Language, ParsedPost>>();
  for (const file of files) {
    const post = { ...parsePostFile(await readFile(path.join(dir, file), 'utf8'), file), file };
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
    const image = await storeFeaturedImage(dir, base, storage);
    const hash = createHash('sha256').update([...langs.values()].map((p) => p.source).join('\n\u0000')).update(image.hash).digest('hex');
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
      featured_image: image.url,
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
