import { apiPaths } from '@studio/contracts/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, envelope, failure, mockFetch } from '../testing/fetch-mock';
import { apiDownload, apiRequest } from './api-client';
import { ApiError } from './api-error';
import { onTokenExpired } from './auth-events';
import { fetchProfile } from './session';
import { getAccessToken, getRefreshToken, saveTokens } from './token-storage';

const newTokens = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 3600 };

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('refreshes once on a 401 and retries the call once with the new token', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, true);
    const { calls } = mockFetch({
      [`GET ${apiPaths.profile}`]: (call) =>
        call.headers.Authorization === 'Bearer access-2' ? envelope({ user: buildUser() }) : failure(1011, 401),
      [`POST ${apiPaths.refreshToken}`]: () => envelope(newTokens),
    });

    const data = await apiRequest<{ user: { username: string } }>(apiPaths.profile, { auth: true });

    expect(data.user.username).toBe('maple');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${apiPaths.profile}`,
      `POST ${apiPaths.refreshToken}`,
      `GET ${apiPaths.profile}`,
    ]);
    expect(calls[1].body).toEqual({ refreshToken: 'refresh-1' });
    // The new tokens replace the old ones in the same (persistent) store.
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  it('clears the tokens, signals tokenExpired and raises 1010 when the refresh fails', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, false);
    const { calls } = mockFetch({
      [`GET ${apiPaths.profile}`]: () => failure(1011, 401),
      [`POST ${apiPaths.refreshToken}`]: () => failure(1010, 401),
    });
    const expired = vi.fn();
    const off = onTokenExpired(expired);

    const error = await apiRequest(apiPaths.profile, { auth: true }).catch((caught: unknown) => caught);

    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(1010);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(expired).toHaveBeenCalledWith('refresh-failed');
    expect(calls).toHaveLength(2);
  });

  it('retries only once: a second 401 after a good refresh also ends the session with 1010', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, true);
    const { calls } = mockFetch({
      [`GET ${apiPaths.profile}`]: () => failure(1011, 401),
      [`POST ${apiPaths.refreshToken}`]: () => envelope(newTokens),
    });
    await expect(apiRequest(apiPaths.profile, { auth: true })).rejects.toMatchObject({ code: 1010 });
    expect(calls).toHaveLength(3);
    expect(getAccessToken()).toBeNull();
  });

  it('does not refresh for calls without auth and reports the server code and fields', async () => {
    mockFetch({ [`POST ${apiPaths.login}`]: () => failure(1003, 400, { email: 'validation.email' }) });
    const error = (await apiRequest(apiPaths.login, { method: 'POST', body: {} }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe(1003);
    expect(error.fields).toEqual({ email: 'validation.email' });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });

  it('turns a failed connection into 9001', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest(apiPaths.clientConfig)).rejects.toMatchObject({ code: 9001 });
  });

  it('shares one refresh between concurrent 401s', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, true);
    const { calls } = mockFetch({
      [`GET ${apiPaths.profile}`]: (call) =>
        call.headers.Authorization === 'Bearer access-2' ? envelope({ user: buildUser() }) : failure(1011, 401),
      [`PUT ${apiPaths.updateProfile}`]: (call) =>
        call.headers.Authorization === 'Bearer access-2' ? envelope({ user: buildUser() }) : failure(1011, 401),
      [`POST ${apiPaths.refreshToken}`]: () => envelope(newTokens),
    });
    await Promise.all([
      apiRequest(apiPaths.profile, { auth: true }),
      apiRequest(apiPaths.updateProfile, { method: 'PUT', body: {}, auth: true }),
    ]);
    expect(calls.filter((call) => call.url === apiPaths.refreshToken)).toHaveLength(1);
  });
});

describe('profile loading', () => {
  it('shares one in-flight request between concurrent callers', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, true);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockFetch({
      [`GET ${apiPaths.profile}`]: async () => {
        await gate;
        return envelope({ user: buildUser() });
      },
    });
    const first = fetchProfile();
    const second = fetchProfile();
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    // Once settled, a later call asks again.
    await fetchProfile();
    expect(calls).toHaveLength(2);
  });
});

describe('apiDownload', () => {
  it('returns the file with the name the server gave, refreshing once on a 401', async () => {
    saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 }, true);
    const path = apiPaths.download('img-12345678', 'pdf', 'a4');
    mockFetch({
      [`GET ${path}`]: (call) =>
        call.headers.Authorization === 'Bearer access-2'
          ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="coloring-page-cat-12345678.pdf"' } })
          : failure(1011, 401),
      [`POST ${apiPaths.refreshToken}`]: () => envelope(newTokens),
    });

    const file = await apiDownload(path, { auth: true, fallbackName: 'fallback.pdf' });

    expect(file.fileName).toBe('coloring-page-cat-12345678.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('raises the envelope error of a refused download', async () => {
    const path = apiPaths.download('img-x', 'png');
    mockFetch({ [`GET ${path}`]: () => failure(4008, 404) });
    await expect(apiDownload(path, { fallbackName: 'x.png' })).rejects.toMatchObject({ code: 4008, status: 404 });
  });
});
