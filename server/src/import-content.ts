import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './app';
import { importBlogPosts } from './modules/blog/blog-import';

/** content/ at the repository root, from the source tree or the server bundle. */
export function contentDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../content'), path.resolve(here, '../content'), path.resolve('content')]) {
    if (existsSync(candidate)) return candidate;
  }
  return path.resolve('content');
}

/** What start-up imports from content/: blog posts (idempotent; unchanged posts are skipped). */
export async function importContent(deps: Pick<AppDeps, 'db' | 'logger'>, dir: string): Promise<void> {
  const blog = await importBlogPosts(deps.db.kysely, path.join(dir, 'blog'));
  if (blog.imported > 0) deps.logger.info(blog, 'blog posts imported');
}
