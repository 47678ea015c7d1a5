import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/layout/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { formatNumber } from '../../../lib/format';
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage';
import { useLang } from '../../../lib/use-lang';
import { TokenRefreshPanel } from './token-refresh-panel';

/** The debug page of product-spec §2; it only ever shows the viewer's own session. */
export function TestAuthView() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user, status, logout } = useAuth();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const access = getAccessToken();
  const flag = (value: boolean) => (value ? t('debug.yes') : t('debug.no'));
  const card = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
        <Spinner className="size-8" label={t('common.loading')} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('debug.title')}</h1>
        <p className="mt-2 text-slate-600">{t('debug.intro')}</p>
      </div>
      <section className={card}>
        <h2 className="text-lg font-semibold text-slate-900">{t('debug.state')}</h2>
        <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
          {[
            ['debug.loading', false],
            ['debug.authenticated', status === 'authenticated'],
            ['debug.userPresent', user !== null],
          ].map(([key, value]) => (
            <div key={String(key)} className="rounded-2xl bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{t(String(key))}</dt>
              <dd className="mt-1 font-semibold text-slate-900" data-testid={`flag-${String(key).slice(6)}`}>{flag(Boolean(value))}</dd>
            </div>
          ))}
        </dl>
      </section>
      {user ? (
        <section className={card}>
          <div className="flex items-center gap-4">
            <Avatar user={user} className="size-16 text-2xl" />
            <div className="min-w-0">
              <p className="text-xl font-bold text-slate-900">{t('debug.welcome', { name: user.username })}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
              <p className="mt-1 text-sm text-slate-600">
                {t('nav.credits', { count: user.credits, formattedCount: formatNumber(user.credits, lang) })} · {t(`membership.${user.membershipLevel}`)}
              </p>
            </div>
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() => {
                logout()
                  .then(() => window.alert(t('debug.logoutOk')))
                  .catch(() => window.alert(t('debug.logoutFailed')));
              }}
            >
              {t('debug.logout')}
            </Button>
            <Link to={paths.textColoringPage.getHref(lang)} className={buttonClass('secondary')}>{t('debug.goGenerator')}</Link>
            <Link to={paths.price.getHref(lang)} className={buttonClass('secondary')}>{t('debug.recharge')}</Link>
            <Link to={paths.price.getHref(lang)} className={buttonClass('secondary')}>{t('debug.testRecharge')}</Link>
          </div>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('debug.rawUser')}</h3>
          <pre className="mt-2 overflow-x-auto rounded-2xl bg-slate-900 p-4 text-xs text-slate-100" data-testid="raw-user">{JSON.stringify(user, null, 2)}</pre>
        </section>
      ) : (
        <section className={card}>
          <p className="text-slate-700">{t('debug.loggedOut')}</p>
          <div className="mt-4 flex gap-2">
            <Link to={paths.login.getHref(lang)} className={buttonClass('primary')}>{t('nav.login')}</Link>
            <Link to={paths.register.getHref(lang)} className={buttonClass('secondary')}>{t('nav.register')}</Link>
          </div>
        </section>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <section className={card}>
          <h2 className="text-lg font-semibold text-slate-900">{t('debug.storage')}</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div className="flex justify-between"><dt className="text-slate-500">{t('debug.accessToken')}</dt><dd>{access ? t('debug.present') : t('debug.missing')}</dd></div>
            <div className="flex justify-between"><dt className="text-slate-500">{t('debug.refreshToken')}</dt><dd>{getRefreshToken() ? t('debug.present') : t('debug.missing')}</dd></div>
            <div>
              <dt className="text-slate-500">{t('debug.tokenPreview')}</dt>
              <dd className="mt-1 break-all rounded-xl bg-slate-50 p-2 font-mono text-xs" data-testid="token-preview">{access ? access.slice(0, 50) : t('debug.none')}</dd>
            </div>
          </dl>
          <h2 className="mt-6 text-lg font-semibold text-slate-900">{t('debug.quickLinks')}</h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <li><Link className="text-brand-700 hover:underline" to={paths.home.getHref(lang)}>{t('nav.home')}</Link></li>
            <li><Link className="text-brand-700 hover:underline" to={paths.login.getHref(lang)}>{t('nav.login')}</Link></li>
            <li><Link className="text-brand-700 hover:underline" to={paths.register.getHref(lang)}>{t('nav.register')}</Link></li>
            <li><Link className="text-brand-700 hover:underline" to={paths.profile.getHref(lang)}>{t('nav.profile')}</Link></li>
          </ul>
        </section>
        <TokenRefreshPanel onChange={rerender} />
      </div>
    </div>
  );
}
