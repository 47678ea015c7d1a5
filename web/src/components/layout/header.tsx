import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths, splitLang } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { buttonClass } from '../ui/button';
import { LogoMark } from '../ui/logo';
import { Avatar } from './avatar';
import { LanguageSwitcher } from './language-switcher';
import { navItems } from './nav-items';
import { UserMenu } from './user-menu';

function CreditsBadge({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Link
      to={paths.price.getHref(lang)}
      aria-label={t('nav.creditsLabel', { count: credits })}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-sun-100 px-3 text-sm font-semibold text-sun-700 hover:bg-amber-200"
      data-testid="credits-badge"
    >
      <svg className="size-4" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="#ffc53d" stroke="#8a5a00" strokeWidth="1.5" />
        <path d="M12 7v10M9 10h6" stroke="#8a5a00" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {formatNumber(credits, lang)}
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user, status, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);

  // Close the mobile menu after navigating (state adjusted during render, not in an effect).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const doLogout = async () => {
    await navigate(paths.home.getHref(lang));
    await logout();
  };

  const items = navItems(lang);
  // Logging in from a page comes back to it (auth screens and home need no return path).
  const here = splitLang(location.pathname).rest;
  const returnable = here !== '/' && !['/login', '/register', '/forgot-password', '/reset-password'].includes(here);
  const loginHref = paths.login.getHref(lang, returnable ? { redirectTo: `${here}${location.search}` } : {});
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900'}`;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to={paths.home.getHref(lang)} className="flex shrink-0 items-center gap-2 font-bold text-brand-900">
          <LogoMark />
          <span className="text-lg tracking-tight">{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.mainMenu')} className="ml-2 hidden flex-1 items-center gap-0.5 xl:flex">
          {items.map((item) => (
            <NavLink key={item.key} to={item.href} end={item.end} className={navClass}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher className="hidden sm:inline-flex" />
          {status === 'loading' ? (
            <span className="flex items-center gap-2" aria-label={t('nav.loadingUser')} role="status" data-testid="user-placeholder">
              <span className="h-9 w-16 animate-pulse rounded-full bg-slate-200" />
              <span className="size-9 animate-pulse rounded-full bg-slate-200" />
            </span>
          ) : user ? (
            <>
              <CreditsBadge credits={user.credits} />
              <span className="hidden xl:block">
                <UserMenu user={user} onLogout={() => void doLogout()} />
              </span>
            </>
          ) : (
            <Link to={loginHref} className={buttonClass('primary', 'min-h-10 whitespace-nowrap px-4')}>
              {t('nav.login')}
            </Link>
          )}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((value) => !value)}
          >
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg xl:hidden">
          <nav aria-label={t('nav.mainMenu')} className="flex flex-col">
            {items.map((item) => (
              <NavLink
                key={item.key}
                to={item.href}
                end={item.end}
                className={({ isActive }) => `rounded-xl px-3 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700'}`}
              >
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 border-t border-slate-100 pt-3">
            {user ? (
              <div className="flex flex-col">
                <div className="flex items-center gap-3 px-3 py-2">
                  <Avatar user={user} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{user.username}</p>
                    <p className="truncate text-sm text-slate-500">{user.email}</p>
                  </div>
                </div>
                <Link to={paths.profile.getHref(lang)} className="rounded-xl px-3 py-3 text-base text-slate-700">
                  {t('nav.profile')}
                </Link>
                <Link to={paths.creations.getHref(lang)} className="rounded-xl px-3 py-3 text-base text-slate-700">
                  {t('nav.creations')}
                </Link>
                <button type="button" className="rounded-xl px-3 py-3 text-left text-base text-slate-700" onClick={() => void doLogout()}>
                  {t('nav.logout')}
                </button>
              </div>
            ) : status === 'unauthenticated' ? (
              <div className="grid grid-cols-2 gap-3">
                <Link to={loginHref} className={buttonClass('primary')}>
                  {t('nav.login')}
                </Link>
                <Link to={paths.register.getHref(lang)} className={buttonClass('secondary')}>
                  {t('nav.register')}
                </Link>
              </div>
            ) : null}
            <LanguageSwitcher className="mt-4 flex sm:hidden" />
          </div>
        </div>
      ) : null}
    </header>
  );
}
