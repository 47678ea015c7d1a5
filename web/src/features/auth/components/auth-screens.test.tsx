import { apiPaths } from '@studio/contracts/routes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, envelope, failure, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };

afterEach(() => vi.unstubAllGlobals());

describe('register', () => {
  it('checks the confirmation live and, on success, goes to login with a message and the email filled', async () => {
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.register}`]: () => envelope({ user: buildUser() }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'maple');
    await user.type(screen.getByLabelText('Email'), 'Maple@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm password'), '2');
    expect(screen.getByText('Passwords match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByText('Your account is ready. Log in to start coloring.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account is made');
    expect(screen.queryByText('Welcome back')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maple@example.com');
    expect(calls.find((call) => call.url === apiPaths.register)?.body).toEqual({ username: 'maple', email: 'maple@example.com', password: 'secret12', lang: 'en' });
  });

  it('shows field errors inline and the server answer for a taken email', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.register}`]: () => failure(2001, 409),
    });
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(3);
    await user.type(screen.getByLabelText('Username'), 'a!');
    expect(screen.getByText('Use letters, numbers and underscores only')).toBeTruthy();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'maple');
    await user.type(screen.getByLabelText('Email'), 'maple@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByText('This email is already registered')).length).toBe(2);
  });
});

describe('login', () => {
  it('stores tokens in localStorage with remember-me, remembers the email and returns to the page the user came from', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.login}`]: () => envelope({ user: buildUser(), accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ credits: 1234 }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login?redirectTo=%2Fprofile&reason=login-required');
    expect(await screen.findByText('Please log in to continue.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'maple@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('accessToken')).toBe('acc');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('rememberedEmail')).toBe('maple@example.com');
    expect(await screen.findByTestId('profile-credits')).toHaveProperty('textContent', '1,234');
  });

  it('keeps the session in sessionStorage without remember-me and shows a translated error on bad credentials', async () => {
    let attempts = 0;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.login}`]: () =>
        ++attempts === 1 ? failure(1001, 401) : envelope({ user: buildUser(), accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/zh/login');
    // The page follows the /zh prefix.
    await user.type(await screen.findByLabelText('邮箱'), 'maple@example.com');
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.type(screen.getByLabelText('密码'), 'secret12');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('邮箱或密码错误')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh'));
    expect(sessionStorage.getItem('refreshToken')).toBe('ref');
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('profile guard', () => {
  it('sends a signed-out visitor to login with the return path', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config) });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fprofile&reason=login-required');
  });
});

describe('reset password', () => {
  it('shows the link-invalid page for a refused token', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.validateResetToken('bad')}`]: () => envelope({ valid: false }),
    });
    renderApp('/reset-password?token=bad');
    expect(await screen.findByText("This link can't be used")).toBeTruthy();
  });

  it('validates the token, then saves the new password and shows the success page', async () => {
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.validateResetToken('good')}`]: () => envelope({ valid: true, email: 'maple@example.com' }),
      [`POST ${apiPaths.resetPassword}`]: () => envelope(null),
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=good');
    expect(await screen.findByText('For maple@example.com')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(calls.find((call) => call.url === apiPaths.resetPassword)?.body).toEqual({ token: 'good', newPassword: 'newpass1' });
  });
});

describe('not found', () => {
  it('renders a real not-found page for unknown paths in every language root', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config) });
    renderApp('/ja/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('login from the header', () => {
  it('comes back to the page the visitor was on', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`POST ${apiPaths.login}`]: () => envelope({ user: buildUser(), accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }),
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/ja/blog');
    await user.click((await screen.findAllByRole('link', { name: 'ログイン' }))[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/login'));
    await user.type(await screen.findByLabelText('メールアドレス'), 'maple@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/blog'));
  });
});
