import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { JobQueue } from './job-queue';

const QUEUE_NAME = 'generation';
/** How long a request waits for Redis to take a task before it is told the service is down. */
const ENQUEUE_TIMEOUT_MS = 3000;

/** Rejects after `ms`: ioredis keeps commands while it reconnects, which would hold a request forever. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The generation queue on Redis (REDIS_URL), shared by every API and worker process. The job id
 * is the task id, so a task waiting or running is never queued twice; finished jobs are removed
 * so a recovered task can be queued again. Delivery is at least once; the handler is idempotent.
 */
export function createBullQueue(options: { redisUrl: string; concurrency: number; prefix?: string; enqueueTimeoutMs?: number }): JobQueue {
  const enqueueTimeoutMs = options.enqueueTimeoutMs ?? ENQUEUE_TIMEOUT_MS;
  const connection: ConnectionOptions = { url: options.redisUrl, maxRetriesPerRequest: null, enableOfflineQueue: true };
  const prefix = options.prefix ?? 'studio';
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  // A lost Redis connection must not crash the process; the client reconnects by itself.
  queue.on('error', () => {});
  let worker: Worker | null = null;
  let running = 0;

  return {
    async enqueue(taskId) {
      // A task whose add timed out may still reach Redis when it returns; the handler then finds
      // the task already failed (refunded) and leaves it.
      await within(queue.add('generate', { taskId }, { jobId: taskId, removeOnComplete: true, removeOnFail: true, attempts: 1 }), enqueueTimeoutMs, 'enqueue');
    },
    async check() {
      await within(queue.getWaitingCount(), enqueueTimeoutMs, 'count');
    },
    start(handler) {
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          running += 1;
          try {
            await handler(String(job.data.taskId));
          } finally {
            running -= 1;
          }
        },
        // A worker renews its lock every 15 s while it draws; one that dies lets its task go after
        // 30 s, and the others look for such tasks every 15 s: a page whose worker was killed is
        // taken over within about 45 s (60 s and BullMQ's 30 s check made it 60–90 s).
        { connection, prefix, concurrency: options.concurrency, lockDuration: 30_000, stalledInterval: 15_000 },
      );
      worker.on('error', () => {});
    },
    pending: () => running,
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
