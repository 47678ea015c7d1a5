import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A second S3-compatible store that behaves like the stricter ones (R2-like, older MinIO): it
 * forwards to `target` but refuses, with S3's NotImplemented, any request that carries the SDK's
 * flexible-checksum headers or an aws-chunked body, and it refuses virtual-host addressing. It
 * records the paths it saw.
 */
export async function startStrictS3Proxy(target: S3Settings): Promise<{ settings: S3Settings; seen: string[]; refused: string[]; close(): Promise<void> }> {
  const upstream = new URL(target.endpoint!);
  const seen: string[] = [];
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    const headers = Object.keys(request.headers);
    const flexible = headers.find((name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm' || name === 'x-amz-trailer');
    const chunked = /aws-chunked/.test(String(request.headers['content-encoding'] ?? '')) || /STREAMING-/.test(String(request.headers['x-amz-content-sha256'] ?? ''));
    const virtualHost = !/^127\.0\.0\.1(:\d+)?$/.test(String(request.headers.host ?? ''));
    seen.push(`${request.method} ${request.url}`);
    if (flexible || chunked || virtualHost) {
      refused.push(`${request.method} ${request.url} (${flexible ?? (chunked ? 'aws-chunked' : 'virtual host')})`);
      request.resume();
      response.writeHead(501, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NotImplemented</Code><Message>A header you provided implies functionality that is not implemented</Message></Error>');
      return;
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: { ...target, endpoint: `http://127.0.0.1:${port}` },
    seen,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
