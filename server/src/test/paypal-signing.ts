import { sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

/**
 * A stand-in for PayPal's webhook signing: a test root CA and a signing certificate issued to
 * messageverificationcerts.paypal.com (made with openssl for the tests; the key signs nothing
 * else). Notifications are signed the way PayPal documents: SHA256withRSA over
 * `transmission id | time | webhook id | crc32(body)`.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'paypal-test-certs');
const signerKey = readFileSync(path.join(dir, 'signer.key'), 'utf8');
export const TEST_PAYPAL_ROOT = readFileSync(path.join(dir, 'root.pem'), 'utf8');
const chain = readFileSync(path.join(dir, 'signer.pem'), 'utf8') + TEST_PAYPAL_ROOT;

export const TEST_CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-test';
export const TEST_WEBHOOK_ID = 'WH-TEST';

/** The provider options that make it trust the test certificates (and fetch nothing). */
export const testWebhookCerts = {
  fetchCert: async (url: string) => {
    if (url !== TEST_CERT_URL) throw new Error(`no certificate at ${url}`);
    return chain;
  },
  trustedRoots: [TEST_PAYPAL_ROOT],
};

let transmissions = 0;

/** Headers PayPal would send with `body`, signed for `webhookId` (another key when `key` is given). */
export function signedHeaders(body: string | Buffer, options: { webhookId?: string; key?: string } = {}): Record<string, string> {
  transmissions += 1;
  const transmissionId = `tx-${process.pid}-${transmissions}`;
  const time = new Date().toISOString();
  const message = `${transmissionId}|${time}|${options.webhookId ?? TEST_WEBHOOK_ID}|${crc32(Buffer.from(body)) >>> 0}`;
  return {
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': TEST_CERT_URL,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': sign('sha256', Buffer.from(message), options.key ?? signerKey).toString('base64'),
  };
}
