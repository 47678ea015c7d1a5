import { COLOURED_BYTES_PER_USER } from '@studio/contracts/colourings';
import type { ImageDto } from '@studio/contracts/images';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { useLang } from '../../../lib/use-lang';
import { colouredFileName, keepColoured } from '../api/colouring-api';
import './colouring-print.css';

type Busy = 'print' | 'save' | 'keep' | null;

/**
 * Print (the coloured page alone, through a print-only picture), Save picture (the full-size
 * PNG, named by the spec's rule with "-coloured") and, for members, Keep in My creations.
 */
export function ColouringActions({ image, title, ready, hasColour, compose }: { image: ImageDto; title: string; ready: boolean; hasColour: boolean; compose(): Promise<Blob> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const { user } = useAuth();
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string; kept?: boolean } | null>(null);
  const [printUrl, setPrintUrl] = useState<string | null>(null);
  const printed = useRef(false);

  useEffect(() => {
    if (!printUrl) return;
    const done = () => {
      document.documentElement.classList.remove('print-colouring');
      URL.revokeObjectURL(printUrl);
      setPrintUrl(null);
    };
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [printUrl]);

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      const apiError = toApiError(error);
      const field = apiError.fields?.file;
      // A refused keep names its reason (colouring.errors.*); the quota's text says how much room there is.
      setMessage({ tone: 'error', text: field ? t(field, { defaultValue: errorText(t, error), megabytes: COLOURED_BYTES_PER_USER / (1024 * 1024) }) : errorText(t, error) });
    } finally {
      setBusy(null);
    }
  }

  const save = () => run('save', async () => saveFile(await compose(), colouredFileName(image.title.en || title, image.id)));
  const print = () =>
    run('print', async () => {
      printed.current = false;
      document.documentElement.classList.add('print-colouring');
      setPrintUrl(URL.createObjectURL(await compose()));
    });
  const keep = () =>
    run('keep', async () => {
      await keepColoured(image.id, await compose());
      setMessage({ tone: 'ok', text: t('colouring.kept'), kept: true });
    });

  return (
    <section aria-labelledby="colouring-actions-title" className="rounded-3xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="colouring-actions-title" className="text-sm font-bold text-slate-900">
        {t('colouring.actions.title')}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void save()} loading={busy === 'save'} disabled={!ready || busy !== null} data-testid="colouring-save">
          {t('colouring.actions.save')}
        </Button>
        <Button variant="secondary" onClick={() => void print()} loading={busy === 'print'} disabled={!ready || busy !== null}>
          {t('colouring.actions.print')}
        </Button>
        {user ? (
          <Button variant="secondary" onClick={() => void keep()} loading={busy === 'keep'} disabled={!ready || !hasColour || busy !== null} data-testid="colouring-keep">
            {t('colouring.actions.keep')}
          </Button>
        ) : (
          <Link to={paths.login.getHref(lang, { redirectTo: `${location.pathname}${location.search}` })} className={buttonClass('ghost')}>
            {t('colouring.actions.keepSignedOut')}
          </Link>
        )}
      </div>
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`mt-3 text-sm ${message.tone === 'error' ? 'text-rose-700' : 'text-emerald-800'}`}>
          {message.text}{' '}
          {message.kept ? (
            <Link to={paths.creations.getHref(lang)} className="font-semibold underline">
              {t('colouring.seeCreations')}
            </Link>
          ) : null}
        </p>
      ) : null}
      {printUrl ? (
        <div className="colouring-print" aria-hidden="true">
          <img
            src={printUrl}
            alt=""
            onLoad={() => {
              if (printed.current) return;
              printed.current = true;
              window.print();
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
