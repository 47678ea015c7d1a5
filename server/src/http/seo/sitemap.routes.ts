import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { imageSlug } from '@studio/contracts/images';
import type { Database } from '../../db/schema';
import { localizedPath } from './page-meta';

const STATIC_PATHS = ['/', '/categories', '/text-coloring-page', '/image-coloring-page', '/price', '/blog', '/privacy-policy', '/terms', '/refund-policy'];
const LANGS = ['en', 'zh', 'ja'] as const;
const MAX_URLS = 45_000;

const xml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** /sitemap.xml (every public page in the three languages, with alternates) and /robots.txt. */
export async function sitemapRoutes(app: FastifyInstance, options: { db: Kysely<Database>; publicUrl: string }): Promise<void> {
  const { db, publicUrl } = options;

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const privatePaths = ['/profile', '/creations', '/test-auth', '/login', '/register', '/forgot-password', '/reset-password'];
    const lines = ['User-agent: *', 'Disallow: /api/', ...LANGS.flatMap((lang) => privatePaths.map((p) => `Disallow: ${localizedPath(lang, p)}`)), `Sitemap: ${publicUrl}/sitemap.xml`];
    return `${lines.join('\n')}\n`;
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [categories, images, posts] = await Promise.all([
      db.selectFrom('categories').select(['id', 'slug']).orderBy('hotness', 'desc').execute(),
      db
        .selectFrom('images')
        .select(['id', 'title', 'category_id', 'created_at'])
        .where('is_public', '=', 1)
        .where('is_online', '=', 1)
        .orderBy('hotness', 'desc')
        .limit(Math.floor(MAX_URLS / 3))
        .execute(),
      db.selectFrom('blog_posts').select(['slug', 'updated_at']).where('status', '=', 'published').where('published_date', '<=', new Date().toISOString()).execute(),
    ]);
    const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
    const paths: { path: string; lastmod?: string }[] = [
      ...STATIC_PATHS.map((path) => ({ path })),
      ...categories.map((c) => ({ path: `/categories/${c.slug}` })),
      ...images.map((image) => {
        const slug = imageSlug((JSON.parse(image.title) as { en: string }).en, image.id);
        const category = image.category_id ? slugOf.get(image.category_id) : undefined;
        return { path: category ? `/categories/${category}/${slug}` : `/image/${slug}`, lastmod: image.created_at.slice(0, 10) };
      }),
      ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.updated_at.slice(0, 10) })),
    ];
    const entries = paths.flatMap(({ path, lastmod }) =>
      LANGS.map((lang) => {
        const alternates = LANGS.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt === 'zh' ? 'zh-Hans' : alt}" href="${xml(publicUrl + localizedPath(alt, path))}"/>`).join('');
        return `<url><loc>${xml(publicUrl + localizedPath(lang, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${xml(publicUrl + path)}"/></url>`;
      }),
    );
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  });
}
