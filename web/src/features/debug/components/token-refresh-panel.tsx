import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { tokenRefresher } from '../../../lib/session';
import { getAccessToken, getAccessTokenExpiry, getRefreshToken } from '../../../lib/token-storage';
import { useLang } from '../../../lib/use-lang';

/** Status of the background refresher with manual refresh, start and stop. */
export function TokenRefreshPanel({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const status = useSyncExternalStore(tokenRefresher.subscribe, tokenRefresher.getStatus);
  const [busy, setBusy] = useState(false);
  const expiry = getAccessTokenExpiry();
  const row = 'flex justify-between gap-4 py-2 text-sm';

  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="refresh-panel">
      <h2 className="text-lg font-semibold text-slate-900">{t('debug.refresher')}</h2>
      <dl className="mt-3 divide-y divide-slate-100">
        <div className={row}>
          <dt className="text-slate-500">{t('debug.serviceStatus')}</dt>
          <dd className={status.running ? 'font-medium text-emerald-700' : 'font-medium text-slate-500'} data-testid="refresher-status">
            {status.running ? t('debug.running') : t('debug.stopped')}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('debug.nextCheck')}</dt>
          <dd>{status.nextCheckAt ? formatDateTime(status.nextCheckAt, lang) : t('debug.none')}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('debug.expiresAt')}</dt>
          <dd data-testid="token-expiry">{expiry ? formatDateTime(expiry, lang) : t('debug.none')}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('debug.lastResult')}</dt>
          <dd data-testid="refresher-result">{status.lastResult ? t(`debug.result.${status.lastResult}`) : t('debug.none')}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('debug.accessToken')}</dt>
          <dd>{getAccessToken() ? t('debug.present') : t('debug.missing')}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('debug.refreshToken')}</dt>
          <dd>{getRefreshToken() ? t('debug.present') : t('debug.missing')}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            void tokenRefresher.check(true).finally(() => {
              setBusy(false);
              onChange();
            });
          }}
        >
          {t('debug.refreshNow')}
        </Button>
        <Button variant="secondary" disabled={status.running} onClick={() => tokenRefresher.start()}>
          {t('debug.start')}
        </Button>
        <Button variant="secondary" disabled={!status.running} onClick={() => tokenRefresher.stop()}>
          {t('debug.stop')}
        </Button>
      </div>
    </section>
  );
}
