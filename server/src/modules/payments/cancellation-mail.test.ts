import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { cancellationMail } from './cancellation-mail';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };

describe('cancellation mail', () => {
  const base = { to: 'a@example.com', publicUrl: 'https://studio.example', username: 'maple', planCode: 'PRO_YEARLY', activeUntil: '2027-03-10T10:00:00.000Z' };

  it('says the plan was cancelled, until when it stays active, and links to the profile, in the member’s language', () => {
    const en = cancellationMail({ ...base, lang: 'en' });
    expect(en.subject).toBe('Your Coloring Studio plan was cancelled: Pro (yearly)');
    expect(en.text).toContain('Your plan stays active until 2027-03-10');
    expect(en.text).toContain('Your profile: https://studio.example/profile');
    expect(en.html).toContain('<a href="https://studio.example/profile">Your profile</a>');
    const ja = cancellationMail({ ...base, lang: 'ja' });
    expect(ja.subject).toBe('Coloring Studio のプランを解約しました：プロ（年払い）');
    expect(ja.text).toContain('2027-03-10 まで有効');
    expect(ja.text).toContain('https://studio.example/ja/profile');
    const zh = cancellationMail({ ...base, lang: 'zh' });
    expect(zh.text).toContain('专业版（按年）套餐已取消');
    expect(zh.text).toContain('在 2027-03-10 之前仍然有效');
    expect(zh.html).toContain('https://studio.example/zh/profile');
  });
});

describe.each(databaseKinds)('a member cancelling their plan on %s', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message), close: async () => undefined };

  beforeAll(async () => {
    t = await createTestApp(kind, { mailer });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });

  it('gets exactly one mail in their language; cancelling again sends none', async () => {
    const user = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ preferred_lang: 'ja' }).where('id', '=', user.userId).execute();
    const created = (await post('/api/payment/order', user.headers, { planCode: 'LITE_MONTHLY', method: 'card' })).json().data;
    expect((await post(`/api/payment/capture/${created.id}`, user.headers, { card: GOOD_CARD })).json().data.status).toBe('paid');
    const cancellations = () => sent.filter((message) => message.to === user.email && message.subject.startsWith('Coloring Studio のプランを解約しました'));
    expect(cancellations()).toHaveLength(0);

    const cancelled = await post('/api/subscription/cancel', user.headers);
    expect(cancelled.statusCode).toBe(200);
    const { endsAt } = cancelled.json().data as { endsAt: string };
    expect(cancellations()).toHaveLength(1);
    expect(cancellations()[0].subject).toBe('Coloring Studio のプランを解約しました：ライト（月払い）');
    expect(cancellations()[0].text).toContain(`${endsAt.slice(0, 10)} まで有効`);
    expect(cancellations()[0].text).toContain('http://studio.test/ja/profile');

    expect((await post('/api/subscription/cancel', user.headers)).statusCode).toBe(200);
    expect(cancellations()).toHaveLength(1);
  });
});
