import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { newId, nowIso } from '../../lib/ids';
import { bookCredits, ledgerOf } from '../credits/credits.repository';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createReportsRepository } from '../images/reports.repository';
import { establishUser, signedInUser } from '../../test/factories';
import { createTestApp, metricsAuthorization, databaseKinds, waitFor, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

describe.each(databaseKinds)('generation on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker, generationTimeouts: { processTimeoutMs: 1500, staleAfterMs: 400, sweepEveryMs: 60_000 } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    fake.state.fail = null;
    fake.state.gate = null;
    fake.state.delayMs = 0;
  });

  const generate = (headers: Record<string, string>, body: object) => t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers, payload: body });
  const status = (headers: Record<string, string>, taskId: string) =>
    t.app.inject({ method: 'GET', url: `/api/images/tasks/${taskId}?type=text2image`, headers }).then((r) => r.json());
  const finished = (headers: Record<string, string>, taskId: string) =>
    (async () => {
      for (let i = 0; i < 200; i += 1) {
        const json = await status(headers, taskId);
        if (json.data.status === 'completed' || json.data.status === 'failed') return json.data;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('task did not finish');
    })();
  const balance = async (userId: string) => Number((await t.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
  const ledgerSum = async (userId: string) => (await ledgerOf(t.db.kysely, userId)).reduce((sum, row) => sum + Number(row.delta), 0);

  it('turns a prompt into a page: 20 credits, the task completes, the image is listed and downloads', async () => {
    const user = await signedInUser(t.app);
    const response = await generate(user.headers, { prompt: '  a cute unicorn  ', ratio: '3:4', difficulty: 'toddler', isPublic: true });
    expect(response.statusCode).toBe(200);
    const { taskId } = response.json().data;
    const done = await finished(user.headers, taskId);
    expect(done).toMatchObject({ status: 'completed', progress: 100, errorCode: null });
    expect(done.image).toMatchObject({ type: 'text2image', ratio: '3:4', difficulty: 'toddler', isPublic: true, userId: user.userId, title: { en: 'a cute unicorn' } });
    expect(await balance(user.userId)).toBe(30);
    expect(await ledgerSum(user.userId)).toBe(30);

    const list = await t.app.inject({ method: 'GET', url: '/api/images/userImg?type=text2image', headers: user.headers });
    expect(list.json().data).toMatchObject({ total: 1, counts: { all: 1, text2image: 1, image2image: 0 } });

    const png = await t.app.inject({ method: 'GET', url: `/api/images/${done.image.id}/download?format=png` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-disposition']).toBe(`attachment; filename="coloring-page-a-cute-unicorn-${done.image.id.slice(-8)}.png"`);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/images/${done.image.id}/download?format=pdf&paper=a4` });
    expect(pdf.body).toBe('%PDF-1.7 a4');
    const thumb = await t.app.inject({ method: 'GET', url: done.image.thumbnailUrl.replace('http://studio.test', '') });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsAuthorization })).body;
    expect(metrics).toMatch(/generation_task_duration_seconds_count\{type="text2image",outcome="completed"\} [1-9]/);
    expect(metrics).toMatch(/credits_booked\{reason="generation"\} -\d+/);
  });

  it("names a Japanese prompt's download in its own characters (RFC 6266 filename*), with an ASCII stand-in", async () => {
    const user = await signedInUser(t.app);
    const done = await finished(user.headers, (await generate(user.headers, { prompt: '黒猫とかぼちゃ' })).json().data.taskId);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/images/${done.image.id}/download?format=pdf` });
    const id8 = done.image.id.slice(-8);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="coloring-page---------${id8}.pdf"; filename*=UTF-8''${encodeURIComponent(`coloring-page-黒猫とかぼちゃ-${id8}.pdf`)}`);
  });

  it('keeps what the page could not draw as its localized note, and none when it drew everything', async () => {
    const user = await signedInUser(t.app);
    const partly = await finished(user.headers, (await generate(user.headers, { prompt: 'a monkey riding a bicycle and a quokka' })).json().data.taskId);
    expect(partly.image.additionalInfo).toEqual({ en: 'Not drawn: quokka', zh: '未画出：quokka', ja: '描けなかったもの：quokka' });
    const fully = await finished(user.headers, (await generate(user.headers, { prompt: 'a monkey riding a bicycle' })).json().data.taskId);
    expect(fully.image.additionalInfo).toBeNull();
  });

  it('says what the page drew instead of what it has no picture of', async () => {
    const user = await signedInUser(t.app);
    const done = await finished(user.headers, (await generate(user.headers, { prompt: 'a triceratops' })).json().data.taskId);
    expect(done.image.additionalInfo).toEqual({ en: 'Drawn instead: t-rex for triceratops', zh: '以相近的图代替：用霸王龙代替triceratops', ja: '代わりに描いたもの：triceratopsの代わりにティラノサウルス' });
  });

  it('gives 50 concurrent requests from a user holding 40 credits exactly 2 tasks, and the ledger matches', async () => {
    const user = await signedInUser(t.app);
    await t.db.kysely.transaction().execute((trx) => bookCredits(trx, { userId: user.userId, delta: -10, reason: 'adjustment', ref: `test:${user.userId}` }));
    let release!: () => void;
    fake.state.gate = new Promise((resolve) => (release = resolve));
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => generate(user.headers, { prompt: `dragon number ${i}` })));
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 402).every((r) => r.json().errorCode === 4004)).toBe(true);
    expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 402)).toBe(true);
    const tasks = await t.db.kysely.selectFrom('generation_tasks').select('id').where('user_id', '=', user.userId).execute();
    expect(tasks).toHaveLength(2);
    expect(await balance(user.userId)).toBe(0);
    expect(await ledgerSum(user.userId)).toBe(0);
    release();
    for (const r of accepted) await finished(user.headers, r.json().data.taskId);
  });

  it('refunds a failed generation exactly once, even when the failure handler runs twice', async () => {
    const user = await signedInUser(t.app);
    fake.state.fail = new AppError(ErrorCode.modelUnavailable);
    const { taskId } = (await generate(user.headers, { prompt: 'a fire truck' })).json().data;
    const done = await finished(user.headers, taskId);
    expect(done).toMatchObject({ status: 'failed', errorCode: 4008 });
    expect(await t.app.generation.failAndRefund({ id: taskId, user_id: user.userId }, ErrorCode.modelUnavailable, 'again')).toBe(false);
    const refunds = (await ledgerOf(t.db.kysely, user.userId)).filter((row) => row.reason === 'refund');
    expect(refunds).toHaveLength(1);
    expect(await balance(user.userId)).toBe(50);
    expect(await ledgerSum(user.userId)).toBe(50);
    // The image model's failure and the one refund are counted for the operators.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsAuthorization })).body;
    expect(metrics).toMatch(/generation_failures_total\{type="text2image",code="4008"\} [1-9]/);
    expect(metrics).toMatch(/generation_refunds_total\{code="4008"\} [1-9]/);
  });

  it('fails a page that takes too long with 4009 and refunds it', async () => {
    const user = await signedInUser(t.app);
    fake.state.delayMs = 3000;
    const { taskId } = (await generate(user.headers, { prompt: 'a slow snail' })).json().data;
    const done = await finished(user.headers, taskId);
    expect(done).toMatchObject({ status: 'failed', errorCode: 4009 });
    expect(await balance(user.userId)).toBe(50);
  });

  it('validates prompts (4001, 4002, 4003), private pages for free members (4010) and the running-task cap (4007)', async () => {
    const user = await signedInUser(t.app);
    expect((await generate(user.headers, { prompt: '   ' })).json().errorCode).toBe(4001);
    expect((await generate(user.headers, { prompt: '字'.repeat(1001) })).json().errorCode).toBe(4002);
    expect((await generate(user.headers, { prompt: 'gore everywhere' })).json().errorCode).toBe(4003);
    const privateAttempt = await generate(user.headers, { prompt: 'a kitten', isPublic: false });
    expect(privateAttempt.statusCode).toBe(403);
    expect(privateAttempt.json().errorCode).toBe(4010);
    expect(await balance(user.userId)).toBe(50);

    await t.db.kysely.transaction().execute((trx) => bookCredits(trx, { userId: user.userId, delta: 100, reason: 'adjustment', ref: `test-more:${user.userId}` }));
    let release!: () => void;
    fake.state.gate = new Promise((resolve) => (release = resolve));
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await generate(user.headers, { prompt: `kitten ${i}` })).json().data.taskId);
    const fourth = await generate(user.headers, { prompt: 'kitten 4' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errorCode).toBe(4007);
    expect(await balance(user.userId)).toBe(90);
    release();
    for (const id of ids) await finished(user.headers, id);
  });

  it('turns an uploaded photo into a page and refuses bad uploads without charging', async () => {
    const user = await signedInUser(t.app);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#88aa55' } }).jpeg().toBuffer();
    const good = multipart({ ratio: '4:3', isPublic: 'true', difficulty: 'children' }, { name: 'dog.jpg', type: 'image/jpeg', data: photo });
    const response = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...good.headers }, payload: good.payload });
    expect(response.statusCode).toBe(200);
    const done = await finished(user.headers, response.json().data.taskId);
    expect(done.image).toMatchObject({ type: 'image2image', ratio: '4:3' });
    // The faces the page drew are kept with it and told to its owner (decision 066), here and on the image's own answer.
    expect(done.image.faces).toEqual([{ eyes: 2 }]);
    const own = await t.app.inject({ method: 'GET', url: `/api/images/${done.image.id}`, headers: user.headers });
    expect(own.json().data.faces).toEqual([{ eyes: 2 }]);
    // The answer names the page only: the photo is the owner's, behind GET /api/images/:id/original.
    expect(done.image.defaultUrl).toBe(done.image.coloringUrl);
    expect(done.image.colorUrl).toBeNull();
    expect(JSON.stringify(done.image)).not.toMatch(/source|originals/);
    expect(await balance(user.userId)).toBe(30);

    const cases = [
      [multipart({}, { name: 'x.png', type: 'image/png', data: Buffer.from('just some text, renamed') }), 4006],
      [multipart({}, { name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 7) }), 4005],
      [multipart({}), 1003],
    ] as const;
    for (const [upload, code] of cases) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...upload.headers }, payload: upload.payload });
      expect(bad.json().errorCode).toBe(code);
    }
    expect(await balance(user.userId)).toBe(30);
  });

  it("keeps another user's images out of reach: delete, report and private download answer 404", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro' }).where('id', '=', owner.userId).execute();
    const { taskId } = (await generate(owner.headers, { prompt: 'a secret garden', isPublic: false })).json().data;
    const done = await finished(owner.headers, taskId);
    const imageId = done.image.id;
    expect(done.image.isPublic).toBe(false);
    expect(done.image).not.toHaveProperty('faces');
    expect(done.image.coloringUrl).toMatch(/\?exp=\d+&sig=/);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${imageId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/images/report', headers: stranger.headers, payload: { imageId, content: 'bad' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/images/${imageId}/page.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: done.image.coloringUrl.replace('http://studio.test', '') })).statusCode).toBe(200);
    expect((await status(stranger.headers, taskId)).errorCode).toBe(4011);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png`, headers: owner.headers })).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('reports').select('id').where('image_id', '=', imageId).execute()).toHaveLength(0);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/images/${imageId}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('takes a public image offline after reports from 3 different established users, one report each', async () => {
    const owner = await signedInUser(t.app);
    const { taskId } = (await generate(owner.headers, { prompt: 'a happy whale' })).json().data;
    const imageId = (await finished(owner.headers, taskId)).image.id;
    const reporters = [await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app)];
    for (const reporter of reporters) await establishUser(t.db.kysely, reporter.userId);
    const first = await t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporters[0].headers, payload: { imageId, content: 'not suitable' } });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporters[0].headers, payload: { imageId, content: 'again' } });
    expect(again.statusCode).toBe(409);
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporters[1].headers, payload: { imageId, content: 'x'.repeat(501) } });
    expect(tooLong.json()).toMatchObject({ errorCode: 1003, data: { fields: { content: 'validation.reportTooLong' } } });
    for (const reporter of reporters.slice(1)) {
      await t.app.inject({ method: 'POST', url: '/api/images/report', headers: reporter.headers, payload: { imageId, content: 'not suitable' } });
    }
    const row = await t.db.kysely.selectFrom('images').select('is_online').where('id', '=', imageId).executeTakeFirstOrThrow();
    expect(row.is_online).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png` })).statusCode).toBe(404);

    // Moderation: the open reports are listed, and keeping the image brings it back online.
    const moderation = createReportsRepository(t.db.kysely);
    const open = await moderation.open();
    expect(open.find((entry) => entry.imageId === imageId)).toMatchObject({ isOnline: false, title: 'a happy whale' });
    expect(await moderation.resolve(imageId, 'keep')).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${imageId}/download?format=png` })).statusCode).toBe(200);
    expect((await moderation.open()).find((entry) => entry.imageId === imageId)).toBeUndefined();
  });

  it('recovers tasks a killed process left behind: retried once, then failed and refunded', async () => {
    const user = await signedInUser(t.app);
    // What a process killed mid-task leaves: the debit, and a task in `processing` nobody tends.
    const orphan = async (attempts: number) => {
      const id = newId();
      await t.db.kysely.transaction().execute(async (trx) => {
        await bookCredits(trx, { userId: user.userId, delta: -20, reason: 'generation', ref: `generation:${id}` });
        await trx
          .insertInto('generation_tasks')
          .values({
            id, user_id: user.userId, type: 'text2image', status: 'processing', progress: 40, attempts,
            params: JSON.stringify({ prompt: 'an orphaned owl', ratio: '1:1', difficulty: 'children', isPublic: true, seed: 7, lang: 'en' }),
            provider_ref: null, upload_key: null, error_code: null, error_message: null, image_id: null,
            created_at: nowIso(-30), started_at: nowIso(-30), heartbeat_at: nowIso(-30), finished_at: null,
          })
          .execute();
      });
      return id;
    };
    const retried = await orphan(1);
    const exhausted = await orphan(2);
    expect(await balance(user.userId)).toBe(10);
    await t.app.generation.recoverStaleTasks();
    expect(await finished(user.headers, retried)).toMatchObject({ status: 'completed' });
    expect(await finished(user.headers, exhausted)).toMatchObject({ status: 'failed', errorCode: 4009 });
    expect(await balance(user.userId)).toBe(30);
    expect(await ledgerSum(user.userId)).toBe(30);
    await waitFor(() => (fake.state.calls > 0 ? true : null));
  });
});

describe('generation without an engine', () => {
  it('answers 4008 (model unavailable) and charges nothing', async () => {
    const t = await createTestApp('sqlite');
    try {
      const user = await signedInUser(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'a cat' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().errorCode).toBe(4008);
    } finally {
      await t.close();
    }
  });
});
