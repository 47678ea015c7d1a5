import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Already translated error text. */
  error?: string;
  hint?: ReactNode;
  /** Shown under the field when valid (e.g. "passwords match"). */
  success?: string;
}

/** A labelled input with its hint and inline error; password fields get a show/hide toggle. */
export function TextField({ label, error, hint, success, type = 'text', className = '', ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, success ? `${id}-ok` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && visible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`block min-h-11 w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 read-only:bg-slate-50 read-only:text-slate-500 ${
            error ? 'border-rose-400' : 'border-slate-300'
          } ${isPassword ? 'pr-20' : ''}`}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-1 right-1 rounded-lg px-3 text-xs font-semibold text-brand-700 hover:bg-brand-50"
            aria-pressed={visible}
          >
            {visible ? t('common.hidePassword') : t('common.showPassword')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-700">
          {error}
        </p>
      ) : success ? (
        <p id={`${id}-ok`} className="mt-1.5 text-sm text-emerald-700">
          {success}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
