import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { Storage } from '../adapters/storage/storage';
import { sendStoredFile } from './send-stored-file';

/** Public stored files. Keys hold a unique id, so a file never changes and caches for a year. */
export async function filesRoutes(app: FastifyInstance, options: { storage: Storage; publicKinds: string[] }): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    const kind = key.split('/')[0];
    if (!options.publicKinds.includes(kind) || !/^[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(key)) throw new AppError(ErrorCode.notFound);
    const file = await options.storage.stream(key);
    if (!file) throw new AppError(ErrorCode.notFound);
    return sendStoredFile(reply, { ...file, key }, { cacheControl: 'public, max-age=31536000, immutable' });
  });
}
