import { PHOTO_SAME_SHAPE, type PhotoFit, type Ratio } from '@studio/contracts/constants';
import { useId } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoFrameDto } from '../api/generator-api';
import { usePhotoFrame } from '../hooks/use-photo-frame';
import type { Upload } from './upload-box';

export function shapeDiffers(width: number, height: number, ratio: Ratio): boolean {
  const [w, h] = ratio.split(':').map(Number);
  return Math.abs(Math.log(width / height) - Math.log(w / h)) > PHOTO_SAME_SHAPE;
}

/** The photo placed so the frame shows exactly `box` of it (shares of the photo): the page's own window. */
function windowStyle(box: PhotoFrameDto['box']): CSSProperties {
  return {
    width: `${100 / box.width}%`,
    height: `${100 / box.height}%`,
    left: `${(-100 * box.left) / box.width}%`,
    top: `${(-100 * box.top) / box.height}%`,
    maxWidth: 'none',
  };
}

interface PhotoFrameProps {
  upload: Upload & { width: number; height: number };
  ratio: Ratio;
  /** The ratio was chosen for the photo (no ratio picked). */
  matched: boolean;
  fit: PhotoFit;
  onFit: (fit: PhotoFit) => void;
}

/** Draw the photo's subject alone, background left out: a checkbox with its explanation. */
export function SubjectOnlyToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const hint = useId();
  const name = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-labelledby={name} aria-describedby={hint} className="mt-0.5 size-5 shrink-0 accent-brand-600" />
      <span>
        <span id={name} className="block text-sm font-semibold text-slate-800">
          {t('generator.subjectOnly.label')}
        </span>
        <span id={hint} className="block text-xs text-slate-500">
          {t('generator.subjectOnly.hint')}
        </span>
      </span>
    </label>
  );
}

/**
 * The page the photo will become, before paying: the frame at the page's ratio with the photo as it
 * will sit in it — whole on white paper (`fit`) or filling the frame with the window the engine
 * places around the subject (`crop`), or whole again where every window would cut the subject.
 * The crop's window comes from the server (the engine's own, decision 059), not from CSS centring.
 */
export function PhotoFrame({ upload, ratio, matched, fit, onFit }: PhotoFrameProps) {
  const { t } = useTranslation();
  const label = useId();
  const [w, h] = ratio.split(':').map(Number);
  const differs = shapeDiffers(upload.width, upload.height, ratio);
  const placed = usePhotoFrame(upload.file, ratio, fit === 'crop' && differs);
  const shown = fit === 'crop' && differs ? (placed.status === 'ready' ? placed.frame.frame : placed.status) : fit === 'crop' ? 'cropped' : 'fit';
  return (
    <div className="rounded-2xl bg-white p-3 ring-1 ring-slate-200" data-testid="photo-frame">
      <p className="text-sm font-semibold text-slate-800">
        {t('generator.frame.title')} · <span data-testid="photo-frame-ratio">{t('generator.frame.pageRatio', { ratio })}</span>
      </p>
      {matched ? <p className="text-xs text-slate-500">{t('generator.frame.fromPhoto')}</p> : null}
      <div className="mt-2 flex justify-center rounded-xl bg-slate-100 p-3">
        <div
          role="img"
          aria-label={t('generator.frame.alt')}
          className="relative overflow-hidden bg-white shadow-sm ring-2 ring-slate-800"
          style={{ aspectRatio: `${w} / ${h}`, width: w >= h ? '100%' : `${Math.round((w / h) * 100)}%`, maxWidth: 260, maxHeight: 260 }}
        >
          {placed.status === 'ready' && placed.frame.frame === 'cropped' ? (
            <img src={upload.url} alt="" className="absolute" style={windowStyle(placed.frame.box)} data-fit={fit} data-frame={shown} />
          ) : (
            <img
              src={upload.url}
              alt=""
              className={`absolute inset-0 size-full ${fit === 'crop' && !differs ? 'object-cover' : 'object-contain'} ${shown === 'loading' ? 'opacity-60' : ''}`}
              data-fit={fit}
              data-frame={shown}
            />
          )}
        </div>
      </div>
      {differs ? (
        <>
          <div role="radiogroup" aria-labelledby={label} className="mt-3 grid grid-cols-2 gap-2">
            <span id={label} className="sr-only">
              {t('generator.frame.title')}
            </span>
            {(['fit', 'crop'] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                role="radio"
                aria-checked={fit === choice}
                onClick={() => onFit(choice)}
                className={`min-h-10 rounded-full px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  fit === choice ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50'
                }`}
              >
                {t(`generator.frame.${choice}`)}
              </button>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500" aria-live="polite">
            {t(
              fit === 'fit'
                ? 'generator.frame.fitHint'
                : shown === 'fitted'
                  ? 'generator.frame.fittedHint'
                  : shown === 'loading'
                    ? 'generator.frame.placing'
                    : shown === 'failed'
                      ? 'generator.frame.placeFailed'
                      : 'generator.frame.cropHint',
            )}
          </p>
        </>
      ) : (
        <p className="mt-2 text-xs text-slate-500">{t('generator.frame.same')}</p>
      )}
    </div>
  );
}
