// The second thread of a photo page (page-helper.ts): runs the tasks it is sent, in order, and
// hands the typed arrays of each result back without copying them. A task that waits (the face
// model's loading) lets the tasks sent after it run meanwhile.
import { parentPort } from 'node:worker_threads';
import { PAGE_HELPER_TASKS } from './page-helper-tasks';
import type { PageHelperTasks } from './page-helper-tasks';
import { buffersOf } from './page-helper-buffers';

interface Request {
  id: number;
  task: keyof PageHelperTasks;
  args: unknown[];
}

const port = parentPort;
if (!port) throw new Error('page-helper-thread runs as a worker thread');
port.on('message', async ({ id, task, args }: Request) => {
  try {
    const run = PAGE_HELPER_TASKS[task] as (...args: unknown[]) => unknown;
    const result: unknown = await run(...args);
    port.postMessage({ id, result }, buffersOf(result));
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
