import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@studio/contracts/envelope';
import { examplesQuerySchema, imagesQuerySchema, type ImagesQuery } from '@studio/contracts/images';
import { createResponseCache } from '../../http/response-cache';
import { parse } from '../../http/validation';
import type { ImagesVersionReader } from './images-version';
import type { LibraryService } from './library.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Which token a search's answer is kept under (images-version.ts): one a member's new page cannot
 * change (within one category, or one page by its id) is kept under the catalogue's, which new
 * pages leave alone; any other search under the images token.
 */
function scopeOf(query: ImagesQuery): 'catalogue' | 'images' {
  if (query.categoryId) return 'catalogue';
  if (query.imageId && !query.isRelated) return 'catalogue';
  return 'images';
}

export async function libraryRoutes(app: FastifyInstance, options: { library: LibraryService; imagesVersion: ImagesVersionReader; catalogueVersion: ImagesVersionReader }): Promise<void> {
  const { library } = options;
  // Searches depend on nothing but their URL and the data (not on who asks), so every visitor
  // asking for a list shares one answer until the images change.
  const answers = createResponseCache({ maxEntries: 5000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 });

  async function sendShared(
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<unknown>,
    how: { scope: 'catalogue' | 'images'; cacheControl: string; keep?: (answer: unknown) => boolean },
  ) {
    const version = await (how.scope === 'catalogue' ? options.catalogueVersion() : options.imagesVersion());
    // The scope is part of the key: an answer never moves from one token to the other.
    const key = `${how.scope} ${request.url}`;
    let body = answers.get(key, version);
    if (!body) {
      const answer = await build();
      const json = Buffer.from(JSON.stringify(ok(answer)));
      body = how.keep && !how.keep(answer) ? { json, etag: '' } : answers.set(key, version, json);
    }
    reply.header('cache-control', how.cacheControl);
    if (!body.etag) return reply.type(JSON_TYPE).send(body.json);
    return answers.send(request, reply, key, body, JSON_TYPE);
  }

  app.get('/api/images', (request, reply) => {
    const query = parse(imagesQuerySchema, request.query);
    const scope = scopeOf(query);
    return sendShared(request, reply, () => library.search(query), {
      scope,
      cacheControl: 'public, max-age=60',
      // A page asked for by an id nobody has yet may be drawn with that id later (a new page
      // leaves the catalogue's token alone), so "not found" is never kept under it.
      keep: (answer) => scope !== 'catalogue' || !query.imageId || (answer as { total: number }).total > 0,
    });
  });

  app.get('/api/images/examples', (request, reply) =>
    sendShared(request, reply, () => library.examples(parse(examplesQuerySchema, request.query).type), { scope: 'images', cacheControl: 'public, max-age=60' }),
  );

  app.get('/api/images/count', (request, reply) => sendShared(request, reply, () => library.count(), { scope: 'images', cacheControl: 'public, max-age=60' }));

  // Browsers ask again each time ("no-cache"; a list kept for minutes showed a first visitor "the
  // library is being drawn" long after it was there), with the validator, so an answer they hold
  // costs a 304. New members' pages have no category and leave these answers alone.
  app.get('/api/images/categories', (request, reply) => sendShared(request, reply, () => library.categories(), { scope: 'catalogue', cacheControl: 'no-cache' }));

  app.get<{ Params: { category: string } }>('/api/images/categories/:category', (request, reply) =>
    sendShared(request, reply, () => library.category(request.params.category), { scope: 'catalogue', cacheControl: 'no-cache' }),
  );
}
