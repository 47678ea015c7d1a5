import { resetPasswordFormSchema } from '@studio/contracts/auth';
import { ErrorCode } from '@studio/contracts/errors';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { useLang } from '../../../lib/use-lang';
import { resetPassword, validateResetToken } from '../api/auth-api';
import { AuthCard } from './auth-card';

type Phase = { name: 'validating' } | { name: 'invalid' } | { name: 'form'; email?: string } | { name: 'done' };

/** Token check (spinner) → link-invalid page, or new-password form → success page. */
export function ResetPasswordFlow({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [phase, setPhase] = useState<Phase>(token ? { name: 'validating' } : { name: 'invalid' });
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldTexts(t, form.errors);

  useEffect(() => {
    if (!token) return;
    let live = true;
    validateResetToken(token)
      .then((result) => {
        if (live) setPhase(result.valid ? { name: 'form', email: result.email } : { name: 'invalid' });
      })
      .catch(() => {
        if (live) setPhase({ name: 'invalid' });
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (phase.name === 'validating') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
        <Spinner className="size-8" label={t('auth.reset.validating')} />
      </div>
    );
  }

  if (phase.name === 'invalid') {
    return (
      <AuthCard title={t('auth.reset.invalidTitle')} subtitle={t('auth.reset.invalidBody')}>
        <div className="grid gap-3" data-testid="reset-invalid">
          <Link to={paths.forgotPassword.getHref(lang)} className={buttonClass('primary')}>
            {t('auth.reset.requestNew')}
          </Link>
          <Link to={paths.login.getHref(lang)} className={buttonClass('ghost')}>
            {t('auth.forgot.backToLogin')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (phase.name === 'done') {
    return (
      <AuthCard title={t('auth.reset.successTitle')} subtitle={t('auth.reset.successBody')}>
        <Link to={paths.login.getHref(lang)} className={buttonClass('primary', 'w-full')} data-testid="reset-done">
          {t('auth.reset.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const data = form.validate();
    if (!data || !token) return;
    setBusy(true);
    try {
      await resetPassword({ token, newPassword: data.password });
      setPhase({ name: 'done' });
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ErrorCode.resetLinkInvalid || apiError.code === ErrorCode.resetLinkExpired) {
        setPhase({ name: 'invalid' });
        return;
      }
      if (apiError.code === ErrorCode.invalidFormat) form.setServerErrors({ password: apiError.fields.newPassword ?? 'validation.invalid' });
      setError(errorText(t, apiError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={phase.email ? t('auth.reset.subtitle', { email: phase.email }) : t('auth.reset.subtitleNoEmail')}>
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('auth.reset.password')}
          type="password"
          {...form.bind('password')}
          autoComplete="new-password"
          error={errors.password}
          hint={t('auth.register.passwordHint')}
          required
        />
        <TextField
          label={t('auth.reset.confirmPassword')}
          type="password"
          {...form.bind('confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
