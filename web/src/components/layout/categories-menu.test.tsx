import { apiPaths } from '@studio/contracts/routes';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';

const category = (i: number) => ({ slug: `cat-${i}`, displayName: { en: `Category ${i}`, zh: `分类 ${i}`, ja: `カテゴリ ${i}` } });

afterEach(() => vi.unstubAllGlobals());

describe('popular categories in the frame', () => {
  it('shows the first 21 categories in the header dropdown and in three footer columns', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope({ googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null }),
      'GET /api/images/categories': () => envelope(Array.from({ length: 25 }, (_, i) => category(i + 1))),
    });
    renderApp('/login');
    const footer = await screen.findByTestId('footer-categories');
    const columns = footer.querySelectorAll('ul');
    expect(columns).toHaveLength(3);
    expect([...columns].map((column) => column.querySelectorAll('li').length)).toEqual([7, 7, 7]);
    expect(within(footer).getByText('Category 21').closest('a')?.getAttribute('href')).toBe('/categories/cat-21');
    expect(within(footer).queryByText('Category 22')).toBeNull();

    const toggle = screen.getAllByRole('button', { name: 'Popular categories' })[0];
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/categories/cat-'))).toHaveLength(21);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.mouseDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves the menus as they were when the categories cannot be loaded', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope({ googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null }),
    });
    renderApp('/login');
    await screen.findByText('help@example.com', { exact: false });
    expect(screen.queryByTestId('footer-categories')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Free coloring pages' }).length).toBeGreaterThan(0);
  });
});
