import type { Language } from '@studio/contracts/constants';
import type { CategoryDto } from '@studio/contracts/images';

/**
 * product-spec §4: the filter matches the localized display name or the name, case-insensitively;
 * an empty query shows everything. Any language's name matches, so "恐竜" finds dinosaurs on the
 * English page too.
 */
export function filterCategories(categories: readonly CategoryDto[], query: string, lang: Language): CategoryDto[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...categories];
  return categories.filter((category) => {
    const names = [category.displayName[lang], category.displayName.en, category.displayName.zh, category.displayName.ja, category.name, category.slug];
    return names.some((name) => name?.toLocaleLowerCase().includes(needle));
  });
}
