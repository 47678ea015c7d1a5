import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from './metrics-access';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TASK_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120];

type Histogram = { buckets: number[]; sum: number; count: number };

function observe(histograms: Map<string, Histogram>, key: string, bounds: number[], seconds: number): void {
  const histogram = histograms.get(key) ?? { buckets: bounds.map(() => 0), sum: 0, count: 0 };
  bounds.forEach((bound, i) => {
    if (seconds <= bound) histogram.buckets[i] += 1;
  });
  histogram.sum += seconds;
  histogram.count += 1;
  histograms.set(key, histogram);
}

function histogramLines(name: string, help: string, histograms: Map<string, Histogram>, bounds: number[]): string[] {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
  for (const [labels, h] of histograms) {
    bounds.forEach((bound, i) => lines.push(`${name}_bucket{${labels},le="${bound}"} ${h.buckets[i]}`));
    lines.push(`${name}_bucket{${labels},le="+Inf"} ${h.count}`);
    lines.push(`${name}_sum{${labels}} ${h.sum.toFixed(6)}`, `${name}_count{${labels}} ${h.count}`);
  }
  return lines;
}

/** Page-making times by type and outcome, in the process that made them (a worker when scaled out). */
export function createTaskMetrics() {
  const histograms = new Map<string, Histogram>();
  return {
    observe(type: string, outcome: 'completed' | 'failed', seconds: number) {
      observe(histograms, `type="${type}",outcome="${outcome}"`, TASK_BUCKETS, seconds);
    },
    lines: () => histogramLines('generation_task_duration_seconds', 'Time from claiming a task to its end, by type and outcome.', histograms, TASK_BUCKETS),
  };
}
export type TaskMetrics = ReturnType<typeof createTaskMetrics>;

export interface Gauge {
  name: string;
  help: string;
  /** The label the keys of a record answer go under. */
  label?: string;
  read(): Promise<Record<string, number> | number>;
}

/**
 * Prometheus text metrics at /metrics (who may read them: metrics-access.ts): requests and their durations per route and status, page-making
 * times by outcome, plus whatever gauges the app registers (queue depth, tasks by status, credits). Routes are the registered
 * patterns (/api/images/:id), so ids never explode the label set.
 */
export function registerMetrics(app: FastifyInstance, gauges: Gauge[], taskMetrics?: TaskMetrics) {
  const counts = new Map<string, number>();
  const histograms = new Map<string, Histogram>();

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const key = `method="${request.method}",route="${route}",status="${reply.statusCode}"`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    observe(histograms, `method="${request.method}",route="${route}"`, BUCKETS, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (_request, reply) => {
    const lines: string[] = [];
    lines.push('# HELP http_requests_total HTTP requests answered.', '# TYPE http_requests_total counter');
    for (const [labels, value] of counts) lines.push(`http_requests_total{${labels}} ${value}`);
    lines.push(...histogramLines('http_request_duration_seconds', 'Time to answer.', histograms, BUCKETS));
    if (taskMetrics) lines.push(...taskMetrics.lines());
    const memory = process.memoryUsage();
    lines.push('# HELP process_resident_memory_bytes Resident memory.', '# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${memory.rss}`);
    for (const gauge of gauges) {
      lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      try {
        const value = await gauge.read();
        if (typeof value === 'number') lines.push(`${gauge.name} ${value}`);
        else for (const [key, n] of Object.entries(value)) lines.push(`${gauge.name}{${gauge.label ?? 'status'}="${key}"} ${n}`);
      } catch {
        // A gauge whose source is down is left out; /healthz reports the outage.
      }
    }
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return `${lines.join('\n')}\n`;
  });
}
