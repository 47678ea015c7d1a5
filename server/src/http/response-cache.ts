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
  json: Buffer;
  gzip?: Buffer;
}

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
      const body: CachedBody = { json };
      if (json.length > options.maxBytes) return body;
      const entry = { version, body, bytes: json.length, at: now() };
      entries.set(key, entry);
      bytes += entry.bytes;
      while (entries.size > options.maxEntries || bytes > options.maxBytes) drop(entries.keys().next().value!);
      return body;
    },

    /** The gzip form of a cached body, made on first use and counted in the budget. */
    gzip(key: string, body: CachedBody): Buffer {
      if (body.gzip) return body.gzip;
      body.gzip = gzipSync(body.json, { level: 6 });
      const entry = entries.get(key);
      if (entry?.body === body) {
        entry.bytes += body.gzip.length;
        bytes += body.gzip.length;
        while (bytes > options.maxBytes && entries.size > 1) drop(entries.keys().next().value!);
      }
      return body.gzip;
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
