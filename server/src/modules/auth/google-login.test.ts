import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from '../../adapters/google/google-verifier';
import { registerUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';

const CLIENT_ID = 'studio-test.apps.googleusercontent.com';

/** A local stand-in for Google's JWKS endpoint, signing ID tokens with its own key. */
async function startFakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (claims: Record<string, unknown>, options: { key?: CryptoKey; audience?: string; issuer?: string } = {}) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(options.key ?? privateKey);
  return { jwksUrl: `http://127.0.0.1:${port}/certs`, sign, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(databaseKinds)('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp(kind, {
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl },
      google: createGoogleVerifier({ clientId: CLIENT_ID, jwksUrl: google.jwksUrl }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const googleLogin = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token, rememberMe: true } });

  it('creates an account keyed on the Google subject, and signs the same person in again', async () => {
    const sub = `sub-${Date.now()}`;
    const token = await google.sign({ sub, email: `Mei.${sub}@gmail.com`, name: 'Mei Ling' });
    const first = await googleLogin(token);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.user).toMatchObject({ email: `mei.${sub}@gmail.com`, credits: 50, provider: 'google', username: 'Mei_Ling' });
    expect(data.accessToken).toBeTruthy();
    const again = await googleLogin(await google.sign({ sub, email: `mei.${sub}@gmail.com`, name: 'Mei Ling' }));
    expect(again.json().data.user.userId).toBe(data.user.userId);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${data.accessToken}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('never merges into a password account with the same email', async () => {
    const user = await registerUser(t.app);
    const response = await googleLogin(await google.sign({ sub: `other-${Date.now()}`, email: user.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe(2001);
  });

  it('rejects a token for another audience, another issuer, a foreign key or an unverified email (1009)', async () => {
    const { privateKey: foreignKey } = await generateKeyPair('RS256');
    const tokens = [
      await google.sign({ sub: 'x1', email: 'x1@gmail.com' }, { audience: 'someone-else' }),
      await google.sign({ sub: 'x2', email: 'x2@gmail.com' }, { issuer: 'https://evil.example.com' }),
      await google.sign({ sub: 'x3', email: 'x3@gmail.com' }, { key: foreignKey }),
      await google.sign({ sub: 'x4', email: 'x4@gmail.com', email_verified: false }),
      'not.a.jwt',
    ];
    for (const token of tokens) {
      const response = await googleLogin(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe(1009);
    }
  });
});

describe('Google sign-in when not configured', () => {
  it('answers 1009 and the client config hides the button', async () => {
    const t = await createTestApp('sqlite');
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: 'a.b.c' } });
      expect(response.json().errorCode).toBe(1009);
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.googleClientId).toBeNull();
    } finally {
      await t.close();
    }
  });
});
