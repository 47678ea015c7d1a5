import { apiPaths } from '@studio/contracts/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { isSafeUrl, sanitizeHtml } from './lib/sanitize-html';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };

const listUrl = (lang: string, page: number) =>
  `/api/blog/posts?lang=${lang}&currentPage=${page}&pageSize=20&sortBy=published_date&sortOrder=desc&status=published`;
const postUrl = (lang: string, slug: string) => `/api/blog/posts?lang=${lang}&slug=${slug}&status=published&currentPage=1&pageSize=1`;

function buildPost(overrides: Record<string, unknown> = {}) {
  return {
    post_id: 'p1',
    slug: 'printing-tips',
    title: 'How to print coloring pages',
    content: '<h2>Paper</h2><p>Use <strong>100 gsm</strong> paper.</p>',
    excerpt: 'Paper, scaling and ink: everything for crisp pages.',
    meta_title: 'Printing coloring pages at home',
    meta_description: 'Paper weight, Letter or A4, scaling and ink.',
    featured_image: 'http://localhost/files/blog/printing-tips-abc.webp',
    author: 'Studio Team',
    published_date: '2026-03-01T00:00:00.000Z',
    status: 'published',
    lang: 'en',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/blog', () => {
  it('lists posts newest first with a long date, author, excerpt, read-more link, total and pagination', async () => {
    const posts = [buildPost(), buildPost({ post_id: 'p2', slug: 'calm', title: 'Coloring for calm', published_date: '2026-02-10T00:00:00.000Z' })];
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${listUrl('en', 1)}`]: () => envelope({ posts, total: 45, currentPage: 1, pageSize: 20 }),
      [`GET ${listUrl('en', 2)}`]: () => envelope({ posts: [buildPost({ post_id: 'p3', slug: 'old', title: 'An older post' })], total: 45, currentPage: 2, pageSize: 20 }),
    });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const user = userEvent.setup();
    const { router } = renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coloring tips & ideas' })).toBeTruthy();
    const cards = await screen.findAllByTestId('blog-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 2 }).textContent).toBe('How to print coloring pages');
    expect(within(cards[0]).getByText('Sunday, March 1, 2026')).toBeTruthy();
    expect(within(cards[0]).getByText('By Studio Team')).toBeTruthy();
    expect(within(cards[0]).getByTestId('blog-excerpt').className).toContain('line-clamp-3');
    expect(within(cards[0]).getByRole('link', { name: 'Read more: How to print coloring pages' }).getAttribute('href')).toBe('/blog/printing-tips');
    expect(screen.getByTestId('blog-total').textContent).toBe('Articles in total: 45');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('An older post');
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(calls.some((call) => call.url === listUrl('en', 2))).toBe(true);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/blog`);
  });

  it('shows the failure with a retry that loads the posts', async () => {
    let fail = true;
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${listUrl('en', 1)}`]: () => (fail ? failure(500, 500) : envelope({ posts: [buildPost()], total: 1, currentPage: 1, pageSize: 20 })),
    });
    const user = userEvent.setup();
    renderApp('/blog');
    const alert = await screen.findByTestId('blog-error');
    expect(within(alert).getByText('Failed to load blog posts')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('How to print coloring pages')).toBeTruthy();
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows an empty state', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${listUrl('en', 1)}`]: () => envelope({ posts: [], total: 0, currentPage: 1, pageSize: 20 }),
    });
    renderApp('/blog');
    expect((await screen.findByTestId('blog-empty')).textContent).toContain('No articles yet');
  });

  it('asks for Japanese posts on /ja/blog and writes the date with the weekday in Japanese', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${listUrl('ja', 1)}`]: () => envelope({ posts: [buildPost({ title: '家でぬりえを印刷するコツ', lang: 'ja' })], total: 1, currentPage: 1, pageSize: 20 }),
    });
    renderApp('/ja/blog');
    expect(await screen.findByText('家でぬりえを印刷するコツ')).toBeTruthy();
    expect(await screen.findByText('2026年3月1日日曜日')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'ぬりえのコツとアイデア' })).toBeTruthy();
  });
});

describe('/blog/{slug}', () => {
  it('renders breadcrumb, title, author, date, cover and the body sanitised again, with a back button and the page meta', async () => {
    const content = '<h2>Paper</h2><p>Use <strong>100 gsm</strong>.</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">bad</a><iframe src="https://evil.example"></iframe><svg><script>1</script></svg>';
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${postUrl('en', 'printing-tips')}`]: () => envelope({ posts: [buildPost({ content })], total: 1, currentPage: 1, pageSize: 1 }),
    });
    renderApp('/blog/printing-tips');
    const article = await screen.findByTestId('blog-article');
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe('How to print coloring pages');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Coloring tips & ideas' }).getAttribute('href')).toBe('/blog');
    expect(within(article).getByText('By Studio Team')).toBeTruthy();
    expect(within(article).getByText('Sunday, March 1, 2026')).toBeTruthy();
    const body = screen.getByTestId('blog-body');
    expect(body.querySelector('h2')?.textContent).toBe('Paper');
    expect(body.innerHTML).not.toMatch(/onerror|<script|javascript:|<iframe|<svg/);
    expect(body.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(screen.getAllByTestId('back-to-blog')[0].getAttribute('href')).toBe('/blog');
    await waitFor(() => expect(document.title).toBe('Printing coloring pages at home | Coloring Studio'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Paper weight, Letter or A4, scaling and ink.');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/blog/printing-tips`);

    // A cover that fails to load disappears.
    const cover = screen.getByTestId('post-cover');
    fireEvent.error(cover);
    expect(screen.queryByTestId('post-cover')).toBeNull();
  });

  it('opens from the list with the passed article, without fetching it again', async () => {
    const { calls } = mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${listUrl('en', 1)}`]: () => envelope({ posts: [buildPost()], total: 1, currentPage: 1, pageSize: 20 }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/blog');
    await user.click(await screen.findByRole('link', { name: 'Read more: How to print coloring pages' }));
    expect(await screen.findByTestId('blog-article')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/blog/printing-tips');
    expect(calls.some((call) => call.url === postUrl('en', 'printing-tips'))).toBe(false);
  });

  it('says so when the article does not exist', async () => {
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${postUrl('en', 'nope')}`]: () => envelope({ posts: [], total: 0, currentPage: 1, pageSize: 1 }),
    });
    renderApp('/blog/nope');
    expect((await screen.findByTestId('blog-post-missing')).textContent).toContain('Article not found');
  });
});

describe('the browser allowlist', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="/files/blog/a.webp" onerror="alert(1)" onload="alert(1)">', '<img src="/files/blog/a.webp" loading="lazy" decoding="async" alt="">'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy" decoding="async" alt="">'],
    ['<a href="JaVaScRiPt:alert(1)">a</a>', 'a'],
    ['<a href="java\tscript:alert(1)">a</a>', 'a'],
    ['<a href="&#106;avascript:alert(1)">a</a>', 'a'],
    ['<a href="data:text/html,x">a</a><a href="//evil.example">b</a>', 'ab'],
    ['<p><a name="x">anchor</a> and <a href="/blog">link</a></p>', '<p>anchor and <a href="/blog" rel="noopener noreferrer">link</a></p>'],
    ['<a href="https://ok.example" target="_blank" onclick="x()">a</a>', '<a href="https://ok.example" rel="noopener noreferrer">a</a>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg onload="alert(1)"><script>alert(1)</script><text>x</text></svg><p>ok</p>', '<p>ok</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<p style="color:red" class="x" id="y">ok</p>', '<p>ok</p>'],
    ['<div><span>kept text</span></div>', 'kept text'],
    ['<form><input value="x"><button>go</button></form><p>ok</p>', '<p>ok</p>'],
    ['<img src="data:image/png;base64,AAAA" alt="x"><img alt="no source">', ''],
    ['<!-- comment --><p>ok</p>', '<p>ok</p>'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('accepts only http(s), mailto and site paths', () => {
    expect(isSafeUrl('https://a.example/x', 'href')).toBe(true);
    expect(isSafeUrl('mailto:a@b.example', 'href')).toBe(true);
    expect(isSafeUrl('/blog/x', 'href')).toBe(true);
    expect(isSafeUrl('#part', 'href')).toBe(true);
    expect(isSafeUrl('mailto:a@b.example', 'src')).toBe(false);
    expect(isSafeUrl(' javascript:x', 'href')).toBe(false);
    expect(isSafeUrl('vbscript:x', 'href')).toBe(false);
    expect(isSafeUrl('//evil.example/x', 'src')).toBe(false);
    expect(isSafeUrl('', 'src')).toBe(false);
  });
});
