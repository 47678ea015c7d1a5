import type { LayerRegions } from '../lib/layer-runs';
import type { WorkerAnswer, WorkerRequest } from './messages';

type Pending = { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void };
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface LoadedPage {
  width: number;
  height: number;
  layer: LayerRegions;
  timings: { decodeMs: number; labelMs: number; layerMs: number };
}

/** The page's side of the colouring worker: one promise per request. */
export function createColouringWorker() {
  const worker = new Worker(new URL('./colouring.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
    const waiting = pending.get(event.data.id);
    if (!waiting) return;
    pending.delete(event.data.id);
    if (event.data.type === 'failed') waiting.reject(new Error(event.data.message));
    else waiting.resolve(event.data);
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'colouring worker failed'));
    pending.clear();
  };
  const ask = (body: RequestBody, transfer: Transferable[] = []) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id }, transfer);
    });

  return {
    async load(png: Blob, layerWidth: number): Promise<LoadedPage> {
      const answer = await ask({ type: 'load', png, layerWidth });
      if (answer.type !== 'loaded') throw new Error('unexpected answer');
      return answer;
    },
    /** The full-size coloured picture as a PNG. */
    async compose(colours: Uint32Array): Promise<Blob> {
      const answer = await ask({ type: 'compose', colours: colours.slice() });
      if (answer.type !== 'composed') throw new Error('unexpected answer');
      return answer.png;
    },
    /** The colours of a kept picture of this page, region by region. */
    async read(png: Blob): Promise<Uint32Array> {
      const answer = await ask({ type: 'read', png });
      if (answer.type !== 'read') throw new Error('unexpected answer');
      return answer.colours;
    },
    close(): void {
      worker.terminate();
      for (const waiting of pending.values()) waiting.reject(new Error('closed'));
      pending.clear();
    },
  };
}

export type ColouringWorker = ReturnType<typeof createColouringWorker>;
