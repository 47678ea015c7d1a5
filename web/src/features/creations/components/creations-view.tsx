import type { ImageDto, ImageListDto, ImageType } from '@studio/contracts/images';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TabList } from '../../../components/ui/tab-list';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { fetchUserImages } from '../../images/api/image-api';
import { DeleteImageDialog } from '../../images/components/delete-image-dialog';
import { ReportDialog } from '../../images/components/report-dialog';
import { MakeBookletButton } from '../../packs/components/make-booklet-button';
import { CreationCard } from './creation-card';

type Filter = 'all' | ImageType;
const FILTERS: Filter[] = ['all', 'text2image', 'image2image'];
const PAGE_SIZE = 12;
type Counts = NonNullable<ImageListDto['counts']>;

/** My creations (product-spec §2): filter tabs with counts, cards, load more. */
export function CreationsView() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filter, setFilter] = useState<Filter>('all');
  const [images, setImages] = useState<ImageDto[]>([]);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);

  const apply = useCallback((list: ImageListDto, pageNumber: number) => {
    setImages((current) => (pageNumber === 1 ? list.images : [...current, ...list.images.filter((image) => !current.some((other) => other.id === image.id))]));
    setTotal(list.total);
    if (list.counts) setCounts(list.counts);
    setPage(pageNumber);
    setFailed(false);
    setLoading(false);
  }, []);

  /** Callers show the loading state first; this fetches and applies the answer. */
  const load = useCallback(
    (which: Filter, pageNumber: number, signal?: AbortSignal) =>
      fetchUserImages({ type: which === 'all' ? undefined : which, currentPage: pageNumber, pageSize: PAGE_SIZE }, signal)
        .then((list) => apply(list, pageNumber))
        .catch(() => {
          if (signal?.aborted) return;
          setFailed(true);
          setLoading(false);
        }),
    [apply],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchUserImages({ type: filter === 'all' ? undefined : filter, currentPage: 1, pageSize: PAGE_SIZE }, controller.signal)
      .then((list) => apply(list, 1))
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [filter, apply]);

  function reload(pageNumber: number) {
    setLoading(true);
    setFailed(false);
    void load(filter, pageNumber);
  }

  function chooseFilter(next: Filter) {
    if (next === filter) return;
    setLoading(true);
    setFailed(false);
    setImages([]);
    setFilter(next);
  }

  function onDeleted(id: string) {
    const gone = images.find((image) => image.id === id);
    setDeleting(null);
    setImages((current) => current.filter((image) => image.id !== id));
    setTotal((value) => Math.max(0, value - 1));
    if (gone && counts) {
      const type = gone.type === 'image2image' ? 'image2image' : 'text2image';
      setCounts({ ...counts, all: Math.max(0, counts.all - 1), [type]: Math.max(0, counts[type] - 1) });
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('creations.title')}</h1>
          <p className="mt-1 text-slate-600">{t('creations.subtitle')}</p>
        </div>
        {counts && counts.all > 0 ? <MakeBookletButton source={{ kind: 'mine' }} defaultTitle={t('packs.myPagesTitle')} /> : null}
      </div>
      <TabList
        label={t('creations.filterLabel')}
        tabs={FILTERS}
        selected={filter}
        onSelect={chooseFilter}
        idPrefix="creations"
        panelId="creations-panel"
        className="mt-6 flex flex-wrap gap-2"
        tabClassName={(active) =>
          `inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ${active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50'}`
        }
      >
        {(key, active) => (
          <>
            {t(`creations.filters.${key}`)}
            <span data-testid={`count-${key}`} className={`rounded-full px-2 text-xs ${active ? 'bg-white/20' : 'bg-slate-100'}`}>
              {counts ? formatNumber(counts[key], lang) : '–'}
            </span>
          </>
        )}
      </TabList>

      <div id="creations-panel" role="tabpanel" aria-labelledby={`creations-tab-${filter}`} className="mt-6">
        {failed ? (
          <Alert tone="error">
            {t('creations.loadFailed')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => reload(page)}>
              {t('creations.retry')}
            </button>
          </Alert>
        ) : null}
        {!loading && !failed && images.length === 0 ? (
          <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-slate-200">
            <p className="text-xl font-bold text-slate-900">{t('creations.empty.title')}</p>
            <p className="mt-2 text-slate-600">{t('creations.empty.body')}</p>
            <Link to={paths.textColoringPage.getHref(lang)} className={buttonClass('primary', 'mt-6')}>
              {t('creations.empty.cta')}
            </Link>
          </div>
        ) : null}
        {images.length > 0 ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {images.map((image) => (
              <CreationCard key={image.id} image={image} onDelete={() => setDeleting(image.id)} onReport={() => setReporting(image.id)} />
            ))}
          </ul>
        ) : null}
        {loading ? (
          <div className="flex justify-center py-10 text-brand-600">
            <Spinner className="size-8" label={t('common.loading')} />
          </div>
        ) : images.length < total && !failed ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" onClick={() => reload(page + 1)}>
              {t('creations.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
      <DeleteImageDialog imageId={deleting} onDeleted={onDeleted} onCancel={() => setDeleting(null)} />
      {reporting ? <ReportDialog imageId={reporting} open onClose={() => setReporting(null)} /> : null}
    </div>
  );
}
