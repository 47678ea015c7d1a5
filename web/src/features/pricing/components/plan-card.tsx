import type { User } from '@studio/contracts/auth';
import { GENERATION_COST, type Language } from '@studio/contracts/constants';
import type { Plan } from '@studio/contracts/plans';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { formatMoney } from '../lib/money';

function Check() {
  return (
    <svg className="mt-0.5 size-4 shrink-0 text-emerald-600" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
    </svg>
  );
}

/** The feature lines of a plan; every number in them comes from the plan table. */
function featuresOf(plan: Plan, t: TFunction, lang: Language): string[] {
  const credits = formatNumber(plan.monthlyCredits, lang);
  const pages = formatNumber(Math.floor(plan.monthlyCredits / GENERATION_COST), lang);
  if (plan.level === 'free') {
    return [
      t('pricing.features.credits', { credits }),
      t('pricing.features.pages', { pages }),
      t('pricing.features.photo'),
      t('pricing.features.downloads'),
      t('pricing.features.library'),
      t('pricing.features.personal'),
    ];
  }
  return [
    t('pricing.features.credits', { credits }),
    t('pricing.features.pages', { pages }),
    ...(plan.chargeType === 'Yearly' ? [t('pricing.features.yearlyCredits')] : []),
    t('pricing.features.photo'),
    t('pricing.features.downloads'),
    t('pricing.features.private'),
    t('pricing.features.commercial'),
  ];
}

interface PlanCardProps {
  plan: Plan;
  user: User | null;
  onBuy: (plan: Plan) => void;
}

export function PlanCard({ plan, user, onBuy }: PlanCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = t(`membership.${plan.level}`);
  const isCurrent = user !== null && user.membershipLevel === plan.level;
  const isFree = plan.level === 'free';
  const headingId = `plan-${plan.code}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-${plan.level}`}
      className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm ${plan.popular ? 'ring-2 ring-brand-600 lg:-my-3 lg:py-9' : 'ring-1 ring-slate-200'}`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white shadow-sm">
          {t('pricing.popular')}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold text-slate-900">
          {name}
        </h3>
        {isCurrent ? <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">{t('pricing.yourPlan')}</span> : null}
      </div>
      <p className="mt-1 min-h-10 text-sm text-slate-600">{t(`pricing.plans.${plan.level}.tagline`)}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
          {formatMoney(plan.perMonth, lang)}
        </span>
        <span className="text-sm font-medium text-slate-500">{t('pricing.perMonth')}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="plan-billing">
        {isFree ? t('pricing.freeForever') : plan.chargeType === 'Yearly' ? t('pricing.billedYearly', { total: formatMoney(plan.amount, lang) }) : t('pricing.billedMonthly')}
      </p>
      <p className="mt-0.5 min-h-5 text-xs text-slate-500">{isFree ? null : t('pricing.cancelAnytime')}</p>
      <div className="mt-5">
        {isFree ? (
          isCurrent ? (
            <Button variant="secondary" className="w-full" disabled>
              {t('pricing.currentPlan')}
            </Button>
          ) : (
            <Link to={paths.textColoringPage.getHref(lang)} className={buttonClass('secondary', 'w-full')}>
              {t('pricing.tryNow')}
            </Link>
          )
        ) : (
          <Button
            variant={plan.popular ? 'primary' : 'secondary'}
            className="w-full"
            onClick={() => onBuy(plan)}
            // Every card has the same visible text; the name says which plan (and starts with that text).
            aria-label={`${isCurrent ? t('pricing.extend') : t('pricing.buyNow')}: ${name}`}
          >
            {isCurrent ? t('pricing.extend') : t('pricing.buyNow')}
          </Button>
        )}
      </div>
      <ul className="mt-6 space-y-2.5 border-t border-slate-100 pt-5 text-sm text-slate-700">
        {featuresOf(plan, t, lang).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
