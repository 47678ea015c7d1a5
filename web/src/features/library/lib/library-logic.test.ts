import type { CategoryDto } from '@studio/contracts/images';
import { describe, expect, it } from 'vitest';
import { infoSections } from './additional-info';
import { filterCategories } from './category-search';
import { imageHref, imageKey, pick } from './library-links';
import { balanceColumns, cardHeight, layoutFor } from './masonry';
import { interleave, plainText, splitDescription } from './sections';

const item = (id: string, width: number, height: number) => ({ id, dimensions: { width, height } });

describe('masonry balancing', () => {
  it('puts each card in the currently shortest column, leftmost on a tie', () => {
    const items = [item('tall', 1, 3), item('a', 1, 1), item('b', 1, 1), item('c', 1, 1)];
    const columns = balanceColumns(items, 2, (i) => i.dimensions.height / i.dimensions.width);
    expect(columns.map((column) => column.map((i) => i.id))).toEqual([['tall'], ['a', 'b', 'c']]);
  });

  it('keeps column heights within one card of each other', () => {
    const items = Array.from({ length: 40 }, (_, i) => item(String(i), 3, [4, 3, 5, 4, 7][i % 5]));
    for (const count of [2, 3, 4]) {
      const columns = balanceColumns(items, count);
      expect(columns).toHaveLength(count);
      expect(columns.flat()).toHaveLength(40);
      const heights = columns.map((column) => column.reduce((sum, i) => sum + cardHeight(i), 0));
      const tallestCard = Math.max(...items.map((i) => cardHeight(i)));
      expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(tallestCard);
    }
  });

  it('uses 4, 3 and 2 columns of 320, 240 and 180 px cards', () => {
    expect(layoutFor(1280)).toMatchObject({ columns: 4, cardWidth: 320 });
    expect(layoutFor(800)).toMatchObject({ columns: 3, cardWidth: 240 });
    expect(layoutFor(375)).toMatchObject({ columns: 2, cardWidth: 180 });
    expect(balanceColumns([item('x', 1, 1)], 0)).toEqual([[item('x', 1, 1)]]);
  });
});

describe('description sections', () => {
  const html = '<p>Intro &amp; more.</p>\n<h2 class="x">Why <em>kids</em> love it</h2><p>One.</p><h2>Tips</h2><ul><li>Two</li></ul>';

  it('splits at every h2: the intro before, then one section per heading', () => {
    const split = splitDescription(html);
    expect(split.intro).toBe('<p>Intro &amp; more.</p>');
    expect(split.sections).toEqual([
      { heading: 'Why kids love it', html: '<p>One.</p>' },
      { heading: 'Tips', html: '<ul><li>Two</li></ul>' },
    ]);
    expect(plainText(split.intro)).toBe('Intro & more.');
    expect(splitDescription('<p>Only text</p>')).toEqual({ intro: '<p>Only text</p>', sections: [] });
    expect(splitDescription(null)).toEqual({ intro: '', sections: [] });
  });

  it('interleaves 4 images, then a section and the next 4, and the rest after the last section', () => {
    const sections = splitDescription(html).sections;
    const images = Array.from({ length: 14 }, (_, i) => i);
    const shape = interleave(images, sections).map((block) => (block.kind === 'images' ? block.items : block.section.heading));
    expect(shape).toEqual([[0, 1, 2, 3], 'Why kids love it', [4, 5, 6, 7], 'Tips', [8, 9, 10, 11, 12, 13]]);
    // Too few images: the sections follow each other; no sections: one block.
    expect(interleave([0, 1], sections).map((b) => b.kind)).toEqual(['images', 'section', 'section']);
    expect(interleave(images, [])).toEqual([{ kind: 'images', items: images }]);
  });
});

describe('slugs and links', () => {
  const categories = [{ categoryId: 'cat_123', slug: 'dinosaurs' }];

  it('links an image inside its category when known, else to /image/{slug}', () => {
    expect(imageHref('en', { slug: 'friendly-t-rex-rex12345', categoryId: 'cat_123' }, categories)).toBe('/categories/dinosaurs/friendly-t-rex-rex12345');
    expect(imageHref('zh', { slug: 'friendly-t-rex-rex12345', categoryId: 'cat_123' }, categories)).toBe('/zh/categories/dinosaurs/friendly-t-rex-rex12345');
    expect(imageHref('ja', { slug: 'my-page-abcdefgh', categoryId: null }, categories)).toBe('/ja/image/my-page-abcdefgh');
  });

  it('resolves an address to what the API looks up: raw ids over 10 characters and slugs as they are', () => {
    expect(imageKey('img0000000000trex1234')).toBe('img0000000000trex1234');
    expect(imageKey('friendly-t-rex-rex12345')).toBe('friendly-t-rex-rex12345');
    expect(imageKey('rex12345')).toBe('rex12345');
    expect(imageKey('short')).toBeNull();
    expect(imageKey('../etc')).toBeNull();
    expect(imageKey(undefined)).toBeNull();
  });

  it('picks the page language and falls back to English', () => {
    expect(pick({ en: 'Cat', zh: '猫', ja: '' }, 'zh')).toBe('猫');
    expect(pick({ en: 'Cat', zh: '猫', ja: '' }, 'ja')).toBe('Cat');
    expect(pick(null, 'en')).toBe('');
  });
});

describe('category search', () => {
  const category = (slug: string, en: string, zh: string, ja: string) => ({ slug, name: slug, displayName: { en, zh, ja } }) as CategoryDto;
  const list = [category('dinosaurs', 'Dinosaurs', '恐龙', '恐竜'), category('unicorns', 'Unicorns', '独角兽', 'ユニコーン')];

  it('matches the localized name or the name, case-insensitively; empty shows all', () => {
    expect(filterCategories(list, 'DINO', 'en').map((c) => c.slug)).toEqual(['dinosaurs']);
    expect(filterCategories(list, '独角', 'zh').map((c) => c.slug)).toEqual(['unicorns']);
    expect(filterCategories(list, 'unicorns', 'ja').map((c) => c.slug)).toEqual(['unicorns']);
    expect(filterCategories(list, '  ', 'en')).toHaveLength(2);
    expect(filterCategories(list, 'zebra', 'en')).toEqual([]);
  });
});

describe('additional info', () => {
  it('turns JSON objects, JSON lists, HTML and text into sections', () => {
    expect(infoSections('{"Materials":"Crayons","Time":"15 minutes"}')).toEqual([
      { heading: 'Materials', body: 'Crayons', html: false },
      { heading: 'Time', body: '15 minutes', html: false },
    ]);
    expect(infoSections('[{"title":"Tip","content":"Start big"},"Have fun"]')).toEqual([
      { heading: 'Tip', body: 'Start big', html: false },
      { heading: null, body: 'Have fun', html: false },
    ]);
    expect(infoSections('<p>Hi</p><h2>More</h2><p>Text</p>')).toEqual([
      { heading: null, body: '<p>Hi</p>', html: true },
      { heading: 'More', body: '<p>Text</p>', html: true },
    ]);
    expect(infoSections('Just a note {not json')).toEqual([{ heading: null, body: 'Just a note {not json', html: false }]);
    expect(infoSections('{broken')).toEqual([{ heading: null, body: '{broken', html: false }]);
    expect(infoSections(null)).toEqual([]);
  });
});
