import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A unique, valid registration body (outline-style row factory). */
export function buildRegistration(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `user_${tag}`.slice(0, 20), email: `u${tag}@example.com`, password: 'correct horse', ...overrides };
}

export async function registerUser(app: FastifyInstance, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const body = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { ...body, userId: response.json().data.user.userId as string };
}

export async function loginUser(app: FastifyInstance, email: string, password: string, rememberMe = false) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, rememberMe } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data as { accessToken: string; refreshToken: string; expiresIn: number; user: { userId: string; credits: number } };
}

/** Registers and logs in; returns the tokens and an Authorization header. */
export async function signedInUser(app: FastifyInstance, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const user = await registerUser(app, overrides);
  const session = await loginUser(app, user.email, user.password);
  return { ...user, ...session, headers: { authorization: `Bearer ${session.accessToken}` } };
}
