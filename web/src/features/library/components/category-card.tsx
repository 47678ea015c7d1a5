import type { CategoryDto } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { categoryHref, pick } from '../lib/library-links';

const TOP_TAGS = 5;

/**
 * A category in the home gallery and on /categories: its picture swaps to the coloured version on
 * hover; on touch screens a small thumbnail of the other version toggles it. Top 5 tags by count.
 */
export function CategoryCard({ category, eager = false }: { category: CategoryDto; eager?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [colored, setColored] = useState(false);
  const name = pick(category.displayName, lang);
  const href = categoryHref(lang, category);
  const picture = category.thumbnailUrl ?? category.coloringUrl;
  const color = category.colorUrl;
  const tags = [...category.tagCounts].sort((a, b) => b.count - a.count).slice(0, TOP_TAGS);
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md" data-testid="category-card">
      <div className="relative aspect-[3/4] bg-slate-50">
        {/* Named like the title link, for pointers, voice control and crawlers; out of the tab order so keyboard users meet the category once. */}
        <Link to={href} className="block size-full" aria-label={name} tabIndex={-1}>
          {picture ? (
            <img src={picture} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" className="size-full object-contain p-3" />
          ) : (
            <span className="flex size-full items-center justify-center p-4 text-center text-sm text-slate-500">{name}</span>
          )}
          {color ? (
            <img
              src={color}
              alt=""
              width={300}
              height={400}
              loading="lazy"
              decoding="async"
              data-testid="category-color"
              className={`absolute inset-0 size-full object-contain p-3 transition-opacity duration-300 ${colored ? 'opacity-100' : 'opacity-0'} [@media(hover:hover)]:group-hover:opacity-100`}
            />
          ) : null}
        </Link>
        {color && picture ? (
          <button
            type="button"
            onClick={() => setColored((value) => !value)}
            aria-pressed={colored}
            aria-label={t('library.card.toggleColor', { name })}
            className="absolute bottom-2 right-2 size-12 overflow-hidden rounded-xl bg-white shadow ring-2 ring-white [@media(hover:hover)]:hidden"
          >
            <img src={colored ? picture : color} alt="" width={48} height={64} loading="lazy" className="size-full object-cover" />
          </button>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-bold text-slate-900">
          {/* A block, so the whole line (28 px tall) is the target, not just the glyphs (WCAG 2.5.8). */}
          <Link to={href} className="block hover:text-brand-700">
            {name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{t('library.pageCount', { count: category.imageCount, formatted: formatNumber(category.imageCount, lang) })}</p>
        {tags.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('library.card.tags')}>
            {tags.map((tag) => (
              <li key={tag.tagId} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
                {pick(tag.displayName, lang)} ({formatNumber(tag.count, lang)})
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={href} className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700 hover:underline">
          {t('library.card.viewAll', { name })} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

export function CategoryGrid({ categories, eagerCount = 0 }: { categories: CategoryDto[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
      {categories.map((category, index) => (
        <li key={category.categoryId} className="flex">
          <div className="flex w-full">
            <CategoryCard category={category} eager={index < eagerCount} />
          </div>
        </li>
      ))}
    </ul>
  );
}
