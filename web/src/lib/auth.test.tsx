import { apiPaths } from '@studio/contracts/routes';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, envelope, mockFetch } from '../testing/fetch-mock';
import { renderApp } from '../testing/render-app';
import { emitTokenExpired } from './auth-events';
import { tokenRefresher } from './session';
import { saveTokens } from './token-storage';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };

afterEach(() => {
  tokenRefresher.stop();
  vi.unstubAllGlobals();
});

describe('auth state', () => {
  it('restores a stored session: placeholder while loading, then credits and the avatar menu', async () => {
    saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: async () => {
        await gate;
        return envelope({ user: buildUser({ credits: 12345 }) });
      },
    });
    renderApp('/');
    expect(await screen.findByTestId('user-placeholder')).toBeTruthy();
    release();
    expect((await screen.findByTestId('credits-badge')).textContent).toContain('12,345');
    expect(tokenRefresher.getStatus().running).toBe(true);

    // The avatar menu opens with keyboard focus on its first entry; Escape closes it.
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu'));
    expect(document.activeElement?.textContent).toBe('Profile');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My creations');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    // A press anywhere outside closes it too.
    await user.click(screen.getByTestId('user-menu'));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('clears the user and stops the refresher on tokenExpired', async () => {
    saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, false);
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    renderApp('/');
    await screen.findByTestId('credits-badge');
    act(() => emitTokenExpired('test'));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByTestId('credits-badge')).toBeNull();
    expect(tokenRefresher.getStatus().running).toBe(false);
  });
});
