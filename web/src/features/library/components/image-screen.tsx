import { ErrorCode } from '@studio/contracts/errors';
import type { CategoryDto, ImageDto } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { getAccessToken } from '../../../lib/token-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { DownloadButtons } from '../../images/components/download-buttons';
import { ColourByNumber } from '../../images/components/colour-by-number';
import { PageVisibility } from '../../images/components/page-visibility';
import { fetchViewableImage } from '../../images/api/image-api';
import { useOriginalUrl } from '../../images/hooks/use-original-url';
import { fetchCategories, fetchCategory, fetchImage, fetchRelated } from '../api/library-api';
import { useResource } from '../hooks/use-resource';
import { infoSections } from '../lib/additional-info';
import { imageHref, imageKey, pick } from '../lib/library-links';
import { plainText } from '../lib/sections';
import { AttributionNote } from './attribution-note';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { ImageCard } from './masonry-grid';
import { displaySize } from './picture';

interface Loaded {
  image: ImageDto;
  category: CategoryDto | null;
}

/**
 * /categories/{category}/{image} and /image/{id} (product-spec §2): the page and its coloured
 * version, title, description (or prompt), tags, PNG/PDF downloads, additional info, related pages.
 */
export function ImageScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const params = useParams();
  const key = imageKey(params.imageId);
  const categoryParam = params.categoryId;
  const loaded = useResource<Loaded | null>(`image:${categoryParam ?? ''}:${key ?? ''}`, async (signal) => {
    if (!key) return null;
    const [image, category] = await Promise.all([
      fetchImage(key, undefined, signal).then((found) => found ?? ownPrivateImage(key, signal)),
      categoryParam ? fetchCategory(categoryParam, signal).catch(() => null) : Promise.resolve(null),
    ]);
    if (!image) return null;
    if (category && image.categoryId === category.categoryId) return { image, category };
    // Reached through /image/{id} or another category: find its own category for the links.
    const own = image.categoryId ? ((await fetchCategories().catch(() => [])).find((c) => c.categoryId === image.categoryId) ?? null) : null;
    return { image, category: own };
  });
  const title = loaded.data ? pick(loaded.data.image.title, lang) : null;
  useDocumentTitle(loaded.status === 'ready' && !loaded.data ? t('library.image.notFoundTitle') : title);

  if (loaded.status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        <Spinner label={t('app.loading')} />
      </div>
    );
  }
  if (loaded.status === 'error') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center" role="alert">
        <p className="text-slate-700">{errorText(t, loaded.error)}</p>
        <Button variant="secondary" onClick={loaded.retry}>
          {t('library.retry')}
        </Button>
      </div>
    );
  }
  if (!loaded.data) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center" data-testid="image-not-found">
        <p className="text-6xl font-black text-brand-200" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t('library.image.notFoundTitle')}</h1>
        <p className="mt-3 text-slate-600">{t('library.image.notFoundBody')}</p>
        <Link to={paths.home.getHref(lang)} className={buttonClass('primary', 'mt-8')}>
          {t('library.image.goHome')}
        </Link>
      </section>
    );
  }
  return <ImageView image={loaded.data.image} category={loaded.data.category} />;
}

/**
 * A page the public search does not have may be the signed-in viewer's own private page (a photo
 * page is private until shared, decision 050): the server answers it to its owner alone.
 */
async function ownPrivateImage(key: string, signal: AbortSignal): Promise<ImageDto | null> {
  if (getAccessToken() === null) return null;
  try {
    return await fetchViewableImage(key, signal);
  } catch (error) {
    if (toApiError(error).code === ErrorCode.notFound) return null;
    throw error;
  }
}

function ImageView({ image: loaded, category }: Loaded) {
  const { t } = useTranslation();
  // The owner may share or unshare it here: the page as it now is.
  const [image, setImage] = useState(loaded);
  const lang = useLang();
  const title = pick(image.title, lang);
  const text = pick(image.description, lang) || pick(image.prompt, lang);
  const info = infoSections(pick(image.additionalInfo, lang));
  const related = useResource(`related:${image.id}`, (signal) => fetchRelated(image.id, 4, signal));
  const crumbs: Crumb[] = [{ label: t('library.home'), to: paths.home.getHref(lang) }, { label: t('library.categories.crumb'), to: paths.categories.getHref(lang) }];
  if (category) crumbs.push({ label: pick(category.displayName, lang), to: paths.category.getHref(lang, category.slug) });
  crumbs.push({ label: title });
  const page = displaySize(image.dimensions, 600);
  // Only its owner, signed in, sees the photo a page was traced from.
  const photoUrl = useOriginalUrl(image);
  const categories = category ? [category] : [];

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6">
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        {/* On a phone: the page, its title and Download, then the coloured example (issue 37). */}
        <div className="grid gap-4 max-sm:contents sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <figure className="rounded-3xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:col-span-2 lg:col-span-1 xl:col-span-2">
            <img
              src={image.thumbnailUrl}
              srcSet={`${image.smallThumbnailUrl} 320w, ${image.thumbnailUrl} 600w${image.dimensions.width > 600 ? `, ${image.coloringUrl} ${image.dimensions.width}w` : ''}`}
              sizes="(min-width: 1024px) 600px, 100vw"
              width={page.width}
              height={page.height}
              alt={title}
              className="mx-auto h-auto max-h-[70vh] w-auto max-w-full max-sm:max-h-[40vh]"
              data-testid="image-page"
            />
            <figcaption className="mt-2 text-center text-sm text-slate-600 max-sm:sr-only">{t('library.image.page')}</figcaption>
          </figure>
          {image.colorThumbnailUrl || image.colorUrl ? (
            <figure className="rounded-3xl bg-white p-3 shadow-sm ring-1 ring-slate-200 max-sm:order-2">
              <img src={image.colorThumbnailUrl ?? image.colorUrl!} width={page.width} height={page.height} alt={t('library.image.coloredAlt', { title })} loading="lazy" className="h-auto w-full" data-testid="image-colored" />
              <figcaption className="mt-2 text-center text-sm text-slate-600">{t('library.image.colored')}</figcaption>
            </figure>
          ) : null}
          {photoUrl ? (
            <figure className="rounded-3xl bg-white p-3 shadow-sm ring-1 ring-slate-200 max-sm:order-2">
              <img src={photoUrl} width={page.width} height={page.height} alt={t('library.image.originalAlt', { title })} loading="lazy" className="h-auto w-full object-contain" data-testid="image-original" />
              <figcaption className="mt-2 text-center text-sm text-slate-600">{t('library.image.ownPhoto')}</figcaption>
            </figure>
          ) : null}
        </div>
        <div className="flex flex-col max-sm:order-1">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 max-sm:text-2xl">{title}</h1>
          {text ? <p className="mt-3 text-lg leading-relaxed text-slate-600 max-sm:order-2" data-testid="image-description">{text}</p> : null}
          {image.tags.length ? (
            <ul className="mt-4 flex flex-wrap gap-2 max-sm:order-2" aria-label={t('library.image.tags')}>
              {image.tags.map((tag) => (
                <li key={tag.tagId} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                  {pick(tag.displayName, lang)}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6 rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200 max-sm:order-1 max-sm:mt-3">
            <h2 className="text-base font-bold text-slate-900">{t('library.image.download')}</h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">{t('library.image.downloadHint')}</p>
            <DownloadButtons image={{ id: image.id, title: image.title.en || title }} />
            <Link to={paths.colour.getHref(lang, image.slug)} className={buttonClass('secondary', 'mt-3')} data-testid="colour-on-screen">
              {t('colouring.entry')}
            </Link>
            <div className="mt-4">
              <ColourByNumber image={{ id: image.id, title: image.title.en || title }} />
            </div>
          </div>
          <div className="max-sm:order-2">
            <PageVisibility image={image} onChange={setImage} />
          </div>
          {info.length ? (
            <div className="mt-8 space-y-6 max-sm:order-2" data-testid="additional-info">
              {info.map((section, index) => (
                <section key={index}>
                  {section.heading ? <h2 className="text-lg font-bold text-slate-900">{section.heading}</h2> : null}
                  <p className="mt-1 whitespace-pre-line leading-relaxed text-slate-700">{section.html ? plainText(section.body) : section.body}</p>
                </section>
              ))}
            </div>
          ) : null}
          <div className="mt-6 max-sm:order-2">
            <AttributionNote attribution={image.attribution} />
          </div>
        </div>
      </div>
      {related.status === 'ready' && related.data.length ? (
        <section className="mt-14" aria-labelledby="related-title">
          <h2 id="related-title" className="text-2xl font-bold text-slate-900">
            {t('library.image.related')}
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="related">
            {related.data.map((item) => (
              <li key={item.id}>
                <ImageCard image={item} href={imageHref(lang, item, categories)} sizes="(min-width: 1024px) 280px, 50vw" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
