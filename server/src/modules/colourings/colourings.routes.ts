import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COLOURED_MAX_BYTES, colouredListQuerySchema, colouringPaths } from '@studio/contracts/colourings';
import { ok } from '@studio/contracts/envelope';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { authOf, bearerToken, requireAuth, type SessionCheck } from '../../http/authenticate';
import { sendStoredFile } from '../../http/send-stored-file';
import { parse } from '../../http/validation';
import type { ColouringsService } from './colourings.service';

export async function colouringsRoutes(app: FastifyInstance, options: { colourings: ColouringsService; checkAccessToken: SessionCheck; perMinute: number }): Promise<void> {
  const { colourings, checkAccessToken } = options;
  const signedIn = requireAuth(checkAccessToken);
  /** Signed out, a visitor colours public pages; a valid token also opens the viewer's private pages. */
  const viewerOf = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    return token ? (await checkAccessToken(token)).userId : null;
  };

  app.get<{ Params: { imageId: string } }>(colouringPaths.routes.page, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await colourings.page(await viewerOf(request), request.params.imageId));
  });

  app.get(colouringPaths.routes.list, { preHandler: signedIn }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await colourings.list(authOf(request).userId, parse(colouredListQuerySchema, request.query)));
  });

  // Each keep decodes two page-sized pictures and writes a PNG: limited per client like a generation.
  app.put<{ Params: { imageId: string } }>(colouringPaths.routes.kept, { preHandler: signedIn, config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(ErrorCode.uploadRejected, 'Expected a multipart upload with a PNG file', { file: 'colouring.errors.notPng' }, { httpStatus: 415 });
    const file = await request.file({ limits: { fileSize: COLOURED_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError(ErrorCode.uploadRejected, 'No file was uploaded', { file: 'colouring.errors.notPng' });
    const data = await file.toBuffer();
    const kept = await colourings.keep(authOf(request).userId, request.params.imageId, data);
    return reply.status(200).send(ok(kept, 'Kept in My creations'));
  });

  app.delete<{ Params: { imageId: string } }>(colouringPaths.routes.kept, { preHandler: signedIn }, async (request) => {
    await colourings.remove(authOf(request).userId, request.params.imageId);
    return ok(null, 'Deleted');
  });

  app.get<{ Params: { userId: string; name: string }; Querystring: { exp?: string; sig?: string } }>('/files/coloured/:userId/:name', async (request, reply) => {
    const file = await colourings.file(request.params.userId, request.params.name, request.query);
    return sendStoredFile(reply, file, { cacheControl: 'private, max-age=3600' });
  });
}
