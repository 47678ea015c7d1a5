import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLang } from '../../lib/use-lang';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** "Private pages are a paid option": the prompt a free member sees on pressing a paid-only switch. */
export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('generator.upgrade.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('generator.upgrade.later')}
          </Button>
          <Link to={paths.price.getHref(lang)} className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700">
            {t('generator.upgrade.cta')}
          </Link>
        </>
      }
    >
      <p>{t('generator.upgrade.body')}</p>
    </Dialog>
  );
}
