import { orderStatusLabelKey } from '@studio/contracts/payments';
import { findPlan } from '@studio/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { downloadInvoice, fetchOrders, ORDER_PAGE_SIZE, type OrderPage, type OrderRecord } from '../api/orders-api';

const statusStyles = {
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-rose-50 text-rose-800 ring-rose-200',
  pending: 'bg-sun-100 text-sun-700 ring-sun-400/40',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
  refunded: 'bg-sky-50 text-sky-800 ring-sky-200',
  unpaid: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

function money(order: OrderRecord, lang: 'en' | 'zh' | 'ja') {
  const locale = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' }[lang];
  return new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency || 'USD' }).format(Number(order.amount));
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; page: OrderPage };

/** The signed-in user's orders, newest first, ten a page (GET /api/payment/chargerecord). */
export function OrderHistory() {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [invoiceBusy, setInvoiceBusy] = useState<string | null>(null);
  const [invoiceFailed, setInvoiceFailed] = useState(false);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const scrolledToHash = useRef(false);
  const arrived = load.state !== 'loading';

  // The receipt mail links to /profile#order-history: the browser looked for it before the orders arrived.
  useEffect(() => {
    if (!arrived || hash !== '#order-history' || scrolledToHash.current) return;
    scrolledToHash.current = true;
    section.current?.scrollIntoView?.({ block: 'start' });
  }, [arrived, hash]);

  async function invoice(orderId: string) {
    setInvoiceBusy(orderId);
    setInvoiceFailed(false);
    try {
      await downloadInvoice(orderId, lang);
    } catch {
      setInvoiceFailed(true);
    } finally {
      setInvoiceBusy(null);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    fetchOrders(page, controller.signal).then(
      (result) => setLoad({ state: 'ready', page: result }),
      (error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [page, attempt]);

  const planName = (order: OrderRecord) => {
    const plan = findPlan(order.planCode);
    if (!plan) return order.planCode;
    return t('profile.orders.planValue', { plan: t(`membership.${plan.level}`), period: order.chargeType === 'Yearly' ? t('profile.orders.yearly') : t('profile.orders.monthly') });
  };

  const cell = 'flex items-center justify-between gap-4 px-4 py-1.5 sm:table-cell sm:px-4 sm:py-3';
  const label = 'text-xs font-medium text-slate-500 sm:hidden';

  return (
    <section ref={section} aria-labelledby="order-history" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="order-history" className="text-lg font-semibold text-slate-900">
        {t('profile.orders.title')}
      </h2>
      <div className="mt-4">
        {load.state === 'loading' ? (
          <div className="flex justify-center py-8 text-brand-600">
            <Spinner className="size-6" label={t('common.loading')} />
          </div>
        ) : load.state === 'error' ? (
          <div className="space-y-3">
            <Alert tone="error">{t('profile.orders.loadFailed')}</Alert>
            <Button
              variant="secondary"
              onClick={() => {
                setLoad({ state: 'loading' });
                setAttempt((value) => value + 1);
              }}
            >
              {t('profile.orders.retry')}
            </Button>
          </div>
        ) : load.page.records.length === 0 ? (
          <p className="rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{t('profile.orders.empty')}</p>
        ) : (
          <>
            {invoiceFailed ? (
              <div className="mb-3">
                <Alert tone="error">{t('profile.orders.invoiceFailed')}</Alert>
              </div>
            ) : null}
            <table className="block w-full text-left text-sm sm:table" data-testid="order-table">
              <caption className="sr-only">{t('profile.orders.title')}</caption>
              <thead className="hidden border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 sm:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">{t('profile.orders.date')}</th>
                  <th scope="col" className="px-4 py-2 font-medium">{t('profile.orders.plan')}</th>
                  <th scope="col" className="px-4 py-2 font-medium">{t('profile.orders.credits')}</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">{t('profile.orders.amount')}</th>
                  <th scope="col" className="px-4 py-2 font-medium">{t('profile.orders.status')}</th>
                  <th scope="col" className="px-4 py-2 font-medium">{t('profile.orders.invoice')}</th>
                </tr>
              </thead>
              <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-100">
                {load.page.records.map((order) => {
                  const status = orderStatusLabelKey(order.status);
                  return (
                    <tr key={order.orderId} className="block rounded-2xl py-2 ring-1 ring-slate-200 sm:table-row sm:rounded-none sm:py-0 sm:ring-0" data-testid="order-row">
                      <td className={cell}>
                        <span className={label}>{t('profile.orders.date')}</span>
                        <time dateTime={order.createdAt} className="text-slate-700">{formatDate(order.createdAt, lang)}</time>
                      </td>
                      <td className={`${cell} font-semibold text-slate-900`}>
                        <span className={label}>{t('profile.orders.plan')}</span>
                        {planName(order)}
                        {order.kind !== 'purchase' ? (
                          <span className="ml-2 text-xs font-medium text-slate-500" data-testid="order-kind">
                            {t(`profile.orders.kinds.${order.kind}`)}
                          </span>
                        ) : null}
                      </td>
                      <td className={`${cell} text-slate-700`}>
                        <span className={label}>{t('profile.orders.credits')}</span>
                        {order.creditsAdded > 0 ? `+${formatNumber(order.creditsAdded, lang)}` : '—'}
                      </td>
                      <td className={`${cell} text-slate-900 sm:text-right`}>
                        <span className={label}>{t('profile.orders.amount')}</span>
                        {money(order, lang)}
                      </td>
                      <td className={cell}>
                        <span className={label}>{t('profile.orders.status')}</span>
                        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusStyles[status]}`} data-testid="order-status">
                          {t(`profile.orders.statuses.${status}`)}
                        </span>
                      </td>
                      <td className={cell}>
                        <span className={label}>{t('profile.orders.invoice')}</span>
                        {order.status === 'paid' ? (
                          <Button
                            variant="secondary"
                            className="min-h-9 px-3 py-1.5 text-xs"
                            loading={invoiceBusy === order.orderId}
                            aria-label={t('profile.orders.invoiceFor', { date: formatDate(order.paidAt ?? order.createdAt, lang) })}
                            onClick={() => void invoice(order.orderId)}
                          >
                            {t('profile.orders.invoiceLink')}
                          </Button>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="mt-4">
              <Pagination currentPage={page} totalPages={Math.ceil(load.page.total / ORDER_PAGE_SIZE)} onChange={setPage} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
