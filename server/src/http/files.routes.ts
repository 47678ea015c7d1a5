import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { Storage } from '../adapters/storage/storage';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** Public stored files. Keys hold a unique id, so a file never changes and caches for a year. */
export async function filesRoutes(app: FastifyInstance, options: { storage: Storage; publicKinds: string[] }): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    const kind = key.split('/')[0];
    if (!options.publicKinds.includes(kind) || !/^[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(key)) throw new AppError(ErrorCode.notFound);
    const file = await options.storage.stream(key);
    if (!file) throw new AppError(ErrorCode.notFound);
    const extension = key.split('.').pop() ?? '';
    reply.header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    reply.header('content-length', file.size);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (extension === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(file.body);
  });
}
