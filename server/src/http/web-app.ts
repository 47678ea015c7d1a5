import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ErrorCode } from '@studio/contracts/errors';
import { createResponseCache } from './response-cache';
import { injectMeta, type PageMeta } from './seo/page-meta';

const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every other page
 * path (the client routes), with <html lang> already set from the /zh or /ja prefix.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  options: {
    distDir: string;
    metaFor: (pathname: string) => Promise<PageMeta>;
    renderPage?: (pathname: string, template: string) => Promise<string | null>;
    /**
     * The token a page's HTML is kept under (response-cache.ts): its data's version. Without it
     * every page is built on every request.
     */
    pageVersion?: (pathname: string) => Promise<string>;
  },
): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Public entry pages rendered at build time (web/scripts/prerender.mjs) paint before any script runs.
  const prerendered = loadPrerendered(path.join(options.distDir, 'prerendered'));
  // Only pages that were found (200) are kept; a budget of some thousands of pages.
  const pages = createResponseCache({ maxEntries: 4000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 });

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own cache headers below; the plugin's default (max-age=0) would replace them.
    cacheControl: false,
    // The web build writes .br and .gz next to each asset.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  // Browsers and crawlers that ask for the classic icon path get the site's SVG icon.
  app.get('/favicon.ico', (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));

  // The spec's second name of the pricing page, in every language, keeps its query.
  for (const prefix of ['', '/zh', '/ja']) {
    app.get(`${prefix}/pricing`, (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${prefix}/price${query}`, 301);
    });
  }

  // A catch-all GET route rather than a second not-found handler: the error handling already owns
  // the root not-found handler, and Fastify refuses a second one for the same prefix.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|files)(\/|$)/.test(pathname) && !/\.[a-z0-9]{2,5}$/i.test(pathname);
    if (!isPage) {
      return reply.status(404).send({ status: 'error', data: null, errorCode: ErrorCode.notFound, message: `No route for ${request.method} ${pathname}` });
    }
    // A page's HTML depends on its path and its data only (never on who asks), so each is built
    // once per data version and then served from memory, gzipped once, with a validator: a page
    // costs no query, rendering or compression while the library stays as it is (issue 40).
    const version = await options.pageVersion?.(pathname);
    const kept = version === undefined ? undefined : pages.get(pathname, version);
    reply.header('cache-control', 'no-cache');
    if (kept) return pages.send(request, reply, pathname, kept, HTML_TYPE);
    // Title, description, canonical, alternates and structured data are in the HTML itself, so
    // crawlers and link previews see them without running the app.
    const meta = await options.metaFor(pathname);
    // Build-time HTML for the entry pages; library pages rendered now with their data.
    const page = meta.status === 200 ? (prerendered.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? (await options.renderPage?.(pathname, indexHtml))) : undefined;
    const html = Buffer.from(injectMeta(page ?? indexHtml, meta));
    // A path that is not found now may be found later under the same token (a member's new page
    // has an id nobody asked for before, and it leaves the catalogue's token alone): never kept.
    if (meta.status !== 200 || version === undefined) {
      reply.status(meta.status).header('vary', 'accept-encoding').type(HTML_TYPE);
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    }
    return pages.send(request, reply, pathname, pages.set(pathname, version, html), HTML_TYPE);
  });
}

/** web/dist/prerendered/<path>.html by URL path ("/zh/login"; "index.html" is "/"). */
function loadPrerendered(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/').replace(/\.html$/, '');
    pages.set(relative === 'index' ? '/' : `/${relative.replace(/\/index$/, '')}`, readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return pages;
}
