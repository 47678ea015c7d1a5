import { profileFormSchema, type UpdateProfileRequest, type User } from '@studio/contracts/auth';
import { AVATAR_MAX_BYTES } from '@studio/contracts/constants';
import { ErrorCode } from '@studio/contracts/errors';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/layout/avatar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useLang } from '../../../lib/use-lang';
import { updateProfile, uploadAvatar } from '../api/profile-api';
import { AccountDataPanel } from './account-data-panel';
import { MembershipPanel } from './membership-panel';
import { OrderHistory } from './order-history';

type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

function AvatarPicker({ user, onUploaded }: { user: User; onUploaded: (user: User) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    if (!file.type.startsWith('image/')) return setMessage({ tone: 'error', text: t('validation.avatarType') });
    if (file.size > AVATAR_MAX_BYTES) return setMessage({ tone: 'error', text: t('validation.avatarSize') });
    setBusy(true);
    try {
      onUploaded(await uploadAvatar(file));
      setMessage({ tone: 'success', text: t('profile.avatarUpdated') });
    } catch (failure) {
      setMessage({ tone: 'error', text: errorText(t, failure) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="group relative rounded-full"
        aria-label={t('profile.avatarChange')}
        disabled={busy}
      >
        <Avatar user={user} className="size-24 text-3xl" alt={t('profile.avatarAlt', { name: user.username })} />
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-slate-900/0 text-white transition group-hover:bg-slate-900/40">
          {busy ? <Spinner className="size-6" /> : null}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('profile.avatarChange')}
        data-testid="avatar-input"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button variant="ghost" className="min-h-9 px-3 py-1" onClick={() => input.current?.click()} loading={busy}>
        {busy ? t('profile.avatarUploading') : t('profile.avatarChange')}
      </Button>
      <p className="text-xs text-slate-500">{t('profile.avatarHint')}</p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}

export function ProfileView({
  user,
  onUserChange,
  onLogout,
  onAccountDeleted,
}: {
  user: User;
  onUserChange: (user: User) => void;
  onLogout: () => Promise<void>;
  /** The account is gone on the server: sign out here and leave. */
  onAccountDeleted: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const passwordPanel = useId();
  const form = useForm(profileFormSchema, { username: user.username, currentPassword: '', newPassword: '', confirmPassword: '' });
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldTexts(t, form.errors);
  const canChangePassword = user.provider === 'password';

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const data = form.validate();
    if (!data) {
      if (form.errors.currentPassword || form.errors.newPassword || form.errors.confirmPassword) setPasswordOpen(true);
      return;
    }
    // Only a changed username and a new password are sent (product-spec §5).
    const request: UpdateProfileRequest = {};
    if (data.username !== user.username) request.username = data.username;
    if (data.newPassword) {
      request.currentPassword = data.currentPassword;
      request.newPassword = data.newPassword;
    }
    if (Object.keys(request).length === 0) return setMessage({ tone: 'info', text: t('profile.noChanges') });
    setBusy(true);
    try {
      const updated = await updateProfile(request);
      onUserChange(updated);
      form.reset({ username: updated.username, currentPassword: '', newPassword: '', confirmPassword: '' });
      setPasswordOpen(false);
      setMessage({ tone: 'success', text: t('profile.saved') });
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.usernameExists || apiError.code === ErrorCode.usernameAlreadyUsed) form.setServerErrors({ username: 'errors.1002' });
      else if (apiError.code === ErrorCode.currentPasswordIncorrect) {
        form.setServerErrors({ currentPassword: 'errors.1005' });
        setPasswordOpen(true);
      } else if (apiError.code === ErrorCode.invalidFormat) form.setServerErrors(apiError.fields);
      setMessage({ tone: 'error', text: errorText(t, apiError) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('profile.title')}</h1>
      <p className="mt-2 text-slate-600">{t('profile.subtitle')}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside className="space-y-4">
          <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <AvatarPicker user={user} onUploaded={onUserChange} />
            <p className="mt-4 text-center font-semibold text-slate-900" data-testid="profile-username">{user.username}</p>
            <p className="text-center text-xs text-slate-500">{t('profile.memberSince', { date: formatDate(user.createdAt, lang, 'long') })}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-1">
            <div className="rounded-2xl bg-sun-100 p-4">
              <dt className="text-xs font-medium uppercase tracking-wide text-sun-700">{t('profile.credits')}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="profile-credits">{formatNumber(user.credits, lang)}</dd>
            </div>
            <div className="rounded-2xl bg-brand-50 p-4">
              <dt className="text-xs font-medium uppercase tracking-wide text-brand-700">{t('profile.membership')}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{t(`membership.${user.membershipLevel}`)}</dd>
            </div>
          </dl>
        </aside>
        <form noValidate onSubmit={(event) => void save(event)} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-lg font-semibold text-slate-900">{t('profile.basicInfo')}</h2>
          <div className="mt-5 space-y-4">
            {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
            <TextField
              label={t('profile.username')}
              {...form.bind('username')}
              autoComplete="username"
              error={errors.username}
              hint={t('auth.register.usernameHint')}
            />
            <TextField label={t('profile.email')} type="email" name="email" value={user.email} readOnly hint={t('profile.emailHint')} />
          </div>
          <div className="mt-6 border-t border-slate-100 pt-4">
            {canChangePassword ? (
              <>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center justify-between rounded-xl px-1 text-left font-semibold text-slate-900"
                  aria-expanded={passwordOpen}
                  aria-controls={passwordPanel}
                  onClick={() => setPasswordOpen((value) => !value)}
                >
                  {t('profile.changePassword')}
                  <svg className={`size-5 text-slate-500 transition-transform ${passwordOpen ? 'rotate-180' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                  </svg>
                </button>
                <div id={passwordPanel} hidden={!passwordOpen} className="mt-3 space-y-4">
                  <TextField
                    label={t('profile.currentPassword')}
                    type="password"
                    name="currentPassword"
                    autoComplete="current-password"
                    value={form.values.currentPassword}
                    onChange={(event) => form.setValue('currentPassword', event.target.value)}
                    error={errors.currentPassword}
                  />
                  <TextField
                    label={t('profile.newPassword')}
                    type="password"
                    name="newPassword"
                    autoComplete="new-password"
                    value={form.values.newPassword}
                    onChange={(event) => form.setValue('newPassword', event.target.value)}
                    error={errors.newPassword}
                    hint={t('auth.register.passwordHint')}
                  />
                  <TextField
                    label={t('profile.confirmPassword')}
                    type="password"
                    name="confirmPassword"
                    autoComplete="new-password"
                    value={form.values.confirmPassword}
                    onChange={(event) => form.setValue('confirmPassword', event.target.value)}
                    error={errors.confirmPassword}
                  />
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-600">{t('profile.googleNoPassword')}</p>
            )}
          </div>
          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center">
            <Button variant="danger" onClick={() => void onLogout()}>
              {t('profile.logout')}
            </Button>
            <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
              <Button variant="secondary" onClick={() => void navigate(-1)}>
                {t('profile.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {busy ? t('profile.saving') : t('profile.save')}
              </Button>
            </div>
          </div>
        </form>
      </div>
      <div className="mt-6 space-y-6">
        <MembershipPanel user={user} />
        <OrderHistory />
        <AccountDataPanel user={user} onDeleted={onAccountDeleted} />
      </div>
    </div>
  );
}
