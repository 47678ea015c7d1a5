import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { categoryName, columns, usePopularCategories } from '../../lib/popular-categories';
import { useLang } from '../../lib/use-lang';
import { useOutsideClick } from '../../lib/use-outside-click';

/**
 * "Free coloring pages" in the desktop header: the link itself, and a dropdown of up to 21
 * popular categories in three columns, opened by hover, focus or the chevron button.
 */
export function CategoriesMenu({ navClass }: { navClass: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const categories = usePopularCategories();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [openedAt, setOpenedAt] = useState(location.pathname);
  const close = useCallback(() => setOpen(false), []);

  if (openedAt !== location.pathname) {
    setOpenedAt(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useOutsideClick(box, open, close);

  return (
    <div ref={box} className="relative flex items-center" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <NavLink to={paths.categories.getHref(lang)} className={navClass}>
        {t('nav.freePages')}
      </NavLink>
      {categories.length > 0 ? (
        <>
          <button
            type="button"
            className="-ml-1 inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t('nav.popularCategories')}
            onClick={() => setOpen((value) => !value)}
          >
            <svg className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
          <div id={panelId} hidden={!open} className="absolute left-0 top-full z-40 pt-2">
            <div className="w-[36rem] rounded-2xl border border-slate-200 bg-white p-5 shadow-xl">
              <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('nav.popularCategories')}</p>
              <div className="grid grid-cols-3 gap-x-6">
                {columns(categories, 3, 7).map((column, index) => (
                  <ul key={index} className="space-y-1">
                    {column.map((category) => (
                      <li key={category.slug}>
                        <Link to={paths.category.getHref(lang, category.slug)} className="block rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700">
                          {categoryName(category, lang)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
              <Link to={paths.categories.getHref(lang)} className="mt-4 inline-block px-2 text-sm font-semibold text-brand-700 hover:underline">
                {t('nav.allCategories')} →
              </Link>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The same categories in the mobile menu, behind a disclosure so the menu stays short. */
export function MobileCategories() {
  const { t } = useTranslation();
  const lang = useLang();
  const categories = usePopularCategories();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  if (categories.length === 0) return null;
  return (
    <div>
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-xl px-3 py-3 text-left text-base font-medium text-slate-700"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.popularCategories')}
        <svg className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <ul id={panelId} hidden={!open} className="grid grid-cols-2 gap-x-2 px-3 pb-2">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={paths.category.getHref(lang, category.slug)} className="block rounded-lg py-2 text-sm text-slate-600">
              {categoryName(category, lang)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
