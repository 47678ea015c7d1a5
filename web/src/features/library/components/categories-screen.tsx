import type { CategoryDto } from '@studio/contracts/images';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { MakeBookletButton } from '../../packs/components/make-booklet-button';
import { fetchCategories, searchImages } from '../api/library-api';
import { useResource } from '../hooks/use-resource';
import { filterCategories } from '../lib/category-search';
import { Breadcrumbs } from './breadcrumbs';
import { CategoryGrid } from './category-card';
import { LibrarySearchBox } from './library-search';
import { MasonryGrid } from './masonry-grid';
import { imageHref } from '../lib/library-links';
import { CategoriesMarketing, LibraryFaq, LibraryTestimonials, TryNowCta } from './library-marketing';

const SEARCH_PAGE_SIZE = 24;

/**
 * /categories (product-spec §2): breadcrumb, heading with the count, the library's search, grid,
 * marketing. A search (`?q=`) finds categories by name and pages by the server's word search in
 * en/zh/ja (decision 022), so "cat", "猫" and "ねこ" find the cat pages (issue 37).
 */
export function CategoriesScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('library.categories.title'));
  const categories = useResource('categories', () => fetchCategories());
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const pages = useResource(query ? `search:${query}` : null, (signal) => searchImages({ query, pageSize: SEARCH_PAGE_SIZE }, signal));

  function search(next: string) {
    setParams(next ? { q: next } : {}, { replace: false });
  }

  const list: CategoryDto[] = categories.data ?? [];
  const shown = filterCategories(list, query, lang);
  const foundPages = query && pages.status === 'ready' ? pages.data.images : [];
  const nothingFound = query !== '' && categories.status === 'ready' && pages.status !== 'loading' && shown.length === 0 && foundPages.length === 0;
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
          <LibrarySearchBox key={query} initial={query} categories={list} onSearch={search} />
        </div>
        {/* What a search found is said once, not the whole grid read out. */}
        <p role="status" className="sr-only">
          {query && categories.status === 'ready' && pages.status === 'ready' ? t('library.search.summary', { categories: shown.length, pages: pages.data.total }) : ''}
        </p>
        <div className="mt-8">
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
          ) : nothingFound ? (
            <EmptyState title={t('library.search.noResultsTitle', { query })} body={t('library.search.noResultsBody')} testId="categories-no-results">
              <div className="flex flex-wrap justify-center gap-3">
                <Link to={`${paths.textColoringPage.getHref(lang)}?${new URLSearchParams({ prompt: query })}`} className={buttonClass('primary')}>
                  {t('library.search.makeIt', { query })}
                </Link>
                <Button variant="secondary" onClick={() => search('')}>
                  {t('library.categories.clearSearch')}
                </Button>
              </div>
            </EmptyState>
          ) : query ? (
            <div className="flex flex-col gap-10">
              {shown.length > 0 ? (
                <section aria-labelledby="search-categories">
                  <h2 id="search-categories" className="mb-4 text-xl font-bold text-slate-900">
                    {t('library.search.categoriesHeading', { count: shown.length })}
                  </h2>
                  <CategoryGrid categories={shown} eagerCount={2} />
                </section>
              ) : null}
              <section aria-labelledby="search-pages" data-testid="search-pages">
                <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
                  <h2 id="search-pages" className="text-xl font-bold text-slate-900">
                    {pages.status === 'ready' ? t('library.search.pagesHeading', { count: pages.data.total, query }) : t('library.search.pagesLoading', { query })}
                  </h2>
                  {/* A search's pages from every category can go into a booklet together. */}
                  {foundPages.length > 0 ? <MakeBookletButton source={{ kind: 'search', query }} defaultTitle={query} /> : null}
                </div>
                {pages.status === 'loading' ? (
                  <div className="flex justify-center py-10 text-brand-700">
                    <Spinner label={t('app.loading')} />
                  </div>
                ) : pages.status === 'error' ? (
                  <p role="alert" className="text-slate-700">
                    {errorText(t, pages.error)}
                  </p>
                ) : foundPages.length > 0 ? (
                  <MasonryGrid images={foundPages} hrefOf={(image) => imageHref(lang, image, list)} eagerCount={4} />
                ) : (
                  <p className="text-slate-600">{t('library.search.noPages', { query })}</p>
                )}
              </section>
            </div>
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
