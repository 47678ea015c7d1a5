import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/config';
import { assertSafeKey, type Storage } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404));
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
    // Self-hosted S3 servers rarely have a wildcard DNS name per bucket.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;

  async function getObject(key: string) {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    client,
    /** Fails at start-up, with the bucket's name, when the bucket cannot be reached. */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, data, options) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: options.contentType, ContentLength: data.length }));
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async presignedUrl(key, seconds) {
      assertSafeKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: seconds });
    },
  };
}
