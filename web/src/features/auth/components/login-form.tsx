import type { LoginResponse } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { lazySchema, useForm } from '../../../lib/use-form';
import { useLang } from '../../../lib/use-lang';
import { login } from '../api/auth-api';
import { GoogleButton } from './google-button';

export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

// zod and the account schemas load when the visitor starts on the form, not with the page.
const loginSchema = lazySchema(() => import('@studio/contracts/auth').then((contracts) => contracts.loginRequestSchema));

function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Email + password with remember-me (which also keeps the email for next time). */
export function LoginForm({ initialEmail, onSuccess }: { initialEmail?: string; onSuccess: (result: LoginResponse, rememberMe: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [remembered] = useState(rememberedEmail);
  const form = useForm(loginSchema, { email: initialEmail || remembered, password: '', rememberMe: Boolean(remembered) && !initialEmail });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldTexts(t, form.errors);
  const rememberMe = Boolean(form.values.rememberMe);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const data = await form.validateAsync();
    if (!data) return;
    setBusy(true);
    try {
      const result = await login(data);
      try {
        if (data.rememberMe) localStorage.setItem(REMEMBERED_EMAIL_KEY, data.email);
        else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
      } catch {
        // Storage unavailable: nothing to remember.
      }
      await onSuccess(result, data.rememberMe);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.invalidFormat) form.setServerErrors(apiError.fields);
      setError(errorText(t, apiError));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          label={t('auth.login.email')}
          type="email"
          {...form.bind('email')}
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          required
        />
        <TextField
          label={t('auth.login.password')}
          type="password"
          {...form.bind('password')}
          autoComplete="current-password"
          error={errors.password}
          required
        />
        <div className="flex items-center justify-between gap-3">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="rememberMe"
              checked={rememberMe}
              onChange={(event) => form.setValue('rememberMe', event.target.checked)}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            {t('auth.login.rememberMe')}
          </label>
          <Link to={paths.forgotPassword.getHref(lang)} className="text-sm font-medium text-brand-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      <GoogleButton rememberMe={rememberMe} onSuccess={(result, remember) => void onSuccess(result, remember)} />
    </div>
  );
}
