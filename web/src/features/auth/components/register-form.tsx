import { registerFormSchema, type LoginResponse } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { useLang } from '../../../lib/use-lang';
import { register } from '../api/auth-api';
import { GoogleButton } from './google-button';

export function RegisterForm({ onRegistered, onGoogle }: { onRegistered: (email: string) => void; onGoogle: (result: LoginResponse, rememberMe: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm(registerFormSchema, { username: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldTexts(t, form.errors);
  const { values } = form;
  // Live confirmation check: as soon as something is typed in the confirmation.
  const confirmError = values.confirmPassword && values.confirmPassword !== values.password ? t('validation.passwordMismatch') : errors.confirmPassword;
  const confirmOk = values.confirmPassword !== '' && values.confirmPassword === values.password ? t('auth.register.passwordsMatch') : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      await register({ username: data.username, email: data.email, password: data.password, lang });
      onRegistered(data.email);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.invalidFormat) form.setServerErrors(apiError.fields);
      else if (apiError.code === ErrorCode.emailAlreadyRegistered) form.setServerErrors({ email: 'errors.2001' });
      else if (apiError.code === ErrorCode.usernameAlreadyUsed || apiError.code === ErrorCode.usernameExists)
        form.setServerErrors({ username: `errors.${apiError.code}` });
      setError(errorText(t, apiError));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          label={t('auth.register.username')}
          {...form.bind('username')}
          autoComplete="username"
          error={errors.username}
          hint={t('auth.register.usernameHint')}
          required
        />
        <TextField
          label={t('auth.register.email')}
          type="email"
          {...form.bind('email')}
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          required
        />
        <TextField
          label={t('auth.register.password')}
          type="password"
          {...form.bind('password')}
          autoComplete="new-password"
          error={errors.password}
          hint={t('auth.register.passwordHint')}
          required
        />
        <TextField
          label={t('auth.register.confirmPassword')}
          type="password"
          {...form.bind('confirmPassword')}
          autoComplete="new-password"
          error={confirmError}
          success={confirmOk}
          required
        />
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
      <GoogleButton rememberMe={false} onSuccess={onGoogle} />
    </div>
  );
}
