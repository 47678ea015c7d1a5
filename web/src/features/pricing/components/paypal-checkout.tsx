import type { Plan } from '@studio/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useLang } from '../../../lib/use-lang';
import { loadPayPalSdk, type PayPalActions, type PayPalCardFields } from '../api/paypal-sdk';

export interface PayPalHandlers {
  /** Opens our order and answers PayPal's order id. */
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
  amount: string;
  processing: boolean;
}

type SdkState = 'loading' | 'ready' | 'failed';

const fieldBox = 'min-h-11 rounded-xl';

/** PayPal's buttons and card fields (PAYMENT_PROVIDER=paypal); the SDK is loaded on first use. */
export function PayPalCheckout({ plan, clientId, amount, processing, ...handlers }: PayPalCheckoutProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<SdkState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [cardFields, setCardFields] = useState<PayPalCardFields | null>(null);
  const [cardsEligible, setCardsEligible] = useState(true);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const numberRef = useRef<HTMLDivElement>(null);
  const expiryRef = useRef<HTMLDivElement>(null);
  const cvvRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLDivElement>(null);
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
        const flow = (method: 'paypal' | 'card') => ({
          createOrder: () => latest.current.createOrder(method),
          onApprove: (_data: { orderID: string }, actions?: PayPalActions) => latest.current.approve(actions),
          onError: () => latest.current.providerError(),
          onCancel: () => latest.current.cancelled(),
        });
        setState('ready');
        const buttons = paypal.Buttons({ ...flow('paypal'), style: { layout: 'vertical', shape: 'pill', label: 'pay' } });
        if (buttonsRef.current && buttons.isEligible()) await buttons.render(buttonsRef.current);
        const fields = paypal.CardFields(flow('card'));
        if (!live) return;
        if (fields.isEligible() && numberRef.current && expiryRef.current && cvvRef.current && nameRef.current) {
          await Promise.all([
            fields.NumberField().render(numberRef.current),
            fields.ExpiryField().render(expiryRef.current),
            fields.CVVField().render(cvvRef.current),
            fields.NameField().render(nameRef.current),
          ]);
          if (live) setCardFields(fields);
        } else if (live) setCardsEligible(false);
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [clientId, lang, plan.code, attempt]);

  const payByCard = async () => {
    if (!cardFields || processing) return;
    latest.current.setProcessing(true);
    try {
      await cardFields.submit();
    } catch {
      latest.current.providerError();
    }
  };

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
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {t('pricing.checkout.orPayByCard')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {cardsEligible ? (
        <div className="space-y-3">
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-700">{t('pricing.checkout.cardNumber')}</p>
            <div ref={numberRef} className={fieldBox} data-testid="paypal-card-number" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">{t('pricing.checkout.expiry')}</p>
              <div ref={expiryRef} className={fieldBox} />
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">{t('pricing.checkout.cvc')}</p>
              <div ref={cvvRef} className={fieldBox} />
            </div>
          </div>
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-700">{t('pricing.checkout.cardName')}</p>
            <div ref={nameRef} className={fieldBox} />
          </div>
          <Button className="w-full text-base" loading={processing} disabled={!cardFields} onClick={() => void payByCard()}>
            {processing ? t('pricing.checkout.processing') : t('pricing.checkout.pay', { amount })}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t('pricing.checkout.cardFieldsUnavailable')}</p>
      )}
    </div>
  );
}
