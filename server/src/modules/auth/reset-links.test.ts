import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories';
import { createTestApp, databaseKinds, readOutbox, waitFor, type TestApp } from '../../test/test-app';

/**
 * Issue 36, hole 4: concurrent forgot-password requests left several live reset links on
 * PostgreSQL (each request voided the links it could see, then inserted its own). The
 * void-and-insert now runs under the user's row lock (decision 052).
 */
describe.each(databaseKinds)('one live reset link per account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const linksIn = (email: string) =>
    readOutbox(t.outboxDir)
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]);

  it('10 forgot-password requests at once, five times over: exactly one of the mailed links works', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await registerUser(t.app);
      const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/users/forgot-password', { email: user.email })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      // The links are made after the answers went out: wait for all ten mails.
      const links = await waitFor(() => {
        const sent = linksIn(user.email);
        return sent.length >= 10 ? sent : null;
      }, 20_000);
      expect(new Set(links).size).toBe(10);
      const valid = [];
      for (const token of links) {
        if ((await post(`/api/users/validate-reset-token/${token}`, {})).json().data.valid) valid.push(token);
      }
      expect(valid, `round ${round}`).toHaveLength(1);
      const live = await t.db.kysely.selectFrom('password_resets').select('id').where('user_id', '=', user.userId).where('used_at', 'is', null).execute();
      expect(live, `round ${round}`).toHaveLength(1);
      // The one live link resets the password; then none is left.
      expect((await post('/api/users/reset-password', { token: valid[0], newPassword: `round ${round} secret` })).statusCode).toBe(200);
      expect(await t.db.kysely.selectFrom('password_resets').select('id').where('user_id', '=', user.userId).where('used_at', 'is', null).execute()).toHaveLength(0);
    }
  });
});
