import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { buildImage, fakeApi, profile, signIn } from '../../generator/testing/api-fake';

afterEach(() => vi.unstubAllGlobals());

const mine = Array.from({ length: 15 }, (_, i) => buildImage({ id: `m${i}`, title: { en: `Mine ${i}`, zh: `我的 ${i}`, ja: `わたし ${i}` } }));
const list = (images: typeof mine) => () => envelope({ images, total: images.length, currentPage: 1, pageSize: 40, counts: { all: images.length, text2image: images.length, image2image: 0 } });

function pdfAnswer() {
  return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="coloring-booklet-Class-3B-12p.pdf"' } });
}

describe('the booklet builder', () => {
  it('starts with the first 12 of My creations and asks for exactly the chosen pages with the name, paper and layout', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:booklet'), revokeObjectURL: vi.fn() }));
    const api = fakeApi({ 'GET /api/users/profile': profile(), 'GET /api/images/userImg': list(mine), 'GET /api/packs/booklet': pdfAnswer });
    renderApp('/creations');
    fireEvent.click(await screen.findByRole('button', { name: 'Make a booklet' }));
    const builder = await screen.findByTestId('booklet-builder');
    await waitFor(() => expect(within(builder).getAllByRole('checkbox')).toHaveLength(15));
    expect(within(builder).getAllByRole('checkbox', { checked: true })).toHaveLength(12);
    expect(screen.getByTestId('booklet-count').textContent).toBe('12 pages chosen (up to 40)');
    expect((within(builder).getByLabelText('Booklet title') as HTMLInputElement).value).toBe('My coloring pages');

    // Untick the second page, tick the 14th: the booklet keeps the list's order.
    fireEvent.click(within(builder).getByRole('checkbox', { name: 'Mine 1' }));
    fireEvent.click(within(builder).getByRole('checkbox', { name: 'Mine 13' }));
    fireEvent.change(within(builder).getByLabelText('Name on the page'), { target: { value: '小明 Class 3B' } });
    fireEvent.click(within(builder).getByRole('radio', { name: 'A4' }));
    fireEvent.click(within(builder).getByRole('radio', { name: 'Two (saves paper)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download booklet (12 pages)' }));

    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/packs/booklet')).toBe(true));
    const call = api.calls.find((c) => c.path === '/api/packs/booklet')!;
    expect(call.query.get('ids')).toBe(['m0', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm13'].join(','));
    expect(call.query.get('name')).toBe('小明 Class 3B');
    expect(call.query.get('paper')).toBe('a4');
    expect(call.query.get('perSheet')).toBe('2');
    expect(call.query.get('title')).toBe('My coloring pages');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('lets the chosen pages be moved up and down, by mouse or keyboard, and makes the booklet in that order', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:booklet'), revokeObjectURL: vi.fn() }));
    const api = fakeApi({ 'GET /api/users/profile': profile(), 'GET /api/images/userImg': list(mine.slice(0, 3)), 'GET /api/packs/booklet': pdfAnswer });
    const user = userEvent.setup();
    renderApp('/creations');
    await user.click(await screen.findByRole('button', { name: 'Make a booklet' }));
    const builder = await screen.findByTestId('booklet-builder');
    const order = () => within(builder).getAllByTestId('booklet-order-page').map((page) => page.textContent?.replace(/[↑↓]/g, ''));
    await waitFor(() => expect(order()).toEqual(['1Mine 0', '2Mine 1', '3Mine 2']));

    await user.click(within(builder).getByRole('button', { name: 'Move “Mine 2” up' }));
    expect(order()).toEqual(['1Mine 0', '2Mine 2', '3Mine 1']);

    // Keyboard: the button keeps the focus as its page moves, and says when it can go no further.
    const down = within(builder).getByRole('button', { name: 'Move “Mine 0” down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['1Mine 2', '2Mine 0', '3Mine 1']);
    await user.keyboard(' ');
    expect(order()).toEqual(['1Mine 2', '2Mine 1', '3Mine 0']);
    expect(document.activeElement).toBe(down);
    expect(down.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['1Mine 2', '2Mine 1', '3Mine 0']);

    // A page ticked later joins at the end; one unticked leaves the order.
    await user.click(within(builder).getByRole('checkbox', { name: 'Mine 1' }));
    expect(order()).toEqual(['1Mine 2', '2Mine 0']);
    await user.click(within(builder).getByRole('checkbox', { name: 'Mine 1' }));
    expect(order()).toEqual(['1Mine 2', '2Mine 0', '3Mine 1']);

    await user.click(screen.getByRole('button', { name: 'Download booklet (3 pages)' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/packs/booklet')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/packs/booklet')!.query.get('ids')).toBe('m2,m0,m1');
  });

  it('shows the server’s word on a name it cannot print, under the field', async () => {
    signIn();
    fakeApi({ 'GET /api/users/profile': profile(), 'GET /api/images/userImg': list(mine.slice(0, 3)), 'GET /api/packs/booklet': () => failure(1003, 400, { name: 'validation.nameUnsupported' }) });
    renderApp('/creations');
    fireEvent.click(await screen.findByRole('button', { name: 'Make a booklet' }));
    const builder = await screen.findByTestId('booklet-builder');
    await waitFor(() => expect(within(builder).getAllByRole('checkbox', { checked: true })).toHaveLength(3));
    fireEvent.change(within(builder).getByLabelText('Name on the page'), { target: { value: '김민준' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download booklet (3 pages)' }));
    expect(await within(builder).findByText('Some characters of this text cannot be printed yet (Latin, Chinese and Japanese work)')).toBeTruthy();
  });
});
