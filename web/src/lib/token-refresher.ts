import { REFRESH_THRESHOLD_MS, TOKEN_CHECK_INTERVAL_MS } from '@studio/contracts/constants';

/**
 * Background refresher (product-spec §4): checks at once, then every 10 minutes; refreshes when
 * 10 minutes or less remain or the expiry cannot be read; when a refresh fails it retries
 * later while the token is still valid, and signals expiry once it is not.
 */
export interface RefresherDeps {
  getExpiry: () => number | null;
  hasToken: () => boolean;
  refresh: () => Promise<boolean>;
  onExpired: (reason: string) => void;
  now?: () => number;
}

export interface RefresherStatus {
  running: boolean;
  nextCheckAt: number | null;
  lastRefreshAt: number | null;
  lastResult: 'refreshed' | 'not-needed' | 'failed' | 'expired' | null;
}

/** Retry delay after a failed refresh while the token is still valid. */
export const RETRY_DELAY_MS = 60 * 1000;

export function createTokenRefresher(deps: RefresherDeps) {
  const now = deps.now ?? Date.now;
  let interval: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let status: RefresherStatus = { running: false, nextCheckAt: null, lastRefreshAt: null, lastResult: null };
  const listeners = new Set<() => void>();

  const update = (patch: Partial<RefresherStatus>) => {
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  };

  const clearRetry = () => {
    if (retry) clearTimeout(retry);
    retry = null;
  };

  async function check(force = false): Promise<RefresherStatus['lastResult']> {
    if (!deps.hasToken()) return null;
    const expiry = deps.getExpiry();
    const remaining = expiry === null ? null : expiry - now();
    if (!force && remaining !== null && remaining > REFRESH_THRESHOLD_MS) {
      update({ lastResult: 'not-needed' });
      return 'not-needed';
    }
    const ok = await deps.refresh();
    if (ok) {
      clearRetry();
      update({ lastResult: 'refreshed', lastRefreshAt: now() });
      return 'refreshed';
    }
    if (remaining !== null && remaining > 0) {
      clearRetry();
      const delay = Math.min(RETRY_DELAY_MS, Math.max(1000, Math.floor(remaining / 2)));
      retry = setTimeout(() => void check(), delay);
      update({ lastResult: 'failed', nextCheckAt: now() + delay });
      return 'failed';
    }
    stop();
    update({ lastResult: 'expired' });
    deps.onExpired('token-expired');
    return 'expired';
  }

  function start(): void {
    if (interval) return;
    interval = setInterval(() => {
      update({ nextCheckAt: now() + TOKEN_CHECK_INTERVAL_MS });
      void check();
    }, TOKEN_CHECK_INTERVAL_MS);
    update({ running: true, nextCheckAt: now() + TOKEN_CHECK_INTERVAL_MS });
    void check();
  }

  function stop(): void {
    if (interval) clearInterval(interval);
    interval = null;
    clearRetry();
    update({ running: false, nextCheckAt: null });
  }

  return {
    start,
    stop,
    check,
    getStatus: () => status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
