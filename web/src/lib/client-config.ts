import type { ClientConfig } from '@studio/contracts/auth';
import { apiPaths } from '@studio/contracts/routes';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

/** Public configuration (/api/config), fetched once per page load. */
let cached: ClientConfig | null = null;
let inFlight: Promise<ClientConfig | null> | null = null;

export function loadClientConfig(): Promise<ClientConfig | null> {
  if (cached) return Promise.resolve(cached);
  inFlight ??= import('@studio/contracts/auth')
    .then(({ clientConfigSchema }) => apiRequest(apiPaths.clientConfig, { schema: clientConfigSchema }))
    .then((config) => (cached = config))
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
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
