import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { HomeScreen } from '../../features/library/components/home-screen';

export function HomeRoute() {
  const { t } = useTranslation();
  // After "Delete my account" the profile page sends the visitor here with this notice.
  const deleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  return (
    <>
      {deleted ? (
        <div className="mx-auto max-w-4xl px-4 pt-6 sm:px-6" data-testid="account-deleted-notice">
          <Alert tone="success">{t('account.delete.done')}</Alert>
        </div>
      ) : null}
      <HomeScreen />
    </>
  );
}
