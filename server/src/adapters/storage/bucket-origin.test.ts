import { describe, expect, it } from 'vitest';
import { bucketOrigin } from './bucket-origin';

describe('bucketOrigin', () => {
  const base = { bucket: 'pages', region: 'eu-west-1', forcePathStyle: false };
  it('is where presigned links point: the endpoint, else AWS by virtual host or path', () => {
    expect(bucketOrigin({ ...base, endpoint: 'http://127.0.0.1:9000/some/path' })).toBe('http://127.0.0.1:9000');
    expect(bucketOrigin(base)).toBe('https://pages.s3.eu-west-1.amazonaws.com');
    expect(bucketOrigin({ ...base, forcePathStyle: true })).toBe('https://s3.eu-west-1.amazonaws.com');
  });
});
