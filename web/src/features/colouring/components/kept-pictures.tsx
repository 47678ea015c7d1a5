import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { useLang } from '../../../lib/use-lang';
import { colouredFileName, deleteKeptPicture, fetchKeptPicture, fetchKeptPictures, type ColouredDto } from '../api/colouring-api';

const PAGE_SIZE = 12;

/** My creations: the pictures the member coloured on screen and kept (private to them), to continue, download or delete. */
export function KeptPictures() {
  const { t } = useTranslation();
  const lang = useLang();
  const [items, setItems] = useState<ColouredDto[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [deleting, setDeleting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((pageNumber: number, signal?: AbortSignal) => {
    return fetchKeptPictures({ currentPage: pageNumber, pageSize: PAGE_SIZE }, signal).then(
      (list) => {
        setItems((current) => (pageNumber === 1 ? list.colourings : [...current, ...list.colourings.filter((item) => !current.some((other) => other.imageId === item.imageId))]));
        setTotal(list.total);
        setPage(pageNumber);
        setState('ready');
      },
      () => {
        if (!signal?.aborted) setState('failed');
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(1, controller.signal);
    return () => controller.abort();
  }, [load]);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await deleteKeptPicture(deleting);
      setItems((current) => current.filter((item) => item.imageId !== deleting));
      setTotal((value) => Math.max(0, value - 1));
      setDeleting(null);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  async function download(item: ColouredDto) {
    saveFile(await fetchKeptPicture(item.url), colouredFileName(item.title.en, item.imageId));
  }

  return (
    <section className="mx-auto max-w-6xl px-4 pb-12 sm:px-6" aria-labelledby="kept-title" data-testid="kept-pictures">
      <h2 id="kept-title" className="text-2xl font-bold text-slate-900">
        {t('colouring.keptList.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('colouring.keptList.subtitle')}</p>
      <div className="mt-5">
        {state === 'failed' ? <Alert tone="error">{t('colouring.keptList.loadFailed')}</Alert> : null}
        {state === 'ready' && items.length === 0 ? <p className="rounded-3xl bg-white px-6 py-8 text-center text-slate-600 ring-1 ring-slate-200">{t('colouring.keptList.empty')}</p> : null}
        {items.length ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {items.map((item) => {
              const title = item.title[lang] || item.title.en;
              return (
                <li key={item.imageId} className="flex flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200" data-testid="kept-picture">
                  <img src={item.thumbnailUrl} alt={t('colouring.keptList.alt', { title })} width={item.width} height={item.height} loading="lazy" className="aspect-[3/4] h-auto w-full bg-white object-contain" />
                  <div className="flex flex-1 flex-col gap-2 p-3">
                    <p className="text-sm font-semibold text-slate-900">{title}</p>
                    <p className="text-xs text-slate-500">{t('colouring.keptList.keptOn', { date: formatDate(item.updatedAt, lang) })}</p>
                    <div className="mt-auto flex flex-wrap gap-2">
                      <Link to={paths.colour.getHref(lang, item.imageSlug)} className={buttonClass('primary', 'min-h-9 px-3 py-1.5 text-xs')}>
                        {t('colouring.keptList.continue')}
                      </Link>
                      <Button variant="secondary" className="min-h-9 px-3 py-1.5 text-xs" onClick={() => void download(item)}>
                        {t('colouring.keptList.download')}
                      </Button>
                      <Button variant="danger" className="min-h-9 px-3 py-1.5 text-xs" onClick={() => setDeleting(item.imageId)}>
                        {t('colouring.keptList.delete')}
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        {state === 'ready' && items.length < total ? (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" onClick={() => void load(page + 1)}>
              {t('colouring.keptList.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t('colouring.keptList.delete')}
        message={t('colouring.keptList.deleteConfirm')}
        confirmLabel={t('colouring.keptList.delete')}
        busy={busy}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setError(null);
          setDeleting(null);
        }}
      />
    </section>
  );
}
