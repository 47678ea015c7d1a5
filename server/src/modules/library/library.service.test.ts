import { imagesQuerySchema } from '@studio/contracts/images';
import { describe, expect, it } from 'vitest';
import { createFileUrls } from '../images/image-files';
import type { LibraryRepository } from './library.repository';
import { createLibraryService } from './library.service';

/** A repository that only answers searches, counting how often it was asked to count. */
function fakeLibrary(total: number) {
  const counted: boolean[] = [];
  const library = {
    searchPublic: async (_query: unknown, _category: unknown, options: { count?: boolean } = {}) => {
      counted.push(options.count !== false);
      return { rows: [], total: options.count === false ? null : total };
    },
    tagsFor: async () => new Map(),
    countPublic: async () => total,
  } as unknown as LibraryRepository;
  return { library, counted };
}

const urls = createFileUrls({ publicUrl: 'http://studio.test', secret: 'x'.repeat(32) });

describe('library search totals', () => {
  it('reuses a large total for the same filter on other pages, but always counts small ones', async () => {
    const large = fakeLibrary(100_000);
    const service = createLibraryService({ library: large.library, urls });
    expect((await service.search(imagesQuerySchema.parse({ currentPage: '1' }))).total).toBe(100_000);
    expect((await service.search(imagesQuerySchema.parse({ currentPage: '2', sortBy: 'createdAt' }))).total).toBe(100_000);
    expect((await service.search(imagesQuerySchema.parse({ query: 'cat' }))).total).toBe(100_000);
    expect(large.counted).toEqual([true, false, true]);
    // The same large answer again within seconds is reused whole.
    await service.search(imagesQuerySchema.parse({ currentPage: '1' }));
    expect(large.counted).toHaveLength(3);

    const small = fakeLibrary(12);
    const exact = createLibraryService({ library: small.library, urls });
    await exact.search(imagesQuerySchema.parse({}));
    await exact.search(imagesQuerySchema.parse({ currentPage: '2' }));
    await exact.search(imagesQuerySchema.parse({ currentPage: '2' }));
    expect(small.counted).toEqual([true, true, true]);
  });
});
