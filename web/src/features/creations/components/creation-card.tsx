import type { ImageDto } from '@studio/contracts/images';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { DownloadButtons } from '../../images/components/download-buttons';
import { MoreMenu } from '../../images/components/more-menu';
import { useOriginalUrl } from '../../images/hooks/use-original-url';
import { localizedText } from '../../images/localized';

/** Where "Recreate" leads: the generator of the card's type, prefilled with its settings. */
export function recreateHref(image: ImageDto, lang: Parameters<typeof paths.home.getHref>[0]): string {
  const query = new URLSearchParams({ ratio: image.ratio });
  if (image.type === 'image2image') {
    // The generator fetches the owner's photo through the owner's link (never a public URL). The
    // new page starts private: sharing a photo page is chosen for each page (decision 050).
    query.set('sourceImageId', image.id);
    return `${paths.imageColoringPage.getHref(lang)}?${query}`;
  }
  query.set('isPublic', String(image.isPublic));
  const prompt = localizedText(image.prompt, lang);
  if (prompt) query.set('prompt', prompt);
  return `${paths.textColoringPage.getHref(lang)}?${query}`;
}

export function CreationCard({ image, onDelete, onReport }: { image: ImageDto; onDelete: () => void; onReport: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = localizedText(image.title, lang);
  const description = localizedText(image.description, lang);
  const prompt = localizedText(image.prompt, lang);
  const photoUrl = useOriginalUrl(image);
  return (
    <li className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative bg-slate-50">
        <img src={image.thumbnailUrl} alt={title} width={image.dimensions.width} height={image.dimensions.height} loading="lazy" className="aspect-square w-full object-contain" />
        <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">{image.ratio}</span>
        {photoUrl ? (
          <img src={photoUrl} alt={t('library.image.ownPhoto')} title={t('library.image.ownPhoto')} width={64} height={64} className="absolute bottom-3 left-3 size-16 rounded-xl object-cover shadow ring-2 ring-white" data-testid="creation-photo" />
        ) : null}
        <Link
          to={recreateHref(image, lang)}
          className="absolute right-3 top-3 inline-flex min-h-9 items-center rounded-full bg-brand-600 px-3 text-xs font-semibold text-white shadow hover:bg-brand-700"
        >
          {t('creations.recreate')}
        </Link>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${image.type === 'image2image' ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-800'}`}>
              {t(`creations.type.${image.type === 'image2image' ? 'image2image' : 'text2image'}`)}
            </span>
            {image.isPublic ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('creations.public')}</span> : null}
            {image.isPublic && !image.isOnline ? <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">{t('creations.underReview')}</span> : null}
          </div>
          <MoreMenu onDelete={onDelete} onReport={onReport} opens="down" />
        </div>
        <h2 className="line-clamp-2 font-bold text-slate-900">{title}</h2>
        {description && description !== prompt ? <p className="line-clamp-2 text-sm text-slate-600">{description}</p> : null}
        {prompt ? (
          <p className="line-clamp-3 text-sm text-slate-600">
            <span className="font-semibold text-slate-700">{t('creations.prompt')}: </span>
            {prompt}
          </p>
        ) : null}
        <p className="text-xs text-slate-500">
          <time dateTime={image.createdAt}>{formatDate(image.createdAt, lang)}</time>
        </p>
        <div className="mt-auto pt-2">
          <DownloadButtons image={{ id: image.id, title: localizedText(image.title, 'en') }} size="sm" />
        </div>
      </div>
    </li>
  );
}
