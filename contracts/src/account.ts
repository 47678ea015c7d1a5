import { z } from 'zod';
import { langSchema } from './auth';

/**
 * Deleting one's account (decision 051). The account confirms it is its owner again: with its
 * password, or, for an account without one (signed up with Google), with a Google ID token issued
 * in the last few minutes.
 */
export const deleteAccountRequestSchema = z
  .object({
    password: z.string().min(1, 'validation.required').max(200).optional(),
    googleToken: z.string().min(1, 'validation.required').max(8192).optional(),
    /** The language of the confirmation mail; the account's own language when absent. */
    lang: langSchema,
  })
  .superRefine((value, ctx) => {
    if (value.password === undefined && value.googleToken === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
    }
  });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** A Google ID token older than this does not confirm a deletion: it must come from a fresh sign-in. */
export const DELETE_ACCOUNT_GOOGLE_MAX_AGE_SECONDS = 10 * 60;

/** The web's confirm dialog for an account with a password. */
export const deleteAccountFormSchema = z.object({
  password: z.string().min(1, 'validation.required').max(200),
});

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** The name the data export is saved under. */
export function exportFileName(username: string, date: Date = new Date()): string {
  const safe = username.replace(/[^A-Za-z0-9_-]+/g, '_') || 'account';
  return `coloring-studio-${safe}-${date.toISOString().slice(0, 10)}.zip`;
}
