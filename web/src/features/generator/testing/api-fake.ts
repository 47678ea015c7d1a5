import type { ImageDto } from '@studio/contracts/images';
import { vi } from 'vitest';
import { buildUser, envelope, failure } from '../../../testing/fetch-mock';
import { saveTokens } from '../../../lib/token-storage';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * A fetch fake keyed by "METHOD /path" (query ignored for matching, passed to the handler),
 * with defaults for the calls every page makes. Records every call.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/config': () => envelope({ googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null }),
    'GET /api/images/categories': () => envelope([]),
    'GET /api/images/style-suggestions': () =>
      envelope({ suggestions: Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, category: 'animals', name: `Idea ${i}`, content: `idea prompt ${i}` })) }),
    'GET /api/images': () => envelope({ images: [], total: 0, currentPage: 1, pageSize: 6 }),
    'GET /api/images/examples': () => envelope({ images: [] }),
    'GET /api/images/userImg': () => envelope({ images: [], total: 0, currentPage: 1, pageSize: 30, counts: { all: 0, text2image: 0, image2image: 0 } }),
  };
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = { method, path: url.pathname, query: url.searchParams, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    if (!handler) return failure(404, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function signIn() {
  saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
}

export function profile(overrides: Record<string, unknown> = {}) {
  return () => envelope({ user: buildUser(overrides) });
}

let counter = 0;
export function buildImage(overrides: Partial<ImageDto> = {}): ImageDto {
  counter += 1;
  const id = overrides.id ?? `img${counter}`;
  const text = (value: string) => ({ en: value, zh: value, ja: value });
  return {
    id,
    slug: id,
    title: text(`Page ${id}`),
    description: text(`About ${id}`),
    prompt: text(`prompt of ${id}`),
    defaultUrl: `/files/images/${id}/page.png`,
    colorUrl: null,
    coloringUrl: `/files/images/${id}/page.png`,
    thumbnailUrl: `/files/images/${id}/thumb.webp`,
    smallThumbnailUrl: `/files/images/${id}/small.webp`,
    colorThumbnailUrl: null,
    tags: [],
    additionalInfo: null,
    attribution: null,
    categoryId: null,
    type: 'text2image',
    ratio: '1:1',
    difficulty: 'children',
    dimensions: { width: 2400, height: 2400 },
    userId: 'u1',
    isPublic: true,
    isOnline: true,
    createdAt: '2026-03-04T05:06:07.000Z',
    hotness: 0,
    ...overrides,
  };
}
