import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, startStrictS3Proxy } from '../../test/s3-server';
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

describe('S3 storage on a strict S3-compatible store', () => {
  it('stores, reads and deletes without flexible checksums, aws-chunked bodies or virtual-host addresses', async () => {
    const server = await startS3Server();
    const strict = await startStrictS3Proxy(server.settings);
    try {
      const storage = createS3Storage(strict.settings);
      await storage.check();
      const data = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
      await storage.put('images/strict/page.png', data, { contentType: 'image/png' });
      expect((await storage.get('images/strict/page.png'))?.equals(data)).toBe(true);
      const stream = await storage.stream('images/strict/page.png');
      expect(stream?.size).toBe(data.length);
      stream?.body.resume();
      await storage.delete('images/strict/page.png');
      expect(await storage.get('images/strict/page.png')).toBeNull();
      expect(strict.refused).toEqual([]);
      expect(strict.seen.filter((line) => line.startsWith('PUT ')).map((line) => line.split('?')[0])).toEqual(['PUT /studio-test/images/strict/page.png']);
    } finally {
      await strict.close();
      await server.close();
    }
  });

  it('the strict store really refuses what the SDK sends by default (so the test above means something)', async () => {
    const server = await startS3Server();
    const strict = await startStrictS3Proxy(server.settings);
    const sdkDefaults = new S3Client({ region: 'us-east-1', endpoint: strict.settings.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      await expect(sdkDefaults.send(new PutObjectCommand({ Bucket: 'studio-test', Key: 'images/x/page.png', Body: Buffer.from('page') }))).rejects.toThrow();
      expect(strict.refused.join()).toMatch(/x-amz-checksum-|x-amz-sdk-checksum-algorithm/);
    } finally {
      sdkDefaults.destroy();
      await strict.close();
      await server.close();
    }
  });

  it('answers 503 (serviceUnavailable) within seconds when the store is down or stops answering', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const settings = { bucket: 'studio-test', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true };
    try {
      for (const port of [closedPort, (silent.address() as net.AddressInfo).port]) {
        const storage = createS3Storage({ ...settings, endpoint: `http://127.0.0.1:${port}` });
        const started = Date.now();
        const failure = await storage.put('uploads/x.bin', Buffer.from('x'), { contentType: 'application/octet-stream' }).catch((error: unknown) => error);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(failure).toBeInstanceOf(AppError);
        expect((failure as AppError).code).toBe(ErrorCode.serviceUnavailable);
        await expect(storage.get('uploads/x.bin')).rejects.toMatchObject({ code: ErrorCode.serviceUnavailable });
        await expect(storage.check()).rejects.toMatchObject({ code: ErrorCode.serviceUnavailable });
      }
    } finally {
      silent.close();
    }
  }, 30_000);
});
