import type { Language, Localized } from '@studio/contracts/constants';
import type { CategoryDto } from '@studio/contracts/images';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

/** The header dropdown and the footer show the first 21 categories by hotness (product-spec §2). */
export const POPULAR_CATEGORY_COUNT = 21;

export interface PopularCategory {
  slug: string;
  displayName: Localized;
}

let cached: PopularCategory[] | null = null;
let inFlight: Promise<PopularCategory[]> | null = null;

/** Fetched once per page load; a failure leaves the menus without categories rather than broken. */
export function loadPopularCategories(): Promise<PopularCategory[]> {
  if (cached) return Promise.resolve(cached);
  inFlight ??= apiRequest<CategoryDto[]>('/api/images/categories')
    .then((list) => (cached = list.slice(0, POPULAR_CATEGORY_COUNT).map(({ slug, displayName }) => ({ slug, displayName }))))
    .catch(() => [])
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forgets the loaded list (tests). */
export function clearPopularCategories(): void {
  cached = null;
  inFlight = null;
}

export function usePopularCategories(): PopularCategory[] {
  const [categories, setCategories] = useState<PopularCategory[]>(cached ?? []);
  useEffect(() => {
    if (cached) return;
    let live = true;
    void loadPopularCategories().then((list) => {
      if (live) setCategories(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return categories;
}

export function categoryName(category: PopularCategory, lang: Language): string {
  return category.displayName[lang] || category.displayName.en;
}

/** Splits a list into `count` columns of at most `size`, in reading order down each column. */
export function columns<T>(list: T[], count: number, size: number): T[][] {
  return Array.from({ length: count }, (_, i) => list.slice(i * size, (i + 1) * size)).filter((column) => column.length > 0);
}
