import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { JobQueue } from './job-queue';

const QUEUE_NAME = 'generation';

/**
 * The generation queue on Redis (REDIS_URL), shared by every API and worker process. The job id
 * is the task id, so a task waiting or running is never queued twice; finished jobs are removed
 * so a recovered task can be queued again. Delivery is at least once; the handler is idempotent.
 */
export function createBullQueue(options: { redisUrl: string; concurrency: number; prefix?: string }): JobQueue {
  const connection: ConnectionOptions = { url: options.redisUrl, maxRetriesPerRequest: null, enableOfflineQueue: true };
  const prefix = options.prefix ?? 'studio';
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  // A lost Redis connection must not crash the process; the client reconnects by itself.
  queue.on('error', () => {});
  let worker: Worker | null = null;
  let running = 0;

  return {
    async enqueue(taskId) {
      await queue.add('generate', { taskId }, { jobId: taskId, removeOnComplete: true, removeOnFail: true, attempts: 1 });
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
        { connection, prefix, concurrency: options.concurrency, lockDuration: 60_000 },
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
