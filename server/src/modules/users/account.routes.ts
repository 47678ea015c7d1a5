import type { FastifyInstance } from 'fastify';
import { deleteAccountRequestSchema } from '@studio/contracts/account';
import { ok } from '@studio/contracts/envelope';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, requireAuth, type SessionCheck } from '../../http/authenticate';
import { parse } from '../../http/validation';
import type { AccountService } from './account.service';
import { attachment } from '../../http/content-disposition';

/** Limits of the account routes: a password check (argon2) per deletion, a whole account read per export. */
export const ACCOUNT_RATE_LIMITS = {
  deleteAccount: { max: 5, timeWindow: '1 minute' },
  exportData: { max: 5, timeWindow: '10 minutes' },
} as const;

export async function accountRoutes(app: FastifyInstance, options: { account: AccountService; checkAccessToken: SessionCheck }): Promise<void> {
  const { account } = options;
  const signedIn = requireAuth(options.checkAccessToken);

  app.post(apiPaths.deleteAccount, { preHandler: signedIn, config: { rateLimit: ACCOUNT_RATE_LIMITS.deleteAccount } }, async (request) => {
    const input = parse(deleteAccountRequestSchema, request.body);
    await account.deleteAccount(authOf(request).userId, input);
    return ok({ deleted: true as const }, 'Account deleted');
  });

  app.get(apiPaths.exportData, { preHandler: signedIn, config: { rateLimit: ACCOUNT_RATE_LIMITS.exportData } }, async (request, reply) => {
    const exported = await account.exportData(authOf(request).userId);
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment(exported.fileName))
      .send(exported.body);
  });
}
