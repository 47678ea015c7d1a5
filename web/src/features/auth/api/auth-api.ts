import type { LoginResponse } from '@studio/contracts/auth';
import type { Language } from '@studio/contracts/constants';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

// The answers are checked with the account schemas, loaded (with zod) at the first call.
const schemas = () => import('@studio/contracts/auth');

/** Account calls of api-spec §7 that need no session. */
export async function login(input: { email: string; password: string; rememberMe: boolean }): Promise<LoginResponse> {
  return apiRequest(apiPaths.login, { method: 'POST', body: input, schema: (await schemas()).loginResponseSchema });
}

export async function googleLogin(input: { token: string; rememberMe: boolean; lang: Language }): Promise<LoginResponse> {
  return apiRequest(apiPaths.google, { method: 'POST', body: input, schema: (await schemas()).loginResponseSchema });
}

export function register(input: { username: string; email: string; password: string; lang: Language }): Promise<unknown> {
  return apiRequest(apiPaths.register, { method: 'POST', body: input });
}

/** `lang` makes the mail and its link follow the site language. */
export function forgotPassword(input: { email: string; lang: Language }): Promise<unknown> {
  return apiRequest(apiPaths.forgotPassword, { method: 'POST', body: input });
}

export async function validateResetToken(token: string): Promise<{ valid: boolean; email?: string }> {
  return apiRequest(apiPaths.validateResetToken(token), { method: 'POST', schema: (await schemas()).validateResetTokenResponseSchema });
}

export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiRequest(apiPaths.resetPassword, { method: 'POST', body: input });
}
