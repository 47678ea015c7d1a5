import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@studio/contracts/constants';
import type { CategoryDto, ImageListDto } from '@studio/contracts/images';
import { imagesQuerySchema } from '@studio/contracts/images';
import type { LibraryService } from '../modules/library/library.service';
import { splitLanguage } from './seo/page-meta';

/** What web/src/entry-prerender.tsx exports (built into web/dist-ssr by web/scripts/prerender.mjs). */
interface RenderedPage {
  url: string;
  html: string;
  lang: string;
  title: string;
  initialData: string | null;
}
interface WebRenderer {
  categoryPageSize: number;
  renderCategoryPage(lang: Language, param: string, category: CategoryDto, firstPage: ImageListDto): Promise<RenderedPage>;
  composeDocument(template: string, page: RenderedPage): string;
}

/**
 * Renders public library pages on the server with their real data (the category page: its
 * category and first images), so they paint, and read for crawlers, before any script runs.
 * Returns null for every other path, and when the web build has no server bundle or rendering
 * fails: the page is then served as the plain app shell, which the client renders.
 * The finished HTML is kept by the caller (web-app.ts) under the catalogue's version.
 */
export function createServerRenderer(deps: { distDir: string; library: LibraryService; log: FastifyBaseLogger }) {
  const entryFile = path.join(path.dirname(deps.distDir), 'dist-ssr', 'entry-prerender.js');
  let renderer: Promise<WebRenderer | null> | null = null;
  const load = () =>
    (renderer ??= existsSync(entryFile)
      ? (import(pathToFileURL(entryFile).href) as Promise<WebRenderer>).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'the server-rendering bundle could not be loaded; library pages render in the browser');
          return null;
        })
      : Promise.resolve(null));

  return async function render(pathname: string, template: string): Promise<string | null> {
    const { lang, path: page } = splitLanguage(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    const match = /^\/categories\/([^/]+)$/.exec(page);
    if (!match) return null;
    const web = await load();
    if (!web) return null;
    try {
      const param = decodeURIComponent(match[1]);
      const category = await deps.library.category(param);
      // The same query the category screen sends for its first page.
      const firstPage = await deps.library.search(imagesQuerySchema.parse({ categoryId: category.categoryId, currentPage: 1, pageSize: web.categoryPageSize }));
      const html = web.composeDocument(template, await web.renderCategoryPage(lang, param, category, firstPage));
      return html;
    } catch (error) {
      deps.log.warn({ err: error, pathname }, 'server rendering failed; the page renders in the browser');
      return null;
    }
  };
}
