import { apiPaths } from '@studio/contracts/routes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

const gis = () => document.querySelector('script[src="https://accounts.google.com/gsi/client"]');

afterEach(() => {
  vi.unstubAllGlobals();
  gis()?.remove();
});

describe('Google sign-in', () => {
  it('is absent, and its script never loaded, when no client id is configured', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope({ googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null }),
    });
    renderApp('/login');
    await screen.findByText('help@example.com', { exact: false });
    expect(screen.queryByTestId('google-signin')).toBeNull();
    expect(gis()).toBeNull();
  });

  it('loads Google Identity Services and shows the button when configured', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope({ googleClientId: 'client-123', contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null }),
    });
    renderApp('/login');
    expect(await screen.findByTestId('google-signin')).toBeTruthy();
    await waitFor(() => expect(gis()).not.toBeNull());
  });
});
