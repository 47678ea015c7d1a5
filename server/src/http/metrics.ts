import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge as PromGauge, Histogram, Registry } from 'prom-client';
import { METRICS_PATH } from './metrics-access';

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TASK_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120];

/**
 * One app's metrics, in a registry of its own (tests run many apps in one process): HTTP traffic
 * by route pattern, page-making times and failures, refunds, the process's own figures.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const taskDuration = new Histogram({
    name: 'generation_task_duration_seconds',
    help: 'Time from claiming a task to its end, by type and outcome, in the process that ran it.',
    labelNames: ['type', 'outcome'],
    buckets: TASK_BUCKETS,
    registers: [registry],
  });
  const taskFailures = new Counter({
    name: 'generation_failures_total',
    help: 'Failed pages by type and error code (4008: the image model failed after its retries; 4009: timed out; 503: a dependency was down).',
    labelNames: ['type', 'code'],
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'generation_refunds_total',
    help: 'Generations refunded by error code, in this process.',
    labelNames: ['code'],
    registers: [registry],
  });
  return {
    registry,
    observeTask(type: string, outcome: 'completed' | 'failed', seconds: number, code: number | null = null) {
      taskDuration.observe({ type, outcome }, seconds);
      if (outcome === 'failed') taskFailures.inc({ type, code: String(code ?? 'unknown') });
    },
    countRefund(code: number) {
      refunds.inc({ code: String(code) });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

export interface Gauge {
  name: string;
  help: string;
  /** The label the keys of a record answer go under. */
  label?: string;
  read(): Promise<Record<string, number> | number>;
}

/**
 * Prometheus metrics at /metrics (who may read them: metrics-access.ts), through prom-client:
 * requests and their durations per route and status, page-making times and failures, refunds,
 * default process metrics, plus the gauges the app registers (queue depth, tasks by status,
 * credits), read at scrape time. Routes are the registered patterns (/api/images/:id), so ids
 * never explode the label set.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, gauges: Gauge[]) {
  const { registry } = metrics;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer.', labelNames: ['method', 'route'], buckets: REQUEST_BUCKETS, registers: [registry] });
  for (const gauge of gauges) {
    new PromGauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: [gauge.label ?? 'status'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const value = await gauge.read();
          if (typeof value === 'number') this.set(value);
          else for (const [key, n] of Object.entries(value)) this.set({ [gauge.label ?? 'status']: key }, n);
        } catch {
          // A gauge whose source is down is left out; /readyz reports the outage.
        }
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
