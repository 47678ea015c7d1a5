import { apiPaths } from '@studio/contracts/routes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fileResponse } from '../../../testing/downloads';
import { failure, mockFetch } from '../../../testing/fetch-mock';
import { ColourByNumber } from './colour-by-number';

const image = { id: 'lib-dino-page-01', title: 'Dino by the Volcano' };
const file = fileResponse;

describe('ColourByNumber', () => {
  let saved: string[] = [];
  beforeEach(() => {
    saved = captureDownloads('blob:numbers');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the numbered page once chosen and downloads it and its solution under their own names', async () => {
    const api = mockFetch({
      [`GET ${apiPaths.downloadVariant(image.id, 'numbers', 'png')}`]: file('coloring-page-Dino-by-the-Volcano-page-01-numbers.png', 'image/png'),
      [`GET ${apiPaths.downloadVariant(image.id, 'numbers', 'pdf', 'a4')}`]: file('coloring-page-Dino-by-the-Volcano-page-01-numbers.pdf', 'application/pdf'),
      [`GET ${apiPaths.downloadVariant(image.id, 'solution', 'pdf', 'a4')}`]: file('coloring-page-Dino-by-the-Volcano-page-01-solution.pdf', 'application/pdf'),
    });
    render(
      <MemoryRouter initialEntries={['/zh/image/dino']}>
        <ColourByNumber image={image} />
      </MemoryRouter>,
    );
    // Nothing is made until the visitor asks for it.
    expect(api.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Color by number' }));
    const preview = await screen.findByRole('img', { name: 'Dino by the Volcano as color by number, with its color key' });
    expect(preview.getAttribute('src')).toBe('blob:numbers');

    // A Chinese page prints on A4.
    await userEvent.click(screen.getByRole('button', { name: 'Numbered page PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'Solution PDF' }));
    await waitFor(() => expect(saved).toEqual(['coloring-page-Dino-by-the-Volcano-page-01-numbers.pdf', 'coloring-page-Dino-by-the-Volcano-page-01-solution.pdf']));
    expect(api.calls.filter((call) => call.url.includes('variant=numbers&format=png'))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Back to the plain page' }));
    expect(screen.queryByTestId('numbers-preview')).toBeNull();
  });

  it('says so when the numbered page cannot be made', async () => {
    mockFetch({ [`GET ${apiPaths.downloadVariant(image.id, 'numbers', 'png')}`]: () => failure(2008, 500) });
    render(
      <MemoryRouter initialEntries={['/image/dino']}>
        <ColourByNumber image={image} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Color by number' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The color-by-number page could not be made.');
  });
});
