import type { ImageDto } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { DownloadButtons } from '../../images/components/download-buttons';
import { ColourByNumber } from '../../images/components/colour-by-number';
import { MoreMenu } from '../../images/components/more-menu';
import { useOriginalUrl } from '../../images/hooks/use-original-url';
import { localizedText } from '../../images/localized';
import { useLang } from '../../../lib/use-lang';
import type { GenerationState } from '../hooks/use-generation';

interface PreviewPanelProps {
  generation: GenerationState;
  image: ImageDto | null;
  /** The chosen ratio, for the empty box's shape. */
  ratio: string;
  onDelete: (image: ImageDto) => void;
  onReport: (image: ImageDto) => void;
  onRegenerate: () => void;
  /** Smaller buttons on narrow screens, so the actions stay on one line. */
  compact?: boolean;
}

function Progress({ value, reconnecting }: { value: number; reconnecting: boolean }) {
  const { t } = useTranslation();
  const rounded = Math.round(value);
  const circumference = 2 * Math.PI * 52;
  return (
    <div className="flex aspect-square w-full max-w-[280px] flex-col items-center justify-center gap-5 rounded-3xl bg-gradient-to-br from-brand-50 to-white ring-1 ring-brand-100 lg:max-w-[460px]">
      <div className="relative size-36">
        <svg aria-hidden="true" viewBox="0 0 120 120" className="size-full -rotate-90">
          <circle cx="60" cy="60" r="52" fill="none" strokeWidth="10" className="stroke-brand-100" />
          <circle
            cx="60"
            cy="60"
            r="52"
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            className="stroke-brand-600 transition-[stroke-dashoffset] duration-500"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - rounded / 100)}
          />
        </svg>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="absolute inset-0 m-auto size-10 animate-bounce text-brand-600" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M15.2 4.8l4 4L8 20H4v-4zM13 7l4 4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <div className="w-3/4 text-center">
        <div
          role="progressbar"
          aria-label={t('generator.progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
          className="h-2 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${rounded}%` }} />
        </div>
        <p className="mt-2 text-sm font-semibold text-brand-800" aria-live="polite">
          {t('generator.progress.text', { percent: rounded })}
        </p>
        <p className="mt-1 text-xs text-slate-500">{rounded < 50 ? t('generator.progress.queued') : t('generator.progress.drawing')}</p>
        <p role="status" data-testid="reconnecting" className={reconnecting ? 'mt-2 rounded-xl bg-amber-50 px-3 py-2 text-xs font-semibold text-amber-900 ring-1 ring-amber-200' : 'sr-only'}>
          {reconnecting ? t('generator.progress.reconnecting') : ''}
        </p>
      </div>
    </div>
  );
}

function Failure({ message, onRegenerate }: { message: string | null; onRegenerate: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex aspect-square w-full max-w-[320px] flex-col items-center justify-center gap-3 rounded-3xl bg-rose-50 p-6 text-center ring-1 ring-rose-100 lg:max-w-[460px]">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-20 text-rose-400" fill="none" stroke="currentColor" strokeWidth="2.5">
        <rect x="10" y="8" width="44" height="48" rx="6" />
        <path d="M22 24l6 6m0-6l-6 6M36 24l6 6m0-6l-6 6M22 46c6-6 14-6 20 0" strokeLinecap="round" />
      </svg>
      <p className="text-lg font-bold text-rose-800">{t('generator.failure.title')}</p>
      <p className="text-sm text-rose-700">{message ?? t('generator.errors.failed')}</p>
      <button type="button" onClick={onRegenerate} className="mt-1 min-h-10 rounded-full bg-white px-4 text-sm font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-100">
        {t('generator.failure.tryAgain')}
      </button>
    </div>
  );
}

/** The centre of the generator: the selected page, the progress while drawing, or the failure. */
export function PreviewPanel({ generation, image, ratio, onDelete, onReport, onRegenerate, compact = false }: PreviewPanelProps) {
  const { t } = useTranslation();
  if (generation.phase === 'generating') {
    return (
      <div className="flex min-h-[320px] items-center justify-center">
        <Progress value={generation.progress} reconnecting={generation.reconnecting === true} />
      </div>
    );
  }
  if (generation.phase === 'failed') {
    return (
      <div className="flex min-h-[320px] items-center justify-center">
        <Failure message={generation.error} onRegenerate={onRegenerate} />
      </div>
    );
  }
  if (!image) {
    const [w, h] = ratio.split(':').map(Number);
    return (
      <div className="flex min-h-[320px] items-center justify-center">
        <div
          className="flex w-full max-w-[320px] flex-col items-center justify-center gap-3 rounded-3xl border-2 border-dashed border-slate-300 bg-white p-6 text-center lg:max-w-[460px]"
          style={{ aspectRatio: `${w} / ${h}`, maxHeight: 460 }}
        >
          <svg aria-hidden="true" viewBox="0 0 48 48" className="size-14 text-brand-300" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="6" y="6" width="36" height="36" rx="6" />
            <path d="M14 32l7-8 5 6 4-4 6 6M17 17h.01" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p className="text-sm text-slate-500">{t('generator.preview.empty')}</p>
        </div>
      </div>
    );
  }
  return <ImagePreview key={image.id} image={image} onDelete={onDelete} onReport={onReport} compact={compact} />;
}

/** The selected page; a photo page also shows its photo on hover (desktop) or through a toggle (touch). */
function ImagePreview({ image, onDelete, onReport, compact }: { image: ImageDto; onDelete: (image: ImageDto) => void; onReport: (image: ImageDto) => void; compact: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [showPhoto, setShowPhoto] = useState(false);
  // The photo is the owner's alone: it comes through the owner's link, never the page's answer.
  const photoUrl = useOriginalUrl(image);
  const hasPhoto = photoUrl !== null;
  const title = localizedText(image.title, lang);
  // A composed page says what of the prompt it could not draw ("Not drawn: tunnel"), what it drew
  // instead ("Drawn instead: t-rex for triceratops") and counts drawn short, localized by the server.
  const notDrawn = image.type === 'text2image' ? localizedText(image.additionalInfo, lang) : '';
  return (
    <div className="flex flex-col items-center gap-4">
      <figure
        tabIndex={-1}
        data-attention="result"
        aria-label={title}
        className="w-full max-w-[320px] scroll-my-24 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 lg:max-w-[600px]"
        onMouseEnter={hasPhoto ? () => setShowPhoto(true) : undefined} onMouseLeave={hasPhoto ? () => setShowPhoto(false) : undefined}>
        <img
          src={showPhoto && photoUrl ? photoUrl : image.coloringUrl}
          alt={title}
          width={image.dimensions.width}
          height={image.dimensions.height}
          className="mx-auto max-h-[320px] w-auto rounded-2xl bg-white object-contain shadow-sm ring-1 ring-slate-200 lg:max-h-[600px]"
        />
        <figcaption className="mt-2 text-center text-sm font-medium text-slate-700">
          {title}
          {!image.isPublic ? <span className="ml-2 rounded-full bg-slate-900 px-2 py-0.5 text-xs text-white">{t('generator.visibility.private')}</span> : null}
        </figcaption>
        {notDrawn ? (
          <p role="note" data-testid="not-drawn" className="mx-auto mt-2 w-fit rounded-full bg-amber-50 px-3 py-1 text-center text-xs font-medium text-amber-800 ring-1 ring-amber-200">
            {notDrawn}
          </p>
        ) : null}
        {hasPhoto ? (
          <div className="mt-2 flex justify-center">
            <button
              type="button"
              aria-pressed={showPhoto}
              onClick={() => setShowPhoto((value) => !value)}
              className="min-h-9 rounded-full px-3 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
            >
              {showPhoto ? t('generator.preview.showPage') : t('generator.preview.showPhoto')}
            </button>
          </div>
        ) : null}
      </figure>
      <div className="flex flex-wrap items-start justify-center gap-2">
        <DownloadButtons image={{ id: image.id, title: localizedText(image.title, 'en') }} size={compact ? 'sm' : 'md'} />
        <Link to={paths.colour.getHref(lang, image.id)} className={buttonClass('secondary', compact ? 'min-h-9 px-3 py-1.5 text-xs' : '')} data-testid="colour-on-screen">
          {t('colouring.entry')}
        </Link>
        <MoreMenu onDelete={() => onDelete(image)} onReport={() => onReport(image)} />
      </div>
      <div className="w-full max-w-[600px]">
        <ColourByNumber image={{ id: image.id, title: localizedText(image.title, 'en') }} size={compact ? 'sm' : 'md'} />
      </div>
    </div>
  );
}
