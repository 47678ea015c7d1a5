import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

const body = (text: string) => Buffer.from(text);

describe('the shared answer cache', () => {
  it('serves an answer only under the version it was built from, and only while young', () => {
    let clock = 0;
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 100, now: () => clock });
    cache.set('/a', 'v1', body('one'));
    expect(cache.get('/a', 'v1')?.json.toString()).toBe('one');
    expect(cache.get('/a', 'v2')).toBeUndefined();
    // A stale entry is dropped, not kept for when the old version comes back.
    expect(cache.get('/a', 'v1')).toBeUndefined();
    cache.set('/a', 'v2', body('two'));
    clock = 99;
    expect(cache.get('/a', 'v2')?.json.toString()).toBe('two');
    clock = 100;
    expect(cache.get('/a', 'v2')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps the most recently used answers within its count and byte budgets', () => {
    const cache = createResponseCache({ maxEntries: 2, maxBytes: 10, maxAgeMs: 1000, now: () => 0 });
    cache.set('/a', 'v', body('aaa'));
    cache.set('/b', 'v', body('bbb'));
    cache.get('/a', 'v');
    cache.set('/c', 'v', body('ccc'));
    expect(cache.get('/b', 'v')).toBeUndefined();
    expect(cache.get('/a', 'v')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 6 });
    cache.set('/d', 'v', body('dddddddd'));
    expect(cache.size.bytes).toBeLessThanOrEqual(10);
    expect(cache.get('/d', 'v')).toBeDefined();
    // Too big to keep at all: answered, not stored.
    expect(cache.set('/e', 'v', body('x'.repeat(11))).json).toHaveLength(11);
    expect(cache.get('/e', 'v')).toBeUndefined();
  });

  it('makes the gzip form once and counts it in the budget', () => {
    const cache = createResponseCache({ maxEntries: 5, maxBytes: 10_000, maxAgeMs: 1000, now: () => 0 });
    const stored = cache.set('/a', 'v', body('hello '.repeat(100)));
    const zipped = cache.gzip('/a', stored);
    expect(cache.gzip('/a', stored)).toBe(zipped);
    expect(gunzipSync(zipped).toString()).toBe('hello '.repeat(100));
    expect(cache.size.bytes).toBe(600 + zipped.length);
  });
});
