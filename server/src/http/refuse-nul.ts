import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@studio/contracts/errors';

/**
 * U+0000 is never part of real user text, and PostgreSQL refuses it in `text` columns (SQLite
 * keeps it, so the two databases would differ). One rule for every route: a request whose
 * parameters, query or JSON body hold a NUL character anywhere (values or keys) is a 400
 * before any handler reads it.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(ErrorCode.invalidFormat, 'The request holds a NUL character');
    }
  });
}
