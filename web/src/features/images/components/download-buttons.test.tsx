import { apiPaths } from '@studio/contracts/routes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { DownloadButtons } from './download-buttons';

const image = { id: 'lib-cat-01', title: 'Sleepy cat' };
const file = (name: string, type: string) => () =>
  new Response(name, { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

describe('DownloadButtons', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:page'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
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
