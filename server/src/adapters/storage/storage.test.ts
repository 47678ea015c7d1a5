import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

const kinds: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: 'local directory',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'studio-files-'));
      return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3-compatible bucket',
    async open() {
      const server = await startS3Server();
      return { storage: createS3Storage(server.settings), close: () => server.close() };
    },
  },
];

describe.each(kinds)('storage: $name', (kind) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await kind.open());
  });
  afterAll(() => close());

  it('stores, reads, streams, replaces and deletes a file by key', async () => {
    const key = 'images/abc123/page.png';
    await storage.put(key, Buffer.from('first'), { contentType: 'image/png' });
    expect((await storage.get(key))?.toString()).toBe('first');

    await storage.put(key, Buffer.from('second version'), { contentType: 'image/png' });
    const stream = await storage.stream(key);
    expect(stream?.size).toBe(14);
    expect(await text(stream!.body)).toBe('second version');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
  });

  it('answers a missing key with null and deletes it without complaint', async () => {
    expect(await storage.get('avatars/missing.webp')).toBeNull();
    expect(await storage.stream('avatars/missing.webp')).toBeNull();
    await expect(storage.delete('avatars/missing.webp')).resolves.toBeUndefined();
  });

  it('keeps binary data byte for byte', async () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256));
    await storage.put('uploads/binary.bin', data, { contentType: 'application/octet-stream' });
    expect((await storage.get('uploads/binary.bin'))?.equals(data)).toBe(true);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'images/../../x', '/abs/path', 'images', 'Images/a b.png']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('S3 storage start-up check', () => {
  it('fails when the bucket does not exist', async () => {
    const server = await startS3Server();
    try {
      await expect(createS3Storage({ ...server.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
      await expect(createS3Storage(server.settings).check()).resolves.toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
