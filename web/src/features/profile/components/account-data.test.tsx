import { apiPaths } from '@studio/contracts/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenRefresher } from '../../../lib/session';
import { getAccessToken, getRefreshToken, saveTokens } from '../../../lib/token-storage';
import { buildUser, envelope, failure, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };
const profileRoutes = (user = buildUser()) => ({
  [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
  [`GET ${apiPaths.profile}`]: () => envelope({ user }),
  [`GET ${apiPaths.chargeRecord}?page=1&pageSize=10`]: () => envelope({ records: [], total: 0, currentPage: 1, pageSize: 10 }),
});

afterEach(() => {
  tokenRefresher.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn() {
  saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
}

async function openDeleteDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog };
}

describe('profile: download my data', () => {
  it('downloads the ZIP with the signed-in token and saves it under the server’s name', async () => {
    signIn();
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    const { calls } = mockFetch({
      ...profileRoutes(),
      [`GET ${apiPaths.exportData}`]: () =>
        new Response(zip, { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="coloring-studio-maple-2026-11-28.zip"' } }),
    });
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:zip'), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeTruthy();
    const call = calls.find((c) => c.url === apiPaths.exportData)!;
    expect(call.headers.Authorization ?? call.headers.authorization).toBe('Bearer acc');
    expect(clicked).toEqual(['coloring-studio-maple-2026-11-28.zip']);
    expect(created[0].size).toBe(zip.length);
  });

  it('says why when the download is refused', async () => {
    signIn();
    mockFetch({ ...profileRoutes(), [`GET ${apiPaths.exportData}`]: () => failure(1007, 429) });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/too many/i);
  });
});

describe('profile: delete my account', () => {
  it('warns what goes and that it cannot be undone, and asks for the word and the password before it can be pressed', async () => {
    signIn();
    const { calls } = mockFetch(profileRoutes());
    renderApp('/profile');
    const { user, dialog } = await openDeleteDialog();
    const text = dialog.textContent ?? '';
    for (const part of ['every page you made', 'public gallery', 'photos you uploaded', 'colored pictures', 'subscription', 'This cannot be undone.']) expect(text).toContain(part);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url === apiPaths.deleteAccount)).toBe(false);
  });

  it('shows a wrong password at the field and keeps the account', async () => {
    signIn();
    mockFetch({ ...profileRoutes(), [`POST ${apiPaths.deleteAccount}`]: () => failure(1005, 400, { password: 'validation.currentPasswordWrong' }) });
    renderApp('/profile');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('This password is not right.')).toBeTruthy();
    expect(getAccessToken()).toBe('acc');
  });

  it('says nothing was deleted when the subscription could not be cancelled (1022)', async () => {
    signIn();
    mockFetch({ ...profileRoutes(buildUser({ membershipLevel: 'pro' })), [`GET ${apiPaths.subscription}`]: () => envelope(null), [`POST ${apiPaths.deleteAccount}`]: () => failure(1022, 503) });
    renderApp('/profile');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('nothing was deleted');
    expect(getAccessToken()).toBe('acc');
  });

  it('deletes with the password, forgets the session and goes home with a notice', async () => {
    signIn();
    const { calls } = mockFetch({ ...profileRoutes(), [`POST ${apiPaths.deleteAccount}`]: () => envelope({ deleted: true }) });
    const { router } = renderApp('/profile');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect((await screen.findByTestId('account-deleted-notice')).textContent).toContain('have been deleted');
    expect(router.state.location.pathname).toBe('/');
    expect(calls.find((call) => call.url === apiPaths.deleteAccount)?.body).toEqual({ password: 'correct horse', lang: 'en' });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    // Nothing is revoked on the server afterwards: the session ended with the account.
    expect(calls.some((call) => call.url === apiPaths.logout || call.url === apiPaths.refreshToken)).toBe(false);
  });

  it('asks a Google account for a new Google sign-in instead of a password, in Japanese too', async () => {
    signIn();
    mockFetch(profileRoutes(buildUser({ provider: 'google' })));
    renderApp('/ja/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'アカウントを削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'アカウントを削除しますか？' });
    expect(within(dialog).queryByLabelText('パスワード')).toBeNull();
    expect(within(dialog).getByText('この操作は取り消せません。')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('確認のため「削除」と入力してください'), '削除');
    // No Google client id is configured in this test: the dialog says Google sign-in is not available.
    await waitFor(() => expect(within(dialog).getByText('ご本人確認のため、もう一度 Google でログインしてください：')).toBeTruthy());
    expect(within(dialog).getByRole('alert').textContent).toBeTruthy();
  });
});
