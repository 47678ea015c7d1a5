import type { CategoryDto, ImageDto, ImageListDto, ImagesQuery, ImageType, TagCount } from '@studio/contracts/images';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { toImageDto } from '../images/image-dto';
import type { FileUrls } from '../images/image-files';
import type { ExamplesRepository } from './examples.repository';
import type { CategoryRow, LibraryRepository } from './library.repository';
import { parseLocalized } from '../../db/localized';
import { searchAlternatives } from '../../lib/search-terms';
import { translateWord } from '../../lib/translate-word';

const CATEGORY_CACHE_MS = 5 * 60 * 1000;
const TOP_TAGS = 5;

export function createLibraryService(deps: { library: LibraryRepository; examples: ExamplesRepository; urls: FileUrls }) {
  const { library, examples, urls } = deps;
  let cache: { version: string; builtAt: number; categories: CategoryDto[]; allTags: Map<string, TagCount[]> } | null = null;

  async function buildCategories(): Promise<{ categories: CategoryDto[]; allTags: Map<string, TagCount[]> }> {
    const [rows, stats] = await Promise.all([library.categories(), library.categoryStats()]);
    const allTags = new Map<string, TagCount[]>();
    const categories = await Promise.all(
      rows.map(async (row): Promise<CategoryDto> => {
        const cover = await library.coverImage(row);
        const coverDto = cover ? toImageDto(cover, urls) : null;
        const tags = (stats.tags.get(row.id) ?? [])
          .sort((a, b) => b.count - a.count || a.tagId.localeCompare(b.tagId))
          .map((tag) => ({ tagId: tag.tagId, displayName: parseLocalized(tag.displayName), count: tag.count }));
        allTags.set(row.id, tags);
        const tagCounts = tags.slice(0, TOP_TAGS);
        return {
          categoryId: row.id,
          slug: row.slug,
          name: row.name,
          displayName: parseLocalized(row.display_name),
          description: parseLocalized(row.description),
          seoTitle: parseLocalized(row.seo_title),
          seoDesc: parseLocalized(row.seo_desc),
          hotness: Number(row.hotness),
          imageCount: stats.counts.get(row.id) ?? 0,
          thumbnailUrl: coverDto?.thumbnailUrl ?? null,
          defaultUrl: coverDto?.defaultUrl ?? null,
          colorUrl: coverDto?.colorThumbnailUrl ?? coverDto?.colorUrl ?? null,
          coloringUrl: coverDto?.coloringUrl ?? null,
          tagCounts,
        };
      }),
    );
    return { categories, allTags };
  }

  /**
   * Sorted by hotness; cached 5 minutes, dropped at once when an import bumps the library version.
   * The version is read on every call: the callers are the answers kept per catalogue version
   * (library.routes.ts, web-app.ts), which call only when that version changed, and an import
   * bumps the library version before the catalogue's. A check skipped for a few seconds here let a
   * kept answer be built from the old categories under the new catalogue version and stay stale
   * until the next change (an imported category never showed, e2e).
   */
  async function current(): Promise<NonNullable<typeof cache>> {
    const now = Date.now();
    const version = await library.libraryVersion();
    if (cache && cache.version === version && now - cache.builtAt < CATEGORY_CACHE_MS) return cache;
    const built = await buildCategories();
    cache = { version, builtAt: now, ...built };
    return cache;
  }

  async function categories(): Promise<CategoryDto[]> {
    return (await current()).categories;
  }

  /** One category with every tag of its pages (the list shows only the top 5 per card). */
  async function withAllTags(categoryId: string): Promise<CategoryDto | undefined> {
    const built = await current();
    const found = built.categories.find((c) => c.categoryId === categoryId);
    return found ? { ...found, tagCounts: built.allTags.get(categoryId) ?? found.tagCounts } : undefined;
  }

  async function resolveCategory(idOrSlug: string): Promise<CategoryRow | undefined> {
    return library.findCategory(idOrSlug);
  }

  return {
    categories,

    async category(idOrSlug: string): Promise<CategoryDto> {
      const row = await resolveCategory(idOrSlug);
      if (!row) throw new AppError(ErrorCode.notFound, 'Category not found');
      const found = await withAllTags(row.id);
      if (found) return found;
      cache = null;
      const fresh = await withAllTags(row.id);
      if (!fresh) throw new AppError(ErrorCode.notFound, 'Category not found');
      return fresh;
    },

    async search(query: ImagesQuery): Promise<ImageListDto> {
      let categoryId: string | null = null;
      if (query.categoryId) {
        const category = await resolveCategory(query.categoryId);
        // An unknown category matches nothing rather than everything.
        if (!category) return { images: [], total: 0, currentPage: query.currentPage, pageSize: query.pageSize };
        categoryId = category.id;
      }
      const { rows, total } = await library.searchPublic(query, categoryId, query.query?.trim() ? searchAlternatives(query.query, translateWord) : null);
      const tags = await library.tagsFor(rows.map((row) => row.id));
      return { images: rows.map((row) => toImageDto(row, urls, tags.get(row.id) ?? [])), total, currentPage: query.currentPage, pageSize: query.pageSize };
    },

    /** The chosen pages a generator tab offers (examples.repository.ts). */
    async examples(tab: ImageType): Promise<{ images: ImageDto[] }> {
      const rows = await examples.forTab(tab);
      const tags = await library.tagsFor(rows.map((row) => row.id));
      return { images: rows.map((row) => toImageDto(row, urls, tags.get(row.id) ?? [])) };
    },

    /** Exact: the route keeps the answer until the images change (images-version.ts). */
    count: (): Promise<number> => library.countPublic(),
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
