import { REPORT_MAX } from '@studio/contracts/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { reportImage } from '../api/image-api';

/** Report an image: required text up to 500 characters with a counter; thanks on success. */
export function ReportDialog({ imageId, open, onClose }: { imageId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const length = [...content].length;

  const close = () => {
    setContent('');
    setError(null);
    setSent(false);
    onClose();
  };

  async function submit() {
    if (!content.trim()) return setError(t('validation.reportRequired'));
    if (length > REPORT_MAX) return setError(t('validation.reportTooLong'));
    setBusy(true);
    setError(null);
    try {
      await reportImage(imageId, content.trim());
      setSent(true);
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(apiError.fields.imageId === 'validation.alreadyReported' ? t('images.report.already') : errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : close}
      title={t('images.report.title')}
      actions={
        sent ? (
          <Button onClick={close}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              {t('images.report.submit')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <p role="status">{t('images.report.sent')}</p>
      ) : (
        <div>
          <label htmlFor={id} className="mb-1.5 block font-medium text-slate-800">
            {t('images.report.label')}
          </label>
          <textarea
            id={id}
            name="reportContent"
            rows={4}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            className="block w-full rounded-2xl px-3 py-2 text-slate-900 ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-500"
          />
          <p className={`mt-1 text-right text-xs tabular-nums ${length > REPORT_MAX ? 'font-semibold text-rose-700' : 'text-slate-500'}`}>
            {t('images.report.counter', { length, max: REPORT_MAX })}
          </p>
          {error ? (
            <p role="alert" className="text-rose-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
