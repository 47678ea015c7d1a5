import type { Plan } from '@studio/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useLang } from '../../../lib/use-lang';
import { loadPayPalSdk, type PayPalActions } from '../api/paypal-sdk';

export interface PayPalHandlers {
  /** Opens our order and answers PayPal's subscription id. */
  createOrder: (method: 'paypal' | 'card') => Promise<string>;
  /** Captures our order on our server once the buyer approved. */
  approve: (actions?: PayPalActions) => Promise<void>;
  /** The SDK reported a problem (popup closed by error, script error…). */
  providerError: () => void;
  cancelled: () => void;
  setProcessing: (processing: boolean) => void;
}

interface PayPalCheckoutProps extends PayPalHandlers {
  plan: Plan;
  clientId: string;
  processing: boolean;
}

type SdkState = 'loading' | 'ready' | 'failed';

/** PayPal's subscription buttons (PAYMENT_PROVIDER=paypal); the SDK is loaded on first use. */
export function PayPalCheckout({ plan, clientId, processing, ...handlers }: PayPalCheckoutProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<SdkState>('loading');
  const [attempt, setAttempt] = useState(0);
  const buttonsRef = useRef<HTMLDivElement>(null);
  // The SDK keeps the callbacks it was rendered with; the latest handlers are read through a ref.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let live = true;
    loadPayPalSdk(clientId, lang).then(
      async (paypal) => {
        if (!live) return;
        setState('ready');
        // One set of buttons: PayPal, and "Debit or Credit Card" (PayPal keeps the card for the renewals).
        const buttons = paypal.Buttons({
          createSubscription: () => latest.current.createOrder('paypal'),
          onApprove: (_data: { subscriptionID?: string }, actions?: PayPalActions) => latest.current.approve(actions),
          onError: () => latest.current.providerError(),
          onCancel: () => latest.current.cancelled(),
          style: { layout: 'vertical', shape: 'pill', label: 'subscribe' },
        });
        if (buttonsRef.current && buttons.isEligible()) await buttons.render(buttonsRef.current);
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [clientId, lang, plan.code, attempt]);

  if (state === 'failed') {
    return (
      <div className="space-y-3 text-sm">
        <p role="alert" className="rounded-2xl bg-rose-50 px-4 py-3 text-rose-900 ring-1 ring-rose-200">
          {t('pricing.checkout.paypalUnavailable')}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setState('loading');
            setAttempt((value) => value + 1);
          }}
        >
          {t('pricing.checkout.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-5" aria-busy={state === 'loading' || processing || undefined}>
      {state === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" />
          {t('pricing.checkout.paypalLoading')}
        </p>
      ) : null}
      <div ref={buttonsRef} data-testid="paypal-buttons" />
      <p className="text-sm text-slate-600">{t('pricing.checkout.paypalSubscription')}</p>
    </div>
  );
}
