import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { Config } from '../../config/config';
import { assertSafeKey, type Storage } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404));
}

/**
 * A store that is down, unreachable or too slow is a 503 for the request that needed it (the
 * cause is kept for the log); the store's own refusals (403, 404, a bad request) stay themselves.
 */
function asUnavailable(error: unknown): unknown {
  const status = error instanceof S3ServiceException ? (error.$metadata?.httpStatusCode ?? 0) : 0;
  if (error instanceof S3ServiceException && status > 0 && status < 500) return error;
  return new AppError(ErrorCode.serviceUnavailable, 'File storage is unavailable', undefined, { cause: error });
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2…), for several processes or machines that
 * must see the same files. The keys are the same as on the local disk; a put is atomic in S3 (a
 * reader sees the old object or the new one, never half of one).
 */
export function createS3Storage(settings: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default since 2025 adds CRC32 checksum headers to every upload and validates them on
    // every download; several S3-compatible stores (R2-like, older MinIO) refuse or lack them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must fail the request in seconds, not hold it for minutes.
    // (requestTimeout is the socket's idle time, so a large upload that keeps flowing is not cut.)
    requestHandler: { connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true },
    maxAttempts: 2,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;

  async function getObject(key: string) {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw asUnavailable(error);
    }
  }

  async function guarded(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  return {
    client,
    /** Fails at start-up, with the bucket's name, when the bucket cannot be reached. */
    async check() {
      await guarded(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    async put(key, data, options) {
      assertSafeKey(key);
      await guarded(() => client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: options.contentType, ContentLength: data.length })));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async stream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, like rm -f.
      await guarded(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async presignedUrl(key, seconds) {
      assertSafeKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: seconds });
    },
  };
}
