import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function envelope(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ status: 'success', data, errorCode: null, message: 'ok' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function failure(errorCode: number, status: number, fields?: Record<string, string>): Response {
  return new Response(JSON.stringify({ status: 'error', data: fields ? { fields } : null, errorCode, message: `error ${errorCode}` }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch with a router of handlers by "METHOD path"; records every call. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { url, method, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url}`];
    if (!handler) return failure(404, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function buildUser(overrides: Record<string, unknown> = {}) {
  return {
    userId: 'u1',
    username: 'maple',
    email: 'maple@example.com',
    avatar: null,
    credits: 50,
    membershipLevel: 'free',
    membershipPeriodEnd: null,
    cancelAtPeriodEnd: false,
    provider: 'password',
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}
