import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { shareUpload, takeSharedUpload } from '../../../lib/shared-upload';
import { buildImage, fakeApi, profile, signIn } from '../testing/api-fake';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const generateButton = () => screen.getByRole('button', { name: /^Generate/ });
const promptBox = () => screen.getByLabelText('Describe your coloring page') as HTMLTextAreaElement;

/** Lets the poll timers run: each step is one 2 s interval, with the answers' promises settled. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Object URLs and the browser's decoder, for a chosen 3:2 landscape photo. */
function stubWidePhoto() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:wide', revokeObjectURL: () => undefined }));
  class WidePhoto {
    naturalWidth = 600;
    naturalHeight = 400;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_url: string) {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('Image', WidePhoto);
}

/** A signed-in member with 50 credits on the image tab (photos decode as 3:2); answers the API fake. */
async function onImageTab() {
  signIn();
  stubWidePhoto();
  const api = fakeApi({
    'GET /api/users/profile': profile({ credits: 50 }),
    'POST /api/images/img2imggenerate': () => envelope({ taskId: 'p1' }),
    'GET /api/images/tasks/p1': () => envelope({ taskId: 'p1', type: 'image2image', status: 'processing', progress: 10, image: null, errorCode: null, message: '' }),
  });
  renderApp('/image-coloring-page');
  await screen.findByTestId('credits-badge');
  return api;
}

/** A signed-in member on the image tab who has chosen a 3:2 photo; answers the API fake. */
async function withWidePhotoChosen() {
  const api = await onImageTab();
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'beach.jpg', { type: 'image/jpeg' })] } });
  await screen.findByTestId('photo-frame');
  return api;
}

describe('generator: who may generate', () => {
  it('sends an anonymous visitor to login with the way back, prompt included', async () => {
    fakeApi({});
    const { router } = renderApp('/text-coloring-page');
    fireEvent.change(await screen.findByLabelText('Describe your coloring page'), { target: { value: 'a cat' } });
    fireEvent.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirectTo')).toBe('/text-coloring-page?prompt=a+cat');
    expect(query.get('reason')).toBe('login-required');
  });

  it('sends a member short of credits to the pricing page without submitting', async () => {
    signIn();
    const api = fakeApi({ 'GET /api/users/profile': profile({ credits: 19 }) });
    const { router } = renderApp('/text-coloring-page?prompt=cat');
    expect(await screen.findByText('You need 20 credits to generate.')).toBeTruthy();
    fireEvent.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
    expect(api.calls.some((call) => call.path === '/api/images/text2imggenerate')).toBe(false);
  });

  it('asks for a prompt before submitting, and a 4004 answer sends to pricing', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/users/profile': profile({ credits: 40 }),
      'POST /api/images/text2imggenerate': () => failure(4004, 402),
    });
    const { router } = renderApp('/text-coloring-page');
    await waitFor(() => expect(screen.getByTestId('credits-badge')).toBeTruthy());
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a prompt to generate coloring pages');
    fireEvent.change(promptBox(), { target: { value: 'a dragon' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
    expect(api.calls.find((call) => call.path === '/api/images/text2imggenerate')?.body).toMatchObject({ prompt: 'a dragon', ratio: '1:1', difficulty: 'children', isPublic: true, lang: 'en' });
  });
});

describe('generator: a generation', () => {
  it('polls every 2 s with the progress animation, then shows the page first in history and refreshes the credits', async () => {
    signIn();
    let credits = 50;
    let polls = 0;
    const made = buildImage({ id: 'new1', title: { en: 'A dragon', zh: 'A dragon', ja: 'A dragon' } });
    const api = fakeApi({
      'GET /api/users/profile': () => profile({ credits })(),
      'GET /api/images/userImg': (call) =>
        envelope({ images: call.query.get('type') === 'text2image' ? [buildImage({ id: 'old1' })] : [], total: 1, currentPage: 1, pageSize: 30 }),
      'POST /api/images/text2imggenerate': () => {
        credits = 30;
        return envelope({ taskId: 't1' });
      },
      'GET /api/images/tasks/t1': () => {
        polls += 1;
        if (polls < 3) return envelope({ taskId: 't1', type: 'text2image', status: polls === 1 ? 'queued' : 'processing', progress: polls === 1 ? 0 : 60, image: null, errorCode: null, message: '' });
        return envelope({ taskId: 't1', type: 'text2image', status: 'completed', progress: 100, image: made, errorCode: null, message: 'completed' });
      },
    });
    renderApp('/text-coloring-page');
    expect((await screen.findByTestId('credits-badge')).textContent).toContain('50');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page old1' }).getAttribute('aria-pressed')).toBe('true'));
    vi.useFakeTimers();
    fireEvent.change(promptBox(), { target: { value: 'a dragon' } });
    fireEvent.click(generateButton());
    await advance(0);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect((screen.getByRole('button', { name: /Generating/ }) as HTMLButtonElement).disabled).toBe(true);
    await advance(1990);
    expect(polls).toBe(0);
    const creeping = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(creeping).toBeGreaterThan(20);
    expect(creeping).toBeLessThanOrEqual(45);
    await advance(10);
    expect(polls).toBe(1);
    await advance(30_000);
    expect(polls).toBe(3);
    expect(screen.queryByRole('progressbar')).toBeNull();
    vi.useRealTimers();
    const history = screen.getAllByRole('button', { name: /^(A dragon|Page old1)$/ }).map((button) => button.getAttribute('aria-label'));
    expect(history).toEqual(['A dragon', 'Page old1']);
    expect(screen.getByRole('button', { name: 'A dragon' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'A dragon' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toContain('30'));
    expect(api.calls.filter((call) => call.path === '/api/images/tasks/t1').every((call) => call.query.get('type') === 'text2image')).toBe(true);
  });

  it('reaches 50 once the server reports half way, never more than 95 before completion', async () => {
    signIn();
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'POST /api/images/text2imggenerate': () => envelope({ taskId: 't2' }),
      'GET /api/images/tasks/t2': () => envelope({ taskId: 't2', type: 'text2image', status: 'processing', progress: 55, image: null, errorCode: null, message: '' }),
    });
    renderApp('/text-coloring-page?prompt=a%20boat');
    await screen.findByTestId('credits-badge');
    vi.useFakeTimers();
    fireEvent.click(generateButton());
    await advance(2000);
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(50);
    await advance(40_000);
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(95);
  });

  it('keeps following the task through a dropped connection: the same press is sent again with its key, the page arrives, the credits refresh', async () => {
    signIn();
    let credits = 50;
    let online = false;
    const made = buildImage({ id: 'kept1', title: { en: 'A kept cat', zh: 'A kept cat', ja: 'A kept cat' } });
    const tasks = new Map<string, string>();
    let polls = 0;
    const api = fakeApi({
      'GET /api/users/profile': () => profile({ credits })(),
      // The first request reaches the server (which charges) but its answer is lost with the connection.
      'POST /api/images/text2imggenerate': (call) => {
        const key = call.headers['Idempotency-Key'];
        if (!tasks.has(key)) {
          tasks.set(key, `t${tasks.size + 1}`);
          credits -= 20;
        }
        if (!online) throw new TypeError('Failed to fetch');
        return envelope({ taskId: tasks.get(key) });
      },
      'GET /api/images/tasks/t1': () => {
        if (!online) throw new TypeError('Failed to fetch');
        polls += 1;
        return polls < 2
          ? envelope({ taskId: 't1', type: 'text2image', status: 'processing', progress: 60, image: null, errorCode: null, message: '' })
          : envelope({ taskId: 't1', type: 'text2image', status: 'completed', progress: 100, image: made, errorCode: null, message: 'completed' });
      },
    });
    renderApp('/text-coloring-page?prompt=a%20cat');
    expect((await screen.findByTestId('credits-badge')).textContent).toContain('50');
    vi.useFakeTimers();
    fireEvent.click(generateButton());
    await advance(0);
    expect(screen.getByTestId('reconnecting').textContent).toBe('Connection lost. Reconnecting… your page is still being made.');
    await advance(20_000);
    expect(screen.queryByText('Generation failed')).toBeNull();
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(0);
    expect(screen.getByTestId('reconnecting').textContent).toBe('');
    await advance(2_000);
    expect(polls).toBe(1);
    online = false;
    await advance(30_000);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('reconnecting').textContent).not.toBe('');
    online = true;
    await advance(2_000);
    expect(screen.queryByRole('progressbar')).toBeNull();
    vi.useRealTimers();
    expect(screen.getByRole('img', { name: 'A kept cat' })).toBeTruthy();
    const submits = api.calls.filter((call) => call.path === '/api/images/text2imggenerate');
    expect(submits.length).toBeGreaterThan(2);
    expect(new Set(submits.map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    expect(tasks.size).toBe(1);
    await waitFor(() => expect(screen.getByTestId('credits-badge').textContent).toContain('30'));
  });

  it('says which word an unsafe prompt was refused for, and focuses the prompt box with the error; a finished page is focused and announced', async () => {
    signIn();
    let refuse = true;
    const made = buildImage({ id: 'ok1', title: { en: 'A knight', zh: 'A knight', ja: 'A knight' } });
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'POST /api/images/text2imggenerate': () =>
        refuse
          ? new Response(JSON.stringify({ status: 'error', data: { fields: { prompt: 'validation.promptBlocked' }, blockedTerm: 'bloody' }, errorCode: 4003, message: 'no' }), { status: 400, headers: { 'Content-Type': 'application/json' } })
          : envelope({ taskId: 'k1' }),
      'GET /api/images/tasks/k1': () => envelope({ taskId: 'k1', type: 'text2image', status: 'completed', progress: 100, image: made, errorCode: null, message: 'completed' }),
    });
    renderApp('/text-coloring-page?prompt=a%20knight%20with%20a%20bloody%20sword');
    await screen.findByTestId('credits-badge');
    fireEvent.click(generateButton());
    const alert = await screen.findByText(/“bloody” is a word we don’t draw/);
    expect(alert.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(promptBox()));
    expect(promptBox().getAttribute('aria-describedby')).toContain(alert.id);

    refuse = false;
    fireEvent.change(promptBox(), { target: { value: 'a knight' } });
    fireEvent.click(generateButton());
    await waitFor(() => expect(document.activeElement?.tagName).toBe('FIGURE'), { timeout: 5000 });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('A knight');
    expect(screen.getByText('Your page “A knight” is ready.').getAttribute('role')).toBe('status');
  });

  it.each([
    ['a failed task shows its translated code', () => envelope({ taskId: 't', type: 'text2image', status: 'failed', progress: 0, image: null, errorCode: 4003, message: 'filtered' }), 1, 'This prompt is not allowed, please modify it'],
    ['a failed task without a code shows Generation failed', () => envelope({ taskId: 't', type: 'text2image', status: 'failed', progress: 0, image: null, errorCode: null, message: 'x' }), 1, 'Generation failed'],
    ['a status call that fails', () => failure(500, 500), 1, 'Failed to check generation status'],
    ['60 polls without an end', () => envelope({ taskId: 't', type: 'text2image', status: 'processing', progress: 10, image: null, errorCode: null, message: '' }), 60, 'Generation timeout'],
  ])('%s', async (_name, answer, expectedPolls, message) => {
    signIn();
    let polls = 0;
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'POST /api/images/text2imggenerate': () => envelope({ taskId: 't' }),
      'GET /api/images/tasks/t': () => {
        polls += 1;
        return answer();
      },
    });
    renderApp('/text-coloring-page?prompt=a%20boat');
    await screen.findByTestId('credits-badge');
    vi.useFakeTimers();
    fireEvent.click(generateButton());
    await advance(2000 * 61);
    expect(polls).toBe(expectedPolls);
    expect(screen.getByText('Generation failed', { selector: 'p.text-lg' })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /^Regenerate/ })).toBeTruthy();
  });
});

describe('generator: history and settings', () => {
  it('selecting a page restores its prompt, ratio and visibility, except what the URL sets', async () => {
    signIn();
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50, membershipLevel: 'pro' }),
      'GET /api/images/userImg': (call) =>
        envelope({
          images:
            call.query.get('type') === 'text2image'
              ? [
                  buildImage({ id: 'a1', prompt: { en: 'a lion', zh: 'a lion', ja: 'a lion' }, ratio: '3:4', isPublic: true }),
                  buildImage({ id: 'b2', prompt: { en: 'a rocket', zh: 'a rocket', ja: 'a rocket' }, ratio: '16:9', isPublic: false }),
                ]
              : [],
          total: 2,
          currentPage: 1,
          pageSize: 30,
        }),
    });
    renderApp('/text-coloring-page?ratio=4:3');
    await waitFor(() => expect(promptBox().value).toBe('a lion'));
    expect(screen.queryByText('Try an example')).toBeNull();
    expect(screen.getByRole('radio', { name: /4:3/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Page b2' }));
    expect(promptBox().value).toBe('a rocket');
    expect(screen.getByRole('radio', { name: /4:3/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Share in the public gallery' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('visibility-state').textContent).toBe('Private: only you can see this page');
    expect(screen.getByRole('button', { name: 'Page b2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps what the member typed before the history arrived, instead of the last prompt', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'GET /api/images/userImg': (call) =>
        call.query.get('type') === 'text2image'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : envelope({ images: [], total: 0, currentPage: 1, pageSize: 30 }),
    });
    renderApp('/text-coloring-page');
    await screen.findByTestId('credits-badge');
    fireEvent.change(promptBox(), { target: { value: 'a firefighter rescuing a kitten' } });
    await act(async () => {
      answer(envelope({ images: [buildImage({ id: 'w1', prompt: { en: 'a witch', zh: 'a witch', ja: 'a witch' } })], total: 1, currentPage: 1, pageSize: 30 }));
    });
    await screen.findByRole('button', { name: 'Page w1' });
    expect(promptBox().value).toBe('a firefighter rescuing a kitten');
    // Choosing the page from the history still brings its prompt back.
    fireEvent.click(screen.getByRole('button', { name: 'Page w1' }));
    expect(promptBox().value).toBe('a witch');
  });

  it('says beside a composed page what of its prompt was not drawn, and nothing on a page that drew it all', async () => {
    signIn();
    const note = { en: 'Not drawn: quokka', zh: '未画出：quokka', ja: '描けなかったもの：quokka' };
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50, membershipLevel: 'pro' }),
      'GET /api/images/userImg': (call) =>
        envelope({
          images: call.query.get('type') === 'text2image' ? [buildImage({ id: 'q1', additionalInfo: note }), buildImage({ id: 'm2' })] : [],
          total: 2,
          currentPage: 1,
          pageSize: 30,
        }),
    });
    renderApp('/text-coloring-page');
    await waitFor(() => expect(screen.getByTestId('not-drawn').textContent).toBe('Not drawn: quokka'));
    fireEvent.click(screen.getByRole('button', { name: 'Page m2' }));
    expect(screen.queryByTestId('not-drawn')).toBeNull();
  });

  it('shows the chosen examples without history; a free member toggling visibility gets the upgrade prompt', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'GET /api/images/examples': (call) =>
        envelope({ images: call.query.get('type') === 'text2image' ? [1, 2, 3, 4].map((n) => buildImage({ id: `ex${n}`, prompt: { en: `example ${n}`, zh: '', ja: '' }, ratio: '9:16' })) : [] }),
    });
    renderApp('/text-coloring-page');
    expect(await screen.findByText('No text-to-image pages yet')).toBeTruthy();
    const recreate = await screen.findAllByRole('button', { name: 'Recreate' });
    expect(recreate).toHaveLength(3);
    fireEvent.click(recreate[1]);
    expect(promptBox().value).toBe('example 2');
    // Chosen, not scraped: strangers' latest public pages are never asked for (the marketing part below reads the library only).
    expect(api.calls.filter((call) => call.path === '/api/images').map((call) => call.query.get('type'))).toEqual(['library']);
    expect(screen.getByRole('radio', { name: /9:16/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByRole('heading', { name: 'Private pages are a premium feature' })).toBeTruthy();
    expect(screen.getByRole('switch').getAttribute('aria-checked'), 'still shared').toBe('true');
  });

  it('deletes the selected page after confirmation and selects the next one', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'GET /api/images/userImg': (call) =>
        envelope({ images: call.query.get('type') === 'text2image' ? [buildImage({ id: 'd1' }), buildImage({ id: 'd2' })] : [], total: 2, currentPage: 1, pageSize: 30 }),
      'DELETE /api/images/d1': () => envelope(null),
    });
    renderApp('/text-coloring-page');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page d1' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Page d1' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Page d2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('image tab: rejects a non-image and a renamed non-picture on selection, takes a photo and sends it as multipart', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (file: File) => `blob:${file.name}`, revokeObjectURL: () => undefined }));
    // The browser's decoder: only cat.png is a picture.
    class Decoder {
      naturalWidth = 0;
      naturalHeight = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        queueMicrotask(() => {
          if (url === 'blob:cat.png') {
            this.naturalWidth = 300;
            this.naturalHeight = 200;
            this.onload?.();
          } else this.onerror?.();
        });
      }
    }
    vi.stubGlobal('Image', Decoder);
    const api = fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'POST /api/images/img2imggenerate': () => envelope({ taskId: 'p1' }),
      'GET /api/images/tasks/p1': () => envelope({ taskId: 'p1', type: 'image2image', status: 'processing', progress: 10, image: null, errorCode: null, message: '' }),
    });
    renderApp('/image-coloring-page');
    await screen.findByTestId('credits-badge');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose an image file (JPG, PNG, WEBP or GIF)');
    fireEvent.change(input, { target: { files: [new File(['not a picture'], 'renamed.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('This file could not be read as a picture. Please choose a JPG, PNG, WEBP or GIF photo.')).toBeTruthy();
    expect(screen.queryByText('renamed.jpg')).toBeNull();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' })] } });
    expect(await screen.findByText('cat.png')).toBeTruthy();
    fireEvent.click(generateButton());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/images/img2imggenerate')).toBe(true));
    const form = api.calls.find((call) => call.path === '/api/images/img2imggenerate')!.body as FormData;
    expect((form.get('file') as File).name).toBe('cat.png');
    expect(form.get('isPublic'), 'a photo page is private unless shared').toBe('false');
  });

  it('image tab: the page takes the photo\'s shape unless a ratio is picked, and the frame shows the crop before paying', async () => {
    const api = await withWidePhotoChosen();
    expect(screen.getByRole('radio', { name: 'Match photo' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('photo-frame-ratio').textContent).toBe('4:3 page');
    expect(screen.getByText("chosen to match your photo's shape")).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Keep the whole photo' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(generateButton());
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/images/img2imggenerate')).toHaveLength(1));
    const first = api.calls.find((call) => call.path === '/api/images/img2imggenerate')!.body as FormData;
    expect(first.get('ratio')).toBeNull();
    expect(first.get('fit')).toBe('fit');
    expect(first.get('subjectOnly')).toBeNull();
  });

  it('image tab: a picked ratio with "Fill the page" shows the photo cut to the frame and sends the crop', async () => {
    const api = await withWidePhotoChosen();
    fireEvent.click(screen.getByRole('radio', { name: '1:1' }));
    expect(screen.getByTestId('photo-frame-ratio').textContent).toBe('1:1 page');
    fireEvent.click(screen.getByRole('radio', { name: 'Fill the page' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Subject only' }));
    expect(screen.getByTestId('photo-frame').querySelector('img')?.getAttribute('data-fit')).toBe('crop');
    // This fake has no frame to answer: the preview says the page is framed around the subject all the same.
    expect(await screen.findByText('The preview could not place the frame; the page will be framed around your subject.')).toBeTruthy();
    fireEvent.click(generateButton());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/images/img2imggenerate')).toBe(true));
    const form = api.calls.find((call) => call.path === '/api/images/img2imggenerate')!.body as FormData;
    expect(form.get('ratio')).toBe('1:1');
    expect(form.get('fit')).toBe('crop');
    expect(form.get('subjectOnly')).toBe('true');
  });

  it('image tab: "Fill the page" shows the frame the engine places around the subject, asked of the server before paying', async () => {
    const api = await withWidePhotoChosen();
    api.fn.mockClear();
    const frames: Record<string, unknown> = {
      '1:1': { ratio: '1:1', frame: 'cropped', box: { left: 0.05, top: 0, width: 2 / 3, height: 1 } },
      '9:16': { ratio: '9:16', frame: 'fitted', box: { left: 0, top: 0, width: 1, height: 1 } },
    };
    const answer = (call: { body: unknown }) => envelope(frames[String((call.body as FormData).get('ratio'))]);
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'POST /api/images/photo-frame': answer,
    });
    fireEvent.click(screen.getByRole('radio', { name: '1:1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Fill the page' }));
    const photo = () => screen.getByTestId('photo-frame').querySelector('img') as HTMLImageElement;
    expect(photo().getAttribute('data-frame')).toBe('loading');
    await waitFor(() => expect(photo().getAttribute('data-frame')).toBe('cropped'));
    // The frame shows box (left 5%, two thirds of the width) of the photo: the photo is 150% wide, moved 7.5% left.
    expect(photo().style.width).toBe('150%');
    expect(photo().style.left).toBe('-7.5%');
    expect(screen.getByText('The page is filled; the parts of the photo outside this frame are cut.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '9:16' }));
    await waitFor(() => expect(photo().getAttribute('data-frame')).toBe('fitted'));
    expect(photo().className).toContain('object-contain');
    expect(screen.getByText('Any crop to this page would cut your subject, so the whole photo is kept; plain paper fills the rest.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Keep the whole photo' }));
    expect(photo().getAttribute('data-frame')).toBe('fit');
    const asked = (vi.mocked(fetch).mock.calls as [RequestInfo | URL, RequestInit?][]).filter(([url]) => String(url).includes('/api/images/photo-frame'));
    expect(asked).toHaveLength(2);
  });

  it('image tab: a photo handed over by the category page is applied once; ?sourceImageUrl= is fetched as the upload', async () => {
    stubWidePhoto();
    fakeApi({
      'GET /files/images/x/photo.png': () => new Response(new Uint8Array([1, 2]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    shareUpload(new File([new Uint8Array([1])], 'handed.jpg', { type: 'image/jpeg' }));
    const first = renderApp('/image-coloring-page');
    expect(await screen.findByText('handed.jpg')).toBeTruthy();
    expect(takeSharedUpload()).toBeNull();
    first.unmount();
    renderApp('/image-coloring-page?sourceImageUrl=%2Ffiles%2Fimages%2Fx%2Fphoto.png');
    expect(await screen.findByText('source.png')).toBeTruthy();
  });

  it('image tab: the selected photo page shows its photo through the toggle', async () => {
    signIn();
    fakeApi({
      'GET /api/users/profile': profile({ credits: 50 }),
      'GET /api/images/userImg': (call) =>
        envelope({
          images: call.query.get('type') === 'image2image' ? [buildImage({ id: 'ph1', type: 'image2image' })] : [],
          total: 1,
          currentPage: 1,
          pageSize: 30,
        }),
      'GET /api/images/ph1/original': () => envelope({ url: '/api/images/ph1/original/file?exp=1&sig=s', expiresAt: '2026-03-04T05:21:07.000Z' }),
    });
    renderApp('/image-coloring-page');
    const picture = (await screen.findByRole('img', { name: 'Page ph1' })) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/files/images/ph1/page.png');
    fireEvent.click(await screen.findByRole('button', { name: 'Show the photo' }));
    expect(picture.getAttribute('src')).toBe('/api/images/ph1/original/file?exp=1&sig=s');
    fireEvent.click(screen.getByRole('button', { name: 'Show the coloring page' }));
    expect(picture.getAttribute('src')).toBe('/files/images/ph1/page.png');
  });
});

describe('generator: the visibility switch says what it does', () => {
  it('a photo page starts private for a free member, who shares it without being offered an upgrade', async () => {
    const api = await onImageTab();
    const share = screen.getByRole('switch', { name: 'Share in the public gallery' });
    expect(share.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('visibility-state').textContent).toBe('Private: only you can see this page');
    expect(screen.getByTestId('visibility-photo-note').textContent).toBe('Sharing means anyone can see and download the page; the original photo is never shown.');
    expect(share.textContent).not.toContain('Premium');
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.click(share);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(share.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('visibility-state').textContent).toBe('Shared in the public gallery: anyone can find and see this page');
    fireEvent.click(share);
    expect(share.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(share);

    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'teddy.png', { type: 'image/png' })] } });
    await screen.findByText('teddy.png');
    fireEvent.click(generateButton());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/images/img2imggenerate')).toBe(true));
    const form = api.calls.find((call) => call.path === '/api/images/img2imggenerate')!.body as FormData;
    expect(form.get('isPublic')).toBe('true');
  });

  it('a text page keeps the paid rule: public for a free member, with the upgrade prompt; a paying member switches both ways', async () => {
    signIn();
    fakeApi({ 'GET /api/users/profile': profile({ credits: 50, membershipLevel: 'pro' }) });
    renderApp('/text-coloring-page');
    await screen.findByTestId('credits-badge');
    const share = screen.getByRole('switch', { name: 'Share in the public gallery' });
    expect(share.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('visibility-state').textContent).toBe('Shared in the public gallery: anyone can find and see this page');
    expect(screen.queryByTestId('visibility-photo-note')).toBeNull();
    fireEvent.click(share);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('visibility-state').textContent).toBe('Private: only you can see this page');
    expect(share.textContent).toContain('Private');
  });

  it('says it in Chinese and Japanese in both positions', async () => {
    for (const [lang, privateState, sharedState, share] of [
      ['zh', '私密：只有你能看到这张涂色页', '已在公共画廊中分享：任何人都能找到并查看这张涂色页', '在公共画廊中分享'],
      ['ja', '非公開：このぬりえはあなただけが見られます', '公開ギャラリーで共有中：だれでもこのぬりえを見つけて見ることができます', '公開ギャラリーで共有する'],
    ] as const) {
      signIn();
      fakeApi({ 'GET /api/users/profile': profile({ credits: 50 }) });
      const view = renderApp(`/${lang}/image-coloring-page`);
      await screen.findByTestId('credits-badge');
      const toggle = await screen.findByRole('switch', { name: share });
      expect(screen.getByTestId('visibility-state').textContent).toBe(privateState);
      fireEvent.click(toggle);
      expect(screen.getByTestId('visibility-state').textContent).toBe(sharedState);
      expect(screen.getByTestId('visibility-photo-note').textContent).not.toBe('');
      view.unmount();
    }
  });
});
