import { describe, expect, it } from 'vitest';
import { clearTokens, getAccessToken, getAccessTokenExpiry, isRemembered, replaceTokens, saveTokens } from './token-storage';

const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 3600 };

describe('token storage', () => {
  it('keeps tokens in localStorage with remember-me and clears sessionStorage', () => {
    saveTokens(tokens, false);
    saveTokens(tokens, true);
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(sessionStorage.getItem('refreshToken')).toBeNull();
    expect(isRemembered()).toBe(true);
  });

  it('keeps tokens in sessionStorage without remember-me and clears localStorage', () => {
    saveTokens(tokens, true);
    saveTokens(tokens, false);
    expect(sessionStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('accessToken')).toBeNull();
    replaceTokens({ ...tokens, accessToken: 'b' });
    expect(sessionStorage.getItem('accessToken')).toBe('b');
    clearTokens();
    expect(getAccessToken()).toBeNull();
  });

  it('reads the expiry from the JWT exp claim, else from the stored time', () => {
    const exp = 2_000_000_000;
    const jwt = `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;
    saveTokens({ ...tokens, accessToken: jwt }, true);
    expect(getAccessTokenExpiry()).toBe(exp * 1000);
    saveTokens(tokens, true, 1000);
    expect(getAccessTokenExpiry()).toBe(1000 + 3600 * 1000);
  });
});
