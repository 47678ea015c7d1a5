import type { Config } from '../../config/config';

/**
 * The origin a browser reads the bucket's presigned links from (an owner's photo, decision 024),
 * for the content security policy: the endpoint's, else AWS's path-style or virtual-hosted name.
 */
export function bucketOrigin(s3: NonNullable<Config['s3']>): string {
  if (s3.endpoint) return new URL(s3.endpoint).origin;
  return s3.forcePathStyle ? `https://s3.${s3.region}.amazonaws.com` : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
