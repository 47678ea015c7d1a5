import type { LoginResponse, User } from '@studio/contracts/auth';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest, refreshTokens } from './api-client';
import { emitTokenExpired } from './auth-events';
import { clearTokens, getAccessToken, getAccessTokenExpiry, saveTokens } from './token-storage';
import { createTokenRefresher } from './token-refresher';

/** Session operations shared by the auth state and the debug page; no React here. */
let profileInFlight: Promise<User> | null = null;

/** Concurrent callers share one profile request. */
export function fetchProfile(): Promise<User> {
  if (profileInFlight) return profileInFlight;
  profileInFlight = import('@studio/contracts/auth')
    .then(({ profileResponseSchema }) => apiRequest(apiPaths.profile, { auth: true, schema: profileResponseSchema }))
    .then((data) => data.user)
    .finally(() => {
      profileInFlight = null;
    });
  return profileInFlight;
}

export const tokenRefresher = createTokenRefresher({
  getExpiry: getAccessTokenExpiry,
  hasToken: () => getAccessToken() !== null,
  refresh: async () => (await refreshTokens()) !== null,
  onExpired: (reason) => {
    clearTokens();
    emitTokenExpired(reason);
  },
});

export function storeLogin(result: LoginResponse, rememberMe: boolean): void {
  saveTokens(result, rememberMe);
}

/** Revokes the session on the server (best effort) and forgets it here. */
export async function endSession(provider: User['provider'] | undefined): Promise<void> {
  tokenRefresher.stop();
  if (getAccessToken()) {
    try {
      await apiRequest(provider === 'google' ? apiPaths.googleLogout : apiPaths.logout, { method: 'POST', auth: true });
    } catch {
      // The local session ends whatever the server answers.
    }
  }
  clearTokens();
}

/** Forgets a session the server has already ended (the account was deleted): nothing to revoke there. */
export function forgetSession(): void {
  tokenRefresher.stop();
  clearTokens();
}
