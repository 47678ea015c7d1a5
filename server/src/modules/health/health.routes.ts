import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@studio/contracts/auth';
import { ok } from '@studio/contracts/envelope';
import { apiPaths } from '@studio/contracts/routes';

export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

/** `/healthz` answers 200 only when every dependency answers; a load balancer acts on it. */
export async function healthRoutes(app: FastifyInstance, options: { checks: HealthCheck[]; clientConfig: ClientConfig }): Promise<void> {
  app.get(apiPaths.health, async (_request, reply) => {
    const results: Record<string, 'ok' | 'down'> = {};
    await Promise.all(
      options.checks.map(async ({ name, check }) => {
        try {
          await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
          results[name] = 'ok';
        } catch {
          results[name] = 'down';
        }
      }),
    );
    const healthy = Object.values(results).every((value) => value === 'ok');
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'success' : 'error',
      data: { healthy, checks: results },
      errorCode: healthy ? null : 503,
      message: healthy ? 'ok' : 'degraded',
    });
  });

  app.get(apiPaths.clientConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return ok(options.clientConfig);
  });
}
