import { AppError, ErrorCode, isAppError } from '@studio/contracts/errors';

export type FetchLike = typeof fetch;

export interface HttpDeps {
  fetch: FetchLike;
  /** Whole-job deadline in ms: a provider that takes longer fails with 4009. */
  timeoutMs: number;
  pollIntervalMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Retries of one call after 429, 5xx or a dropped connection (0 turns retrying off). */
  retries: number;
  /** First back-off in ms; doubled per retry, capped at `maxBackoffMs`, fully jittered. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A number in [0, 1): the jitter's source (tests pass a fixed one). */
  random(): number;
}

export const defaultHttpDeps = (overrides: Partial<HttpDeps> = {}): HttpDeps => ({
  fetch: globalThis.fetch,
  timeoutMs: 120_000,
  pollIntervalMs: 1500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  retries: 3,
  backoffMs: 500,
  maxBackoffMs: 8000,
  random: Math.random,
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

/** Overload and outage answers: worth another try after a pause. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/**
 * How long a `Retry-After` header asks us to wait, in ms: seconds or an HTTP date; null when
 * absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The pause before retry `attempt` (1-based): full jitter over an exponential ceiling. */
function backoff(deps: HttpDeps, attempt: number): number {
  const ceiling = Math.min(deps.maxBackoffMs, deps.backoffMs * 2 ** (attempt - 1));
  return Math.round(deps.random() * ceiling);
}

async function fetchOnce(deps: HttpDeps, deadline: number, url: string, init: RequestInit): Promise<Response> {
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

/**
 * fetch with the job's remaining time as its deadline. 429, 408, 5xx and dropped connections are
 * tried again (`deps.retries` times) after a jittered exponential pause, or after the pause the
 * provider's `Retry-After` asks for, as long as the pause ends before the deadline; the last
 * answer is then returned for the adapter to judge. Network failures become 4008, running out
 * of time 4009; other HTTP statuses are left to the adapter, which knows its provider's refusals.
 * Bodies must be re-sendable (strings, buffers, FormData), as every adapter's are.
 */
export async function request(deps: HttpDeps, deadline: number, url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response | null = null;
    let failure: AppError | null = null;
    try {
      response = await fetchOnce(deps, deadline, url, init);
    } catch (error) {
      if (!isAppError(error) || error.code !== ErrorCode.modelUnavailable) throw error;
      failure = error;
    }
    if (response && !isRetryableStatus(response.status)) return response;
    if (attempt > deps.retries) {
      if (response) return response;
      throw failure!;
    }
    const asked = response ? retryAfterMs(response.headers.get('retry-after'), deps.now()) : null;
    const pause = asked ?? backoff(deps, attempt);
    // No time left for the pause and one more call: give the caller what we have now.
    if (deps.now() + pause >= deadline) {
      if (response) return response;
      throw failure!;
    }
    await response?.body?.cancel().catch(() => undefined);
    await deps.sleep(pause);
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
