import type { Language, Localized } from '@studio/contracts/constants';
import type { CategoryDto, ImageDto } from '@studio/contracts/images';
import { paths } from '../../../config/paths';

/** The text of a localized field in the page language, falling back to English. */
export function pick(value: Localized | null | undefined, lang: Language): string {
  if (!value) return '';
  return value[lang] || value.en || '';
}

/**
 * DESIGN §4: a category is addressed by its slug (kebab of the English name). The server also
 * resolves raw ids, so old links keep working; the canonical link always uses the slug.
 */
export function categoryHref(lang: Language, category: Pick<CategoryDto, 'slug'>): string {
  return paths.category.getHref(lang, category.slug);
}

/**
 * An image's page: inside its category when it has one we know (product-spec §2), else
 * /image/{slug}. The slug is kebab(title.en)-<last 8 chars of the id>.
 */
export function imageHref(lang: Language, image: Pick<ImageDto, 'slug' | 'categoryId'>, categories: readonly Pick<CategoryDto, 'categoryId' | 'slug'>[] = []): string {
  const category = image.categoryId ? categories.find((c) => c.categoryId === image.categoryId) : undefined;
  return category ? paths.categoryImage.getHref(lang, category.slug, image.slug) : paths.image.getHref(lang, image.slug);
}

/**
 * What an image address names, as the API's imageId filter takes it: a raw id longer than 10
 * characters is used as is; a slug resolves by the last 8 characters of the id it ends with.
 * Returns null for something that can be neither.
 */
export function imageKey(param: string | undefined): string | null {
  if (!param) return null;
  const value = param.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  if (value.length > 10) return value;
  return value.length >= 8 ? value : null;
}
