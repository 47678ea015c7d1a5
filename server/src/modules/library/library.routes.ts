import type { FastifyInstance } from 'fastify';
import { ok } from '@studio/contracts/envelope';
import { imagesQuerySchema } from '@studio/contracts/images';
import { parse } from '../../http/validation';
import type { LibraryService } from './library.service';

export async function libraryRoutes(app: FastifyInstance, options: { library: LibraryService }): Promise<void> {
  const { library } = options;

  app.get('/api/images', async (request, reply) => {
    const query = parse(imagesQuerySchema, request.query);
    reply.header('cache-control', 'public, max-age=60');
    return ok(await library.search(query));
  });

  app.get('/api/images/categories', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(await library.categories());
  });

  app.get<{ Params: { category: string } }>('/api/images/categories/:category', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(await library.category(request.params.category));
  });

  app.get('/api/images/count', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return ok(await library.count());
  });
}
