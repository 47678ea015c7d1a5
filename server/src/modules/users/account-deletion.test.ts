import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from '../../adapters/google/google-verifier';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createTestPaymentProvider } from '../../adapters/payments/test-provider';
import { createS3Storage } from '../../adapters/storage/s3-storage';
import { createLocalStorage, type Storage } from '../../adapters/storage/storage';
import { loginUser, signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { startS3Server } from '../../test/s3-server';
import { bareWebBuild, createTestApp, databaseKinds, filesUnder, serveWebBuild, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof signedInUser>>;
interface Page {
  id: string;
  slug: string;
  defaultUrl: string;
  thumbnailUrl: string;
}

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };
const relative = (url: string) => url.replace('http://studio.test', '');
const localized = (text: string) => JSON.stringify({ en: text, zh: text, ja: text });


/** A test app's helpers: pages made through the real routes (with the fake engine), pictures kept, orders paid. */
function helpers(app: () => TestApp) {
  let attempts = 0;
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function finished(headers: Headers, taskId: string, type: 'text2image' | 'image2image'): Promise<Page> {
    for (let i = 0; i < 300; i += 1) {
      const status = (await inject('GET', `/api/images/tasks/${taskId}?type=${type}`, headers)).json().data;
      if (status.status === 'completed') return status.image as Page;
      if (status.status === 'failed') throw new Error(status.message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the page was not made');
  }

  return {
    inject,
    async textPage(member: Member, prompt: string, isPublic: boolean): Promise<Page> {
      const response = await inject('POST', '/api/images/text2imggenerate', member.headers, { prompt, ratio: '1:1', isPublic });
      expect(response.statusCode, response.body).toBe(200);
      return finished(member.headers, response.json().data.taskId, 'text2image');
    },
    async photoPage(member: Member, isPublic: boolean): Promise<{ page: Page; photo: Buffer }> {
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0306a' } }).jpeg().toBuffer();
      const body = multipart({ ratio: '4:3', isPublic: String(isPublic) }, { name: 'child.jpg', type: 'image/jpeg', data: photo });
      const response = await app().app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...member.headers, ...body.headers }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
      return { page: await finished(member.headers, response.json().data.taskId, 'image2image'), photo };
    },
    /** A coloured picture kept of a page (its files and row written as the colourings service does). */
    async keepPicture(storage: Storage, userId: string, imageId: string): Promise<Buffer> {
      const picture = await sharp({ create: { width: 24, height: 32, channels: 3, background: '#e53935' } }).png().toBuffer();
      const name = `${imageId}${userId}`.slice(0, 40);
      const file = `coloured/${userId}/${name}.png`;
      const thumb = `coloured/${userId}/${name}-600.webp`;
      await storage.put(file, picture, { contentType: 'image/png' });
      await storage.put(thumb, await sharp(picture).webp().toBuffer(), { contentType: 'image/webp' });
      const now = new Date().toISOString();
      await app()
        .db.kysely.insertInto('coloured_pages')
        .values({ id: name, user_id: userId, image_id: imageId, file_key: file, thumb_key: thumb, bytes: picture.length, created_at: now, updated_at: now })
        .execute();
      return picture;
    },
    async avatar(member: Member): Promise<string> {
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2266aa' } }).png().toBuffer();
      const body = multipart({}, { name: 'me.png', type: 'image/png', data: image });
      const response = await app().app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...member.headers, ...body.headers }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.user.avatar as string;
    },
    async buyPlan(member: Member, planCode: string): Promise<string> {
      const order = (await inject('POST', '/api/payment/order', member.headers, { planCode, method: 'card' })).json().data;
      const capture = await inject('POST', `/api/payment/capture/${order.id}`, member.headers, { card: GOOD_CARD });
      expect(capture.statusCode, capture.body).toBe(200);
      return order.id as string;
    },
    /** Each from its own address: the route allows five attempts a minute per client. */
    deleteAccount: (member: Member, body: object) =>
      app().app.inject({ method: 'POST', url: '/api/users/delete-account', headers: member.headers, payload: body, remoteAddress: `10.0.0.${(attempts += 1)}` }),
    imagesVersion: async () => (await app().db.kysely.selectFrom('settings').select('value').where('key', '=', 'images_version').executeTakeFirstOrThrow()).value,
  };
}

/** Account deletion (issue 36 §2, decision 051): everything of the account goes, payment records stay detached. */
describe.each(databaseKinds)('deleting an account on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  const cancelled: string[] = [];
  const provider = createTestPaymentProvider();
  let refuseCancel = false;
  const payments: PaymentProvider = {
    ...provider,
    name: provider.name,
    async cancelSubscription(id: string) {
      if (refuseCancel) throw new Error('provider unavailable');
      cancelled.push(id);
    },
  };
  const h = helpers(() => t);
  const storage = () => createLocalStorage(path.join(t.dataDir, 'files'));
  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message), close: async () => undefined };

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker, payments, mailer });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes the account, its sessions, pages, photos, pictures, avatar and files; nothing of it answers afterwards', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const orderId = await h.buyPlan(owner, 'PRO_MONTHLY');
    const publicPage = await h.textPage(owner, 'a lighthouse by the sea', true);
    const privatePage = await h.textPage(owner, 'a secret zebra garden', false);
    const { page: photoPage } = await h.photoPage(owner, true);
    const othersPage = await h.textPage(other, 'a friendly dragon', true);
    await h.keepPicture(storage(), owner.userId, othersPage.id);
    await h.keepPicture(storage(), other.userId, publicPage.id);
    const otherKeeps = await h.keepPicture(storage(), other.userId, othersPage.id);
    const avatarUrl = await h.avatar(owner);
    await h.inject('POST', '/api/users/forgot-password', {}, { email: owner.email });
    await t.db.kysely.updateTable('categories').set({ cover_image_id: publicPage.id }).execute();
    const ownerIds = [owner.userId, publicPage.id, privatePage.id, photoPage.id];
    const filesOfOwner = () => filesUnder(path.join(t.dataDir, 'files')).filter((key) => ownerIds.some((id) => key.includes(id)));

    // Everything that served the account's data, each answering now (so "gone" below means something).
    const original = (await h.inject('GET', `/api/images/${photoPage.id}/original`, owner.headers)).json().data.url as string;
    const colourings = (await h.inject('GET', '/api/colourings', owner.headers)).json().data.colourings as { url: string; thumbnailUrl: string }[];
    expect(colourings).toHaveLength(1);
    const reachable: [string, Headers][] = [
      [`/api/images?imageId=${publicPage.id}`, {}],
      [`/api/images/${publicPage.id}/download?format=png`, {}],
      [`/api/images/${publicPage.id}/download?format=pdf`, {}],
      [`/api/images/${publicPage.id}/download?format=svg`, {}],
      [`/api/images/${privatePage.id}/download?format=png`, owner.headers],
      [`/api/images/${photoPage.id}/download?format=png`, owner.headers],
      [relative(publicPage.thumbnailUrl), {}],
      [relative(publicPage.defaultUrl), {}],
      [relative(privatePage.thumbnailUrl), {}],
      [relative(photoPage.defaultUrl), {}],
      [original, owner.headers],
      [`/api/colourings/pages/${publicPage.id}`, {}],
      [relative(colourings[0].url), {}],
      [relative(colourings[0].thumbnailUrl), {}],
      [`/api/packs/booklet?ids=${publicPage.id}`, {}],
      [relative(avatarUrl), {}],
      ['/api/users/profile', owner.headers],
      ['/api/images/userImg', owner.headers],
      ['/api/payment/chargerecord', owner.headers],
    ];
    for (const [url, headers] of reachable) expect((await h.inject('GET', url, headers)).statusCode, `before: ${url}`).toBe(200);
    // The HTML of the image page and the sitemap, as the built web app is served.
    const dist = bareWebBuild(t);
    const web = await serveWebBuild(t, dist);
    const html = async () => web.inject({ method: 'GET', url: `/image/${publicPage.slug}` });
    const sitemap = async () => (await web.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const before = await html();
    expect(before.statusCode).toBe(200);
    expect(before.body.toLowerCase()).toContain('a lighthouse by the sea');
    expect(await sitemap()).toContain(publicPage.slug);
    const search = async () => JSON.stringify((await h.inject('GET', '/api/images?query=lighthouse')).json().data);
    expect(await search()).toContain(publicPage.id);
    expect(filesOfOwner().length).toBeGreaterThan(10);
    const versionBefore = await h.imagesVersion();

    // The wrong password: 1005, and nothing is touched.
    const wrong = await h.deleteAccount(owner, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 1005, data: { fields: { password: 'validation.currentPasswordWrong' } } });
    expect((await h.inject('GET', '/api/users/profile', owner.headers)).statusCode).toBe(200);
    expect(await h.deleteAccount(owner, {})).toMatchObject({ statusCode: 400 });

    const deleted = await h.deleteAccount(owner, { password: owner.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: true });

    for (const [url, headers] of reachable) {
      const response = await h.inject('GET', url, headers);
      if (url === `/api/images?imageId=${publicPage.id}`) expect(response.json().data.images, url).toEqual([]);
      else expect([401, 404], `after: ${url} → ${response.statusCode}`).toContain(response.statusCode);
    }
    expect(await search()).not.toContain(publicPage.id);
    expect((await h.inject('GET', `/api/images?imageId=${othersPage.id}&isRelated=true`)).body).not.toContain(publicPage.id);
    const page = await html();
    expect(page.statusCode).toBe(404);
    // Only the asked-for address comes back (as the not-found page's canonical); nothing of the page.
    expect(page.body.toLowerCase()).not.toContain('a lighthouse by the sea');
    expect(page.body).not.toContain(`/files/images/${publicPage.id}`);
    expect(await sitemap()).not.toContain(publicPage.slug);
    await web.close();
    expect((await h.inject('POST', '/api/auth/login', {}, { email: owner.email, password: owner.password })).json().errorCode).toBe(1001);
    expect((await h.inject('POST', '/api/auth/refresh-token', {}, { refreshToken: owner.refreshToken })).statusCode).toBe(401);
    expect(await h.imagesVersion()).not.toBe(versionBefore);

    // The files: none of the account's is left, nor a folder named after it; the other member's own picture stays.
    expect(filesOfOwner()).toEqual([]);
    const folders = readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).map(String);
    expect(folders.filter((name) => ownerIds.some((id) => name.includes(id)))).toEqual([]);
    expect(await storage().get(colourings[0].url.split('?')[0].replace('http://studio.test/files/', ''))).toBeNull();
    expect((await storage().get(`originals/${photoPage.id}/source.webp`)) ?? null).toBeNull();
    const othersPictures = await t.db.kysely.selectFrom('coloured_pages').select(['user_id', 'image_id', 'file_key']).where('user_id', '=', other.userId).execute();
    expect(othersPictures.map((row) => row.image_id)).toEqual([othersPage.id]);
    expect(await storage().get(othersPictures[0].file_key)).toEqual(otherKeeps);
    expect(await t.db.kysely.selectFrom('storage_deletions').selectAll().execute()).toEqual([]);

    // The rows: none names the account; its order and purchase stay, on an anonymous row.
    const k = t.db.kysely;
    for (const table of ['users', 'sessions', 'refresh_tokens', 'password_resets', 'credit_ledger', 'images', 'generation_tasks', 'orders', 'subscriptions', 'coloured_pages', 'reports'] as const) {
      const rows = await k.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(owner.userId);
      expect(JSON.stringify(rows), table).not.toContain(owner.email);
      expect(JSON.stringify(rows), table).not.toContain(owner.username);
    }
    const order = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', amount: '19.99', plan_code: 'PRO_MONTHLY' });
    const tombstone = await k.selectFrom('users').selectAll().where('id', '=', order.user_id).executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({ password_hash: null, google_sub: null, avatar_key: null, disabled: 1, next_topup_at: null });
    expect(tombstone.email).toMatch(/@deleted\.invalid$/);
    const kept = await k.selectFrom('credit_ledger').select(['reason', 'delta']).where('user_id', '=', tombstone.id).execute();
    expect(kept.map((row) => row.reason)).toEqual(['purchase']);
    const subscription = await k.selectFrom('subscriptions').selectAll().where('user_id', '=', tombstone.id).executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ status: 'ended', renew_at: null, payment_token: null });

    // The mail, in the account's language; the address and the name are free again.
    const mail = sent.find((message) => message.to === owner.email && message.subject === 'Your Coloring Studio account has been deleted');
    expect(mail?.text).toContain(owner.username);
    const again = await h.inject('POST', '/api/auth/register', {}, { username: owner.username, email: owner.email, password: 'a new password' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.user.userId).not.toBe(owner.userId);
    expect(again.json().data.user.credits).toBe(50);
  });

  it('refuses a missing session (1011), a second deletion, and an account without a password confirming with one', async () => {
    const member = await signedInUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/delete-account', payload: { password: member.password } })).json().errorCode).toBe(1011);
    expect((await h.deleteAccount(member, { password: member.password })).statusCode).toBe(200);
    const second = await h.deleteAccount(member, { password: member.password });
    expect(second.statusCode).toBe(401);
    expect(second.json().errorCode).toBe(1011);

    const googleOnly = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ password_hash: null, google_sub: 'google-sub-1' }).where('id', '=', googleOnly.userId).execute();
    expect((await h.deleteAccount(googleOnly, { password: googleOnly.password })).json().errorCode).toBe(1005);
    expect((await h.deleteAccount(googleOnly, { googleToken: 'x.y.z' })).json().errorCode).toBe(1009);
    expect((await h.inject('GET', '/api/users/profile', googleOnly.headers)).statusCode).toBe(200);
  });

  it('cancels a subscription the provider runs before deleting anything; when the provider refuses, answers 1022 and deletes nothing', async () => {
    const member = await signedInUser(t.app);
    await h.buyPlan(member, 'LITE_MONTHLY');
    const page = await h.textPage(member, 'a paper boat', true);
    const providerId = `I-${member.userId}`;
    await t.db.kysely.updateTable('subscriptions').set({ provider_subscription_id: providerId }).where('user_id', '=', member.userId).execute();

    refuseCancel = true;
    const refused = await h.deleteAccount(member, { password: member.password });
    refuseCancel = false;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errorCode).toBe(1022);
    expect((await h.inject('GET', '/api/users/profile', member.headers)).statusCode).toBe(200);
    expect((await h.inject('GET', `/api/images/${page.id}/download?format=png`)).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('subscriptions').select('status').where('user_id', '=', member.userId).executeTakeFirstOrThrow()).toEqual({ status: 'active' });

    expect((await h.deleteAccount(member, { password: member.password })).statusCode).toBe(200);
    expect(cancelled).toEqual([providerId]);
    const sub = await t.db.kysely.selectFrom('subscriptions').select(['status', 'user_id']).where('provider_subscription_id', '=', providerId).executeTakeFirstOrThrow();
    expect(sub.status).toBe('ended');
    expect(sub.user_id).not.toBe(member.userId);
  });

  it('sends the confirmation in the account’s language', async () => {
    const member = await signedInUser(t.app);
    await t.db.kysely.updateTable('users').set({ preferred_lang: 'ja' }).where('id', '=', member.userId).execute();
    expect((await h.deleteAccount(member, { password: member.password })).statusCode).toBe(200);
    const mail = sent.find((message) => message.to === member.email);
    expect(mail?.subject).toBe('Coloring Studio のアカウントを削除しました');
    expect(mail?.text).toContain('取り消せません');
  });
});

describe.each(databaseKinds)('files of a deleted account that could not be removed at once, on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  let failDeletes = false;
  let beforePut: ((key: string) => Promise<void>) | null = null;
  let root = '';
  let local: Storage;
  const flaky: Storage = {
    async put(key, data, options) {
      await beforePut?.(key);
      return local.put(key, data, options);
    },
    get: (key) => local.get(key),
    stream: (key) => local.stream(key),
    presignedUrl: (key, seconds) => local.presignedUrl(key, seconds),
    check: () => local.check(),
    async delete(key) {
      if (failDeletes) throw new Error('storage unavailable');
      return local.delete(key);
    },
  };
  const h = helpers(() => t);

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'studio-flaky-'));
    local = createLocalStorage(root);
    t = await createTestApp(kind, { maker: fake.maker, storage: flaky });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('stays listed, unreachable, and is removed by the sweep once storage works again', async () => {
    const member = await signedInUser(t.app);
    const page = await h.textPage(member, 'a tall giraffe', true);
    const key = `images/${page.id}/page.png`;
    expect(await local.get(key)).not.toBeNull();

    failDeletes = true;
    expect((await h.deleteAccount(member, { password: member.password })).statusCode).toBe(200);
    const listed = (await t.db.kysely.selectFrom('storage_deletions').select('key').execute()).map((row) => row.key);
    expect(listed).toContain(key);
    expect(await local.get(key)).not.toBeNull();
    expect((await h.inject('GET', relative(page.defaultUrl))).statusCode).toBe(404);

    // Still failing: the sweep removes nothing and forgets nothing.
    expect(await t.app.fileSweep.run()).toBe(0);
    expect(await t.db.kysely.selectFrom('storage_deletions').select('key').execute()).toHaveLength(listed.length);

    failDeletes = false;
    expect(await t.app.fileSweep.run()).toBe(listed.length);
    expect(await local.get(key)).toBeNull();
    expect(await t.db.kysely.selectFrom('storage_deletions').select('key').execute()).toEqual([]);
  });

  it('leaves no avatar behind when the account is deleted while its new avatar is being stored', async () => {
    const member = await signedInUser(t.app);
    beforePut = async (key) => {
      beforePut = null;
      if (key.startsWith('avatars/')) expect((await h.deleteAccount(member, { password: member.password })).statusCode).toBe(200);
    };
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2266aa' } }).png().toBuffer();
    const body = multipart({}, { name: 'me.png', type: 'image/png', data: image });
    const response = await t.app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...member.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(401);
    expect(filesUnder(root).filter((key) => key.includes(member.userId))).toEqual([]);
  });
});

/** Unpacks a ZIP with Info-ZIP's unzip (an independent reader): its listing and a temp folder of its files. */
function unzipped(zip: Buffer): { dir: string; names: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-export-'));
  writeFileSync(path.join(dir, 'export.zip'), zip);
  execFileSync('unzip', ['-t', '-q', 'export.zip'], { cwd: dir });
  execFileSync('unzip', ['-q', 'export.zip', '-d', 'out'], { cwd: dir });
  return { dir: path.join(dir, 'out'), names: filesUnder(path.join(dir, 'out')).sort() };
}

describe.each(databaseKinds)('downloading one’s data on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();
  const h = helpers(() => t);
  const storage = () => createLocalStorage(path.join(t.dataDir, 'files'));

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the owner a ZIP of pages (PNG, PDF), photos, coloured pictures, orders and profile; nobody else', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const orderId = await h.buyPlan(owner, 'LITE_MONTHLY');
    const page = await h.textPage(owner, 'a smiling sun', false);
    const { page: photoPage } = await h.photoPage(owner, false);
    const picture = await h.keepPicture(storage(), owner.userId, page.id);
    await h.textPage(other, 'someone else’s kite', true);
    await t.db.kysely.updateTable('images').set({ title: localized('Sonne ☀ «1»') }).where('id', '=', page.id).execute();

    expect((await h.inject('GET', '/api/users/export')).statusCode).toBe(401);
    expect((await h.inject('GET', '/api/users/export')).json().errorCode).toBe(1011);

    const response = await h.inject('GET', '/api/users/export', owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="coloring-studio-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { dir, names } = unzipped(response.rawPayload);
    try {
      const folder = names.find((name) => name.startsWith('pages/') && name.endsWith(`${page.id.slice(-8)}/page.png`))!.split('/').slice(0, 2).join('/');
      expect(names).toEqual(expect.arrayContaining([`${folder}/page.png`, `${folder}/page-letter.pdf`, `${folder}/page-a4.pdf`, `photos/${photoPage.id}.webp`, `coloured/${page.id}.png`, 'profile.json', 'orders.json', 'pages.json', 'credits.json']));
      const read = (name: string) => execFileSync('cat', [path.join(dir, name)]);
      expect(read(`${folder}/page.png`)).toEqual(await storage().get(`images/${page.id}/page.png`));
      expect(read(`photos/${photoPage.id}.webp`)).toEqual(await storage().get(`originals/${photoPage.id}/source.webp`));
      expect(read(`coloured/${page.id}.png`)).toEqual(picture);
      const profile = JSON.parse(read('profile.json').toString());
      expect(profile.user).toMatchObject({ userId: owner.userId, email: owner.email, username: owner.username, membershipLevel: 'lite' });
      expect(JSON.parse(read('orders.json').toString())).toEqual([expect.objectContaining({ orderId, status: 'paid', amount: '9.99' })]);
      const pages = JSON.parse(read('pages.json').toString()) as { id: string; title: { en: string } }[];
      expect(pages.map((p) => p.id).sort()).toEqual([page.id, photoPage.id].sort());
      expect(pages.find((p) => p.id === page.id)!.title.en).toBe('Sonne ☀ «1»');
      // Only the owner's things.
      expect(names.join('\n')).not.toContain('kite');
      expect(read('profile.json').toString()).not.toContain(other.userId);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it('keeps two pages whose slugs are alike apart in the ZIP', async () => {
    const member = await signedInUser(t.app);
    const ids = [`first${kind}-samet4il`, `second${kind}-samet4il`];
    for (const id of ids) {
      await storage().put(`images/${id}/page.png`, Buffer.from(`png of ${id}`), { contentType: 'image/png' });
      const files = JSON.stringify({ page: `images/${id}/page.png`, svg: null, pdfLetter: `images/${id}/page-letter.pdf`, pdfA4: `images/${id}/page-a4.pdf`, thumb600: `images/${id}/thumb-600.webp`, thumb320: `images/${id}/thumb-320.webp`, color: null, colorThumb600: null, source: null });
      await t.db.kysely
        .insertInto('images')
        .values({ id, id_tail: id.slice(-8), user_id: member.userId, category_id: null, type: 'text2image', ratio: '1:1', difficulty: 'children', width: 8, height: 8, title: localized('Twin'), description: localized(''), prompt: localized(''), additional_info: null, attribution: null, is_public: 0, is_online: 1, hotness: 0, files, created_at: new Date().toISOString() })
        .execute();
    }
    const response = await h.inject('GET', '/api/users/export', member.headers);
    expect(response.statusCode).toBe(200);
    const { dir, names } = unzipped(response.rawPayload);
    try {
      const pngs = names.filter((name) => name.endsWith('/page.png'));
      expect(pngs).toHaveLength(2);
      expect(pngs.map((name) => execFileSync('cat', [path.join(dir, name)]).toString()).sort()).toEqual(ids.map((id) => `png of ${id}`).sort());
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it('is limited per client', async () => {
    const member = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await t.app.inject({ method: 'GET', url: '/api/users/export', headers: member.headers, remoteAddress: '10.9.9.9' })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('still signs in after an export (an export changes nothing)', async () => {
    const member = await signedInUser(t.app);
    expect((await h.inject('GET', '/api/users/export', member.headers)).statusCode).toBe(200);
    expect((await loginUser(t.app, member.email, member.password)).user.userId).toBe(member.userId);
  });
});

/** The same deletion with every file in an S3-compatible bucket, as when scaled out. */
describe('deleting an account whose files are in S3', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let bucket: ReturnType<typeof createS3Storage>;
  const fake = createFakePageMaker();
  const h = helpers(() => t);

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = createS3Storage(s3.settings);
    t = await createTestApp('sqlite', { maker: fake.maker, storage: bucket, config: { s3: s3.settings } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const keysInBucket = async () => {
    const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };

  it('removes the pages, the photo, the pictures and the avatar from the bucket, and only those', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    await h.buyPlan(owner, 'LITE_MONTHLY');
    const { page: photoPage } = await h.photoPage(owner, false);
    const textPage = await h.textPage(owner, 'a snail on a leaf', true);
    const othersPage = await h.textPage(other, 'a hot air balloon', true);
    await h.keepPicture(bucket, owner.userId, othersPage.id);
    await h.avatar(owner);
    const original = (await h.inject('GET', `/api/images/${photoPage.id}/original`, owner.headers)).json().data.url as string;
    expect(original.startsWith(s3.settings.endpoint!)).toBe(true);
    expect((await fetch(original)).status).toBe(200);
    const ownersKeys = (keys: string[]) => keys.filter((key) => [owner.userId, photoPage.id, textPage.id].some((id) => key.includes(id)));
    expect(ownersKeys(await keysInBucket()).length).toBeGreaterThan(8);
    const othersOwn = (keys: string[]) => keys.filter((key) => key.startsWith(`images/${othersPage.id}/`));
    const othersKeys = othersOwn(await keysInBucket());
    expect(othersKeys.length).toBeGreaterThan(3);

    expect((await h.deleteAccount(owner, { password: owner.password })).statusCode).toBe(200);
    expect(ownersKeys(await keysInBucket())).toEqual([]);
    expect(othersOwn(await keysInBucket())).toEqual(othersKeys);
    // A presigned link handed out before is dead too: its object is gone.
    expect((await fetch(original)).status).toBe(404);
    expect((await h.inject('GET', relative(textPage.defaultUrl))).statusCode).toBe(404);
  });
});

const GOOGLE_CLIENT_ID = 'studio-test.apps.googleusercontent.com';

/** A local stand-in for Google's key set, signing ID tokens issued at a chosen time. */
async function startFakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (claims: { sub: string; email: string }, issuedSecondsAgo = 0) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT_ID)
      .setIssuedAt(Math.floor(Date.now() / 1000) - issuedSecondsAgo)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
      .sign(privateKey);
  return { jwksUrl: `http://127.0.0.1:${port}/certs`, sign, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(databaseKinds)('deleting an account made with Google, on %s', (kind) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  const h = helpers(() => t);

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp(kind, {
      env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl },
      google: createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('confirms with a Google sign-in of the same person made minutes ago; refuses an old one or another person’s (1009)', async () => {
    const identity = { sub: `sub-${kind}-${Date.now()}`, email: `g${Date.now()}@example.com` };
    const login = await h.inject('POST', '/api/auth/google', {}, { token: await google.sign(identity), rememberMe: false });
    expect(login.statusCode, login.body).toBe(200);
    const member = { ...login.json().data, headers: { authorization: `Bearer ${login.json().data.accessToken}` } } as Member;

    const stale = await h.deleteAccount(member, { googleToken: await google.sign(identity, 20 * 60) });
    expect(stale.json().errorCode).toBe(1009);
    const someoneElse = await h.deleteAccount(member, { googleToken: await google.sign({ sub: 'another-person', email: 'x@example.com' }) });
    expect(someoneElse.json().errorCode).toBe(1009);
    expect((await h.inject('GET', '/api/users/profile', member.headers)).statusCode).toBe(200);

    expect((await h.deleteAccount(member, { googleToken: await google.sign(identity) })).statusCode).toBe(200);
    expect((await h.inject('GET', '/api/users/profile', member.headers)).statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('users').select('id').where('google_sub', '=', identity.sub).execute()).toEqual([]);
    // The same Google account may sign up again: a new, empty account.
    const again = await h.inject('POST', '/api/auth/google', {}, { token: await google.sign(identity), rememberMe: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.userId).not.toBe(member.user.userId);
  });
});
