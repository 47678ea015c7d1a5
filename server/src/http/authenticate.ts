import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@studio/contracts/errors';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type SessionCheck = (token: string) => Promise<AuthContext>;

/** Reads the bearer token; the check verifies the JWT and that its session is still live. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function requireAuth(check: SessionCheck) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(ErrorCode.unauthorized);
    request.auth = await check(token);
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.unauthorized);
  return request.auth;
}
