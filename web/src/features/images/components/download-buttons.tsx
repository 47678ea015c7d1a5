import { NAME_LINE_MAX } from '@studio/contracts/packs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { downloadImage, type DownloadFormat } from '../api/download-image';

const formats: DownloadFormat[] = ['png', 'pdf'];

/**
 * PNG and PDF download buttons, each with its own busy state; a failure is shown under them.
 * The full-size set has a "Name on the page" field: the name is printed above the picture.
 */
export function DownloadButtons({ image, size = 'md', withName = size === 'md' }: { image: { id: string; title: string }; size?: 'sm' | 'md'; withName?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<Record<DownloadFormat, boolean>>({ png: false, pdf: false });
  const [error, setError] = useState<string | null>(null);

  async function download(format: DownloadFormat) {
    setBusy((current) => ({ ...current, [format]: true }));
    setError(null);
    try {
      await downloadImage(image, format, lang, withName ? name : '');
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy((current) => ({ ...current, [format]: false }));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {withName ? (
        <div className="flex max-w-sm flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
            {t('packs.name.label')}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={NAME_LINE_MAX}
            placeholder={t('packs.name.placeholder')}
            onChange={(event) => setName(event.target.value)}
            className="block min-h-10 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100"
            data-testid="download-name"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => (
          <Button
            key={format}
            variant={format === 'png' ? 'primary' : 'secondary'}
            className={size === 'sm' ? 'min-h-9 px-3 py-1.5 text-xs' : ''}
            loading={busy[format]}
            onClick={() => void download(format)}
          >
            {busy[format] ? t('images.downloading') : t(`images.download.${format}`)}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
