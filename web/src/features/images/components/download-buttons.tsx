import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { downloadImage, type DownloadFormat } from '../api/download-image';

const formats: DownloadFormat[] = ['png', 'pdf'];

/** PNG and PDF download buttons, each with its own busy state; a failure is shown under them. */
export function DownloadButtons({ image, size = 'md' }: { image: { id: string; title: string }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState<Record<DownloadFormat, boolean>>({ png: false, pdf: false });
  const [error, setError] = useState<string | null>(null);

  async function download(format: DownloadFormat) {
    setBusy((current) => ({ ...current, [format]: true }));
    setError(null);
    try {
      await downloadImage(image, format, lang);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy((current) => ({ ...current, [format]: false }));
    }
  }

  return (
    <div className="flex flex-col gap-2">
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
