import type { CategoryDto, ImageDto } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeSharedUpload } from '../../../lib/shared-upload';
import { clearTokens, saveTokens } from '../../../lib/token-storage';
import { buildUser, envelope, failure, mockFetch } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { clearLibraryCache } from '../api/library-api';

const config = { googleClientId: null, contactEmail: 'help@example.com', paymentProvider: 'test', paypalClientId: null };
const L = (en: string, zh = `${en}（中）`, ja = `${en}（日）`) => ({ en, zh, ja });

function buildCategory(overrides: Partial<CategoryDto> = {}): CategoryDto {
  return {
    categoryId: 'cat_dinos000001',
    slug: 'dinosaurs',
    name: 'dinosaurs',
    displayName: L('Dinosaurs', '恐龙', '恐竜'),
    description: L('<p>Roaring fun for every age.</p><h2>Why kids love dinosaurs</h2><p>Big and friendly.</p><h2>Tips</h2><p>Start with the body.</p>'),
    seoTitle: L('Dinosaur Coloring Pages'),
    seoDesc: L('Free dinosaur pages'),
    hotness: 90,
    imageCount: 6,
    thumbnailUrl: '/files/images/img1/thumb-600.webp',
    defaultUrl: '/files/images/img1/page.png',
    colorUrl: '/files/images/img1/color-600.webp',
    coloringUrl: '/files/images/img1/page.png',
    tagCounts: [
      { tagId: 'tag_baby', displayName: L('Baby', '宝宝', '赤ちゃん'), count: 3 },
      { tagId: 'tag_volcano', displayName: L('Volcano', '火山', '火山'), count: 2 },
    ],
    ...overrides,
  };
}

function buildImage(n: number, overrides: Partial<ImageDto> = {}): ImageDto {
  const id = `lib-dino-page-${String(n).padStart(2, '0')}`;
  return {
    id,
    slug: `dino-${n}-page-${String(n).padStart(2, '0')}`,
    title: L(`Dino ${n}`, `恐龙 ${n}`, `恐竜 ${n}`),
    description: L(`Dino ${n} description.`),
    prompt: L(`dino ${n}`),
    defaultUrl: `/files/images/${id}/page.png`,
    colorUrl: `/files/images/${id}/color.png`,
    coloringUrl: `/files/images/${id}/page.png`,
    thumbnailUrl: `/files/images/${id}/thumb-600.webp`,
    smallThumbnailUrl: `/files/images/${id}/thumb-320.webp`,
    colorThumbnailUrl: `/files/images/${id}/color-600.webp`,
    tags: [{ tagId: 'tag_baby', displayName: L('Baby') }],
    additionalInfo: null,
    attribution: null,
    categoryId: 'cat_dinos000001',
    type: 'library',
    ratio: '3:4',
    difficulty: 'children',
    dimensions: { width: 2400, height: 3150 },
    userId: null,
    isPublic: true,
    isOnline: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    hotness: 10 - n,
    ...overrides,
  };
}

const list = (images: ImageDto[], total = images.length) => envelope({ images, total, currentPage: 1, pageSize: 100 });
const categoriesUrl = `${apiPaths.images}/categories`;

afterEach(() => {
  vi.unstubAllGlobals();
  clearLibraryCache();
});

describe('home', () => {
  it('shows the live free-page count, the category gallery with top-5 tags, FAQ and calls to action', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ tagId: `tag_${i}`, displayName: L(`Tag ${i}`), count: 10 - i }));
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${apiPaths.images}/count`]: () => envelope(1234),
      [`GET ${categoriesUrl}`]: () => envelope([buildCategory({ tagCounts: many }), buildCategory({ categoryId: 'cat_unicorns0001', slug: 'unicorns', displayName: L('Unicorns'), colorUrl: null })]),
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('free-count').textContent).toContain('1,234'));
    expect(screen.getByRole('heading', { level: 1, name: 'Coloring pages made from your ideas' })).toBeTruthy();
    const cards = await screen.findAllByTestId('category-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Tag 0 (10)')).toBeTruthy();
    expect(first.getByText('Tag 4 (6)')).toBeTruthy();
    expect(first.queryByText('Tag 5 (5)')).toBeNull();
    expect(first.getByRole('link', { name: /View all/ }).getAttribute('href')).toBe('/categories/dinosaurs');

    // On touch screens the small thumbnail toggles the coloured version.
    const toggle = first.getByRole('button', { name: 'Show Dinosaurs in color or in black and white' });
    expect(first.getByTestId('category-color').className).toContain('opacity-0');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(first.getByTestId('category-color').className).toContain('opacity-100');
    // A category without a coloured picture has no toggle.
    expect(within(cards[1]).queryByRole('button')).toBeNull();

    // Eight testimonials, three steps, six FAQ items with the first open, several may open.
    expect(screen.getByText('Margaret H.')).toBeTruthy();
    const questions = screen.getAllByRole('button', { name: /\?$/ });
    expect(questions).toHaveLength(6);
    expect(questions[0].getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(questions[1]);
    expect(questions[0].getAttribute('aria-expanded')).toBe('true');
    expect(questions[1].getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Start creating' }).getAttribute('href')).toBe('/text-coloring-page');
  });

  it('keeps the hero readable when the count cannot be loaded', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config), [`GET ${categoriesUrl}`]: () => envelope([]) });
    renderApp('/');
    expect((await screen.findByTestId('free-count')).textContent).toBe('Free coloring pages, ready to print');
    await screen.findByText('The free library is being drawn right now. Come back in a few minutes.');
  });
});

describe('categories list', () => {
  const categories = [buildCategory(), buildCategory({ categoryId: 'cat_unicorns0001', slug: 'unicorns', name: 'unicorns', displayName: L('Unicorns', '独角兽', 'ユニコーン') })];

  it('shows the breadcrumb and the count; a submitted search shows matching categories and pages, and an empty one offers to make the page', async () => {
    const cat = buildImage(7, { title: L('Black Cat and Pumpkin', '黑猫和南瓜', '黒猫とかぼちゃ'), slug: 'black-cat-and-pumpkin-page-07' });
    const searched: string[] = [];
    const images = (call: { url: string }) => {
      const query = new URL(call.url, 'http://localhost').searchParams.get('query') ?? '';
      searched.push(query);
      return ['c', 'ca', 'cat', '猫'].includes(query) ? list([cat]) : list([]);
    };
    const searchRoutes = Object.fromEntries(
      ['u', 'un', 'uni', 'z', 'ze', 'zeb', 'zebr', 'zebra', 'c', 'ca', 'cat', '猫'].flatMap((query) =>
        [5, 24].map((size) => [`GET ${apiPaths.images}?${new URLSearchParams({ query, pageSize: String(size) })}`, images]),
      ),
    );
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config), [`GET ${categoriesUrl}`]: () => envelope(categories), ...searchRoutes });
    const user = userEvent.setup();
    const { router } = renderApp('/categories');
    await waitFor(() => expect(screen.getByTestId('category-count').textContent).toMatch(/2 categories/));
    await waitFor(() => expect(screen.getAllByTestId('category-card')).toHaveLength(2));
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    const box = () => screen.getByRole('combobox', { name: 'Search coloring pages and categories' });

    await user.type(box(), 'uni');
    expect(screen.getAllByTestId('category-card')).toHaveLength(2);
    // Suggestions while typing: the category that matches.
    expect(within(await screen.findByRole('listbox')).getByRole('option', { name: /Unicorns/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('category-card')).toHaveLength(1));
    expect(router.state.location.search).toBe('?q=uni');
    expect(await screen.findByText('No pages match “uni” yet.')).toBeTruthy();

    await user.clear(box());
    await user.type(box(), 'cat');
    // A page suggested while typing, with its title.
    const suggestion = await screen.findByRole('option', { name: /Black Cat and Pumpkin/ });
    expect(suggestion.textContent).toContain('Page');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('search-pages').textContent).toContain('1 page matching “cat”'));
    expect(within(screen.getByTestId('search-pages')).getByRole('link', { name: /Black Cat and Pumpkin/ }).getAttribute('href')).toBe('/categories/dinosaurs/black-cat-and-pumpkin-page-07');
    expect(screen.queryAllByTestId('category-card')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('0 categories and 1 pages found');

    await user.clear(box());
    await user.type(box(), 'zebra{Enter}');
    const empty = await screen.findByTestId('categories-no-results');
    expect(empty.textContent).toContain('Nothing matches “zebra” yet');
    expect(empty.textContent).not.toMatch(/shorter word/);
    expect(screen.queryByRole('button', { name: /booklet/i })).toBeNull();
    expect(within(empty).getByRole('link', { name: 'Make “zebra” as a page' }).getAttribute('href')).toBe('/text-coloring-page?prompt=zebra');
    await user.click(screen.getByRole('button', { name: 'Show all categories' }));
    await waitFor(() => expect(screen.getAllByTestId('category-card')).toHaveLength(2));
    expect(searched).toContain('cat');
  });

  it('opens a suggested page with the arrow keys and Enter', async () => {
    const cat = buildImage(7, { title: L('Black Cat and Pumpkin', '黑猫和南瓜', '黒猫とかぼちゃ'), slug: 'black-cat-and-pumpkin-page-07' });
    mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${categoriesUrl}`]: () => envelope(categories),
      [`GET ${apiPaths.images}?query=%E7%8C%AB&pageSize=5`]: () => list([cat]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/zh/categories');
    const box = await screen.findByRole('combobox', { name: '搜索涂色页和分类' });
    await user.type(box, '猫');
    await screen.findByRole('option', { name: /黑猫和南瓜/ });
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh/categories/dinosaurs/black-cat-and-pumpkin-page-07'));
  });

  it('says so when there are no categories at all, and offers a retry after a failure', async () => {
    let fail = true;
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config), [`GET ${categoriesUrl}`]: () => (fail ? failure(500, 500) : envelope([])) });
    renderApp('/categories');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('categories-empty')).textContent).toContain('No categories yet');
  });

  it('reads in Chinese under /zh', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config), [`GET ${categoriesUrl}`]: () => envelope(categories) });
    const { default: zh } = await import('../../../locales/zh');
    const i18next = (await import('i18next')).default;
    i18next.addResourceBundle('zh', 'translation', zh, true, true);
    await i18next.changeLanguage('zh');
    renderApp('/zh/categories');
    expect(await screen.findByRole('heading', { level: 1, name: '按分类浏览免费涂色页' })).toBeTruthy();
    const card = (await screen.findAllByTestId('category-card'))[0];
    // The title and the picture both link to the category, and both are named (issue 37).
    expect(within(card).getAllByRole('link', { name: '恐龙' }).map((link) => link.getAttribute('href'))).toEqual(['/zh/categories/dinosaurs', '/zh/categories/dinosaurs']);
    expect(within(card).getByText('宝宝 (3)')).toBeTruthy();
  });
});

describe('category page', () => {
  const images = Array.from({ length: 6 }, (_, i) => buildImage(i + 1));

  function mockCategory(extra: Record<string, () => Response> = {}) {
    return mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${categoriesUrl}`]: () => envelope([buildCategory()]),
      [`GET ${categoriesUrl}/dinosaurs`]: () => envelope(buildCategory()),
      [`GET ${apiPaths.images}?categoryId=cat_dinos000001&currentPage=1&pageSize=48`]: () => list(images),
      [`GET ${apiPaths.images}?categoryId=cat_dinos000001&tags=tag_volcano&currentPage=1&pageSize=48`]: () => list(images.slice(0, 2)),
      ...extra,
    });
  }

  it('shows breadcrumb, title with count, collapsible intro, tag chips and images interleaved with the sections', async () => {
    const { calls } = mockCategory();
    const user = userEvent.setup();
    renderApp('/categories/dinosaurs');
    expect(await screen.findByRole('heading', { level: 1, name: /Dinosaurs Coloring Pages/ })).toBeTruthy();
    const intro = screen.getByTestId('category-intro');
    expect(intro.textContent).toBe('Roaring fun for every age.');
    expect(intro.className).toContain('line-clamp-1');
    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(intro.className).not.toContain('line-clamp-1');

    await waitFor(() => expect(screen.getAllByTestId('image-card')).toHaveLength(6));
    // 4 images, section, the next (2) images, then the last section.
    const order = [...document.querySelectorAll('[data-testid="masonry"], [data-testid="description-section"]')].map((node) =>
      node.getAttribute('data-testid') === 'masonry' ? node.querySelectorAll('[data-testid="image-card"]').length : node.querySelector('h2')?.textContent,
    );
    expect(order).toEqual([4, 'Why kids love dinosaurs', 2, 'Tips']);
    expect(screen.getAllByTestId('image-card')[0].getAttribute('href')).toBe('/categories/dinosaurs/dino-1-page-01');
    const thumb = screen.getAllByTestId('image-card')[0].querySelector('img')!;
    expect(thumb.getAttribute('srcset')).toContain('thumb-320.webp 320w');
    expect(thumb.getAttribute('width')).toBe('600');
    expect(thumb.getAttribute('height')).toBe('788');

    // Tag chips: All plus each tag with its count; choosing the active tag again returns to All.
    const all = screen.getByRole('button', { name: 'All (6)' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Volcano (2)' }));
    await waitFor(() => expect(screen.getAllByTestId('image-card')).toHaveLength(2));
    expect(calls.some((call) => call.url.includes('tags=tag_volcano'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Volcano (2)' }));
    await waitFor(() => expect(screen.getAllByTestId('image-card')).toHaveLength(6));
    expect(all.getAttribute('aria-pressed')).toBe('true');

    const guide = screen.getByRole('link', { name: /Open the photo generator/ });
    expect(guide.getAttribute('href')).toBe('/image-coloring-page');
  });

  it('sends the text tab to the generator with prompt and ratio, and hands a chosen photo to the image tab', async () => {
    mockCategory();
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/categories/dinosaurs');
    await screen.findByRole('heading', { level: 1, name: /Dinosaurs/ });
    await user.click(screen.getByRole('button', { name: 'Create from text' }));
    expect(screen.getByRole('alert').textContent).toBe('Please describe your page first.');
    await user.type(screen.getByLabelText('Describe your coloring page'), 'a baby t-rex & friends');
    await user.selectOptions(screen.getByLabelText('Aspect ratio'), '4:3');
    await user.click(screen.getByRole('button', { name: 'Create from text' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/text-coloring-page'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('prompt')).toBe('a baby t-rex & friends');
    expect(query.get('ratio')).toBe('4:3');

    // A new visit to the category page, this time choosing a photo.
    unmount();
    const again = renderApp('/categories/dinosaurs');
    await screen.findByRole('heading', { level: 1, name: /Dinosaurs/ });
    await waitFor(() => expect(screen.getAllByTestId('image-card').length).toBeGreaterThan(0));
    const photoTab = screen.getByRole('tab', { name: 'Photo to page' });
    await user.click(photoTab);
    await waitFor(() => expect(photoTab.getAttribute('aria-selected')).toBe('true'));
    const submit = (await screen.findByRole('button', { name: 'Create from photo' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const photo = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, photo);
    expect(screen.getByText('cat.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect((screen.getByRole('button', { name: 'Create from photo' }) as HTMLButtonElement).disabled).toBe(true);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, photo);
    await user.click(screen.getByRole('button', { name: 'Create from photo' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/image-coloring-page'));
    expect(takeSharedUpload()).toBe(photo);
    expect(takeSharedUpload()).toBeNull();
  });

  it('shows a not-found state with a way back to the categories', async () => {
    mockFetch({ [`GET ${apiPaths.clientConfig}`]: () => envelope(config), [`GET ${categoriesUrl}/nothing-here`]: () => failure(404, 404) });
    renderApp('/categories/nothing-here');
    await screen.findByTestId('category-not-found');
    expect(screen.getByRole('link', { name: 'Back to categories' }).getAttribute('href')).toBe('/categories');
  });
});

describe('image page', () => {
  const image = buildImage(1, {
    additionalInfo: L('{"Materials":"Crayons or markers"}'),
    attribution: { text: 'Artwork from OpenMoji – the open-source emoji and icon project (modified)', url: 'https://openmoji.org/', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/', modified: true },
    tags: [{ tagId: 'tag_baby', displayName: L('Baby') }],
  });
  const related = [buildImage(2), buildImage(3, { categoryId: null })];

  function mockImage() {
    return mockFetch({
      [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
      [`GET ${categoriesUrl}`]: () => envelope([buildCategory()]),
      [`GET ${categoriesUrl}/dinosaurs`]: () => envelope(buildCategory()),
      [`GET ${apiPaths.images}?imageId=dino-1-page-01&pageSize=1`]: () => list([image]),
      [`GET ${apiPaths.images}?imageId=lib-dino-page-01&pageSize=1`]: () => list([image]),
      [`GET ${apiPaths.images}?imageId=${image.id}&isRelated=true&pageSize=5`]: () => list(related),
      [`GET ${apiPaths.images}?imageId=missing-page-00000000&pageSize=1`]: () => list([]),
    });
  }

  it('shows the page, its coloured version, texts, tags, downloads, info, attribution and related pages', async () => {
    mockImage();
    renderApp('/categories/dinosaurs/dino-1-page-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dino 1' })).toBeTruthy();
    expect(screen.getByTestId('image-page').getAttribute('srcset')).toContain('page.png 2400w');
    expect(screen.getByTestId('image-colored').getAttribute('src')).toContain('color-600.webp');
    expect(screen.getByTestId('image-description').textContent).toBe('Dino 1 description.');
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('Baby');
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByTestId('additional-info').textContent).toContain('Materials');
    const credit = screen.getByTestId('attribution');
    expect(within(credit).getByRole('link', { name: /OpenMoji/ }).getAttribute('href')).toBe('https://openmoji.org/');
    expect(within(credit).getByRole('link', { name: 'CC BY-SA 4.0' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dinosaurs' }).getAttribute('href')).toBe('/categories/dinosaurs');

    const cards = await within(await screen.findByTestId('related')).findAllByTestId('image-card');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/categories/dinosaurs/dino-2-page-02', '/image/dino-3-page-03']);
  });

  it("shows a photo page's photo to its signed-in owner only, through the owner's link", async () => {
    const photoPage = buildImage(5, { type: 'image2image', userId: 'u1', categoryId: null, colorUrl: null, colorThumbnailUrl: null });
    const original = `${apiPaths.original(photoPage.id)}/file?exp=1&sig=s`;
    const visit = async (viewer: string | null) => {
      if (viewer) saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
      else clearTokens();
      const api = mockFetch({
        [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
        [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ userId: viewer ?? 'nobody' }) }),
        [`GET ${apiPaths.images}?imageId=${photoPage.slug}&pageSize=1`]: () => list([photoPage]),
        [`GET ${apiPaths.images}?imageId=${photoPage.id}&isRelated=true&pageSize=5`]: () => list([]),
        [`GET ${apiPaths.original(photoPage.id)}`]: () => envelope({ url: original, expiresAt: '2026-01-01T00:15:00.000Z' }),
      });
      const view = renderApp(`/image/${photoPage.slug}`);
      await screen.findByRole('heading', { level: 1, name: 'Dino 5' });
      return { api, view };
    };

    const owner = await visit('u1');
    expect((await screen.findByTestId('image-original')).getAttribute('src')).toBe(original);
    expect(screen.getByText('Your photo (only you can see it)')).toBeTruthy();
    owner.view.unmount();

    for (const viewer of ['u2', null]) {
      const other = await visit(viewer);
      // Signed in, the viewer is known before the photo would be asked for.
      if (viewer) await waitFor(() => expect(other.api.calls.some((call) => call.url === apiPaths.profile)).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByTestId('image-page')).toBeTruthy();
      expect(screen.queryByTestId('image-original')).toBeNull();
      expect(other.api.calls.some((call) => call.url.includes('/original')), `${viewer}: never asks`).toBe(false);
      other.view.unmount();
    }
    clearTokens();
  });

  describe("an owner's own page (decision 050)", () => {
    const privatePhoto = buildImage(6, { type: 'image2image', userId: 'u1', categoryId: null, colorUrl: null, colorThumbnailUrl: null, isPublic: false });
    const publicText = buildImage(7, { type: 'text2image', userId: 'u1', categoryId: null, isPublic: true });
    const visit = async (viewer: string | null, image: ImageDto, extra: Parameters<typeof mockFetch>[0] = {}) => {
      if (viewer) saveTokens({ accessToken: 'acc', refreshToken: 'ref', expiresIn: 3600 }, true);
      else clearTokens();
      const api = mockFetch({
        [`GET ${apiPaths.clientConfig}`]: () => envelope(config),
        [`GET ${apiPaths.profile}`]: () => envelope({ user: buildUser({ userId: viewer ?? 'nobody' }) }),
        [`GET ${apiPaths.images}?imageId=${image.slug}&pageSize=1`]: () => list(image.isPublic ? [image] : []),
        [`GET ${apiPaths.images}?imageId=${image.id}&isRelated=true&pageSize=5`]: () => list([]),
        [`GET ${apiPaths.image(image.slug)}`]: () => (viewer === image.userId ? envelope(image) : failure(404, 404)),
        [`GET ${apiPaths.original(image.id)}`]: () => envelope({ url: `${apiPaths.original(image.id)}/file?exp=1&sig=s`, expiresAt: '2026-01-01T00:15:00.000Z' }),
        ...extra,
      });
      const view = renderApp(`/image/${image.slug}`);
      return { api, view };
    };

    it('opens a private photo page for its owner, who shares it and takes it back without being offered an upgrade', async () => {
      const shared = { ...privatePhoto, isPublic: true };
      const { api, view } = await visit('u1', privatePhoto, {
        [`PATCH ${apiPaths.image(privatePhoto.id)}`]: (call) => envelope((call.body as { isPublic: boolean }).isPublic ? shared : privatePhoto),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Dino 6' })).toBeTruthy();
      const share = await screen.findByRole('switch', { name: 'Share in the public gallery' });
      expect(share.getAttribute('aria-checked')).toBe('false');
      expect(screen.getByTestId('visibility-state').textContent).toBe('Private: only you can see this page');
      expect(screen.getByTestId('visibility-photo-note').textContent).toContain('the original photo is never shown');

      fireEvent.click(share);
      await waitFor(() => expect(screen.getByTestId('visibility-state').textContent).toBe('Shared in the public gallery: anyone can find and see this page'));
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(screen.getByRole('switch', { name: 'Share in the public gallery' }));
      await waitFor(() => expect(screen.getByTestId('visibility-state').textContent).toBe('Private: only you can see this page'));
      expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ isPublic: true }, { isPublic: false }]);
      view.unmount();
      clearTokens();
    });

    it('is not found for a visitor or another member, who get no switch', async () => {
      for (const viewer of [null, 'u2']) {
        const { api, view } = await visit(viewer, privatePhoto);
        await screen.findByTestId('image-not-found');
        expect(screen.queryByRole('switch')).toBeNull();
        // Signed out, the owner's route is not even asked.
        expect(api.calls.some((call) => call.url === apiPaths.image(privatePhoto.slug))).toBe(viewer !== null);
        view.unmount();
      }
      clearTokens();
    });

    it('keeps the paid rule for a free owner’s text page: making it private offers the upgrade, and nothing is sent', async () => {
      const { api, view } = await visit('u1', publicText);
      const share = await screen.findByRole('switch', { name: 'Share in the public gallery' });
      expect(share.getAttribute('aria-checked')).toBe('true');
      expect(screen.queryByTestId('visibility-photo-note')).toBeNull();
      fireEvent.click(share);
      expect(await screen.findByRole('heading', { name: 'Private pages are a premium feature' })).toBeTruthy();
      expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
      view.unmount();
      clearTokens();
    });
  });

  it('opens by raw id under /image and links back into its category', async () => {
    mockImage();
    renderApp('/ja/image/lib-dino-page-01');
    expect(await screen.findByRole('heading', { level: 1, name: '恐竜 1' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getByRole('link', { name: '恐竜' }).getAttribute('href')).toBe('/ja/categories/dinosaurs'));
  });

  it('shows a not-found state with a go-home button', async () => {
    mockImage();
    renderApp('/image/missing-page-00000000');
    await screen.findByTestId('image-not-found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
