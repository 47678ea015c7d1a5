import { createHash, randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * Opaque ids that sort by creation time (ms timestamp, a counter within the millisecond, then
 * randomness), so lists and the ledger order by id on every dialect.
 */
export function newId(): string {
  const now = Date.now();
  if (now === lastMs) counter += 1;
  else {
    lastMs = now;
    counter = 0;
  }
  return now.toString(36).padStart(9, '0') + counter.toString(36).padStart(3, '0') + randomBytes(6).toString('hex');
}

/** A secret token for links and refresh tokens: 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of secret tokens are stored: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function nowIso(offsetSeconds = 0): string {
  return new Date(Date.now() + offsetSeconds * 1000).toISOString();
}
