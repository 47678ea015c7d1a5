import { colouringPaths } from '@studio/contracts/colourings';
import { apiPaths } from '@studio/contracts/routes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth';
import { tokenRefresher } from '../../../lib/session';
import { clearTokens, saveTokens } from '../../../lib/token-storage';
import { buildUser, envelope, failure, mockFetch } from '../../../testing/fetch-mock';
import { ColouringActions } from './colouring-actions';

const image = { id: 'lib-dino-page-01', title: { en: 'Dino', zh: 'Dino', ja: 'Dino' } } as ComponentProps<typeof ColouringActions>['image'];

afterEach(() => {
  tokenRefresher.stop();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('ColouringActions keeping a picture', () => {
  it.each([
    ['colouring.errors.quota', 413, 'There is no room left for this picture: your kept pictures may fill 200 MB. Delete some in My creations first.'],
    ['colouring.errors.notCompact', 413, 'This picture cannot be kept: stored, it would take more space than the file sent.'],
    ['colouring.errors.limit', 409, 'You have kept as many colored pictures as you can. Delete one first.'],
  ])('shows why the server refused it (%s)', async (reason, status, text) => {
    saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
    mockFetch({
      [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser() }),
      [`PUT ${colouringPaths.kept(image.id)}`]: () => failure(3001, status, { file: reason }),
    });
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/colour/dino']}>
          <ColouringActions image={image} title="Dino" ready hasColour compose={async () => new Blob(['png'], { type: 'image/png' })} />
        </MemoryRouter>
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Keep in My creations' }));
    expect((await screen.findByRole('alert')).textContent?.trim()).toBe(text);
  });
});
