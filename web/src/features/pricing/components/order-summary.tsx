import { checkoutFigures, planFor, type Plan } from '@studio/contracts/plans';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { formatMoney } from '../lib/money';

/** Plan, credits, price, subtotal, discount and total of the chosen plan, from the plan table; plans renew until cancelled (decision 029). */
export function OrderSummary({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const lang = useLang();
  const figures = checkoutFigures(plan);
  const yearly = plan.chargeType === 'Yearly';
  const credits = formatNumber(plan.monthlyCredits, lang);
  const monthlyPrice = formatMoney(planFor(plan.level, 'monthly').amount, lang);
  const row = 'flex items-start justify-between gap-4 py-3';
  return (
    <section aria-labelledby="order-summary" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="order-summary" className="text-lg font-bold text-slate-900">
        {t('pricing.checkout.summary')}
      </h3>
      <dl className="mt-3 divide-y divide-slate-100 text-sm" data-testid="order-summary">
        <div className={row}>
          <dt className="shrink-0 text-slate-600">{t('pricing.checkout.plan')}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="summary-plan">
            {t('pricing.checkout.planValue', { plan: t(`membership.${plan.level}`), period: yearly ? t('pricing.yearly') : t('pricing.monthly') })}
          </dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-slate-600">{t('pricing.checkout.credits')}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="summary-credits">
            {yearly ? t('pricing.checkout.creditsYearly', { credits }) : t('pricing.checkout.creditsMonthly', { credits })}
          </dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-slate-600">{t('pricing.checkout.price')}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="summary-price">
            {t('pricing.checkout.pricePerMonth', { price: formatMoney(figures.perMonth, lang) })}
          </dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-slate-600">
            {t('pricing.checkout.subtotal')}
            {yearly ? <span className="block text-xs text-slate-500">{t('pricing.checkout.subtotalYearly', { price: monthlyPrice })}</span> : null}
          </dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="summary-subtotal">
            {formatMoney(figures.subtotal, lang)}
          </dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-slate-600">{yearly ? t('pricing.checkout.discount', { percent: figures.discountPercent }) : t('pricing.checkout.noDiscount')}</dt>
          <dd className={`text-right font-semibold ${yearly ? 'text-emerald-700' : 'text-slate-900'}`} data-testid="summary-discount">
            −{formatMoney(figures.discount, lang)}
          </dd>
        </div>
        <div className={`${row} items-center`}>
          <dt className="text-base font-bold text-slate-900">{t('pricing.checkout.total')}</dt>
          <dd className="text-right text-2xl font-extrabold text-slate-900" data-testid="summary-total">
            {formatMoney(figures.total, lang)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">{yearly ? t('pricing.checkout.renewsYearly') : t('pricing.checkout.renewsMonthly')}</p>
    </section>
  );
}
