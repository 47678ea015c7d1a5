import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useTranslation } from 'react-i18next';
import { localizedText } from '../../images/localized';
import { useLang } from '../../../lib/use-lang';

interface HistoryStripProps {
  type: ImageType;
  images: ImageDto[] | null;
  selectedId: string | null;
  onSelect: (image: ImageDto) => void;
  /** A column (desktop, 140 px) or a row of the latest 10 (mobile). */
  layout: 'column' | 'row';
}

/** The user's pages of one tab, newest first; the selected one is ringed. */
export function HistoryStrip({ type, images, selectedId, onSelect, layout }: HistoryStripProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const shown = images ? (layout === 'row' ? images.slice(0, 10) : images) : null;
  return (
    <nav aria-label={t('generator.history.title')} className={layout === 'column' ? 'w-[140px]' : 'w-full'}>
      <h2 className={`mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 ${layout === 'row' ? 'sr-only' : ''}`}>{t('generator.history.title')}</h2>
      {shown === null ? null : shown.length === 0 ? (
        <p className="rounded-2xl bg-white p-3 text-center text-xs text-slate-500 ring-1 ring-slate-200">
          {type === 'text2image' ? t('generator.history.emptyText') : t('generator.history.emptyImage')}
        </p>
      ) : (
        <ul className={layout === 'column' ? 'flex max-h-[640px] flex-col items-center gap-3 overflow-y-auto p-1' : 'flex gap-2 overflow-x-auto p-1'}>
          {shown.map((image) => {
            const selected = image.id === selectedId;
            return (
              <li key={image.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => onSelect(image)}
                  aria-pressed={selected}
                  aria-label={localizedText(image.title, lang)}
                  // Selected is a thick inner ring and a tick; keyboard focus is the site's outline outside it, so the two never look alike.
                  className={`relative block overflow-hidden rounded-xl bg-white ${selected ? 'ring-[3px] ring-inset ring-brand-600' : 'ring-1 ring-inset ring-slate-200 hover:ring-brand-300'}`}
                >
                  {selected ? (
                    <span aria-hidden="true" className="absolute right-1 top-1 z-10 flex size-5 items-center justify-center rounded-full bg-brand-600 text-white" data-testid="history-selected">
                      <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="3">
                        <path d="M5 10.5l3.2 3L15 7" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </span>
                  ) : null}
                  <img
                    src={image.smallThumbnailUrl || image.thumbnailUrl}
                    alt=""
                    width={layout === 'column' ? 110 : 90}
                    height={layout === 'column' ? 110 : 90}
                    loading="lazy"
                    className={`${layout === 'column' ? 'size-[110px]' : 'size-[90px]'} object-contain`}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
