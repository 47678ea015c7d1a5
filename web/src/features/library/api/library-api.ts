import type { CategoryDto, ImageDto, ImageListDto } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

/** The category list (sorted by hotness by the server), fetched once per page load and shared. */
let categoriesCache: CategoryDto[] | null = null;
let categoriesInFlight: Promise<CategoryDto[]> | null = null;

export function fetchCategories(): Promise<CategoryDto[]> {
  if (categoriesCache) return Promise.resolve(categoriesCache);
  categoriesInFlight ??= apiRequest<CategoryDto[]>(`${apiPaths.images}/categories`)
    .then((list) => (categoriesCache = list))
    .finally(() => {
      categoriesInFlight = null;
    });
  return categoriesInFlight;
}

export function cachedCategories(): CategoryDto[] | null {
  return categoriesCache;
}

/** Forgets the cached list (tests). */
export function clearLibraryCache(): void {
  categoriesCache = null;
  categoriesInFlight = null;
}

/** One category by slug or raw id, with all its tag counts. */
export function fetchCategory(slugOrId: string, signal?: AbortSignal): Promise<CategoryDto> {
  return apiRequest<CategoryDto>(`${apiPaths.images}/categories/${encodeURIComponent(slugOrId)}`, { signal });
}

export interface ImageSearch {
  imageId?: string;
  categoryId?: string;
  tags?: string;
  query?: string;
  isRelated?: boolean;
  currentPage?: number;
  pageSize?: number;
}

export function searchImages(search: ImageSearch, signal?: AbortSignal): Promise<ImageListDto> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return apiRequest<ImageListDto>(query ? `${apiPaths.images}?${query}` : apiPaths.images, { signal });
}

/** One public image by raw id or slug; null when there is none. */
export async function fetchImage(key: string, categoryId?: string, signal?: AbortSignal): Promise<ImageDto | null> {
  const list = await searchImages({ imageId: key, categoryId, pageSize: 1 }, signal);
  return list.images[0] ?? null;
}

/** api-spec §7: related = same category, public and online, pageSize count + 1, without the image itself. */
export async function fetchRelated(imageId: string, count = 4, signal?: AbortSignal): Promise<ImageDto[]> {
  const list = await searchImages({ imageId, isRelated: true, pageSize: count + 1 }, signal);
  return list.images.filter((image) => image.id !== imageId).slice(0, count);
}

export function fetchFreeCount(signal?: AbortSignal): Promise<number> {
  return apiRequest<number>(`${apiPaths.images}/count`, { signal });
}
