import { clientConfigSchema } from '@studio/contracts/auth';
import { describe, expect, it } from 'vitest';
import { asClientConfig } from './client-config';

describe('the client configuration check without zod', () => {
  const valid = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'paypal', paypalClientId: 'abc' };
  const samples: unknown[] = [
    valid,
    { ...valid, googleClientId: 'g-123', paymentProvider: 'test', paypalClientId: null },
    { ...valid, extra: 1 },
    { ...valid, paymentProvider: 'stripe' },
    { ...valid, contactEmail: null },
    { ...valid, googleClientId: 5 },
    { ...valid, paypalClientId: undefined },
    null,
    'config',
    {},
  ];

  it('accepts exactly what the contract schema accepts, and returns the same fields', () => {
    for (const sample of samples) {
      const parsed = clientConfigSchema.safeParse(sample);
      if (parsed.success) expect(asClientConfig(sample)).toEqual(parsed.data);
      else expect(() => asClientConfig(sample)).toThrow();
    }
  });
});
