import { ErrorCode } from '@studio/contracts/errors';
import { ApiError } from './api-error';

/** True when a call failed because the connection is gone (not because the server said no). */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.network;
}

/** Resolves when the browser says it is back online, or after `ms`, whichever comes first. */
export function waitForConnection(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * A random key for one press of a button that costs something (decision 060). getRandomValues works
 * on plain http too, where crypto.randomUUID is missing.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
