import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** Verifies a Google ID token (the credential of Google Identity Services). */
export interface GoogleVerifier {
  /** `maxAgeSeconds`: refuse a token issued longer ago than this (a fresh sign-in, to confirm a deletion). */
  verify(idToken: string, options?: { maxAgeSeconds?: number }): Promise<GoogleIdentity>;
}

export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    async verify(idToken, verifyOptions = {}) {
      const { payload } = await jwtVerify(idToken, keys, {
        ...(verifyOptions.maxAgeSeconds !== undefined ? { maxTokenAge: verifyOptions.maxAgeSeconds } : {}),
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: options.clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('ID token lacks sub or email');
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    },
  };
}
