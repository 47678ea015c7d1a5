import type { CategoryDto } from '@studio/contracts/images';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { MakeBookletButton } from '../../packs/components/make-booklet-button';
import { fetchCategories } from '../api/library-api';
import { useResource } from '../hooks/use-resource';
import { filterCategories } from '../lib/category-search';
import { Breadcrumbs } from './breadcrumbs';
import { CategoryGrid } from './category-card';
import { CategoriesMarketing, LibraryFaq, LibraryTestimonials, TryNowCta } from './library-marketing';

/** /categories (product-spec §2): breadcrumb, heading with the count, search on submit, grid, marketing. */
export function CategoriesScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('library.categories.title'));
  const categories = useResource('categories', () => fetchCategories());
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const searchId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
  }

  const list: CategoryDto[] = categories.data ?? [];
  const shown = filterCategories(list, query, lang);
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-14 sm:px-6">
        <Breadcrumbs items={[{ label: t('library.home'), to: paths.home.getHref(lang) }, { label: t('library.categories.crumb') }]} />
        <div className="mt-6 flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('library.categories.title')}</h1>
            <p className="mt-2 text-slate-600" data-testid="category-count">
              {categories.status === 'ready' ? t('library.categories.count', { count: list.length, formatted: formatNumber(list.length, lang) }) : '\u00a0'}
            </p>
          </div>
          <form role="search" onSubmit={submit} className="flex w-full max-w-md gap-2">
            <label htmlFor={searchId} className="sr-only">
              {t('library.categories.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('library.categories.searchPlaceholder')}
              className="min-h-11 min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
            <Button type="submit">{t('library.categories.search')}</Button>
          </form>
        </div>
        {query ? (
          // A search also finds pages in every category: they can go into a booklet together.
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="search-booklet">
            <span>{t('packs.searchHint', { query })}</span>
            <MakeBookletButton source={{ kind: 'search', query }} defaultTitle={query} />
          </div>
        ) : null}
        <div className="mt-8" aria-live="polite">
          {categories.status === 'loading' ? (
            <div className="flex justify-center py-16 text-brand-700">
              <Spinner label={t('app.loading')} />
            </div>
          ) : categories.status === 'error' ? (
            <div className="flex flex-col items-center gap-4 py-16 text-center" role="alert">
              <p className="text-slate-700">{errorText(t, categories.error)}</p>
              <Button variant="secondary" onClick={categories.retry}>
                {t('library.retry')}
              </Button>
            </div>
          ) : list.length === 0 ? (
            <EmptyState title={t('library.categories.emptyTitle')} body={t('library.categories.emptyBody')} testId="categories-empty" />
          ) : shown.length === 0 ? (
            <EmptyState title={t('library.categories.noResultsTitle', { query })} body={t('library.categories.noResultsBody')} testId="categories-no-results">
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft('');
                  setQuery('');
                }}
              >
                {t('library.categories.clearSearch')}
              </Button>
            </EmptyState>
          ) : (
            <CategoryGrid categories={shown} eagerCount={4} />
          )}
        </div>
      </div>
      <CategoriesMarketing />
      <LibraryTestimonials count={3} />
      <LibraryFaq area="library" count={5} />
      <TryNowCta area="library" />
    </>
  );
}

function EmptyState({ title, body, testId, children }: { title: string; body: string; testId: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-slate-50 px-6 py-16 text-center ring-1 ring-slate-200" data-testid={testId}>
      <svg className="size-12 text-brand-300" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <p className="max-w-md text-slate-600">{body}</p>
      {children}
    </div>
  );
}
