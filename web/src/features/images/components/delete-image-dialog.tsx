import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { deleteImage } from '../api/image-api';

/** Asks before deleting one's own image; reports the deleted id so every list can drop it. */
export function DeleteImageDialog({ imageId, onDeleted, onCancel }: { imageId: string | null; onDeleted: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!imageId) return;
    setBusy(true);
    setError(null);
    try {
      await deleteImage(imageId);
      onDeleted(imageId);
    } catch {
      setError(t('images.delete.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={imageId !== null}
      title={t('images.delete.title')}
      message={t('images.delete.message')}
      confirmLabel={t('images.delete.confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setError(null);
        onCancel();
      }}
    />
  );
}
