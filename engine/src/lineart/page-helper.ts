// A photo page's second thread (decision 049). A page's evidence is made on one thread while the
// other core idles; the parts that need nothing from the rest (page-helper-tasks.ts) are sent to
// one helper thread, started on first use and kept, so a single page is made sooner. The results
// are the same to the bit as in-thread; where no helper can run (one core, or its script
// missing), or one fails, the task runs in this thread instead.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PAGE_HELPER_TASKS } from './page-helper-tasks';
import type { PageHelperTasks } from './page-helper-tasks';

type TaskName = keyof PageHelperTasks;

interface Helper {
  worker: Worker;
  pending: Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>;
  next: number;
}

/** The helper; null once it could not start or failed (this thread then works alone). */
let helper: Helper | null | undefined;

/**
 * The helper thread: from source (tests, `npm run dev`, benchmarks) its TypeScript through tsx
 * (page-helper-source.mjs); from the server bundle, the bundled script beside it.
 */
function spawnHelper(): Worker | null {
  if (availableParallelism() < 2) return null;
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new Worker(new URL('./page-helper-source.mjs', here));
  const bundled = new URL('./page-helper-thread.js', here);
  return existsSync(fileURLToPath(bundled)) ? new Worker(bundled) : null;
}

function startHelper(): Helper | null {
  let worker: Worker | null;
  try {
    worker = spawnHelper();
  } catch {
    worker = null;
  }
  if (!worker) return null;
  const started: Helper = { worker, pending: new Map(), next: 0 };
  const fail = (error: Error): void => {
    helper = null;
    for (const job of started.pending.values()) job.reject(error);
    started.pending.clear();
    void worker.terminate();
  };
  worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const job = started.pending.get(message.id);
    if (!job) return;
    started.pending.delete(message.id);
    // Idle, the helper does not keep the process alive.
    if (started.pending.size === 0) worker.unref();
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve(message.result);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`page helper thread exited (${code})`)));
  worker.unref();
  return started;
}

/** Whether pages have a helper thread: `running`, `none` (this thread works alone), or `unstarted` before the first task. */
export function pageHelperState(): 'running' | 'none' | 'unstarted' {
  return helper === undefined ? 'unstarted' : helper ? 'running' : 'none';
}

function inThread<K extends TaskName>(task: K, args: Parameters<PageHelperTasks[K]>): Promise<Awaited<ReturnType<PageHelperTasks[K]>>> {
  return Promise.resolve((PAGE_HELPER_TASKS[task] as (...args: unknown[]) => Awaited<ReturnType<PageHelperTasks[K]>>)(...args));
}

/**
 * Runs `task` on the helper thread (its arguments copied, its result's typed arrays handed over),
 * or in this thread when there is no helper or the helper fails; a task that throws there is run
 * here again, so its error is this thread's own.
 */
export function onHelper<K extends TaskName>(task: K, ...args: Parameters<PageHelperTasks[K]>): Promise<Awaited<ReturnType<PageHelperTasks[K]>>> {
  if (helper === undefined) helper = startHelper();
  const running = helper;
  if (!running) return Promise.resolve().then(() => inThread(task, args));
  const id = running.next++;
  const result = new Promise<Awaited<ReturnType<PageHelperTasks[K]>>>((resolve, reject) => {
    running.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
  });
  running.worker.ref();
  running.worker.postMessage({ id, task, args });
  return result.catch(() => inThread(task, args));
}
