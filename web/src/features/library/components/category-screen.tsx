import type { CategoryDto, ImageDto } from '@studio/contracts/images';
import { ErrorCode } from '@studio/contracts/errors';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { MakeBookletButton } from '../../packs/components/make-booklet-button';
import { fetchCategory, searchImages } from '../api/library-api';
import { useResource } from '../hooks/use-resource';
import { CATEGORY_PAGE_SIZE, categoryImagesKey, categoryKey, type CategoryImages } from '../lib/category-page-data';
import { pick } from '../lib/library-links';
import { interleave, plainText, splitDescription } from '../lib/sections';
import { Breadcrumbs } from './breadcrumbs';
import { GeneratePanel } from './generate-panel';
import { GuideCards } from './library-marketing';
import { MasonryGrid } from './masonry-grid';

/** /categories/{category} (product-spec §2). */
export function CategoryScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const { categoryId = '' } = useParams();
  const category = useResource(categoryKey(categoryId), (signal) => fetchCategory(categoryId, signal));
  useDocumentTitle(category.data ? pick(category.data.seoTitle, lang) || pick(category.data.displayName, lang) : category.status === 'error' ? t('library.category.notFoundTitle') : null);

  if (category.status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={t('app.loading')} />
      </div>
    );
  }
  if (category.status === 'error') {
    if (toApiError(category.error).code === ErrorCode.notFound) return <CategoryNotFound />;
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center" role="alert">
        <p className="text-slate-700">{errorText(t, category.error)}</p>
        <Button variant="secondary" onClick={category.retry}>
          {t('library.retry')}
        </Button>
      </div>
    );
  }
  return <CategoryView category={category.data} />;
}

function CategoryNotFound() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center" data-testid="category-not-found">
      <p className="text-6xl font-black text-brand-200" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t('library.category.notFoundTitle')}</h1>
      <p className="mt-3 text-slate-600">{t('library.category.notFoundBody')}</p>
      <Link to={paths.categories.getHref(lang)} className={buttonClass('primary', 'mt-8')}>
        {t('library.category.backToCategories')}
      </Link>
    </section>
  );
}

function CategoryView({ category }: { category: CategoryDto }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = pick(category.displayName, lang);
  const [activeTag, setActiveTag] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [introOpen, setIntroOpen] = useState(false);
  const introId = useId();
  const key = categoryImagesKey(category.categoryId, activeTag, pages);
  const images = useResource<CategoryImages>(key, async (signal) => {
    const lists = await Promise.all(
      Array.from({ length: pages }, (_, i) => searchImages({ categoryId: category.categoryId, tags: activeTag ?? undefined, currentPage: i + 1, pageSize: CATEGORY_PAGE_SIZE }, signal)),
    );
    return { images: lists.flatMap((list) => list.images), total: lists[0]?.total ?? 0 };
  });
  // While more pages load, keep showing the ones already there.
  const [shown, setShown] = useState<CategoryImages | null>(null);
  if (images.status === 'ready' && images.data !== shown) setShown(images.data);

  const description = splitDescription(pick(category.description, lang));
  const intro = description.intro ? plainText(description.intro) : pick(category.seoDesc, lang);
  const blocks = interleave(shown?.images ?? [], description.sections);
  const hrefOf = (image: ImageDto) => paths.categoryImage.getHref(lang, category.slug, image.slug);
  const selectTag = (tagId: string | null) => {
    // Choosing the active tag again returns to All (product-spec §4).
    setActiveTag((current) => (tagId === null || current === tagId ? null : tagId));
    setPages(1);
  };
  const chip = (active: boolean) =>
    `inline-flex min-h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium ring-1 transition-colors ${active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50 hover:text-brand-700'}`;
  const total = shown?.total ?? category.imageCount;

  return (
    <div className="mx-auto max-w-7xl px-3 pt-6 pb-16 sm:px-6">
      <Breadcrumbs items={[{ label: t('library.home'), to: paths.home.getHref(lang) }, { label: t('library.categories.crumb'), to: paths.categories.getHref(lang) }, { label: name }]} />
      {/* On a phone the pictures come first and "make your own" after them (issue 37); the order is CSS, so the server-rendered page needs no viewport. */}
      <div className="flex flex-col">
        <header className="mt-6 max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {t('library.category.title', { name })} <span className="text-lg font-semibold text-slate-500 sm:text-xl">({formatNumber(category.imageCount, lang)})</span>
          </h1>
          <p id={introId} className={`mt-3 text-slate-600 ${introOpen ? '' : 'line-clamp-1'}`} data-testid="category-intro">
            {intro}
          </p>
          <button type="button" className="mt-1 text-sm font-semibold text-brand-700 hover:underline" aria-expanded={introOpen} aria-controls={introId} onClick={() => setIntroOpen((open) => !open)}>
            {introOpen ? t('library.category.showLess') : t('library.category.showMore')}
          </button>
          {category.imageCount > 0 ? <MakeBookletButton className="mt-4" source={{ kind: 'category', categoryId: category.categoryId }} defaultTitle={name} /> : null}
        </header>
        <div className="mt-6 max-sm:order-1 max-sm:mt-10">
          <GeneratePanel suggestion={t('library.generate.suggestion', { name })} />
        </div>
        {category.tagCounts.length ? (
          <div className="mt-8" role="group" aria-label={t('library.category.tagFilter')}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <button type="button" className={chip(activeTag === null)} aria-pressed={activeTag === null} onClick={() => selectTag(null)}>
                  {t('library.category.all')} <span className="opacity-80">({formatNumber(category.imageCount, lang)})</span>
                </button>
              </li>
              {category.tagCounts.map((tag) => (
                <li key={tag.tagId}>
                  <button type="button" className={chip(activeTag === tag.tagId)} aria-pressed={activeTag === tag.tagId} onClick={() => selectTag(tag.tagId)}>
                    {pick(tag.displayName, lang)} <span className="opacity-80">({formatNumber(tag.count, lang)})</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-8 space-y-10" aria-busy={images.status === 'loading'}>
          {images.status === 'error' ? (
            <div className="flex flex-col items-center gap-4 py-10 text-center" role="alert">
              <p className="text-slate-700">{errorText(t, images.error)}</p>
              <Button variant="secondary" onClick={images.retry}>
                {t('library.retry')}
              </Button>
            </div>
          ) : !shown ? (
            <div className="flex justify-center py-16 text-brand-700">
              <Spinner label={t('app.loading')} />
            </div>
          ) : shown.images.length === 0 ? (
            <p className="rounded-3xl bg-slate-50 px-6 py-12 text-center text-slate-600 ring-1 ring-slate-200" data-testid="category-empty">
              {t('library.category.empty')}
            </p>
          ) : null}
          {blocks.map((block, index) =>
            block.kind === 'images' ? (
              <MasonryGrid key={`images-${index}`} images={block.items} hrefOf={hrefOf} eagerCount={index === 0 ? 4 : 0} />
            ) : (
              <section key={`section-${index}`} className="mx-auto max-w-3xl" data-testid="description-section">
                <h2 className="text-2xl font-bold text-slate-900">{block.section.heading}</h2>
                <div className="mt-3 leading-relaxed text-slate-700 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: block.section.html }} />
              </section>
            ),
          )}
          {shown && shown.images.length < total ? (
            <div className="flex justify-center">
              <Button variant="secondary" loading={images.status === 'loading'} onClick={() => setPages((n) => n + 1)}>
                {t('library.category.loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
        <div className="mt-14 max-sm:order-2">
          <GuideCards />
        </div>
      </div>
    </div>
  );
}
