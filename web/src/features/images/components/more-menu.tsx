import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutsideClick } from '../../../lib/use-outside-click';

/** The "more" menu of an image: delete (own images) and report. */
export function MoreMenu({ onDelete, onReport, align = 'right', opens = 'up' }: { onDelete?: () => void; onReport: () => void; align?: 'left' | 'right'; opens?: 'up' | 'down' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useOutsideClick(ref, open, () => setOpen(false));
  const item = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  return (
    <div ref={ref} className="relative" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('images.more')}
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-full text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <circle cx="4" cy="10" r="1.8" />
          <circle cx="10" cy="10" r="1.8" />
          <circle cx="16" cy="10" r="1.8" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} role="menu" className={`absolute z-30 w-44 ${opens === 'up' ? 'bottom-full mb-2' : 'top-full mt-2'} rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 ${align === 'right' ? 'right-0' : 'left-0'}`}>
          {onDelete ? (
            <button type="button" role="menuitem" className={`${item} text-rose-700`} onClick={() => choose(onDelete)}>
              {t('images.delete.action')}
            </button>
          ) : null}
          <button type="button" role="menuitem" className={`${item} text-slate-700`} onClick={() => choose(onReport)}>
            {t('images.report.action')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
