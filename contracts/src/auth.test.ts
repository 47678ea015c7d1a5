import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema, registerFormSchema, registerRequestSchema, updateProfileRequestSchema } from './auth';
import { toFieldErrors } from './envelope';

const fieldErrors = (result: { success: boolean; error?: z.ZodError }) => (result.error ? toFieldErrors(result.error) : {});

describe('register contract', () => {
  const valid = { username: 'ada_1', email: 'Ada@Example.com', password: 'secret1' };

  it('accepts a valid request and lower-cases the email', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it.each([
    ['a', 'validation.usernameLength'],
    ['a'.repeat(21), 'validation.usernameLength'],
    ['ada lovelace', 'validation.usernameChars'],
    ['', 'validation.required'],
  ])('rejects username %j with %s', (username, key) => {
    expect(fieldErrors(registerRequestSchema.safeParse({ ...valid, username })).username).toBe(key);
  });

  it.each([
    ['12345', 'validation.passwordLength'],
    ['x'.repeat(51), 'validation.passwordLength'],
  ])('rejects password of %j', (password, key) => {
    expect(fieldErrors(registerRequestSchema.safeParse({ ...valid, password })).password).toBe(key);
  });

  it('counts CJK passwords by code point', () => {
    expect(registerRequestSchema.safeParse({ ...valid, password: '密码密码密码' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, password: '😀'.repeat(50) }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, password: '😀'.repeat(51) }).success).toBe(false);
  });

  it('checks the confirmation on the form', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'other1' });
    expect(fieldErrors(result).confirmPassword).toBe('validation.passwordMismatch');
  });

  it('rejects a malformed email', () => {
    expect(fieldErrors(loginRequestSchema.safeParse({ email: 'nope', password: 'secret1' })).email).toBe('validation.email');
  });
});

describe('profile update contract', () => {
  it('needs the current password to set a new one, and a different one', () => {
    expect(fieldErrors(updateProfileRequestSchema.safeParse({ newPassword: 'secret2' })).currentPassword).toBe('validation.required');
    expect(
      fieldErrors(updateProfileRequestSchema.safeParse({ currentPassword: 'secret2', newPassword: 'secret2' })).newPassword,
    ).toBe('validation.passwordSame');
    expect(updateProfileRequestSchema.safeParse({ username: 'grace' }).success).toBe(true);
  });
});
