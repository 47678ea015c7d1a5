import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@studio/contracts/envelope';
import { examplesQuerySchema, imagesQuerySchema } from '@studio/contracts/images';
import { createResponseCache } from '../../http/response-cache';
import { parse } from '../../http/validation';
import type { ImagesVersionReader } from './images-version';
import type { LibraryService } from './library.service';

/** Bodies under this size are sent as they are: gzip would save less than it costs. */
const GZIP_FROM_BYTES = 1024;

export async function libraryRoutes(app: FastifyInstance, options: { library: LibraryService; imagesVersion: ImagesVersionReader }): Promise<void> {
  const { library, imagesVersion } = options;
  // Searches depend on nothing but their URL and the data (not on who asks), so every visitor
  // asking for a list shares one answer until the images change.
  const answers = createResponseCache({ maxEntries: 5000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 });

  async function sendShared(request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>) {
    const version = await imagesVersion();
    const key = request.url;
    const body = answers.get(key, version) ?? answers.set(key, version, Buffer.from(JSON.stringify(ok(await build()))));
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding').header('cache-control', 'public, max-age=60');
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (acceptsGzip && body.json.length >= GZIP_FROM_BYTES) return reply.header('content-encoding', 'gzip').send(answers.gzip(key, body));
    return reply.send(body.json);
  }

  app.get('/api/images', (request, reply) => sendShared(request, reply, () => library.search(parse(imagesQuerySchema, request.query))));

  app.get('/api/images/examples', (request, reply) => sendShared(request, reply, () => library.examples(parse(examplesQuerySchema, request.query).type)));

  app.get('/api/images/count', (request, reply) => sendShared(request, reply, () => library.count()));

  // Browsers ask again each time (the server keeps the answer, library.service.ts): a list kept
  // for minutes showed a first visitor "the library is being drawn" long after it was there.
  app.get('/api/images/categories', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return ok(await library.categories());
  });

  app.get<{ Params: { category: string } }>('/api/images/categories/:category', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return ok(await library.category(request.params.category));
  });
}
