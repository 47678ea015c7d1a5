import { FREE_MONTHLY_CREDITS, GENERATION_COST, MEMBERSHIP_LEVELS } from '@studio/contracts/constants';
import { findPlan, planFor, YEARLY_DISCOUNT_PERCENT, type BillingPeriod, type Plan } from '@studio/contracts/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CtaSection } from '../../../components/marketing/cta-section';
import { FaqSection } from '../../../components/marketing/faq-section';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useClientConfig } from '../../../lib/client-config';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import type { Settlement } from '../api/payments-api';
import { BillingToggle } from './billing-toggle';
import { CheckoutPanel } from './checkout-panel';
import { PaymentSuccessDialog } from './payment-success-dialog';
import { PlanCard } from './plan-card';

/** A paid plan named in the URL (?plan=PRO_YEARLY), which opens the checkout. */
function paidPlanOf(code: string | null): Plan | null {
  const plan = code ? findPlan(code.toUpperCase()) : undefined;
  return plan && plan.chargeType !== null ? plan : null;
}

interface LocationState {
  fromPlans?: boolean;
  /** Set by the generator when a member has fewer credits than a page costs. */
  notice?: 'insufficient-credits';
}

export function PricingView() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const { user, status, reloadUser } = useAuth();
  const config = useClientConfig();
  const chosen = paidPlanOf(search.get('plan'));
  const [period, setPeriod] = useState<BillingPeriod>(chosen?.chargeType === 'Yearly' ? 'yearly' : 'monthly');
  const [success, setSuccess] = useState<{ plan: Plan; settlement: Settlement } | null>(null);
  const checkoutPlan = chosen && user ? chosen : null;
  const shortOfCredits = (location.state as LocationState | null)?.notice === 'insufficient-credits';

  const buy = (plan: Plan) => {
    if (!user) {
      // Back to this page with the plan chosen, so the checkout opens right after login.
      const back = `/price?plan=${plan.code}`;
      void navigate(paths.login.getHref(lang, { redirectTo: back, reason: 'login-required' }));
      return;
    }
    setSearch({ plan: plan.code }, { state: { fromPlans: true } satisfies LocationState });
  };

  const closeCheckout = () => {
    if ((location.state as LocationState | null)?.fromPlans) void navigate(-1);
    else setSearch({}, { replace: true });
  };

  const paid = async (plan: Plan, settlement: Settlement) => {
    // The header's credit badge and the plan cards follow the new profile.
    await reloadUser();
    setSuccess({ plan, settlement });
    setSearch({}, { replace: true });
  };

  const faq = [
    { question: t('pricing.faq.creditsQ'), answer: t('pricing.faq.creditsA', { cost: GENERATION_COST }) },
    { question: t('pricing.faq.yearlyQ'), answer: t('pricing.faq.yearlyA', { percent: YEARLY_DISCOUNT_PERCENT }) },
    { question: t('pricing.faq.cancelQ'), answer: t('pricing.faq.cancelA') },
    { question: t('pricing.faq.unusedQ'), answer: t('pricing.faq.unusedA', { credits: formatNumber(FREE_MONTHLY_CREDITS, lang) }) },
    { question: t('pricing.faq.commercialQ'), answer: t('pricing.faq.commercialA') },
    { question: t('pricing.faq.refundQ'), answer: t('pricing.faq.refundA') },
  ];

  return (
    <>
      <section className="relative overflow-hidden bg-[radial-gradient(40rem_26rem_at_100%_0%,var(--color-sun-100),transparent_70%),radial-gradient(34rem_24rem_at_0%_40%,var(--color-brand-100),transparent_70%)]">
        <div className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6 md:pt-14">
          {checkoutPlan ? (
            <CheckoutPanel
              key={checkoutPlan.code}
              plan={checkoutPlan}
              config={config}
              onBack={closeCheckout}
              onPaid={(settlement) => paid(checkoutPlan, settlement)}
            />
          ) : (
            <>
              <div className="text-center">
                <p className="inline-flex rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">{t('pricing.badge')}</p>
                <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t('pricing.title')}</h1>
                <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{t('pricing.subtitle')}</p>
                {config?.paymentProvider === 'test' ? (
                  <p role="note" className="mx-auto mt-6 max-w-xl rounded-2xl bg-sun-100 px-4 py-3 text-sm font-semibold text-sun-700">
                    {t('pricing.testModeBanner')}
                  </p>
                ) : null}
                {shortOfCredits ? (
                  <div className="mx-auto mt-6 max-w-xl text-left">
                    <Alert tone="info">{t('pricing.needCredits', { cost: GENERATION_COST, credits: formatNumber(user?.credits ?? 0, lang) })}</Alert>
                  </div>
                ) : null}
                <div className="mt-8">
                  <BillingToggle period={period} onChange={setPeriod} />
                </div>
              </div>
              {chosen && status === 'loading' ? (
                <div className="flex justify-center py-16 text-brand-600">
                  <Spinner className="size-8" label={t('common.loading')} />
                </div>
              ) : (
                <div className="mt-12 grid items-stretch gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-5">
                  {MEMBERSHIP_LEVELS.map((level) => (
                    <PlanCard key={level} plan={planFor(level, period)} user={user} onBuy={buy} />
                  ))}
                </div>
              )}
            </>
          )}
        </div>
      </section>
      <FaqSection title={t('pricing.faq.title')} items={faq} />
      <CtaSection title={t('pricing.cta.title')} body={t('pricing.cta.body')} label={t('pricing.cta.label')} to={paths.textColoringPage.getHref(lang)} />
      {success ? (
        <PaymentSuccessDialog
          open
          plan={success.plan}
          creditsAdded={success.settlement.creditsAdded}
          balance={success.settlement.credits}
          onClose={() => setSuccess(null)}
        />
      ) : null}
    </>
  );
}
