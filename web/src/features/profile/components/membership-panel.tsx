import type { User } from '@studio/contracts/auth';
import { FREE_MONTHLY_CREDITS } from '@studio/contracts/constants';
import type { SubscriptionDto } from '@studio/contracts/payments';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { cancelSubscription, fetchSubscription } from '../api/orders-api';

/** Plan, its end date, change plan, and cancelling (paid plans only; the plan runs to its end). */
export function MembershipPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { reloadUser } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [subscription, setSubscription] = useState<SubscriptionDto | null>(null);
  const paid = user.membershipLevel !== 'free';
  const plan = t(`membership.${user.membershipLevel}`);
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso, lang, 'long') : '');

  // The subscription says when the plan renews or ends; without it the profile's dates still show.
  useEffect(() => {
    const controller = new AbortController();
    fetchSubscription(controller.signal)
      .then(setSubscription)
      .catch(() => setSubscription(null));
    return () => controller.abort();
  }, [user.membershipLevel, user.membershipPeriodEnd, user.cancelAtPeriodEnd]);

  const running = subscription && ['active', 'cancelled', 'past_due'].includes(subscription.status) ? subscription : null;
  const failing = paid && running?.status === 'past_due';
  const cancelled = paid && (user.cancelAtPeriodEnd || running?.status === 'cancelled');
  // The end of the paid period: what cancelling keeps.
  const endDate = date(running?.periodEnd ?? user.membershipPeriodEnd);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelSubscription();
      await reloadUser();
      setConfirming(false);
      setDone(true);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const lapsedPlan = subscription?.status === 'lapsed' ? t(`membership.${subscription.level}`) : null;
  const statusText = !paid
    ? [
        lapsedPlan ? t('profile.membershipPanel.lapsedStatus', { plan: lapsedPlan, date: date(subscription?.endsAt) }) : null,
        t('profile.membershipPanel.freeStatus', { credits: formatNumber(FREE_MONTHLY_CREDITS, lang) }),
      ]
        .filter(Boolean)
        .join(' ')
    : failing
      ? t('profile.membershipPanel.pastDueStatus', { plan, retry: date(running?.retryAt ?? running?.endsAt), date: date(running?.endsAt) })
      : cancelled
        ? t('profile.membershipPanel.cancelledStatus', { plan, date: endDate })
        : running?.renewsAt
          ? t('profile.membershipPanel.renewsStatus', { plan, date: date(running.renewsAt) })
          : running
            ? t('profile.membershipPanel.endsStatus', { plan, date: endDate })
            : t('profile.membershipPanel.activeStatus', { plan, date: endDate });

  return (
    <section aria-labelledby="membership-panel" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="membership-panel" className="text-lg font-semibold text-slate-900">
            {t('profile.membershipPanel.title')}
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold text-slate-900" data-testid="membership-level">
              {plan}
            </span>
            {paid ? (
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
                  failing ? 'bg-amber-50 text-amber-900 ring-amber-200' : cancelled ? 'bg-slate-100 text-slate-700 ring-slate-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                }`}
              >
                {failing ? t('profile.membershipPanel.pastDueBadge') : cancelled ? t('profile.membershipPanel.cancelledBadge') : t('profile.membershipPanel.activeBadge')}
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="membership-status">
            {statusText}
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Link to={paths.price.getHref(lang)} className={buttonClass(paid ? 'secondary' : 'primary')}>
            {paid ? t('profile.changePlan') : t('profile.membershipPanel.upgrade')}
          </Link>
          {paid && !cancelled ? (
            <Button variant="danger" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
              {t('profile.membershipPanel.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
      {done ? (
        <div className="mt-4">
          <Alert tone="success">{t('profile.membershipPanel.cancelledMessage', { plan, date: endDate })}</Alert>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('profile.membershipPanel.confirmTitle')}
        message={t('profile.membershipPanel.confirmBody', { plan, date: endDate })}
        confirmLabel={t('profile.membershipPanel.confirm')}
        cancelLabel={t('profile.membershipPanel.keep')}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
      />
    </section>
  );
}
