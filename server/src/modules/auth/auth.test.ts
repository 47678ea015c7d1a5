import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf } from '../credits/credits.repository';
import { buildRegistration, loginUser, registerUser, signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, readOutbox, waitFor, type TestApp } from '../../test/test-app';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('register', () => {
    it('creates a free account with 50 credits booked in the ledger', async () => {
      const body = buildRegistration();
      const response = await post('/api/auth/register', body);
      expect(response.statusCode).toBe(201);
      const json = response.json();
      expect(json).toMatchObject({ status: 'success', errorCode: null, data: { user: { username: body.username, email: body.email, credits: 50, membershipLevel: 'free' } } });
      const ledger = await ledgerOf(t.db.kysely, json.data.user.userId);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: 50, reason: 'signup', balance_after: 50 });
    });

    it.each([
      ['password of 5 characters', { password: '12345' }, 'password', 'validation.passwordLength'],
      ['password of 51 characters', { password: 'x'.repeat(51) }, 'password', 'validation.passwordLength'],
      ['username with a space', { username: 'ada lovelace' }, 'username', 'validation.usernameChars'],
      ['username of 1 character', { username: 'a' }, 'username', 'validation.usernameLength'],
      ['username of 21 characters', { username: 'a'.repeat(21) }, 'username', 'validation.usernameLength'],
      ['malformed email', { email: 'not-an-email' }, 'email', 'validation.email'],
    ])('rejects a %s with 1003 and the field', async (_label, override, field, key) => {
      const response = await post('/api/auth/register', buildRegistration(override));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', errorCode: 1003, data: { fields: { [field]: key } } });
    });

    it('rejects a duplicate email with 2001 and a duplicate username (any case) with 2002', async () => {
      const first = await registerUser(t.app);
      const sameEmail = await post('/api/auth/register', buildRegistration({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().errorCode).toBe(2001);
      const sameName = await post('/api/auth/register', buildRegistration({ username: first.username.toUpperCase() }));
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().errorCode).toBe(2002);
    });

    it('accepts and checks long CJK passwords without truncation', async () => {
      const password = '彩色的花园里有一只小猫'.repeat(4);
      const user = await registerUser(t.app, { password });
      await expect(loginUser(t.app, user.email, password)).resolves.toMatchObject({ user: { userId: user.userId } });
      const wrong = await post('/api/auth/login', { email: user.email, password: password.slice(0, -1) + '狗' });
      expect(wrong.json().errorCode).toBe(1001);
    });
  });

  describe('login', () => {
    it('gives the same 1001 answer for a wrong password and an unknown email', async () => {
      const user = await registerUser(t.app);
      const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong password' });
      const unknown = await post('/api/auth/login', { email: `nobody-${Date.now()}@example.com`, password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ errorCode: 1001, data: null });
    });

    it('gives a long-lived refresh token with remember-me and a short one without', async () => {
      const user = await registerUser(t.app);
      const remembered = await loginUser(t.app, user.email, user.password, true);
      const session = await loginUser(t.app, user.email, user.password, false);
      const rows = await t.db.kysely.selectFrom('refresh_tokens').select(['expires_at', 'created_at']).where('user_id', '=', user.userId).orderBy('id').execute();
      const days = rows.map((r) => (Date.parse(r.expires_at) - Date.parse(r.created_at)) / 86_400_000);
      expect(days[0]).toBeGreaterThan(29);
      expect(days[1]).toBeLessThan(1.01);
      expect(remembered.expiresIn).toBe(3600);
      expect(session.refreshToken).not.toBe(remembered.refreshToken);
    });
  });

  describe('tokens', () => {
    it('rotates refresh tokens, and reusing an old one revokes the whole family (1010)', async () => {
      const user = await signedInUser(t.app);
      const first = await post('/api/auth/refresh-token', { refreshToken: user.refreshToken });
      expect(first.statusCode).toBe(200);
      const rotated = first.json().data;
      expect(rotated.refreshToken).not.toBe(user.refreshToken);
      const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${rotated.accessToken}` } });
      expect(profile.statusCode).toBe(200);

      const replay = await post('/api/auth/refresh-token', { refreshToken: user.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().errorCode).toBe(1010);
      // The family is gone: the newest refresh token and its access token no longer work.
      const afterReplay = await post('/api/auth/refresh-token', { refreshToken: rotated.refreshToken });
      expect(afterReplay.json().errorCode).toBe(1010);
      const profileAfter = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${rotated.accessToken}` } });
      expect(profileAfter.json().errorCode).toBe(1011);
    });

    it('answers two simultaneous refreshes with one success and a revoked family', async () => {
      const user = await signedInUser(t.app);
      const [a, b] = await Promise.all([
        post('/api/auth/refresh-token', { refreshToken: user.refreshToken }),
        post('/api/auth/refresh-token', { refreshToken: user.refreshToken }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 401]);
    });

    it('rejects an unknown refresh token with 1010', async () => {
      const response = await post('/api/auth/refresh-token', { refreshToken: 'not-a-real-token' });
      expect(response.json()).toMatchObject({ status: 'error', errorCode: 1010 });
    });

    it('logout revokes the session: its access and refresh tokens stop working', async () => {
      const user = await signedInUser(t.app);
      const logout = await post('/api/auth/logout', {}, user.headers);
      expect(logout.statusCode).toBe(200);
      const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().errorCode).toBe(1011);
      expect((await post('/api/auth/refresh-token', { refreshToken: user.refreshToken })).json().errorCode).toBe(1010);
    });

    it('googlelogout ends the session the same way', async () => {
      const user = await signedInUser(t.app);
      expect((await post('/api/auth/googlelogout', {}, user.headers)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers })).statusCode).toBe(401);
    });

    it('rejects expired, tampered, alg:none and refresh-as-access tokens with 1011', async () => {
      const user = await signedInUser(t.app);
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const session = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
      const expired = await new SignJWT({ sid: session.id, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.userId)
        .setIssuer('coloring-studio')
        .setAudience('coloring-studio-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
      const [header, payload, signature] = user.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
      const none = new UnsecuredJWT({ sid: session.id, typ: 'access' }).setSubject(user.userId).setIssuer('coloring-studio').setAudience('coloring-studio-api').setExpirationTime('1h').encode();
      for (const token of [expired, tampered, none, user.refreshToken, 'garbage']) {
        const response = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ status: 'error', errorCode: 1011, data: null });
      }
      const missing = await t.app.inject({ method: 'GET', url: '/api/users/profile' });
      expect(missing.json().errorCode).toBe(1011);
    });
  });

  describe('password reset', () => {
    const mailTo = (email: string) => waitFor(() => readOutbox(t.outboxDir).find((m) => m.includes(`To: ${email}`)), 15_000);
    const linkIn = (mail: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];

    it('mails a single-use link built from PUBLIC_URL that resets the password and ends every session', async () => {
      const user = await signedInUser(t.app);
      const response = await post('/api/users/forgot-password', { email: user.email });
      expect(response.statusCode).toBe(200);
      const mail = await mailTo(user.email);
      expect(mail).toContain('http://studio.test/reset-password?token=');
      expect(mail).toContain(`To: ${user.email}`);
      const token = linkIn(mail)!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

      const valid = await post(`/api/users/validate-reset-token/${token}`, {});
      expect(valid.json().data).toMatchObject({ valid: true, email: user.email });

      const reset = await post('/api/users/reset-password', { token, newPassword: 'brand new secret' });
      expect(reset.statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: user.email, password: user.password })).json().errorCode).toBe(1001);
      await expect(loginUser(t.app, user.email, 'brand new secret')).resolves.toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers })).statusCode).toBe(401);

      const reused = await post('/api/users/reset-password', { token, newPassword: 'another secret' });
      expect(reused.json().errorCode).toBe(1020);
      expect((await post(`/api/users/validate-reset-token/${token}`, {})).json().data.valid).toBe(false);
    });

    it('uses the language prefix of the request in the link', async () => {
      const user = await registerUser(t.app);
      await post('/api/users/forgot-password', { email: user.email, lang: 'ja' });
      const mail = await mailTo(user.email);
      expect(mail).toContain('http://studio.test/ja/reset-password?token=');
    });

    it('answers an unknown email exactly like a known one and sends nothing', async () => {
      const user = await registerUser(t.app);
      const known = await post('/api/users/forgot-password', { email: user.email });
      await mailTo(user.email);
      const count = readOutbox(t.outboxDir).length;
      const unknown = await post('/api/users/forgot-password', { email: `ghost-${Date.now()}@example.com` });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(readOutbox(t.outboxDir)).toHaveLength(count);
    });

    it('refuses an expired link with 1019 and an unknown one with 1020', async () => {
      const user = await registerUser(t.app);
      await post('/api/users/forgot-password', { email: user.email });
      const token = linkIn(await mailTo(user.email))!;
      await t.db.kysely.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.userId).execute();
      expect((await post('/api/users/reset-password', { token, newPassword: 'brand new secret' })).json().errorCode).toBe(1019);
      expect((await post(`/api/users/validate-reset-token/${token}`, {})).json().data).toMatchObject({ valid: false, reason: 'expired' });
      expect((await post('/api/users/reset-password', { token: 'made-up-token', newPassword: 'brand new secret' })).json().errorCode).toBe(1020);
    });
  });
});
