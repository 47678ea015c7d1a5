import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newId, newSecretToken, nowIso } from '../lib/ids';
import { registerUser, signedInUser } from '../test/factories';
import { createTestApp, databaseKinds, readOutbox, waitFor, type TestApp } from '../test/test-app';

/**
 * The holes of the security review (issue 21), each reproduced against the real HTTP app on both
 * databases. Each test here failed before its fix.
 */

/** Holds the write lock on password_resets from another connection until released. */
async function lockPasswordResets(t: TestApp): Promise<() => Promise<void>> {
  if (t.db.dialect === 'sqlite') {
    const other = new SqliteDatabase(path.join(t.dataDir, 'test.db'));
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const transaction = t.db.kysely.transaction().execute(async (trx) => {
    await sql`lock table password_resets in exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await holding;
  return async () => {
    release();
    await transaction;
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe.each(databaseKinds)('security review holes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const mailsTo = (email: string, count: number) =>
    waitFor(() => {
      const mails = readOutbox(t.outboxDir).filter((m) => m.includes(`To: ${email}`));
      return mails.length >= count ? mails : null;
    }, 15_000);
  const linkIn = (mail: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
  const reset = (token: string, newPassword: string) => post('/api/users/reset-password', { token, newPassword });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password, rememberMe: false });

  describe('1. old reset links', () => {
    it('a link from an earlier request stops working once a newer link has reset the password', async () => {
      const user = await registerUser(t.app);
      await post('/api/users/forgot-password', { email: user.email });
      const first = linkIn((await mailsTo(user.email, 1))[0]);
      await post('/api/users/forgot-password', { email: user.email });
      const second = linkIn((await mailsTo(user.email, 2)).find((m) => !m.includes(first))!);

      expect((await reset(second, 'second secret')).statusCode).toBe(200);
      const old = await reset(first, 'first secret');
      expect(old.json().errorCode).toBe(1020);
      expect((await login(user.email, 'first secret')).statusCode).toBe(401);
      expect((await login(user.email, 'second secret')).statusCode).toBe(200);
    });

    it('a reset voids every other unused link of the user', async () => {
      const user = await registerUser(t.app);
      const other = newSecretToken();
      await t.db.kysely
        .insertInto('password_resets')
        .values({ id: newId(), user_id: user.userId, token_hash: hashToken(other), expires_at: nowIso(3600), created_at: nowIso(), used_at: null })
        .execute();
      await post('/api/users/forgot-password', { email: user.email });
      const sent = linkIn((await mailsTo(user.email, 1))[0]);
      expect((await reset(sent, 'brand new secret')).statusCode).toBe(200);
      expect((await reset(other, 'other secret')).json().errorCode).toBe(1020);
      expect((await post(`/api/users/validate-reset-token/${other}`, {})).json().data.valid).toBe(false);
    });

    it('a password changed in the profile voids the links sent before', async () => {
      const user = await signedInUser(t.app);
      await post('/api/users/forgot-password', { email: user.email });
      const token = linkIn((await mailsTo(user.email, 1))[0]);
      const changed = await t.app.inject({ method: 'PUT', url: '/api/users/update', headers: user.headers, payload: { currentPassword: user.password, newPassword: 'profile secret' } });
      expect(changed.statusCode).toBe(200);
      expect((await reset(token, 'attacker secret')).json().errorCode).toBe(1020);
      expect((await login(user.email, 'attacker secret')).statusCode).toBe(401);
      expect((await login(user.email, 'profile secret')).statusCode).toBe(200);
    });
  });

  describe('7. forgot-password answers before any account lookup', () => {
    it('answers a known and an unknown address alike while the reset table is locked, and mails the known one after', async () => {
      const user = await registerUser(t.app);
      const release = await lockPasswordResets(t);
      let known, unknown;
      try {
        // The unknown address first: the known one's work starts once its answer is out, and the
        // lock must be released by then.
        unknown = await within(post('/api/users/forgot-password', { email: `ghost-${newId()}@example.com` }), 3000);
        known = await within(post('/api/users/forgot-password', { email: user.email }), 3000);
      } finally {
        await release();
      }
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // The work done after the answer still happens: one link, one mail.
      await mailsTo(user.email, 1);
      const rows = await t.db.kysely.selectFrom('password_resets').select('id').where('user_id', '=', user.userId).execute();
      expect(rows).toHaveLength(1);
    });

    it('answers a malformed address with 1003 and sends nothing', async () => {
      const response = await post('/api/users/forgot-password', { email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe(1003);
    });
  });

  describe('renaming', () => {
    it('two users renaming to the same free name at once: one wins, the other gets the taken code, never a 500', async () => {
      for (let round = 0; round < 5; round += 1) {
        const [a, b] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
        const wanted = `race_${newId().slice(-10)}`;
        const answers = await Promise.all(
          [a, b].map((user) => t.app.inject({ method: 'PUT', url: '/api/users/update', headers: user.headers, payload: { username: wanted } })),
        );
        const codes = answers.map((answer) => answer.statusCode).sort();
        expect(codes, answers.map((answer) => answer.body).join(' ')).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ data: { fields: { username: 'validation.usernameTaken' } } });
      }
    });
  });
});
