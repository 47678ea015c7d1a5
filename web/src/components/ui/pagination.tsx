import { useTranslation } from 'react-i18next';
import { pageItems } from '../../lib/pagination';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function Pagination({ currentPage, totalPages, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const base = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold';
  return (
    <nav aria-label={t('common.pagination')} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={`${base} text-slate-700 hover:bg-slate-100 disabled:text-slate-300`} disabled={currentPage <= 1} onClick={() => onChange(currentPage - 1)}>
        {t('common.previous')}
      </button>
      {pageItems(currentPage, totalPages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            aria-current={item === currentPage ? 'page' : undefined}
            aria-label={t('common.page', { page: item })}
            className={`${base} ${item === currentPage ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ),
      )}
      <button type="button" className={`${base} text-slate-700 hover:bg-slate-100 disabled:text-slate-300`} disabled={currentPage >= totalPages} onClick={() => onChange(currentPage + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
