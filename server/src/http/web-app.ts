import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@studio/contracts/errors';
import { injectMeta, type PageMeta } from './seo/page-meta';

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every other page
 * path (the client routes), with <html lang> already set from the /zh or /ja prefix.
 */
export async function webAppRoutes(app: FastifyInstance, options: { distDir: string; metaFor: (pathname: string) => Promise<PageMeta> }): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own cache headers below; the plugin's default (max-age=0) would replace them.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  // A catch-all GET route rather than a second not-found handler: the error handling already owns
  // the root not-found handler, and Fastify refuses a second one for the same prefix.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|files)(\/|$)/.test(pathname) && !/\.[a-z0-9]{2,5}$/i.test(pathname);
    if (!isPage) {
      return reply.status(404).send({ status: 'error', data: null, errorCode: ErrorCode.notFound, message: `No route for ${request.method} ${pathname}` });
    }
    // Title, description, canonical, alternates and structured data are in the HTML itself, so
    // crawlers and link previews see them without running the app.
    const meta = await options.metaFor(pathname);
    return reply.status(meta.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(injectMeta(indexHtml, meta));
  });
}
