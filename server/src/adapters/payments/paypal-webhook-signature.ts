import { X509Certificate, verify } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { crc32 } from 'node:zlib';

/**
 * PayPal's offline webhook check (developer.paypal.com/api/rest/webhooks/rest, "Verify the
 * signature"): PayPal signs `transmission id | transmission time | webhook id | crc32(body)`
 * (crc32 in decimal, over the body exactly as received) with SHA256withRSA, using the key of a
 * certificate it names in `paypal-cert-url`. Checking here needs no call back to PayPal and
 * covers the received bytes: a body re-serialised with other whitespace has another crc32.
 */
export interface WebhookSignatureOptions {
  webhookId: string;
  /** Hosts the certificate may come from; PayPal's own in production. */
  certHosts?: (host: string) => boolean;
  /** Fetches a certificate chain (PEM); tests answer from files. */
  fetchCert?: (url: string) => Promise<string>;
  /** Roots the chain must end at; the system's in production. */
  trustedRoots?: readonly string[];
  now?: () => Date;
}

/** PayPal's certificate URLs live on paypal.com (api.paypal.com, api.sandbox.paypal.com, …). */
export const isPayPalHost = (host: string) => host === 'paypal.com' || host.endsWith('.paypal.com');

/** The names PayPal's signing certificates are issued to (live and sandbox). */
const SIGNER_NAMES = ['messageverificationcerts.paypal.com', 'messageverificationcerts.sandbox.paypal.com'];

const splitPem = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

async function fetchPem(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`certificate answered ${response.status}`);
  return response.text();
}

export function createWebhookSignatureCheck(options: WebhookSignatureOptions) {
  const certHosts = options.certHosts ?? isPayPalHost;
  const fetchCert = options.fetchCert ?? fetchPem;
  const roots = (options.trustedRoots ?? rootCertificates).map((pem) => new X509Certificate(pem));
  const now = options.now ?? (() => new Date());
  // Signing certificates change rarely: one fetch per URL for the life of the process.
  const signers = new Map<string, Promise<X509Certificate | null>>();

  /** The leaf certificate, when its chain ends at a trusted root and it is PayPal's and current. */
  async function signerAt(url: string): Promise<X509Certificate | null> {
    const chain = splitPem(await fetchCert(url)).map((pem) => new X509Certificate(pem));
    if (chain.length === 0) return null;
    for (let index = 0; index + 1 < chain.length; index += 1) {
      if (!chain[index].checkIssued(chain[index + 1]) || !chain[index].verify(chain[index + 1].publicKey)) return null;
    }
    const top = chain[chain.length - 1];
    if (!roots.some((root) => top.fingerprint256 === root.fingerprint256 || (top.checkIssued(root) && top.verify(root.publicKey)))) return null;
    const leaf = chain[0];
    if (!SIGNER_NAMES.some((name) => leaf.checkHost(name) !== undefined)) return null;
    return leaf;
  }

  function signerFor(url: string): Promise<X509Certificate | null> {
    let found = signers.get(url);
    if (!found) {
      found = signerAt(url).catch(() => null);
      // A failed fetch is tried again on the next delivery.
      found.then((cert) => cert ?? signers.delete(url));
      signers.set(url, found);
    }
    return found;
  }

  /** True when `rawBody` is exactly what PayPal signed for this webhook. */
  return async function verifyWebhookSignature(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<boolean> {
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const transmissionId = header('paypal-transmission-id');
    const time = header('paypal-transmission-time');
    const signature = header('paypal-transmission-sig');
    const certUrl = header('paypal-cert-url');
    if (!transmissionId || !time || !signature || !certUrl || header('paypal-auth-algo') !== 'SHA256withRSA') return false;
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' || !certHosts(url.hostname)) return false;
    const signer = await signerFor(url.href);
    if (!signer) return false;
    const at = now().getTime();
    if (Date.parse(signer.validFrom) > at || Date.parse(signer.validTo) < at) return false;
    const message = `${transmissionId}|${time}|${options.webhookId}|${crc32(rawBody) >>> 0}`;
    return verify('sha256', Buffer.from(message), signer.publicKey, Buffer.from(signature, 'base64'));
  };
}
