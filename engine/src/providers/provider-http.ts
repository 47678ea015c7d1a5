import { AppError, ErrorCode } from '@studio/contracts/errors';

export type FetchLike = typeof fetch;

export interface HttpDeps {
  fetch: FetchLike;
  /** Whole-job deadline in ms: a provider that takes longer fails with 4009. */
  timeoutMs: number;
  pollIntervalMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export const defaultHttpDeps = (overrides: Partial<HttpDeps> = {}): HttpDeps => ({
  fetch: globalThis.fetch,
  timeoutMs: 120_000,
  pollIntervalMs: 1500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  ...overrides,
});

export function unavailable(detail: string): AppError {
  return new AppError(ErrorCode.modelUnavailable, `Image model unavailable: ${detail}`);
}

export function refused(detail: string): AppError {
  return new AppError(ErrorCode.contentFiltered, `The image provider refused this prompt: ${detail}`);
}

export function timedOut(detail: string): AppError {
  return new AppError(ErrorCode.processingTimeout, `Image model timed out: ${detail}`);
}

/**
 * fetch with the job's remaining time as its deadline. Network failures become 4008, running out
 * of time 4009; HTTP statuses are left to the adapter, which knows its provider's refusals.
 */
export async function request(deps: HttpDeps, deadline: number, url: string, init: RequestInit = {}): Promise<Response> {
  const remaining = deadline - deps.now();
  if (remaining <= 0) throw timedOut(url);
  try {
    return await deps.fetch(url, { ...init, signal: AbortSignal.timeout(remaining) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw timedOut(url);
    throw unavailable(`${new URL(url).host} (${(error as Error).message})`);
  }
}

/** Statuses every provider shares: overload, outage and bad credentials mean "unavailable". */
export async function failUnlessOk(response: Response, provider: string): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw unavailable(`${provider} answered ${response.status} ${body.slice(0, 200)}`);
}

export async function readJson<T>(response: Response, provider: string): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw unavailable(`${provider} sent a response that is not JSON`);
  }
}

export async function downloadImage(deps: HttpDeps, deadline: number, url: string, provider: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await request(deps, deadline, url, { headers });
  await failUnlessOk(response, provider);
  return Buffer.from(await response.arrayBuffer());
}
