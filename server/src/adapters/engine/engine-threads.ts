import type { Worker } from 'node:worker_threads';
import { AppError, ErrorCode, type ErrorCodeValue } from '@studio/contracts/errors';
import type { MadePage, PageMaker, Progress } from './page-maker';
import type { NumbersFiles, NumbersRequest, VariantMaker } from './variant-maker';

/** Messages between the pool and an engine thread (server/src/engine-thread.ts). */
export type ThreadRequest =
  | { id: number; method: 'fromPrompt'; request: Parameters<PageMaker['fromPrompt']>[0] }
  | { id: number; method: 'fromPhoto'; request: Parameters<PageMaker['fromPhoto']>[0] }
  | { id: number; method: 'colourByNumber'; request: NumbersRequest };
export type ThreadReply =
  | { id: number; kind: 'progress'; percent: number; providerRef?: string }
  | { id: number; kind: 'done'; page: MadePage }
  | { id: number; kind: 'variant'; files: NumbersFiles }
  | { id: number; kind: 'error'; code: number | null; message: string };

interface Job {
  message: ThreadRequest;
  background: boolean;
  progress: Progress;
  resolve(result: MadePage | NumbersFiles): void;
  reject(error: Error): void;
}

const asBuffer = (value: Uint8Array | null) => (value ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : null);

/** Buffers come back from a thread as plain Uint8Arrays. */
function revive(page: MadePage): MadePage {
  return {
    ...page,
    png: asBuffer(page.png)!,
    pdfLetter: asBuffer(page.pdfLetter)!,
    pdfA4: asBuffer(page.pdfA4)!,
    thumb600: asBuffer(page.thumb600)!,
    thumb320: asBuffer(page.thumb320)!,
    colorPng: asBuffer(page.colorPng),
    colorThumb600: asBuffer(page.colorThumb600),
  };
}

function reviveVariant(files: NumbersFiles): NumbersFiles {
  return Object.fromEntries(Object.entries(files).map(([name, value]) => [name, asBuffer(value as Uint8Array)])) as unknown as NumbersFiles;
}

/**
 * Runs page making on worker threads so a second of CPU per page never stalls the API's event
 * loop. Prompt checks, upload probes and previews stay on the main thread (they are quick). A
 * thread that dies fails its job with 2007/2008 and is replaced.
 */
export function createThreadedPageMaker(options: { inner: PageMaker; size: number; spawn: () => Worker }): PageMaker & VariantMaker & { close(): Promise<void> } {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    const worker = options.spawn();
    worker.on('message', (reply: ThreadReply) => {
      const job = busy.get(worker);
      if (!job || reply.id !== job.message.id) return;
      if (reply.kind === 'progress') {
        job.progress(reply.percent, reply.providerRef);
        return;
      }
      busy.delete(worker);
      if (reply.kind === 'done') job.resolve(revive(reply.page));
      else if (reply.kind === 'variant') job.resolve(reviveVariant(reply.files));
      else job.reject(reply.code ? new AppError(reply.code as ErrorCodeValue, reply.message) : new Error(reply.message));
      idle.push(worker);
      pump();
    });
    worker.on('error', (error) => lose(worker, error));
    worker.on('exit', (code) => lose(worker, new Error(`engine thread exited with code ${code}`)));
    return worker;
  }

  function lose(worker: Worker, error: Error) {
    const job = busy.get(worker);
    busy.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    if (job) {
      const code = job.message.method === 'fromPrompt' ? ErrorCode.textGenerationFailed : ErrorCode.imageConversionFailed;
      job.reject(new AppError(code, undefined, undefined, { cause: error }));
    }
    if (!closed) {
      idle.push(startWorker());
      pump();
    }
  }

  // Background work (seeding the library) never takes the last free thread, so a user's page
  // starts at once; users' jobs always go before waiting background ones.
  const backgroundLimit = Math.max(1, options.size - 1);
  function nextJob(): Job | undefined {
    const user = waiting.findIndex((job) => !job.background);
    if (user >= 0) return waiting.splice(user, 1)[0];
    const runningBackground = [...busy.values()].filter((job) => job.background).length;
    return runningBackground < backgroundLimit ? waiting.shift() : undefined;
  }

  function pump() {
    while (!closed && idle.length > 0) {
      const job = nextJob();
      if (!job) return;
      const worker = idle.pop()!;
      busy.set(worker, job);
      worker.postMessage(job.message);
    }
  }

  for (let i = 0; i < options.size; i += 1) idle.push(startWorker());

  function run(message: Omit<ThreadRequest, 'id'>, progress: Progress, background = false): Promise<MadePage | NumbersFiles> {
    if (closed) return Promise.reject(new AppError(ErrorCode.modelUnavailable));
    return new Promise((resolve, reject) => {
      waiting.push({ message: { ...message, id: nextId++ } as ThreadRequest, background, progress, resolve, reject });
      pump();
    });
  }

  return {
    checkPrompt: (prompt) => options.inner.checkPrompt(prompt),
    probeUpload: (file) => options.inner.probeUpload(file),
    photoFrame: (image, ratio) => options.inner.photoFrame(image, ratio),
    sourcePreview: (image) => options.inner.sourcePreview(image),
    fromPrompt: (request, progress) => run({ method: 'fromPrompt', request }, progress, request.background === true) as Promise<MadePage>,
    fromPhoto: (request, progress) => run({ method: 'fromPhoto', request }, progress) as Promise<MadePage>,
    colourByNumber: (request) => run({ method: 'colourByNumber', request }, () => undefined) as Promise<NumbersFiles>,
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new AppError(ErrorCode.modelUnavailable));
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}
