import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { buildImage, fakeApi, profile, signIn } from '../../generator/testing/api-fake';

afterEach(() => vi.unstubAllGlobals());

const texts = Array.from({ length: 14 }, (_, i) => buildImage({ id: `t${i}`, type: 'text2image', isPublic: i % 2 === 0 }));
const photos = [buildImage({ id: 'p0', type: 'image2image', prompt: { en: '', zh: '', ja: '' } })];
const all = [...photos, ...texts];

const cards = () => screen.queryAllByRole('heading', { level: 2, name: /^Page / });

function listOf(query: URLSearchParams) {
  const type = query.get('type');
  const pool = type === 'text2image' ? texts : type === 'image2image' ? photos : all;
  const page = Number(query.get('currentPage'));
  const size = Number(query.get('pageSize'));
  return envelope({
    images: pool.slice((page - 1) * size, page * size),
    total: pool.length,
    currentPage: page,
    pageSize: size,
    counts: { all: all.length, text2image: texts.length, image2image: photos.length },
  });
}

describe('my creations', () => {
  it('sends a signed-out visitor to login', async () => {
    fakeApi({});
    const { router } = renderApp('/ja/creations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/login'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fcreations&reason=login-required');
  });

  it('shows the empty state', async () => {
    signIn();
    fakeApi({ 'GET /api/users/profile': profile() });
    renderApp('/creations');
    expect(await screen.findByText('No creations yet')).toBeTruthy();
    expect(screen.getByText('Start creating your first coloring page!')).toBeTruthy();
  });

  it('filters with counts, loads more, and deleting updates the list and the counts', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/users/profile': profile(),
      'GET /api/images/userImg': (call) => listOf(call.query),
      'DELETE /api/images/t0': () => envelope(null),
    });
    renderApp('/creations');
    await waitFor(() => expect(screen.getByTestId('count-all').textContent).toBe('15'));
    expect(screen.getByTestId('count-text2image').textContent).toBe('14');
    expect(screen.getByTestId('count-image2image').textContent).toBe('1');
    expect(cards()).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(15));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /Text to image/ }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(api.calls.at(-1)?.query.get('type')).toBe('text2image');

    const card = screen.getByRole('heading', { name: 'Page t0' }).closest('li')!;
    expect(within(card).getByText('Public')).toBeTruthy();
    expect(within(card).getByText('Text to image', { selector: 'span' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Recreate' }).getAttribute('href')).toBe('/text-coloring-page?ratio=1%3A1&isPublic=true&prompt=prompt+of+t0');
    fireEvent.click(within(card).getByRole('button', { name: 'More actions' }));
    fireEvent.click(within(card).getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Page t0' })).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/images/t0')).toBe(true);
    expect(screen.getByTestId('count-all').textContent).toBe('14');
    expect(screen.getByTestId('count-text2image').textContent).toBe('13');
    expect(screen.getByTestId('count-image2image').textContent).toBe('1');
  });

  it("shows a photo page's photo through the owner's link, recreates it by id, and marks a page awaiting review", async () => {
    signIn();
    const held = buildImage({ id: 'h0', type: 'text2image', isPublic: true, isOnline: false });
    fakeApi({
      'GET /api/users/profile': profile(),
      'GET /api/images/userImg': () => envelope({ images: [photos[0], held], total: 2, currentPage: 1, pageSize: 12, counts: { all: 2, text2image: 1, image2image: 1 } }),
      'GET /api/images/p0/original': () => envelope({ url: '/api/images/p0/original/file?exp=1&sig=s', expiresAt: '2026-03-04T05:21:07.000Z' }),
    });
    renderApp('/creations');
    const card = (await screen.findByRole('heading', { name: 'Page p0' })).closest('li')!;
    await waitFor(() => expect(within(card).getByTestId('creation-photo').getAttribute('src')).toBe('/api/images/p0/original/file?exp=1&sig=s'));
    expect(within(card).getByRole('link', { name: 'Recreate' }).getAttribute('href')).toBe('/image-coloring-page?ratio=1%3A1&sourceImageId=p0');
    const heldCard = screen.getByRole('heading', { name: 'Page h0' }).closest('li')!;
    expect(within(heldCard).getByText('Awaiting review: only you can see it for now')).toBeTruthy();
    expect(within(heldCard).queryByTestId('creation-photo')).toBeNull();
  });

  it('reports an image with a required text of at most 500 characters', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/users/profile': profile(),
      'GET /api/images/userImg': (call) => listOf(call.query),
      'POST /api/images/report': () => envelope(null),
    });
    renderApp('/creations');
    const card = (await screen.findByRole('heading', { name: 'Page p0' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'More actions' }));
    fireEvent.click(within(card).getByRole('menuitem', { name: 'Report' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter report content');
    const box = within(dialog).getByLabelText('What is wrong with this image?');
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('501/500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The report can be at most 500 characters');
    fireEvent.change(box, { target: { value: 'Not a coloring page' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Thank you — we will review this image.')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/api/images/report')?.body).toEqual({ imageId: 'p0', content: 'Not a coloring page' });
  });
});
