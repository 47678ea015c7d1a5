/**
 * Where generation tasks wait for a worker. Delivery is at least once: handlers must be
 * idempotent on the task id. The default runs in this process; BullMQ on Redis scales out.
 */
export interface JobQueue {
  /** Rejects within a few seconds when the queue cannot take the task (its server is down). */
  enqueue(taskId: string): Promise<void>;
  /** Resolves when the queue can take tasks now (readiness). */
  check(): Promise<void>;
  /** Starts delivering tasks to the handler (a process that only enqueues never calls it). */
  start(handler: (taskId: string) => Promise<void>): void;
  /** Tasks waiting or running in this process (for health and tests). */
  pending(): number;
  /** Stops taking tasks and waits for the running ones. */
  close(): Promise<void>;
}

export function createInProcessQueue(options: { concurrency: number }): JobQueue {
  const waiting: string[] = [];
  const queued = new Set<string>();
  let running = 0;
  let handler: ((taskId: string) => Promise<void>) | null = null;
  let closed = false;
  const idle: (() => void)[] = [];

  const pump = () => {
    while (handler && !closed && running < options.concurrency && waiting.length > 0) {
      const taskId = waiting.shift()!;
      queued.delete(taskId);
      running += 1;
      // Each task on its own turn of the event loop, so HTTP requests interleave with work.
      setImmediate(() => {
        handler!(taskId)
          .catch(() => undefined)
          .finally(() => {
            running -= 1;
            if (running === 0 && waiting.length === 0) idle.splice(0).forEach((resolve) => resolve());
            pump();
          });
      });
    }
  };

  return {
    async enqueue(taskId) {
      if (closed || queued.has(taskId)) return;
      queued.add(taskId);
      waiting.push(taskId);
      pump();
    },
    async check() {
      if (closed) throw new Error('queue closed');
    },
    start(h) {
      handler = h;
      pump();
    },
    pending: () => waiting.length + running,
    async close() {
      closed = true;
      waiting.length = 0;
      queued.clear();
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
