import type { User } from '@studio/contracts/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLang } from '../../lib/use-lang';
import { useOutsideClick } from '../../lib/use-outside-click';
import { Avatar } from './avatar';

/** Avatar button with profile, my creations and logout. Closes on Escape and outside clicks. */
export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    items()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        // Arrow keys move between the entries, wrapping around (WAI-ARIA menu button pattern).
        event.preventDefault();
        const list = items();
        const index = list.indexOf(document.activeElement as HTMLElement);
        const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
        list[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useOutsideClick(root, open, close);

  const item = 'block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700';
  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        type="button"
        className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-brand-100"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('nav.account')}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <Avatar user={user} />
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-56 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200">
          <p className="truncate px-3 pb-2 pt-1 text-xs text-slate-500">{user.email}</p>
          <Link role="menuitem" to={paths.profile.getHref(lang)} className={item} onClick={() => setOpen(false)}>
            {t('nav.profile')}
          </Link>
          <Link role="menuitem" to={paths.creations.getHref(lang)} className={item} onClick={() => setOpen(false)}>
            {t('nav.creations')}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={item}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            {t('nav.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
