import { apiPaths } from '@studio/contracts/routes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fileResponse } from '../../../testing/downloads';
import { mockFetch } from '../../../testing/fetch-mock';
import { DownloadButtons } from './download-buttons';

const image = { id: 'lib-cat-01', title: 'Sleepy cat' };
const file = fileResponse;

describe('DownloadButtons', () => {
  let saved: string[] = [];
  beforeEach(() => {
    saved = captureDownloads('blob:page');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each([
    ['ja', 'a4'],
    ['en', 'letter'],
  ] as const)('asks for the PDF in the page language (%s), so its title and credit line are in it', async (lang, paper) => {
    const api = mockFetch({
      [`GET ${apiPaths.download(image.id, 'pdf', paper)}&lang=${lang}`]: file('coloring-page-Sleepy-cat-cat-01.pdf', 'application/pdf'),
      [`GET ${apiPaths.download(image.id, 'png')}`]: file('coloring-page-Sleepy-cat-cat-01.png', 'image/png'),
    });
    render(
      <MemoryRouter initialEntries={[lang === 'en' ? '/image/cat' : `/${lang}/image/cat`]}>
        <DownloadButtons image={image} withName={false} />
      </MemoryRouter>,
    );
    const buttons = screen.getAllByRole('button');
    for (const button of buttons) await userEvent.click(button);
    await waitFor(() => expect(saved.sort()).toEqual(['coloring-page-Sleepy-cat-cat-01.pdf', 'coloring-page-Sleepy-cat-cat-01.png']));
    expect(api.calls.map((call) => call.url).sort()).toEqual([`${apiPaths.download(image.id, 'pdf', paper)}&lang=${lang}`, apiPaths.download(image.id, 'png')]);
  });
});
