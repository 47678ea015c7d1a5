import { apiPaths } from '@studio/contracts/routes';
import type { Language } from '@studio/contracts/constants';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const blogPostSchema = z.object({
  post_id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  featured_image: z.string().nullable(),
  author: z.string(),
  published_date: z.string(),
  status: z.string(),
  lang: z.enum(['en', 'zh', 'ja']),
});

export type BlogPost = z.infer<typeof blogPostSchema>;

const blogListSchema = z.object({
  posts: z.array(blogPostSchema),
  total: z.number().int().nonnegative(),
  currentPage: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type BlogList = z.infer<typeof blogListSchema>;

/** api-spec §9: the blog list shows 20 posts a page. */
export const BLOG_PAGE_SIZE = 20;

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
}

/** Published posts, newest first, in the page's language. */
export function fetchBlogPosts(lang: Language, currentPage: number, signal?: AbortSignal): Promise<BlogList> {
  const search = query({ lang, currentPage, pageSize: BLOG_PAGE_SIZE, sortBy: 'published_date', sortOrder: 'desc', status: 'published' });
  return apiRequest(`${apiPaths.blogPosts}?${search}`, { schema: blogListSchema, signal });
}

/** One published post by its slug, or null when there is none. */
export async function fetchBlogPost(lang: Language, slug: string, signal?: AbortSignal): Promise<BlogPost | null> {
  const search = query({ lang, slug, status: 'published', currentPage: 1, pageSize: 1 });
  const list = await apiRequest(`${apiPaths.blogPosts}?${search}`, { schema: blogListSchema, signal });
  return list.posts[0] ?? null;
}
