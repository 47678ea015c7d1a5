import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../adapters/storage/s3-storage';

/** An S3-compatible server (s3rver) on loopback with one empty bucket, for adapter tests. */
export async function startS3Server(bucket = 'studio-test'): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'studio-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  return {
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
