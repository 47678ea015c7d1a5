import type { TokenSet } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import { apiPaths } from '@studio/contracts/routes';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { emitTokenExpired } from './auth-events';
import { clearTokens, getAccessToken, getRefreshToken, replaceTokens } from './token-storage';

/**
 * The one API client (DESIGN §4, api-spec §4): unwraps the envelope, maps failures to ApiError,
 * and on a 401 to an authenticated call refreshes once and retries once; if that fails the
 * tokens are cleared, `tokenExpired` is raised and the call fails with 1010.
 */
export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: FormData;
  auth?: boolean;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key`, decision 060). */
  headers?: Record<string, string>;
}

interface RawEnvelope {
  status?: unknown;
  data?: unknown;
  errorCode?: unknown;
  message?: unknown;
}

async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth) {
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  try {
    return await fetch(path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(ErrorCode.network, 'Network connection failed');
  }
}

async function unwrap<T>(response: Response, schema?: z.ZodType<T>): Promise<T> {
  let envelope: RawEnvelope | null = null;
  try {
    envelope = (await response.json()) as RawEnvelope;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.status === 'success') {
    if (!schema) return envelope.data as T;
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) throw new ApiError(ErrorCode.internal, 'Unexpected answer from the server', response.status);
    return parsed.data;
  }
  const code = typeof envelope?.errorCode === 'number' ? envelope.errorCode : response.status || ErrorCode.network;
  const message = typeof envelope?.message === 'string' ? envelope.message : `HTTP error ${response.status}`;
  const { fields, ...details } = (envelope?.data ?? {}) as { fields?: Record<string, string> } & Record<string, unknown>;
  throw new ApiError(code, message, response.status, fields ?? {}, details);
}

let refreshing: Promise<TokenSet | null> | null = null;

/** One refresh in flight at a time; resolves to the new tokens, or null when the refresh token is refused. */
export function refreshTokens(): Promise<TokenSet | null> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return null;
    try {
      // The schemas (and zod) load on first use, keeping them out of the start-up bundle.
      const [{ tokenSetSchema }, response] = await Promise.all([import('@studio/contracts/auth'), send(apiPaths.refreshToken, { method: 'POST', body: { refreshToken } })]);
      const tokens = await unwrap(response, tokenSetSchema);
      replaceTokens(tokens);
      return tokens;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function sessionExpired(): never {
  clearTokens();
  emitTokenExpired('refresh-failed');
  throw new ApiError(ErrorCode.sessionExpired, 'Your session has expired, please log in again', 401);
}

/** Sends a call; on a 401 to an authenticated call, refreshes once and retries once. */
async function sendWithRefresh(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 401 || !options.auth) return response;
  const tokens = await refreshTokens();
  if (!tokens) sessionExpired();
  const retried = await send(path, options);
  if (retried.status === 401) sessionExpired();
  return retried;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return unwrap(await sendWithRefresh(path, options as RequestOptions<unknown>), options.schema);
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (the server applies the spec's file-name rule), else `fallbackName`. */
  fileName: string;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** A file answer (downloads): the body as a blob; failures are the same ApiError as any call. */
export async function apiDownload(path: string, options: { auth?: boolean; fallbackName: string; signal?: AbortSignal }): Promise<DownloadedFile> {
  const response = await sendWithRefresh(path, { auth: options.auth, signal: options.signal });
  if (!response.ok) return unwrap(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? options.fallbackName };
}
