import type { BillingPeriod } from '@studio/contracts/plans';
import { YEARLY_DISCOUNT_PERCENT } from '@studio/contracts/plans';
import { useTranslation } from 'react-i18next';

/** Monthly / yearly switch (monthly first, the yearly side carries the discount label). */
export function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useTranslation();
  const option = (value: BillingPeriod, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      onClick={() => onChange(value)}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors ${
        period === value ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-700 hover:bg-white'
      }`}
    >
      {label}
      {extra ? (
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${period === value ? 'bg-sun-400 text-slate-900' : 'bg-sun-100 text-sun-700'}`}>{extra}</span>
      ) : null}
    </button>
  );
  return (
    <div role="group" aria-label={t('pricing.periodLabel')} className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
      {option('monthly', t('pricing.monthly'))}
      {option('yearly', t('pricing.yearly'), t('pricing.save', { percent: YEARLY_DISCOUNT_PERCENT }))}
    </div>
  );
}
