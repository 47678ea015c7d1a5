import type { ClientConfig } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import type { TestCardInput } from '@studio/contracts/payments';
import { checkoutFigures, type Plan } from '@studio/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { captureOrder, createOrder, type Settlement } from '../api/payments-api';
import type { PayPalActions } from '../api/paypal-sdk';
import { formatMoney } from '../lib/money';
import { CardForm } from './card-form';
import { OrderSummary } from './order-summary';
import { PayPalCheckout } from './paypal-checkout';

type Message = { tone: 'error' | 'info'; text: string } | null;

interface CheckoutPanelProps {
  plan: Plan;
  config: ClientConfig | null;
  onBack: () => void;
  onPaid: (settlement: Settlement) => Promise<void>;
}

/** Server field names of a refused card ("card.number") as the form's ("number"). */
function cardFieldsOf(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) if (field.startsWith('card.')) out[field.slice(5)] = key;
  return out;
}

export function CheckoutPanel({ plan, config, onBack, onPaid }: CheckoutPanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [entered, setEntered] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The order being paid: kept after a declined card so the next attempt pays the same order.
  const order = useRef<{ id: string; method: 'card' | 'paypal' } | null>(null);
  const amount = formatMoney(checkoutFigures(plan).total, lang);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    return () => cancelAnimationFrame(frame);
  }, []);

  const failed = (error: unknown, method: 'card' | 'paypal') => {
    const apiError = toApiError(error);
    if (apiError.code === ErrorCode.createOrderFailed && apiError.status === 409) {
      // One plan at a time (decision 029): the change waits for the running plan to end.
      setMessage({ tone: 'error', text: t('pricing.errors.planRunning') });
    } else if (apiError.code === ErrorCode.createOrderFailed) {
      setMessage({ tone: 'error', text: t('pricing.errors.createOrder') });
    } else if (apiError.code === ErrorCode.captureFailed) {
      setCardErrors(cardFieldsOf(apiError.fields));
      setMessage({ tone: 'error', text: t('pricing.errors.paymentFailed') });
    } else if (apiError.code === ErrorCode.invalidFormat && Object.keys(cardFieldsOf(apiError.fields)).length > 0) {
      setCardErrors(cardFieldsOf(apiError.fields));
      setMessage({ tone: 'error', text: t('pricing.errors.card') });
    } else {
      // The order is unusable (not ours any more, paid elsewhere…): the next attempt starts a new one.
      order.current = null;
      setMessage({ tone: 'error', text: method === 'paypal' && apiError.code >= 500 ? t('pricing.errors.paypal') : errorText(t, apiError) });
    }
  };

  const settle = async (settlement: Settlement) => {
    if (settlement.status === 'paid') {
      order.current = null;
      await onPaid(settlement);
    } else {
      setMessage({ tone: 'info', text: t('pricing.errors.pending') });
    }
  };

  const openOrder = async (method: 'card' | 'paypal') => {
    if (order.current?.method === method) return order.current.id;
    const created = await createOrder(plan.code, method);
    order.current = { id: created.id, method };
    return created.id;
  };

  const payWithCard = async (card: TestCardInput) => {
    setProcessing(true);
    setMessage(null);
    setCardErrors({});
    try {
      await settle(await captureOrder(await openOrder('card'), card));
    } catch (error) {
      failed(error, 'card');
    } finally {
      setProcessing(false);
    }
  };

  const paypalHandlers = {
    createOrder: async (method: 'paypal' | 'card') => {
      setProcessing(true);
      setMessage(null);
      // PayPal makes a new order for every approval flow.
      order.current = null;
      try {
        const created = await createOrder(plan.code, method);
        order.current = { id: created.id, method };
        return created.providerOrderId;
      } catch (error) {
        failed(error, 'paypal');
        setProcessing(false);
        throw error;
      }
    },
    approve: async (actions?: PayPalActions) => {
      const current = order.current;
      if (!current) return;
      setProcessing(true);
      try {
        await settle(await captureOrder(current.id));
      } catch (error) {
        // A declined funding source: PayPal lets the buyer choose another one for the same order.
        if (toApiError(error).code === ErrorCode.captureFailed && actions?.restart) {
          setMessage({ tone: 'error', text: t('pricing.errors.paymentFailed') });
          await actions.restart();
          return;
        }
        failed(error, 'paypal');
      } finally {
        setProcessing(false);
      }
    },
    providerError: () => {
      setProcessing(false);
      setMessage({ tone: 'error', text: t('pricing.errors.paypal') });
    },
    cancelled: () => {
      setProcessing(false);
      setMessage({ tone: 'info', text: t('pricing.errors.cancelled') });
    },
    setProcessing,
  };

  return (
    <div ref={panel} className={`mx-auto max-w-5xl scroll-mt-20 transition duration-300 ease-out ${entered ? 'translate-x-0 opacity-100' : 'translate-x-8 opacity-0'}`}>
      <button
        type="button"
        onClick={onBack}
        disabled={processing}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-400"
      >
        <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0z" />
        </svg>
        {t('pricing.checkout.back')}
      </button>
      <h2 ref={heading} tabIndex={-1} className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 outline-none">
        {t('pricing.checkout.title')}
      </h2>
      <div className="mt-6 grid items-start gap-6 md:grid-cols-[1fr_1.1fr]">
        <OrderSummary plan={plan} />
        <section aria-labelledby="payment-details" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 id="payment-details" className="text-lg font-bold text-slate-900">
            {t('pricing.checkout.payment')}
          </h3>
          <div className="mt-4 space-y-4">
            {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
            {!config ? (
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Spinner className="size-4" />
                {t('common.loading')}
              </p>
            ) : config.paymentProvider === 'paypal' && config.paypalClientId ? (
              <PayPalCheckout plan={plan} clientId={config.paypalClientId} processing={processing} {...paypalHandlers} />
            ) : (
              <>
                <p className="rounded-2xl bg-sun-100 px-4 py-3 text-sm text-sun-700">{t('pricing.checkout.testMode')}</p>
                <CardForm amount={amount} processing={processing} serverErrors={cardErrors} onPay={(card) => void payWithCard(card)} />
              </>
            )}
            <p className="flex items-start gap-2 text-xs text-slate-500">
              <svg className="mt-0.5 size-3.5 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4zm2 6H8V6a2 2 0 1 1 4 0v2z" />
              </svg>
              <span>
                {t('pricing.checkout.secure')}{' '}
                <Link to={paths.refund.getHref(lang)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {t('pricing.checkout.refundPolicy')}
                </Link>
              </span>
            </p>
          </div>
        </section>
      </div>
    </div>
  );
}
