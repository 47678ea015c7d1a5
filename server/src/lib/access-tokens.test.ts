import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';

describe('access tokens', () => {
  const tokens = createAccessTokens('a-secret-long-enough-for-hs256-signing');

  it('round-trips the user and the session', async () => {
    const { token, expiresIn } = await tokens.issue({ userId: 'u1', sessionId: 's1' });
    expect(expiresIn).toBeGreaterThan(0);
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('issues a different token each time, even twice in one second for the same session', async () => {
    const issued = await Promise.all([1, 2, 3].map(() => tokens.issue({ userId: 'u1', sessionId: 's1' })));
    expect(new Set(issued.map((i) => i.token)).size).toBe(3);
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await createAccessTokens('another-secret-long-enough-for-hs256').issue({ userId: 'u1', sessionId: 's1' });
    await expect(tokens.verify(token)).rejects.toThrow();
  });
});
