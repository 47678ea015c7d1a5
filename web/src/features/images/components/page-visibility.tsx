import { isPaidLevel } from '@studio/contracts/constants';
import { ErrorCode } from '@studio/contracts/errors';
import type { ImageDto } from '@studio/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { setImageVisibility } from '../api/image-api';
import { VisibilitySwitch } from './visibility-switch';
import { UpgradeDialog } from '../../../components/marketing/upgrade-dialog';

/**
 * The owner's switch on a page of their own: share it in the public gallery or keep it private.
 * A photo page may be either on every plan (decision 050); a free member is offered an upgrade
 * only to make a text page private. Nothing for anyone else.
 */
export function PageVisibility({ image, onChange }: { image: ImageDto; onChange: (image: ImageDto) => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  if (!user || image.userId !== user.userId || (image.type !== 'text2image' && image.type !== 'image2image')) return null;
  const photo = image.type === 'image2image';
  const locked = !photo && !isPaidLevel(user.membershipLevel);

  async function toggle() {
    if (locked && image.isPublic) {
      setUpgradeOpen(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChange(await setImageVisibility(image.id, !image.isPublic));
    } catch (failure) {
      if (toApiError(failure).code === ErrorCode.privateNeedsPaidPlan) setUpgradeOpen(true);
      else setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200" data-testid="page-visibility">
      <VisibilitySwitch isPublic={image.isPublic} photo={photo} locked={locked} busy={busy} onToggle={() => void toggle()} />
      {image.isPublic && !image.isOnline ? <p className="mt-2 text-xs font-medium text-amber-800">{t('creations.underReview')}</p> : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </div>
  );
}
