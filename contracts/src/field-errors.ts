import type { z } from 'zod';

/** First message key per field of a failed parse: what a form shows and `data.fields` carries. */
export function toFieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return fields;
}
