import type { ClientConfig } from '@studio/contracts/auth';
import { apiPaths } from '@studio/contracts/routes';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

/** Public configuration (/api/config), fetched once per page load. */
let cached: ClientConfig | null = null;
let inFlight: Promise<ClientConfig | null> | null = null;

export function loadClientConfig(): Promise<ClientConfig | null> {
  if (cached) return Promise.resolve(cached);
  inFlight ??= apiRequest<unknown>(apiPaths.clientConfig)
    .then((config) => (cached = asClientConfig(config)))
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const nullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * The answer checked against the shape of contracts' clientConfigSchema by hand: the footer asks
 * for it on every page, and zod would add its whole start-up cost to each of them.
 */
export function asClientConfig(value: unknown): ClientConfig {
  const config = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { googleClientId, contactEmail, paymentProvider, paypalClientId } = config;
  if (nullableString(googleClientId) && typeof contactEmail === 'string' && (paymentProvider === 'test' || paymentProvider === 'paypal') && nullableString(paypalClientId)) {
    return { googleClientId, contactEmail, paymentProvider, paypalClientId };
  }
  throw new Error('Unexpected answer from /api/config');
}

/** Forgets the loaded configuration (tests). */
export function clearClientConfig(): void {
  cached = null;
  inFlight = null;
}

export function useClientConfig(): ClientConfig | null {
  const [config, setConfig] = useState<ClientConfig | null>(cached);
  useEffect(() => {
    if (cached) return;
    let live = true;
    void loadClientConfig().then((value) => {
      if (live && value) setConfig(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
