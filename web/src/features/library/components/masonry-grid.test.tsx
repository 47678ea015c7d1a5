import type { ImageDto } from '@studio/contracts/images';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MasonryGrid } from './masonry-grid';

const image = (id: string): ImageDto =>
  ({ id, slug: id, title: { en: id, zh: id, ja: id }, thumbnailUrl: `/t/${id}.webp`, smallThumbnailUrl: `/s/${id}.webp`, dimensions: { width: 600, height: 800 } }) as unknown as ImageDto;

describe('the masonry grid rendered on the server', () => {
  it('draws the 2, 3 and 4 column layouts, each shown only at its own widths', () => {
    const html = renderToString(
      <MemoryRouter>
        <MasonryGrid images={['a', 'b', 'c', 'd', 'e'].map(image)} hrefOf={(each) => `/x/${each.slug}`} eagerCount={2} />
      </MemoryRouter>,
    );
    const grids = [...html.matchAll(/class="([^"]*)"[^>]*data-testid="masonry" data-columns="(\d)"/g)].map((match) => [match[2], match[1].split(' ').filter((name) => /grid|hidden/.test(name)).join(' ')]);
    expect(grids).toEqual([
      ['4', 'hidden lg:grid'],
      ['3', 'hidden sm:grid lg:hidden'],
      ['2', 'grid sm:hidden'],
    ]);
    // Every layout holds every card; the first ones load at once and first.
    expect(html.match(/data-testid="image-card"/g)).toHaveLength(15);
    expect(html.match(/<img[^>]*fetchPriority="high"/g)).toHaveLength(6);
    // React preloads those pictures once, ahead of the grids.
    expect(html.match(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g)).toHaveLength(2);
  });
});
