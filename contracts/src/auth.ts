import { z } from 'zod';
import { LANGUAGES, MEMBERSHIP_LEVELS } from './constants';

/** The site language the request was made in: mails and links follow it. */
export const langSchema = z.enum(LANGUAGES).optional().catch(undefined);

/**
 * Account contracts (api-spec "Accounts", product-spec §5). Messages are locale keys under
 * `validation.` so the form, the client and the route report the same thing.
 */
export const usernameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .min(2, 'validation.usernameLength')
  .max(20, 'validation.usernameLength')
  .regex(/^[A-Za-z0-9_]+$/, 'validation.usernameChars');

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.email')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email')
  .transform((value) => value.toLowerCase());

/** Length counts code points, so a CJK password is never cut short or miscounted. */
export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .refine((value) => [...value].length >= 6, 'validation.passwordLength')
  .refine((value) => [...value].length <= 50, 'validation.passwordLength');

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  lang: langSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form adds the live confirmation check. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'validation.required') })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .refine((value) => [...value].length >= 6, 'validation.passwordMin'),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const googleLoginRequestSchema = z.object({
  token: z.string().min(1, 'validation.required').max(8192),
  rememberMe: z.boolean().optional().default(false),
  lang: langSchema,
});

export const refreshRequestSchema = z.object({
  refreshToken: z.string().min(1, 'validation.required').max(512),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema, lang: langSchema });

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'validation.required').max(256),
  newPassword: passwordSchema,
});

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'validation.required') })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });

/** Profile update: only a changed username and/or a new password (with the current one). */
export const updateProfileRequestSchema = z
  .object({
    username: usernameSchema.optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: passwordSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== undefined) {
      if (!value.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.required' });
      } else if (value.currentPassword === value.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordSame' });
      }
    }
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const profileFormSchema = z
  .object({
    username: usernameSchema,
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const changing = value.currentPassword !== '' || value.newPassword !== '' || value.confirmPassword !== '';
    if (!changing) return;
    if (!value.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.required' });
    const length = [...value.newPassword].length;
    if (!value.newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.required' });
    else if (length < 6 || length > 50) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordLength' });
    else if (value.newPassword === value.currentPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordSame' });
    if (!value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.required' });
    else if (value.confirmPassword !== value.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
  });

export const userSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  credits: z.number().int(),
  membershipLevel: z.enum(MEMBERSHIP_LEVELS),
  membershipPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  provider: z.enum(['password', 'google']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

export const loginResponseSchema = tokenSetSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileResponseSchema = z.object({ user: userSchema });

export const validateResetTokenResponseSchema = z.object({ valid: z.boolean(), email: z.string().optional() });

/** Public configuration the web needs at start (no secrets). */
export const clientConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  contactEmail: z.string(),
  paymentProvider: z.enum(['test', 'paypal']),
  paypalClientId: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
