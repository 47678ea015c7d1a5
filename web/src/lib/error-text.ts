import { errorMessageKey } from '@studio/contracts/errors';
import type { TFunction } from 'i18next';
import { toApiError } from './api-error';

/** Translated text for any failure: the code's message, else the generic one. */
export function errorText(t: TFunction, error: unknown): string {
  const apiError = toApiError(error);
  return t(errorMessageKey(apiError.code), { defaultValue: t('errors.default') });
}

/** Translates field message keys (`validation.*`) for inline display. */
export function fieldTexts(t: TFunction, fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) out[field] = t(key, { defaultValue: t('validation.invalid') });
  return out;
}
