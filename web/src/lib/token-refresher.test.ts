import { REFRESH_THRESHOLD_MS, TOKEN_CHECK_INTERVAL_MS } from '@studio/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, RETRY_DELAY_MS } from './token-refresher';

const MINUTE = 60_000;

function setup(initialExpiry: number | null, refreshResults: boolean[] = []) {
  const state = { expiry: initialExpiry };
  const refresh = vi.fn(async () => {
    const ok = refreshResults.length ? refreshResults.shift()! : true;
    if (ok) state.expiry = Date.now() + 60 * MINUTE;
    return ok;
  });
  const onExpired = vi.fn();
  const refresher = createTokenRefresher({ getExpiry: () => state.expiry, hasToken: () => true, refresh, onExpired });
  return { state, refresh, onExpired, refresher };
}

describe('token refresher', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-05-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('checks at once and leaves a token with more than 10 minutes alone', async () => {
    const { refresh, refresher } = setup(Date.now() + REFRESH_THRESHOLD_MS + MINUTE);
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).not.toHaveBeenCalled();
    expect(refresher.getStatus()).toMatchObject({ running: true, lastResult: 'not-needed' });
    refresher.stop();
  });

  it('refreshes at once when 10 minutes or less remain', async () => {
    const { refresh, refresher } = setup(Date.now() + REFRESH_THRESHOLD_MS);
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.getStatus().lastResult).toBe('refreshed');
    refresher.stop();
  });

  it('refreshes when the expiry cannot be read', async () => {
    const { refresh, refresher } = setup(null);
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('checks again every 10 minutes and refreshes once the threshold is reached', async () => {
    // 25 minutes left: the checks at 0 and 10 minutes find 25 and 15 left; the one at 20 finds 5.
    const { refresh, refresher } = setup(Date.now() + 25 * MINUTE);
    refresher.start();
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
    await vi.advanceTimersByTimeAsync(10 * TOKEN_CHECK_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('retries later when a refresh fails while the token is still valid', async () => {
    const { refresh, onExpired, refresher } = setup(Date.now() + 5 * MINUTE, [false, true]);
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.getStatus().lastResult).toBe('failed');
    expect(onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(refresher.getStatus().lastResult).toBe('refreshed');
    refresher.stop();
  });

  it('signals expiry and stops when a refresh fails after the token expired', async () => {
    const { onExpired, refresher } = setup(Date.now() - 1000, [false]);
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(refresher.getStatus()).toMatchObject({ running: false, lastResult: 'expired' });
  });
});
