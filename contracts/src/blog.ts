import { z } from 'zod';

export const blogQuerySchema = z.object({
  postId: z.string().max(100).optional(),
  slug: z.string().max(200).optional(),
  status: z.string().max(20).optional(),
  author: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
  sortBy: z.enum(['published_date', 'title']).catch('published_date').default('published_date'),
  sortOrder: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  /** api-spec §7: the service defaults to Chinese; the web always sends the page's language. */
  lang: z.enum(['en', 'zh', 'ja']).catch('zh').default('zh'),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});
export type BlogQuery = z.infer<typeof blogQuerySchema>;

export interface BlogPostDto {
  post_id: string;
  slug: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  featured_image: string | null;
  author: string;
  published_date: string;
  status: string;
  lang: 'en' | 'zh' | 'ja';
}

export interface BlogListDto {
  posts: BlogPostDto[];
  total: number;
  currentPage: number;
  pageSize: number;
}
