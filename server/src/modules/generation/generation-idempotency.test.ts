import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf } from '../credits/credits.repository';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, filesUnder, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

/** One press of Generate, retried after a dropped connection, is one task and one debit (decision 060). */
describe.each(databaseKinds)('generation idempotency keys on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
  });
  afterAll(async () => {
    await t?.close();
  });

  const text = (headers: Record<string, string>, body: object, key?: string) =>
    t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
  const finished = async (headers: Record<string, string>, taskId: string, type = 'text2image') => {
    for (let i = 0; i < 200; i += 1) {
      const json = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=${type}`, headers })).json();
      if (json.data.status === 'completed' || json.data.status === 'failed') return json.data;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('task did not finish');
  };
  const balance = async (userId: string) => Number((await t.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
  const taskCount = async (userId: string) => (await t.db.kysely.selectFrom('generation_tasks').select('id').where('user_id', '=', userId).execute()).length;
  const debits = async (userId: string) => (await ledgerOf(t.db.kysely, userId)).filter((row) => row.reason === 'generation').length;

  it('answers a retry of the same press with the same task, charged once, even after the task is done', async () => {
    const user = await signedInUser(t.app);
    const first = await text(user.headers, { prompt: 'a black cat on a pumpkin' }, 'press-0001-abcdef');
    expect(first.statusCode).toBe(200);
    const { taskId } = first.json().data;
    const again = await text(user.headers, { prompt: 'a black cat on a pumpkin' }, 'press-0001-abcdef');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ taskId });
    await finished(user.headers, taskId);
    // Long after the page was made, the same key still names the same task.
    expect((await text(user.headers, { prompt: 'a black cat on a pumpkin' }, 'press-0001-abcdef')).json().data).toEqual({ taskId });
    expect(await taskCount(user.userId)).toBe(1);
    expect(await debits(user.userId)).toBe(1);
    expect(await balance(user.userId)).toBe(30);

    // A new press (a new key, or none) is a new page and a new debit.
    const next = await text(user.headers, { prompt: 'a black cat on a pumpkin' }, 'press-0002-abcdef');
    expect(next.json().data.taskId).not.toBe(taskId);
    await finished(user.headers, next.json().data.taskId);
    expect(await balance(user.userId)).toBe(10);
  });

  it('gives ten concurrent requests of one press one task and one debit', async () => {
    const user = await signedInUser(t.app);
    let release!: () => void;
    fake.state.gate = new Promise((resolve) => (release = resolve));
    try {
      const responses = await Promise.all(Array.from({ length: 10 }, () => text(user.headers, { prompt: 'a sleepy owl' }, 'concurrent-press-42')));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const ids = new Set(responses.map((response) => response.json().data.taskId));
      expect(ids.size).toBe(1);
      expect(await taskCount(user.userId)).toBe(1);
      expect(await debits(user.userId)).toBe(1);
      expect(await balance(user.userId)).toBe(30);
    } finally {
      release();
      fake.state.gate = null;
    }
  });

  it("keeps one member's key apart from another's", async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const a = (await text(alice.headers, { prompt: 'a kite' }, 'shared-key-12345')).json().data.taskId;
    const b = (await text(bob.headers, { prompt: 'a kite' }, 'shared-key-12345')).json().data.taskId;
    expect(a).not.toBe(b);
    await finished(alice.headers, a);
    await finished(bob.headers, b);
    expect(await balance(alice.userId)).toBe(30);
    expect(await balance(bob.userId)).toBe(30);
  });

  it('answers a retried photo upload with the same task and keeps no second copy of the photo', async () => {
    const user = await signedInUser(t.app);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#558866' } }).jpeg().toBuffer();
    const upload = multipart({ difficulty: 'children' }, { name: 'dog.jpg', type: 'image/jpeg', data: photo });
    let release!: () => void;
    fake.state.gate = new Promise((resolve) => (release = resolve));
    const send = () => t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...upload.headers, 'idempotency-key': 'photo-press-0001' }, payload: upload.payload });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.json().data.taskId).toBe(second.json().data.taskId);
    expect(filesUnder(path.join(t.dataDir, 'files', 'uploads'))).toHaveLength(1);
    release();
    fake.state.gate = null;
    expect(await finished(user.headers, first.json().data.taskId, 'image2image')).toMatchObject({ status: 'completed' });
    expect((await send()).json().data.taskId).toBe(first.json().data.taskId);
    expect(await balance(user.userId)).toBe(30);
    expect(filesUnder(path.join(t.dataDir, 'files', 'uploads'))).toEqual([]);
  });

  it('refuses a malformed key with 1003 and charges nothing', async () => {
    const user = await signedInUser(t.app);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const response = await text(user.headers, { prompt: 'a boat' }, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 1003, data: { fields: { 'idempotency-key': 'validation.invalid' } } });
    }
    expect(await balance(user.userId)).toBe(50);
  });
});
