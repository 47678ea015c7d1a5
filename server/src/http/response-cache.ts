import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';

/**
 * Serialized answers of public, anonymous GET routes, kept under the data version they were
 * built from. An entry is used only while its version is still current, so nothing stale is
 * served, and never longer than `maxAgeMs` (a change made behind the application's back, by
 * hand in the database, shows within that time). The most recently used entries are kept within
 * a count and a byte budget.
 * The gzip form is made once per entry, when a client first accepts it.
 */
export interface CachedBody {
  /** The answer as built (JSON or HTML, despite the name). */
  json: Buffer;
  gzip?: Buffer;
  /** A validator of the body (weak: the gzip and plain forms are the same answer). */
  etag: string;
}

/** Bodies under this size are sent as they are: gzip would save less than it costs. */
const GZIP_FROM_BYTES = 1024;

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export function createResponseCache(options: { maxEntries: number; maxBytes: number; maxAgeMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { version: string; body: CachedBody; bytes: number; at: number }>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  /** The gzip form of a cached body, made on first use and counted in the budget. */
  function gzipOf(key: string, body: CachedBody): Buffer {
    if (body.gzip) return body.gzip;
    body.gzip = gzipSync(body.json, { level: 6 });
    const entry = entries.get(key);
    if (entry?.body === body) {
      entry.bytes += body.gzip.length;
      bytes += body.gzip.length;
      while (bytes > options.maxBytes && entries.size > 1) drop(entries.keys().next().value!);
    }
    return body.gzip;
  }

  return {
    get(key: string, version: string): CachedBody | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now() - entry.at >= options.maxAgeMs) {
        drop(key);
        return undefined;
      }
      // Refresh its place: the Map keeps insertion order, the oldest first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },

    set(key: string, version: string, json: Buffer): CachedBody {
      drop(key);
      const body: CachedBody = { json, etag: etagOf(json) };
      if (json.length > options.maxBytes) return body;
      const entry = { version, body, bytes: json.length, at: now() };
      entries.set(key, entry);
      bytes += entry.bytes;
      while (entries.size > options.maxEntries || bytes > options.maxBytes) drop(entries.keys().next().value!);
      return body;
    },

    gzip: gzipOf,

    /**
     * Sends a kept answer: 304 when the client already holds it (If-None-Match), else the body,
     * gzipped when the client accepts it and it is big enough to gain. Headers the route set
     * (its cache rule) are kept; the type, validator and Vary are set here.
     */
    send(request: FastifyRequest, reply: FastifyReply, key: string, body: CachedBody, type: string) {
      reply.header('etag', body.etag).header('vary', 'accept-encoding');
      const held = String(request.headers['if-none-match'] ?? '');
      if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag.replace(/^W\//, '') || tag.trim() === '*')) {
        return reply.status(304).send();
      }
      reply.type(type);
      const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (acceptsGzip && body.json.length >= GZIP_FROM_BYTES) return reply.header('content-encoding', 'gzip').send(gzipOf(key, body));
      return reply.send(body.json);
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
