/**
 * Runs at most `atOnce` jobs at a time; up to `waiting` more wait their turn, first come first
 * served. A job beyond that is not taken: the caller answers "too many requests" at once instead
 * of letting a crowd of costly jobs hold the CPU (and libuv's threads) that every other request needs.
 */
export interface BoundedQueue {
  /** The job's result, or null when the queue is full (the job is not run). */
  tryRun<T>(job: () => Promise<T>): Promise<T> | null;
  readonly running: number;
  readonly waiting: number;
}

export function createBoundedQueue(limits: { atOnce: number; waiting: number }): BoundedQueue {
  let running = 0;
  const turns: (() => void)[] = [];

  /** A finished job hands its place to the next in line, if any. */
  const done = () => {
    const next = turns.shift();
    if (next) next();
    else running -= 1;
  };

  async function run<T>(job: () => Promise<T>, mustWait: boolean): Promise<T> {
    if (mustWait) await new Promise<void>((resolve) => turns.push(resolve));
    try {
      return await job();
    } finally {
      done();
    }
  }

  return {
    tryRun(job) {
      if (running < limits.atOnce) {
        running += 1;
        return run(job, false);
      }
      if (turns.length >= limits.waiting) return null;
      return run(job, true);
    },
    get running() {
      return running;
    },
    get waiting() {
      return turns.length;
    },
  };
}
