import type { Kysely } from 'kysely';
import type { Localized } from '@studio/contracts/constants';
import type { Database } from '../../db/schema';
import { listPosts } from '../../modules/blog/blog.routes';
import { toImageDto } from '../../modules/images/image-dto';
import type { FileUrls } from '../../modules/images/image-files';
import type { SeoData } from './page-meta';
import { parseLocalized } from '../../db/localized';


/** SEO reads only public, online rows: a private page never reaches a meta tag or the sitemap. */
export function createSeoData(deps: { db: Kysely<Database>; urls: FileUrls; publicUrl: string }): SeoData {
  const { db, urls } = deps;
  const categoryRow = (value: string) =>
    db.selectFrom('categories').selectAll().where((eb) => eb.or([eb('slug', '=', value.toLowerCase()), eb('id', '=', value)])).executeTakeFirst();
  return {
    async category(slugOrId) {
      const row = await categoryRow(slugOrId);
      return row ? { slug: row.slug, displayName: parseLocalized(row.display_name), seoTitle: parseLocalized(row.seo_title), seoDesc: parseLocalized(row.seo_desc) } : null;
    },
    async image(slugOrId) {
      const row = await db
        .selectFrom('images')
        .selectAll()
        .where('is_public', '=', 1)
        .where('is_online', '=', 1)
        .where((eb) => eb.or([eb('id', '=', slugOrId), eb('id_tail', '=', slugOrId.slice(-8))]))
        .orderBy('id')
        .executeTakeFirst();
      if (!row) return null;
      const dto = toImageDto(row, urls);
      const category = row.category_id ? await db.selectFrom('categories').select('slug').where('id', '=', row.category_id).executeTakeFirst() : undefined;
      const description = Object.fromEntries(
        (['en', 'zh', 'ja'] as const).map((lang) => [lang, dto.description[lang] || dto.prompt[lang] || dto.title[lang]]),
      ) as Localized;
      return { id: dto.id, slug: dto.slug, title: dto.title, description, thumbnailUrl: dto.thumbnailUrl, coloringUrl: dto.coloringUrl, categorySlug: category?.slug ?? null, width: dto.dimensions.width, height: dto.dimensions.height };
    },
    async blogPost(slug, lang) {
      const { posts } = await listPosts(db, { slug, lang, sortBy: 'published_date', sortOrder: 'desc', currentPage: 1, pageSize: 1 }, deps.publicUrl);
      const post = posts[0];
      return post
        ? { title: post.meta_title || post.title, headline: post.title, description: post.meta_description || post.excerpt, image: post.featured_image, author: post.author, published: post.published_date }
        : null;
    },
  };
}
