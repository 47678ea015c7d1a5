import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, ErrorCode } from '@studio/contracts/errors';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics, whatever serves it: nobody when METRICS_TOKEN is unset (404, as if there
 * were no such route), else whoever sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 * The counters are business figures (credits bought, sign-ups, traffic), not for every visitor.
 */
export function guardMetrics(app: FastifyInstance, token: string | null): void {
  const expected = token ? digest(token) : null;
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== METRICS_PATH) return;
    if (!expected) return reply.callNotFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths for timingSafeEqual, and the time says nothing about the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(ErrorCode.unauthorized);
    }
  });
}
