import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import type { DownloadFormat } from '../api/download-image';
import { downloadVariant, fetchVariant, type PageVariant } from '../api/download-variant';

/** The numbered PNG fetched for a page and language, or why it could not be. */
type Loaded = { key: string; url: string } | { key: string; error: string };

const choices: [PageVariant, DownloadFormat][] = [
  ['numbers', 'pdf'],
  ['numbers', 'png'],
  ['solution', 'pdf'],
  ['solution', 'png'],
];

/**
 * "Colour by number" for any page (issue 17): a choice that shows the numbered page with its key
 * and offers it and its solution as PDF and PNG. The numbered PNG is fetched once for the preview.
 */
export function ColourByNumber({ image, size = 'md' }: { image: { id: string; title: string }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { id, title } = image;
  // Open for one page: another page (the generator's history) starts closed.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === id;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shownUrl = useRef<string | null>(null);
  const requestKey = `${id}:${lang}`;
  const loadedKey = loaded?.key ?? null;

  useEffect(() => {
    if (!open || loadedKey === requestKey) return;
    const controller = new AbortController();
    fetchVariant({ id, title }, 'numbers', 'png', lang, controller.signal).then(
      (file) => {
        if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
        shownUrl.current = URL.createObjectURL(file.blob);
        setLoaded({ key: requestKey, url: shownUrl.current });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoaded({ key: requestKey, error: errorText(t, failure) });
      },
    );
    return () => controller.abort();
  }, [open, loadedKey, requestKey, id, title, lang, t]);
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );
  const preview = loaded && loaded.key === requestKey ? loaded : null;

  async function download(variant: PageVariant, format: DownloadFormat) {
    const key = `${variant}-${format}`;
    setBusy(key);
    setError(null);
    try {
      await downloadVariant(image, variant, format, lang);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(null);
    }
  }

  const small = size === 'sm' ? 'min-h-9 px-3 py-1.5 text-xs' : '';
  return (
    <div className="flex w-full flex-col gap-3" data-testid="colour-by-number">
      <div>
        <Button variant={open ? 'ghost' : 'secondary'} className={small} aria-expanded={open} onClick={() => setOpenFor(open ? null : id)} data-testid="colour-by-number-choice">
          {open ? t('numbers.hide') : t('numbers.choice')}
        </Button>
      </div>
      {open ? (
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
          <p className="text-sm text-slate-600">{t('numbers.hint')}</p>
          {preview && 'url' in preview ? (
            <img src={preview.url} alt={t('numbers.previewAlt', { title: image.title })} className="mx-auto h-auto max-h-[70vh] w-auto max-w-full rounded-xl ring-1 ring-slate-200" data-testid="numbers-preview" />
          ) : preview ? (
            <p role="alert" className="text-sm text-rose-700">
              {t('numbers.failed')} {preview.error}
            </p>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
              <Spinner className="size-4" />
              {t('numbers.making')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {choices.map(([variant, format]) => (
              <Button
                key={`${variant}-${format}`}
                variant={variant === 'numbers' && format === 'pdf' ? 'primary' : 'secondary'}
                className={small}
                loading={busy === `${variant}-${format}`}
                disabled={busy !== null && busy !== `${variant}-${format}`}
                onClick={() => void download(variant, format)}
                data-testid={`download-${variant}-${format}`}
              >
                {variant === 'numbers' ? t(`numbers.downloadNumbers.${format}`) : t(`numbers.downloadSolution.${format}`)}
              </Button>
            ))}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-rose-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
