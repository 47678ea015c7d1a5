import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@studio/contracts/constants';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived access tokens: HS256 JWTs naming the user and the session (refresh family). */
export interface AccessTokens {
  issue(claims: AccessClaims): Promise<{ token: string; expiresIn: number }>;
  /** Throws on a bad, expired or non-access token. */
  verify(token: string): Promise<AccessClaims>;
}

const ISSUER = 'coloring-studio';
const AUDIENCE = 'coloring-studio-api';

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, sessionId }) {
      const token = await new SignJWT({ sid: sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        // Each token its own id: a refresh in the second of the login gave the very same token,
        // so a client waiting for a new one (the browser story of the silent refresh) waited forever.
        .setJti(randomUUID())
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      // Pinning the algorithm rejects alg:none and any asymmetric-key confusion.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new Error('not an access token');
      }
      return { userId: payload.sub, sessionId: payload.sid };
    },
  };
}
