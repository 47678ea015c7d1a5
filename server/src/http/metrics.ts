import type { FastifyInstance } from 'fastify';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus text metrics at /metrics: requests and their durations per route and status, plus
 * whatever gauges the app registers (queue depth, tasks by status). Routes are the registered
 * patterns (/api/images/:id), so ids never explode the label set.
 */
export function registerMetrics(app: FastifyInstance, gauges: { name: string; help: string; read(): Promise<Record<string, number> | number> }[]) {
  const counts = new Map<string, number>();
  const histograms = new Map<string, { buckets: number[]; sum: number; count: number }>();

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const key = `method="${request.method}",route="${route}",status="${reply.statusCode}"`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    const hKey = `method="${request.method}",route="${route}"`;
    const histogram = histograms.get(hKey) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) histogram.buckets[i] += 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    histograms.set(hKey, histogram);
  });

  app.get('/metrics', async (_request, reply) => {
    const lines: string[] = [];
    lines.push('# HELP http_requests_total HTTP requests answered.', '# TYPE http_requests_total counter');
    for (const [labels, value] of counts) lines.push(`http_requests_total{${labels}} ${value}`);
    lines.push('# HELP http_request_duration_seconds Time to answer.', '# TYPE http_request_duration_seconds histogram');
    for (const [labels, h] of histograms) {
      BUCKETS.forEach((bound, i) => lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${h.buckets[i]}`));
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${h.sum.toFixed(6)}`, `http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    const memory = process.memoryUsage();
    lines.push('# HELP process_resident_memory_bytes Resident memory.', '# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${memory.rss}`);
    for (const gauge of gauges) {
      lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      try {
        const value = await gauge.read();
        if (typeof value === 'number') lines.push(`${gauge.name} ${value}`);
        else for (const [label, n] of Object.entries(value)) lines.push(`${gauge.name}{status="${label}"} ${n}`);
      } catch {
        // A gauge whose source is down is left out; /healthz reports the outage.
      }
    }
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return `${lines.join('\n')}\n`;
  });
}
