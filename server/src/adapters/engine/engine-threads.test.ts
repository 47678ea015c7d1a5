import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createThreadedPageMaker, type ThreadRequest } from './engine-threads';

// A tiny engine thread in plain JavaScript: it speaks the same messages as engine-thread.ts.
const THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.method === 'colourByNumber') {
    const name = (role) => new TextEncoder().encode(role + ':' + m.request.png.length + ':' + m.request.difficulty);
    const roles = ['numbersPng', 'numbersPdfLetter', 'numbersPdfA4', 'solutionPng', 'solutionPdfLetter', 'solutionPdfA4'];
    return parentPort.postMessage({ id: m.id, kind: 'variant', files: Object.fromEntries(roles.map((role) => [role, name(role)])) });
  }
  const prompt = m.request.prompt || 'photo';
  if (prompt === 'crash') process.exit(3);
  if (prompt === 'refuse') return parentPort.postMessage({ id: m.id, kind: 'error', code: 4003, message: 'filtered' });
  parentPort.postMessage({ id: m.id, kind: 'progress', percent: 50, providerRef: 'job-1' });
  const bytes = (s) => new TextEncoder().encode(s);
  parentPort.postMessage({ id: m.id, kind: 'done', page: { png: bytes('png:' + prompt), svg: null, pdfLetter: bytes('L'), pdfA4: bytes('A'),
    thumb600: bytes('t6'), thumb320: bytes('t3'), colorPng: null, colorThumb600: null, width: 10, height: 20, title: prompt, attribution: null } });
});`;

describe('engine thread pool', () => {
  let pool: ReturnType<typeof createThreadedPageMaker> | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });
  const make = (size = 2) => (pool = createThreadedPageMaker({ inner: createFakePageMaker().maker, size, spawn: () => new Worker(THREAD, { eval: true }) }));
  const request = (prompt: string) => ({ prompt, difficulty: 'children' as const, ratio: '1:1' as const, seed: 1, lang: 'en' as const, providerRef: null });

  it('runs pages on threads, reporting progress and returning buffers', async () => {
    const maker = make();
    const seen: [number, string | undefined][] = [];
    const pages = await Promise.all(['a cat', 'a dog', 'a fish'].map((p) => maker.fromPrompt(request(p), (percent, ref) => seen.push([percent, ref]))));
    expect(pages.map((p) => p.png.toString())).toEqual(['png:a cat', 'png:a dog', 'png:a fish']);
    expect(Buffer.isBuffer(pages[0].pdfA4)).toBe(true);
    expect(seen).toContainEqual([50, 'job-1']);
  });

  it('makes colour-by-number variants on a thread and returns their files as buffers', async () => {
    const maker = make();
    const files = await maker.colourByNumber({ png: Buffer.from('page'), svg: null, colour: null, difficulty: 'teen', credit: null });
    expect(Buffer.isBuffer(files.solutionPdfA4)).toBe(true);
    expect(files.numbersPng.toString()).toBe('numbersPng:4:teen');
    expect(files.solutionPdfLetter.toString()).toBe('solutionPdfLetter:4:teen');
  });

  it('lets users overtake background work and keeps a thread free for them', async () => {
    // Fake workers that answer only when told, so the scheduling is checked step by step.
    const log: string[] = [];
    const workers: (EventEmitter & { current: ThreadRequest | null; postMessage(m: ThreadRequest): void; terminate(): Promise<number> })[] = [];
    const spawn = () => {
      const worker = Object.assign(new EventEmitter(), {
        current: null as ThreadRequest | null,
        postMessage(message: ThreadRequest) {
          worker.current = message;
          log.push((message.request as { prompt: string }).prompt);
        },
        terminate: async () => 0,
      });
      workers.push(worker);
      return worker as unknown as Worker;
    };
    pool = createThreadedPageMaker({ inner: createFakePageMaker().maker, size: 2, spawn });
    const bytes = new Uint8Array([1]);
    const page = { png: bytes, svg: null, pdfLetter: bytes, pdfA4: bytes, thumb600: bytes, thumb320: bytes, colorPng: null, colorThumb600: null, width: 1, height: 1, title: '', attribution: null };
    const finish = (prompt: string) => {
      const worker = workers.find((w) => (w.current?.request as { prompt: string } | undefined)?.prompt === prompt)!;
      const message = worker.current!;
      worker.current = null;
      worker.emit('message', { id: message.id, kind: 'done', page });
    };
    const jobs = ['seed 1', 'seed 2', 'seed 3'].map((p) => pool!.fromPrompt({ ...request(p), background: true }, () => {}));
    expect(log).toEqual(['seed 1']);
    jobs.push(pool.fromPrompt(request('user 1'), () => {}), pool.fromPrompt(request('user 2'), () => {}));
    expect(log).toEqual(['seed 1', 'user 1']);
    finish('seed 1');
    expect(log.at(-1)).toBe('user 2');
    finish('user 1');
    expect(log.at(-1)).toBe('seed 2');
    finish('user 2');
    expect(log).toHaveLength(4);
    finish('seed 2');
    expect(log.at(-1)).toBe('seed 3');
    finish('seed 3');
    await Promise.all(jobs);
  });

  it('passes typed errors through, and replaces a thread that dies', async () => {
    const maker = make(1);
    await expect(maker.fromPrompt(request('refuse'), () => {})).rejects.toMatchObject({ code: 4003 });
    const crashed = maker.fromPrompt(request('crash'), () => {});
    await expect(crashed).rejects.toBeInstanceOf(AppError);
    await expect(crashed).rejects.toMatchObject({ code: ErrorCode.textGenerationFailed });
    await expect(maker.fromPrompt(request('after the crash'), () => {})).resolves.toMatchObject({ title: 'after the crash' });
  });
});
