import type { User } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { useLang } from '../../../lib/use-lang';
import { deleteAccount, downloadMyData } from '../api/account-api';
import { GoogleConfirm } from './google-confirm';

function DeleteAccountDialog({ user, open, onClose, onDeleted }: { user: User; open: boolean; onClose: () => void; onDeleted: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withPassword = user.provider === 'password';
  const word = t('account.delete.word');
  const confirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

  const close = () => {
    if (busy) return;
    setPassword('');
    setTyped('');
    setPasswordError(undefined);
    setError(null);
    onClose();
  };

  const submit = async (input: { password: string } | { googleToken: string }) => {
    setError(null);
    setPasswordError(undefined);
    setBusy(true);
    try {
      await deleteAccount({ ...input, lang });
      await onDeleted();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.currentPasswordIncorrect) setPasswordError(t('account.delete.wrongPassword'));
      else if (apiError.code === ErrorCode.cancelSubscriptionFailed) setError(t('account.delete.cancelFailed'));
      else setError(errorText(t, apiError));
      setBusy(false);
    }
  };

  const onSubmitPassword = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setPasswordError(t('validation.required'));
    if (!confirmed) return;
    void submit({ password });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('account.delete.title')}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('account.delete.keep')}
          </Button>
          {withPassword ? (
            <Button variant="danger" type="submit" form="delete-account-form" loading={busy} disabled={!confirmed || !password}>
              {t('account.delete.confirm')}
            </Button>
          ) : null}
        </>
      }
    >
      <form id="delete-account-form" noValidate onSubmit={onSubmitPassword} className="space-y-4">
        <p>{t('account.delete.intro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('account.delete.itemProfile')}</li>
          <li>{t('account.delete.itemPages')}</li>
          <li>{t('account.delete.itemPhotos')}</li>
          <li>{t('account.delete.itemColoured')}</li>
          <li>{t('account.delete.itemSubscription')}</li>
        </ul>
        <p>{t('account.delete.kept')}</p>
        <p className="font-semibold text-red-700">{t('account.delete.irreversible')}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('account.delete.typeLabel', { word })}
          name="confirmWord"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {withPassword ? (
          <TextField
            label={t('account.delete.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError}
          />
        ) : confirmed ? (
          <div className="space-y-2">
            <p>{t('account.delete.googleHint')}</p>
            {busy ? null : <GoogleConfirm onCredential={(googleToken) => void submit({ googleToken })} />}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

/** "Your data": a copy of everything in the account, or the account deleted with everything in it. */
export function AccountDataPanel({ user, onDeleted }: { user: User; onDeleted: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setMessage(null);
    setDownloading(true);
    try {
      const file = await downloadMyData();
      saveFile(file.blob, file.fileName);
      setMessage({ tone: 'success', text: t('account.export.ready') });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorText(t, failure) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="account-data-title">
      <h2 id="account-data-title" className="text-lg font-semibold text-slate-900">
        {t('account.title')}
      </h2>
      <div className="mt-5 grid gap-6 sm:grid-cols-2">
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">{t('account.export.title')}</h3>
          <p className="text-sm text-slate-600">{t('account.export.description')}</p>
          <Button variant="secondary" onClick={() => void download()} loading={downloading}>
            {downloading ? t('account.export.preparing') : t('account.export.button')}
          </Button>
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">{t('account.delete.heading')}</h3>
          <p className="text-sm text-slate-600">{t('account.delete.description')}</p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('account.delete.button')}
          </Button>
        </div>
      </div>
      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </section>
  );
}
