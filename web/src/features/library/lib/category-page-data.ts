import type { CategoryDto, ImageListDto } from '@studio/contracts/images';

/** Pages of the category grid are loaded this many images at a time. */
export const CATEGORY_PAGE_SIZE = 48;

/** The resource keys of the category screen (see hooks/use-resource). */
export const categoryKey = (param: string) => `category:${param}`;
export const categoryImagesKey = (categoryId: string, tagId: string | null, pages: number) => `${categoryId}:${tagId ?? ''}:${pages}`;

export interface CategoryImages {
  images: ImageListDto['images'];
  total: number;
}

/**
 * What the category screen loads first (the category, then its first page of images with no tag
 * chosen), keyed as the screen asks for it: the server renders the page with it and hands it to
 * the client (lib/initial-data).
 */
export function categoryPageData(param: string, category: CategoryDto, firstPage: ImageListDto): Record<string, unknown> {
  const images: CategoryImages = { images: firstPage.images, total: firstPage.total };
  return { [categoryKey(param)]: category, [categoryImagesKey(category.categoryId, null, 1)]: images };
}
