import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { isAppError } from '@studio/contracts/errors';
import type { ImageProviderConfig } from '@studio/engine/providers/image-provider';
import { createEnginePageMaker } from './adapters/engine/engine-page-maker';
import type { ThreadReply, ThreadRequest } from './adapters/engine/engine-threads';

// One engine thread of the pool in adapters/engine/engine-threads.ts: makes pages on request.
const data = workerData as { providerConfig: ImageProviderConfig; nice?: number };
// Drawing runs below the server's priority, so a visitor's page is answered first whatever is
// being drawn (issue 40, decision 078). On Linux a nice value belongs to one thread: this sets the
// engine thread's own, and the threads it starts (the photo helper) inherit it.
if (data.nice) {
  try {
    os.setPriority(0, data.nice);
  } catch {
    // A system that refuses (none known for lowering one's own priority) draws at normal priority.
  }
}
const maker = createEnginePageMaker({ providerConfig: data.providerConfig });
const port = parentPort!;

port.on('message', async (message: ThreadRequest) => {
  const progress = (percent: number, providerRef?: string) => port.postMessage({ id: message.id, kind: 'progress', percent, providerRef } satisfies ThreadReply);
  try {
    if (message.method === 'colourByNumber') {
      const { request } = message;
      const colour = request.colour ? { ...request.colour, image: Buffer.from(request.colour.image) } : null;
      const files = await maker.colourByNumber({ ...request, png: Buffer.from(request.png), colour });
      port.postMessage({ id: message.id, kind: 'variant', files } satisfies ThreadReply);
      return;
    }
    const page = message.method === 'fromPrompt' ? await maker.fromPrompt(message.request, progress) : await maker.fromPhoto({ ...message.request, image: Buffer.from(message.request.image) }, progress);
    port.postMessage({ id: message.id, kind: 'done', page } satisfies ThreadReply);
  } catch (error) {
    port.postMessage({ id: message.id, kind: 'error', code: isAppError(error) ? error.code : null, message: (error as Error).message } satisfies ThreadReply);
  }
});
