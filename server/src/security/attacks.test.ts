import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPromptTooLong } from '@studio/contracts/prompt';
import { createEnginePageMaker } from '../adapters/engine/engine-page-maker';
import type { PageMaker } from '../adapters/engine/page-maker';
import { createFakePageMaker } from '../test/fake-page-maker';
import { buildRegistration, registerUser, signedInUser } from '../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app';
import { multipart, pngDeclaring } from '../test/uploads';

/**
 * The attack list of the scale-out issue that the other suites do not already cover (those are
 * named in each block): bad uploads through the real engine's probe, prompt length and filter
 * evasion through the real filter, private images, mass assignment and account enumeration.
 */

describe('attacks on uploads and prompts, through the real engine checks', () => {
  let t: TestApp;
  const fake = createFakePageMaker();
  beforeAll(async () => {
    // The real probe and filter decide; the slow drawing is the fake's.
    const engine = createEnginePageMaker({ providerConfig: { IMAGE_PROVIDER: 'local' } });
    const maker: PageMaker = { ...fake.maker, checkPrompt: engine.checkPrompt, probeUpload: engine.probeUpload };
    t = await createTestApp('sqlite', { maker });
  });
  afterAll(() => t?.close());

  const credits = async (userId: string) => Number((await t.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
  const upload = (headers: Record<string, string>, file: { name: string; type: string; data: Buffer }) => {
    const body = multipart({ ratio: '1:1' }, file);
    return t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('rejects disguised, spoofed, truncated and oversized uploads with clear codes, charging nothing and leaving no file', async () => {
    const user = await signedInUser(t.app);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7799cc' } }).jpeg().toBuffer();
    const svgPolyglot = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
    const htmlPolyglot = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
    const cases: [string, { name: string; type: string; data: Buffer }, number][] = [
      ['an SVG with a script renamed .png', { name: 'cat.png', type: 'image/png', data: svgPolyglot }, 4006],
      ['HTML sent as image/png', { name: 'cat.png', type: 'image/png', data: htmlPolyglot }, 4006],
      ['a truncated JPEG', { name: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 3)) }, 3001],
      ['a pixel bomb (20000 × 20000 declared in a few bytes)', { name: 'bomb.png', type: 'image/png', data: pngDeclaring(20_000, 20_000) }, 4005],
      ['a file over 10 MB', { name: 'huge.jpg', type: 'image/jpeg', data: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]) }, 4005],
    ];
    for (const [name, file, code] of cases) {
      const response = await upload(user.headers, file);
      expect(response.json().errorCode, name).toBe(code);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
    expect(await credits(user.userId)).toBe(50);
    const uploads = path.join(t.dataDir, 'files', 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it('sniffs the real type: a JPEG sent as image/gif under a path-traversal name is taken as a JPEG and stored under its own key', async () => {
    const user = await signedInUser(t.app);
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#cc7755' } }).jpeg().toBuffer();
    const response = await upload(user.headers, { name: '../../../../etc/passwd.gif', type: 'image/gif', data: jpeg });
    expect(response.statusCode).toBe(200);
    const stored = readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).map(String);
    expect(stored.some((name) => name.includes('passwd') || name.includes('..'))).toBe(false);
    expect(readdirSync(t.dataDir).some((name) => name.includes('passwd'))).toBe(false);
  });

  it('takes only the first frame of an animated GIF with thousands of frames', async () => {
    const user = await signedInUser(t.app);
    // 3000 frames in 69 KB, written by hand: header, then the same one-pixel frame again and again.
    const header = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00', 'latin1');
    const frame = Buffer.from('!\xf9\x04\x00\x0a\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00', 'latin1');
    const gif = Buffer.concat([header, ...Array.from({ length: 3000 }, () => frame), Buffer.from(';')]);
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(3000);
    const response = await upload(user.headers, { name: 'many.gif', type: 'image/gif', data: gif });
    // Accepted or refused as too small, but answered at once and never a server error.
    expect([200, 400]).toContain(response.statusCode);
  });

  it('counts 1000 against 1001 code points the same way as the client, for emoji and CJK', async () => {
    const user = await signedInUser(t.app, {});
    await t.db.kysely.updateTable('users').set({ credits: 1000 }).where('id', '=', user.userId).execute();
    const generate = (prompt: string) => t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt, ratio: '1:1' } });
    for (const ch of ['🦄', '猫', 'あ']) {
      const fits = ch.repeat(1000);
      const over = ch.repeat(1001);
      expect(isPromptTooLong(fits)).toBe(false);
      expect(isPromptTooLong(over)).toBe(true);
      expect((await generate(over)).json().errorCode, `${ch} × 1001`).toBe(4002);
      expect((await generate(fits)).statusCode, `${ch} × 1000`).toBe(200);
      // Only three may run at once; let them finish before the next pair.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('sees through full-width letters, zero-width joiners and spaced-out words in the filter', async () => {
    const user = await signedInUser(t.app);
    const generate = (prompt: string) => t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt, ratio: '1:1' } });
    for (const prompt of ['a ｇｏｒｅ scene', 'a go\u200dre scene', 'a g\u200bo\u2060r\ufeffe scene', 'ａ ｎａｚｉ flag', 'a n a z i flag']) {
      expect((await generate(prompt)).json().errorCode, prompt).toBe(4003);
    }
    expect(await credits(user.userId)).toBe(50);
  });

  it('names the word the filter stopped at, so the member knows what to change (issue 37)', async () => {
    const user = await signedInUser(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'a knight with a BLOODY sword' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 4003, data: { fields: { prompt: 'validation.promptBlocked' }, blockedTerm: 'bloody' } });
    const spaced = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: user.headers, payload: { prompt: 'ａ ｎａｚｉ flag' } });
    expect(spaced.json().data.blockedTerm).toBe('nazi');
    expect(await credits(user.userId)).toBe(50);
  });
});

describe('attacks on accounts and other users’ pages', () => {
  let t: TestApp;
  const fake = createFakePageMaker();
  beforeAll(async () => {
    t = await createTestApp('sqlite', { maker: fake.maker });
  });
  afterAll(() => t?.close());

  it('ignores credits, membership and ids smuggled into bodies (mass assignment)', async () => {
    const registration = { ...buildRegistration(), credits: 999_999, membershipLevel: 'max', userId: 'admin', role: 'admin' };
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.user).toMatchObject({ credits: 50, membershipLevel: 'free' });
    expect(registered.json().data.user.userId).not.toBe('admin');

    const user = await signedInUser(t.app);
    const other = await registerUser(t.app);
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: user.headers,
      payload: { username: `renamed_${Date.now().toString(36)}`.slice(0, 20), credits: 999_999, membershipLevel: 'max', membershipPeriodEnd: '2099-01-01', userId: other.userId, email: 'x@evil.test' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.user).toMatchObject({ userId: user.userId, credits: 50, membershipLevel: 'free', email: user.email });

    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/images/text2imggenerate',
      headers: user.headers,
      payload: { prompt: 'a cute fox', ratio: '1:1', userId: other.userId, cost: 0, credits: 0 },
    });
    expect(generated.statusCode).toBe(200);
    const task = await t.db.kysely.selectFrom('generation_tasks').select('user_id').where('id', '=', generated.json().data.taskId).executeTakeFirstOrThrow();
    expect(task.user_id).toBe(user.userId);
    const balances = await t.db.kysely.selectFrom('users').select(['id', 'credits']).where('id', 'in', [user.userId, other.userId]).execute();
    expect(Object.fromEntries(balances.map((row) => [row.id, Number(row.credits)]))).toEqual({ [user.userId]: 30, [other.userId]: 50 });

    const order = await t.app.inject({ method: 'POST', url: '/api/payment/order', headers: user.headers, payload: { planCode: 'PRO_YEARLY', amount: '0.01', currency: 'XXX' } });
    expect(order.json().data).toMatchObject({ amount: '167.88', currency: 'USD' });
  });

  it('keeps a private page out of every public place: list, search, files, downloads', async () => {
    const owner = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ membership_level: 'pro', membership_period_end: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', owner.userId).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt: 'zebra secret garden', ratio: '1:1', isPublic: false } });
    expect(response.statusCode).toBe(200);
    let image: { id: string; thumbnailUrl: string; defaultUrl: string } | null = null;
    for (let i = 0; i < 200 && !image; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${response.json().data.taskId}?type=text2image`, headers: owner.headers })).json();
      image = status.data.image;
      if (!image) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(image).not.toBeNull();
    const stranger = await signedInUser(t.app);
    const relative = (url: string) => url.replace('http://studio.test', '');

    for (const headers of [{}, stranger.headers]) {
      const byId = await t.app.inject({ method: 'GET', url: `/api/images?imageId=${image!.id}`, headers });
      expect(byId.json().data.images ?? [], 'by id').toEqual([]);
      const search = await t.app.inject({ method: 'GET', url: '/api/images?query=zebra%20secret', headers });
      expect(JSON.stringify(search.json().data)).not.toContain(image!.id);
      const byUser = await t.app.inject({ method: 'GET', url: `/api/images?userId=${owner.userId}&isPublic=false`, headers });
      expect(JSON.stringify(byUser.json().data)).not.toContain(image!.id);
      for (const format of ['png', 'pdf', 'svg']) {
        expect((await t.app.inject({ method: 'GET', url: `/api/images/${image!.id}/download?format=${format}`, headers })).statusCode, format).toBe(404);
      }
      // The signed file URLs of the owner's answer, stripped of their signature, lead nowhere.
      for (const url of [image!.thumbnailUrl, image!.defaultUrl]) {
        const unsigned = relative(url).split('?')[0];
        expect((await t.app.inject({ method: 'GET', url: unsigned, headers })).statusCode, unsigned).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: `${unsigned}?exp=9999999999&sig=forged`, headers })).statusCode, 'forged signature').toBe(404);
      }
    }
    // The owner still reaches it.
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image!.id}/download?format=png`, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: relative(image!.thumbnailUrl) })).statusCode).toBe(200);
  });

  it('answers login and forgot-password the same for unknown and known emails, in status, body and time', async () => {
    const known = await registerUser(t.app);
    const time = async (payload: object, url: string) => {
      const started = process.hrtime.bigint();
      const response = await t.app.inject({ method: 'POST', url, payload });
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode, body: response.json() };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const rounds = 7;
    const wrongPassword = [];
    const unknownEmail = [];
    for (let i = 0; i < rounds; i += 1) {
      wrongPassword.push(await time({ email: known.email, password: 'not the password' }, '/api/auth/login'));
      unknownEmail.push(await time({ email: `nobody${i}@example.com`, password: 'not the password' }, '/api/auth/login'));
    }
    expect(unknownEmail[0].status).toBe(wrongPassword[0].status);
    expect({ ...unknownEmail[0].body }).toEqual({ ...wrongPassword[0].body });
    // A password hash is checked either way: no fast path that would reveal unknown emails.
    const ratio = median(unknownEmail.map((r) => r.ms)) / median(wrongPassword.map((r) => r.ms));
    expect(ratio, `unknown/known login time ratio ${ratio.toFixed(2)}`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);

    const forgotKnown = await time({ email: known.email }, '/api/users/forgot-password');
    const forgotUnknown = await time({ email: 'nobody-at-all@example.com' }, '/api/users/forgot-password');
    expect(forgotUnknown.status).toBe(forgotKnown.status);
    expect(forgotUnknown.body).toEqual(forgotKnown.body);
  });
});

describe.each(databaseKinds)('attacks on deleting an account and downloading its data (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { maker: createFakePageMaker().maker });
  });
  afterAll(() => t?.close());

  const deleteAccount = (headers: Record<string, string>, payload: object, remoteAddress = '10.20.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/users/delete-account', headers, payload, remoteAddress });
  const alive = async (userId: string) => (await t.db.kysely.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;

  it('deletes only the signed-in account, and only with its own password: ids and the victim’s password in the body change nothing', async () => {
    const victim = await signedInUser(t.app, { password: 'the victim’s own secret' });
    const attacker = await signedInUser(t.app, { password: 'the attacker’s secret' });
    for (const payload of [
      { password: victim.password, userId: victim.userId },
      { password: victim.password, email: victim.email, username: victim.username },
      { googleToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', userId: victim.userId },
    ]) {
      const response = await deleteAccount(attacker.headers, payload, `10.20.1.${Object.keys(payload).length}`);
      expect([1005, 1009]).toContain(response.json().errorCode);
    }
    // Without a session, or with a token of no session: 1011 whatever the body says.
    expect((await deleteAccount({}, { password: victim.password, userId: victim.userId })).json().errorCode).toBe(1011);
    expect((await deleteAccount({ authorization: 'Bearer garbage' }, { password: victim.password })).json().errorCode).toBe(1011);
    expect(await alive(victim.userId)).toBe(true);
    expect(await alive(attacker.userId)).toBe(true);
  });

  it('stops password guessing on a stolen session after five tries a minute, and the account stays', async () => {
    const victim = await signedInUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await deleteAccount(victim.headers, { password: `guess number ${i}` }, '10.20.2.1')).json().errorCode);
    expect(codes).toEqual([1005, 1005, 1005, 1005, 1005, 1007, 1007]);
    expect(await alive(victim.userId)).toBe(true);
  });

  it('answers the export only to the owner: a userId in the query is ignored, tokens of no session get 401', async () => {
    const victim = await signedInUser(t.app);
    const attacker = await signedInUser(t.app);
    const mine = await t.app.inject({ method: 'GET', url: `/api/users/export?userId=${victim.userId}`, headers: attacker.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.includes(Buffer.from(attacker.email))).toBe(true);
    expect(mine.rawPayload.includes(Buffer.from(victim.userId))).toBe(false);
    expect(mine.rawPayload.includes(Buffer.from(victim.email))).toBe(false);
    for (const headers of [{}, { authorization: 'Bearer garbage' }, { authorization: `Bearer ${victim.refreshToken}` }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/export', headers })).statusCode).toBe(401);
    }
  });

  it('ends a deleted account’s access token, refresh token and password at once, on every authenticated route', async () => {
    const member = await signedInUser(t.app);
    expect((await deleteAccount(member.headers, { password: member.password }, '10.20.3.1')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/users/profile'],
      ['GET', '/api/users/export'],
      ['GET', '/api/images/userImg'],
      ['GET', '/api/colourings'],
      ['GET', '/api/payment/chargerecord'],
      ['PUT', '/api/users/update'],
      ['POST', '/api/users/delete-account'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: member.headers, ...(method === 'GET' ? {} : { payload: { password: member.password, username: 'taken_over' } }) });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: member.refreshToken } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).json().errorCode).toBe(1001);
  });
});
