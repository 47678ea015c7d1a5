import type { Plan } from '@studio/contracts/plans';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

interface PaymentSuccessDialogProps {
  open: boolean;
  plan: Plan;
  creditsAdded: number;
  balance: number;
  onClose: () => void;
}

/** Opens after a settled payment: what was granted, and the way to the generator. */
export function PaymentSuccessDialog({ open, plan, creditsAdded, balance, onClose }: PaymentSuccessDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('pricing.success.title')}
      actions={
        <Button className="w-full text-base sm:w-auto" onClick={() => void navigate(paths.textColoringPage.getHref(lang))}>
          {t('pricing.success.start')}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/60">
          <svg className="size-8" viewBox="0 0 20 20" fill="currentColor">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
          </svg>
        </span>
        <p className="text-3xl font-extrabold text-brand-700" data-testid="success-credits">
          {t('pricing.success.credits', { credits: formatNumber(creditsAdded, lang) })}
        </p>
        <p className="text-base text-slate-700">{t('pricing.success.body', { plan: t(`membership.${plan.level}`) })}</p>
        <p className="text-sm text-slate-500">{t('pricing.success.balance', { credits: formatNumber(balance, lang) })}</p>
      </div>
    </Dialog>
  );
}
