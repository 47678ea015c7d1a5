import { apiPaths } from '@studio/contracts/routes';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { blogQuerySchema, type BlogListDto, type BlogPostDto, type BlogQuery } from '@studio/contracts/blog';
import { ok } from '@studio/contracts/envelope';
import type { Database } from '../../db/schema';
import { createResponseCache } from '../../http/response-cache';
import { parse } from '../../http/validation';
import { sanitizeBlogHtml } from './sanitize-html';
import { columnContains } from '../../lib/text-search';
import { parseLocalized } from '../../db/localized';

/** Published posts only: there is no admin role, so nobody outside sees drafts. */
export async function listPosts(db: Kysely<Database>, query: BlogQuery, publicUrl: string): Promise<BlogListDto> {
  let base = db.selectFrom('blog_posts').where('status', '=', 'published').where('published_date', '<=', new Date().toISOString());
  // The public sees published posts only: asking for another status finds nothing.
  if (query.status) base = base.where('status', '=', query.status);
  if (query.postId) base = base.where('id', '=', query.postId);
  if (query.slug) base = base.where('slug', '=', query.slug);
  if (query.author) base = base.where('author', '=', query.author);
  if (query.search) {
    const text = query.search;
    base = base.where((eb) => eb.or([columnContains('title', text), columnContains('excerpt', text)]));
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(query.sortBy, query.sortOrder)
      .orderBy('slug')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
    base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const pick = (json: string) => parseLocalized(json)[query.lang];
  const posts: BlogPostDto[] = rows.map((row) => ({
    post_id: row.id,
    slug: row.slug,
    title: pick(row.title),
    content: sanitizeBlogHtml(pick(row.content)),
    excerpt: pick(row.excerpt),
    meta_title: pick(row.meta_title),
    meta_description: pick(row.meta_description),
    featured_image: row.featured_image ? (/^https?:\/\//.test(row.featured_image) ? row.featured_image : `${publicUrl}${row.featured_image.startsWith('/') ? '' : '/'}${row.featured_image}`) : null,
    author: row.author,
    published_date: row.published_date,
    status: row.status,
    lang: query.lang,
  }));
  return { posts, total: Number(total.n), currentPage: query.currentPage, pageSize: query.pageSize };
}

export async function blogRoutes(app: FastifyInstance, options: { db: Kysely<Database>; publicUrl: string; blogVersion: () => Promise<string> }): Promise<void> {
  // Published posts are the same for everyone: an answer is built (queried and sanitized) once per
  // URL and blog version, then served from memory with a validator.
  const answers = createResponseCache({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 });
  app.get(apiPaths.blogPosts, async (request, reply) => {
    const query = parse(blogQuerySchema, request.query);
    const version = await options.blogVersion();
    const body = answers.get(request.url, version) ?? answers.set(request.url, version, Buffer.from(JSON.stringify(ok(await listPosts(options.db, query, options.publicUrl)))));
    reply.header('cache-control', 'public, max-age=300');
    return answers.send(request, reply, request.url, body, 'application/json; charset=utf-8');
  });
}
