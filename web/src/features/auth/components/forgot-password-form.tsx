import { forgotPasswordRequestSchema } from '@studio/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorText, fieldTexts } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { useLang } from '../../../lib/use-lang';
import { forgotPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';

/** Email form, then a confirmation naming the email with resend and back-to-login. */
export function ForgotPasswordFlow() {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm(forgotPasswordRequestSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldTexts(t, form.errors);

  const send = async (email: string, resend: boolean) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await forgotPassword({ email, lang });
      setSentTo(email);
      if (resend) setNotice(t('auth.forgot.resent'));
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')}>
        <div className="space-y-5">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
            <svg className="size-7" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M3.5 6.5l8.5 6 8.5-6" />
            </svg>
          </div>
          <p className="text-center text-sm leading-relaxed text-slate-700" data-testid="forgot-sent">
            {t('auth.forgot.sentBody', { email: sentTo })}
          </p>
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="grid gap-3">
            <Button variant="secondary" loading={busy} onClick={() => void send(sentTo, true)}>
              {t('auth.forgot.resend')}
            </Button>
            <Link to={paths.login.getHref(lang)} className={buttonClass('primary')}>
              {t('auth.forgot.backToLogin')}
            </Link>
            <Button
              variant="ghost"
              onClick={() => {
                setSentTo(null);
                setNotice(null);
              }}
            >
              {t('auth.forgot.useAnother')}
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Link to={paths.login.getHref(lang)} className="font-semibold text-brand-700 hover:underline">
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const data = form.validate();
          if (data) void send(data.email, false);
        }}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('auth.forgot.email')}
          type="email"
          {...form.bind('email')}
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          required
        />
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
