import type { FastifyInstance } from 'fastify';
import { bookletQuerySchema } from '@studio/contracts/packs';
import { apiPaths } from '@studio/contracts/routes';
import { bearerToken, type SessionCheck } from '../../http/authenticate';
import { parse } from '../../http/validation';
import type { PacksService } from './packs.service';
import { attachment } from '../../http/content-disposition';

export async function packsRoutes(app: FastifyInstance, options: { packs: PacksService; checkAccessToken: SessionCheck }): Promise<void> {
  const { packs, checkAccessToken } = options;
  /** Library pages work signed out; a valid token also opens the viewer's own pages. */
  const viewerOf = async (request: Parameters<typeof bearerToken>[0]) => {
    const token = bearerToken(request);
    return token ? (await checkAccessToken(token)).userId : null;
  };

  // Up to 40 pages drawn on the fly: the costliest GET there is, limited harder than a download.
  app.get(apiPaths.booklet, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const query = parse(bookletQuerySchema, request.query);
    const booklet = await packs.booklet(await viewerOf(request), query);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', attachment(booklet.fileName));
    reply.header('cache-control', 'private, no-store');
    reply.header('x-booklet-pages', String(booklet.pages));
    return reply.send(booklet.body);
  });
}
