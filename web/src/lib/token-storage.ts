import type { TokenSet } from '@studio/contracts/auth';

/**
 * Where the session lives (product-spec §4): localStorage with remember-me, else sessionStorage;
 * writing one store clears the other.
 */
const ACCESS = 'accessToken';
const REFRESH = 'refreshToken';
const EXPIRES_AT = 'accessTokenExpiresAt';
const KEYS = [ACCESS, REFRESH, EXPIRES_AT];

function holder(): Storage | null {
  // Pages are also rendered at build time, where there is no storage.
  if (typeof localStorage === 'undefined') return null;
  if (localStorage.getItem(REFRESH) || localStorage.getItem(ACCESS)) return localStorage;
  if (sessionStorage.getItem(REFRESH) || sessionStorage.getItem(ACCESS)) return sessionStorage;
  return null;
}

function write(store: Storage, tokens: TokenSet, now: number): void {
  store.setItem(ACCESS, tokens.accessToken);
  store.setItem(REFRESH, tokens.refreshToken);
  store.setItem(EXPIRES_AT, String(now + tokens.expiresIn * 1000));
}

export function saveTokens(tokens: TokenSet, rememberMe: boolean, now = Date.now()): void {
  const [target, other] = rememberMe ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  for (const key of KEYS) other.removeItem(key);
  write(target, tokens, now);
}

/** After a refresh the new tokens go where the old ones were. */
export function replaceTokens(tokens: TokenSet, now = Date.now()): void {
  write(holder() ?? sessionStorage, tokens, now);
}

export function clearTokens(): void {
  for (const key of KEYS) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
}

export function getAccessToken(): string | null {
  return holder()?.getItem(ACCESS) ?? null;
}

export function getRefreshToken(): string | null {
  return holder()?.getItem(REFRESH) ?? null;
}

export function isRemembered(): boolean {
  return holder() === localStorage;
}

function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Expiry of the access token in ms since epoch: from its `exp` claim, else from the stored time; null when unreadable. */
export function getAccessTokenExpiry(): number | null {
  const token = getAccessToken();
  if (!token) return null;
  const fromToken = jwtExpiry(token);
  if (fromToken !== null) return fromToken;
  const stored = Number(holder()?.getItem(EXPIRES_AT));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}
