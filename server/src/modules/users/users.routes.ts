import type { FastifyInstance } from 'fastify';
import { updateProfileRequestSchema } from '@studio/contracts/auth';
import { AVATAR_MAX_BYTES } from '@studio/contracts/constants';
import { ok } from '@studio/contracts/envelope';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, requireAuth, type SessionCheck } from '../../http/authenticate';
import { parse } from '../../http/validation';
import type { UsersService } from './users.service';

export async function usersRoutes(app: FastifyInstance, options: { users: UsersService; checkAccessToken: SessionCheck }): Promise<void> {
  const { users } = options;
  const signedIn = requireAuth(options.checkAccessToken);

  app.get(apiPaths.profile, { preHandler: signedIn }, async (request) => {
    return ok({ user: await users.profile(authOf(request).userId) });
  });

  // A password change hashes with argon2 and an avatar is re-encoded: both limited per client.
  app.put(apiPaths.updateProfile, { preHandler: signedIn, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const input = parse(updateProfileRequestSchema, request.body);
    return ok({ user: await users.update(authOf(request), input) }, 'Profile updated');
  });

  app.post(apiPaths.avatar, { preHandler: signedIn, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError(ErrorCode.uploadRejected, 'Expected a multipart upload', undefined, { httpStatus: 415 });
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError(ErrorCode.uploadRejected, 'No file was uploaded');
    const data = await file.toBuffer();
    return ok({ user: await users.setAvatar(authOf(request).userId, data) }, 'Avatar updated');
  });
}
