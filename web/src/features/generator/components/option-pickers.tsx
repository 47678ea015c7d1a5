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
