import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { ok } from '@studio/contracts/envelope';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { downloadQuerySchema, imageVisibilityRequestSchema, reportRequestSchema, userImagesQuerySchema } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, bearerToken, requireAuth, type SessionCheck } from '../../http/authenticate';
import { sendStoredFile } from '../../http/send-stored-file';
import { parse } from '../../http/validation';
import type { ImagesService } from './images.service';
import type { PacksService } from '../packs/packs.service';
import { attachment } from '../../http/content-disposition';

/** Downloads with a name one client may ask for in a minute: a class of 30 names, one page each. */
export const NAMED_DOWNLOADS_PER_MINUTE = 30;

const asksForName = (request: FastifyRequest) => {
  const { name } = request.query as { name?: unknown };
  return name !== undefined && String(name).trim() !== '';
};

/** A page PDF for a reader of Chinese or Japanese: drawn on the fly with its title and credit in that language (decision 071). */
const readerPdfLang = (query: { format: string; variant?: string; lang?: unknown }): 'zh' | 'ja' | null =>
  query.format === 'pdf' && (query.variant ?? 'page') === 'page' && (query.lang === 'zh' || query.lang === 'ja') ? query.lang : null;

/** Downloads drawn for their request alone: counted on their own, against a lower limit. */
const asksForDrawing = (request: FastifyRequest) => asksForName(request) || readerPdfLang(request.query as { format: string }) !== null;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function imagesRoutes(app: FastifyInstance, options: { images: ImagesService; checkAccessToken: SessionCheck; namedDownload: PacksService['namedDownload']; readerPdf: PacksService['readerPdf'] }): Promise<void> {
  const { images, checkAccessToken } = options;
  const signedIn = requireAuth(checkAccessToken);
  /** Downloads work signed out; a valid token additionally opens the viewer's private pages. */
  const viewerOf = async (request: Parameters<typeof authOf>[0]) => {
    const token = bearerToken(request);
    if (!token) return null;
    return (await checkAccessToken(token)).userId;
  };

  app.get(apiPaths.userImages, { preHandler: signedIn }, async (request) => {
    const query = parse(userImagesQuerySchema, request.query);
    return ok(await images.listMine(authOf(request).userId, query));
  });

  // Answers per viewer (an owner's private page): never shared by a cache.
  app.get<{ Params: { id: string } }>('/api/images/:id', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await images.viewable(await viewerOf(request), request.params.id));
  });

  app.patch<{ Params: { id: string } }>('/api/images/:id', { preHandler: signedIn }, async (request) => {
    const input = parse(imageVisibilityRequestSchema, request.body);
    return ok(await images.setVisibility(authOf(request).userId, request.params.id, input.isPublic), input.isPublic ? 'Shared' : 'Private');
  });

  app.delete<{ Params: { id: string } }>('/api/images/:id', { preHandler: signedIn }, async (request) => {
    await images.deleteMine(authOf(request).userId, request.params.id);
    return ok(null, 'Deleted');
  });

  app.post(apiPaths.report, { preHandler: signedIn, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const input = parse(reportRequestSchema, request.body);
    await images.report(authOf(request).userId, input);
    return ok(null, 'Thank you, we will review this image');
  });

  // A download may draw a PDF on the fly: limited per client like every costly route. One with a
  // name is drawn for that request alone (a tenth of a second of CPU), so it is counted on its own,
  // against a lower limit; a plain download does not use that up.
  const downloadLimit = {
    max: (request: FastifyRequest) => (asksForDrawing(request) ? NAMED_DOWNLOADS_PER_MINUTE : 120),
    keyGenerator: (request: FastifyRequest) => `${normalizeIP(request.ip)}${asksForDrawing(request) ? '/named' : ''}`,
    timeWindow: '1 minute',
  };
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/api/images/:id/download', { config: { rateLimit: downloadLimit } }, async (request, reply) => {
    const query = parse(downloadQuerySchema, request.query);
    // A colour-by-number sheet has its key where a name band would go: the name is for the page itself.
    if (query.name && query.variant !== 'page') throw new AppError(ErrorCode.invalidFormat, 'A name can be put on the page itself, not on a colour-by-number sheet');
    if (query.name) {
      // "Name on the page": drawn for this download (packs module), never stored.
      const named = await options.namedDownload(await viewerOf(request), request.params.id, { ...query, name: query.name, lang: request.query.lang });
      return reply.header('content-type', named.contentType).header('cache-control', 'private, no-store').header('content-disposition', attachment(named.fileName)).send(named.body);
    }
    const lang = readerPdfLang({ ...query, lang: request.query.lang });
    if (lang) {
      const drawn = await options.readerPdf(await viewerOf(request), request.params.id, { paper: query.paper, lang });
      return reply.header('content-type', drawn.contentType).header('cache-control', 'private, max-age=300').header('content-disposition', attachment(drawn.fileName)).send(drawn.body);
    }
    const file = await images.download(await viewerOf(request), request.params.id, { ...query, lang: request.query.lang });
    return sendStoredFile(reply, file, { cacheControl: 'private, max-age=300', downloadName: file.fileName });
  });

  app.get<{ Params: { id: string } }>('/api/images/:id/original', { preHandler: signedIn }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await images.original(authOf(request).userId, request.params.id));
  });

  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/api/images/:id/original/file', async (request, reply) => {
    const original = await images.originalFile(await viewerOf(request), request.params.id, request.query);
    if (original.file === null) return reply.header('cache-control', 'private, no-store').redirect(original.redirect, 302);
    return sendStoredFile(reply, original.file, { cacheControl: 'private, no-store', sameOrigin: true });
  });

  app.get<{ Params: { id: string; name: string }; Querystring: { exp?: string; sig?: string; v?: string } }>('/files/images/:id/:name', async (request, reply) => {
    const file = await images.imageFile(request.params.id, request.params.name, request.query);
    // A public page's URL carries the version of the page as drawn (image-files.ts): under the
    // current version its bytes never change, so it is cached for good and revalidates with a 304
    // (decision 078). Without it (an old link, a page stored before versions) a day.
    const current = file.version !== null && request.query.v === file.version;
    if (!current) return sendStoredFile(reply, file, { cacheControl: file.cacheable ? 'public, max-age=86400' : 'private, max-age=3600' });
    const etag = `W/"${file.version}-${request.params.name}"`;
    if (String(request.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === etag)) {
      file.body.destroy();
      return reply.header('etag', etag).header('cache-control', IMMUTABLE).status(304).send();
    }
    reply.header('etag', etag);
    return sendStoredFile(reply, file, { cacheControl: IMMUTABLE });
  });
}
