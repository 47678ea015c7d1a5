import { DIFFICULTIES, RATIOS, type Difficulty, type Ratio } from '@studio/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const chip = (active: boolean) =>
  `min-h-10 rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50'
  }`;

/** The four difficulty levels as a radio group, with their age range. */
export function DifficultyPicker({ value, onChange }: { value: Difficulty; onChange: (value: Difficulty) => void }) {
  const { t } = useTranslation();
  const label = useId();
  return (
    <div>
      <p id={label} className="mb-2 text-sm font-semibold text-slate-800">
        {t('generator.difficulty.label')}
      </p>
      <div role="radiogroup" aria-labelledby={label} className="grid grid-cols-2 gap-2">
        {DIFFICULTIES.map((level) => (
          <button
            key={level}
            type="button"
            role="radio"
            aria-checked={value === level}
            onClick={() => onChange(level)}
            className={`${chip(value === level)} flex flex-col items-start rounded-2xl text-left`}
          >
            <span>{t(`generator.difficulty.${level}`)}</span>
            <span className={`text-xs ${value === level ? 'text-brand-100' : 'text-slate-500'}`}>{t(`generator.difficulty.${level}Ages`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** A small outline of each ratio, so the choice reads at a glance. */
function RatioShape({ ratio }: { ratio: Ratio }) {
  const [w, h] = ratio.split(':').map(Number);
  const scale = 16 / Math.max(w, h);
  return <span aria-hidden="true" className="inline-block rounded-[3px] border-2 border-current" style={{ width: Math.max(6, w * scale), height: Math.max(6, h * scale) }} />;
}

/** The page ratios; with `matchPhoto`, a first choice (null) that takes the ratio nearest the photo. */
export function RatioPicker<Value extends Ratio | null = Ratio>({ value, onChange, matchPhoto = false }: { value: Value; onChange: (value: Value) => void; matchPhoto?: boolean }) {
  const { t } = useTranslation();
  const label = useId();
  return (
    <div>
      <p id={label} className="mb-2 text-sm font-semibold text-slate-800">
        {t('generator.ratio')}
      </p>
      <div role="radiogroup" aria-labelledby={label} className="flex flex-wrap gap-2">
        {matchPhoto ? (
          <button type="button" role="radio" aria-checked={value === null} onClick={() => onChange(null as Value)} className={`${chip(value === null)} inline-flex items-center gap-2`}>
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
              <rect x="1.5" y="3" width="13" height="10" rx="1.5" />
              <circle cx="5.5" cy="7" r="1.3" />
              <path d="M3 12l3.5-3.2 2.3 2 2-1.6L13.5 12" strokeLinejoin="round" />
            </svg>
            {t('generator.ratioAuto')}
          </button>
        ) : null}
        {RATIOS.map((ratio) => (
          <button key={ratio} type="button" role="radio" aria-checked={value === ratio} onClick={() => onChange(ratio as Value)} className={`${chip(value === ratio)} inline-flex items-center gap-2`}>
            <RatioShape ratio={ratio} />
            {ratio}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Public/private switch. Free members see it locked: pressing opens the upgrade prompt, and a
 * "Premium Feature" tooltip shows after 200 ms of hover or on focus.
 */
export function VisibilityToggle({ isPublic, locked, onToggle }: { isPublic: boolean; locked: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const tip = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <div>
        <p className="text-sm font-semibold text-slate-800">{t('generator.visibility.label')}</p>
        <p className="text-xs text-slate-500">{isPublic ? t('generator.visibility.publicHint') : t('generator.visibility.privateHint')}</p>
      </div>
      <div className="group relative">
        <button
          type="button"
          role="switch"
          aria-checked={!isPublic}
          aria-label={t('generator.visibility.private')}
          aria-describedby={locked ? tip : undefined}
          aria-haspopup={locked ? 'dialog' : undefined}
          onClick={onToggle}
          className={`flex min-h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-3 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            isPublic ? 'bg-white text-slate-700 ring-slate-300' : 'bg-slate-900 text-white ring-slate-900'
          }`}
        >
          <span aria-hidden="true" className={`relative h-5 w-9 rounded-full ${isPublic ? 'bg-slate-300' : 'bg-brand-400'}`}>
            <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${isPublic ? 'left-0.5' : 'left-[1.125rem]'}`} />
          </span>
          {isPublic ? t('generator.visibility.public') : t('generator.visibility.private')}
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
            {t('generator.visibility.premium')}
          </span>
        ) : null}
      </div>
    </div>
  );
}
