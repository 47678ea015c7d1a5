import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@studio/contracts/auth';
import { ok } from '@studio/contracts/envelope';
import { ErrorCode } from '@studio/contracts/errors';
import { apiPaths } from '@studio/contracts/routes';

export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

export interface ReadinessCheck {
  status: 'ok' | 'down';
  /** How long the dependency took to answer (or to be given up on), in ms. */
  latencyMs: number;
}

/** Runs one dependency check with a deadline, so a hung dependency answers "down" in 2 s. */
async function runCheck(check: HealthCheck['check']): Promise<ReadinessCheck & { error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` is liveness: the process serves requests (a supervisor restarts it otherwise).
 * `/readyz` is readiness: every dependency (database, queue, storage) answers, each with its
 * latency; 503 when one is down, so a load balancer sends traffic elsewhere.
 */
export async function healthRoutes(app: FastifyInstance, options: { checks: HealthCheck[]; clientConfig: ClientConfig }): Promise<void> {
  app.get(apiPaths.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ alive: true, uptimeSeconds: Math.round(process.uptime()) });
  });

  app.get(apiPaths.ready, async (_request, reply) => {
    const results = await Promise.all(options.checks.map(async ({ name, check }) => [name, await runCheck(check)] as const));
    // The answer is public: it says what is down, the log says why (addresses, messages).
    for (const [name, result] of results) if (result.error) app.log.warn({ check: name, latencyMs: result.latencyMs, err: result.error }, 'readiness check failed');
    const checks = Object.fromEntries(results.map(([name, { status, latencyMs }]) => [name, { status, latencyMs }] satisfies [string, ReadinessCheck]));
    const ready = results.every(([, result]) => result.status === 'ok');
    reply.header('cache-control', 'no-store');
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'success' : 'error',
      data: { ready, checks },
      errorCode: ready ? null : ErrorCode.serviceUnavailable,
      message: ready ? 'ok' : `not ready: ${results.filter(([, r]) => r.status === 'down').map(([name]) => name).join(', ')}`,
    });
  });

  app.get(apiPaths.clientConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return ok(options.clientConfig);
  });
}
