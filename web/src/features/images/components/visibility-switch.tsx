import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Share in the public gallery": on shares the page, off keeps it to its owner. The line under
 * the title says what the current position does, in either position. A photo page adds what
 * sharing it means (decision 050). A text page is locked for free members (private is a paid
 * option): pressing opens the upgrade prompt, and a tooltip says so after 200 ms of hover or on focus.
 */
export function VisibilitySwitch({ isPublic, photo, locked = false, busy = false, onToggle }: { isPublic: boolean; photo: boolean; locked?: boolean; busy?: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = useId();
  const tip = useId();
  const state = useId();
  const note = useId();
  return (
    <div className="flex flex-col gap-1.5" data-testid="visibility">
      <div className="flex items-center justify-between gap-3">
        <div>
          <p id={label} className="text-sm font-semibold text-slate-800">
            {t('images.visibility.share')}
          </p>
          <p id={state} className="text-xs text-slate-600" data-testid="visibility-state">
            {isPublic ? t('images.visibility.sharedState') : t('images.visibility.privateState')}
          </p>
        </div>
        <div className="group relative">
          <button
            type="button"
            role="switch"
            aria-checked={isPublic}
            aria-labelledby={label}
            aria-describedby={[state, photo ? note : null, locked ? tip : null].filter(Boolean).join(' ')}
            aria-haspopup={locked ? 'dialog' : undefined}
            disabled={busy}
            onClick={onToggle}
            className={`flex min-h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-3 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
              isPublic ? 'bg-white text-slate-700 ring-slate-300' : 'bg-brand-900 text-white ring-brand-900'
            }`}
          >
            <span aria-hidden="true" className={`relative h-5 w-9 rounded-full ${isPublic ? 'bg-brand-500' : 'bg-slate-500'}`}>
              <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${isPublic ? 'left-[1.125rem]' : 'left-0.5'}`} />
            </span>
            {isPublic ? t('images.visibility.shared') : t('images.visibility.private')}
            {locked ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor">
                <path d="M10 1l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.4 4.8 17.1l1-5.8L1.5 7.2l5.9-.9z" />
              </svg>
            ) : null}
          </button>
          {locked ? (
            <span
              id={tip}
              role="tooltip"
              className="pointer-events-none absolute bottom-full right-0 z-20 mb-2 whitespace-nowrap rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white opacity-0 transition-opacity delay-200 group-focus-within:opacity-100 group-hover:opacity-100"
            >
              {t('images.visibility.premium')}
            </span>
          ) : null}
        </div>
      </div>
      {photo ? (
        <p id={note} className="text-xs text-slate-500" data-testid="visibility-photo-note">
          {t('images.visibility.photoNote')}
        </p>
      ) : null}
    </div>
  );
}
