import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, registerUser, signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { multipart as formData, pngDeclaring } from '../../test/uploads';

const multipart = (name: string, type: string, data: Buffer) => formData({}, { name, type, data });


describe.each(databaseKinds)('profile and avatar on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
  const update = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/users/update', headers, payload });

  it('returns the signed-in user with credits and membership', async () => {
    const user = await signedInUser(t.app);
    const response = await profile(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ userId: user.userId, username: user.username, email: user.email, credits: 50, membershipLevel: 'free', avatar: null });
  });

  it('changes the username, refusing one already taken (1002)', async () => {
    const other = await registerUser(t.app);
    const user = await signedInUser(t.app);
    const taken = await update(user.headers, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 1002, data: { fields: { username: 'validation.usernameTaken' } } });
    const renamed = await update(user.headers, { username: `${user.username.slice(0, 15)}_new` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.user.username).toBe(`${user.username.slice(0, 15)}_new`);
  });

  it('changes the password only with the right current one (1005), signing out other devices', async () => {
    const user = await signedInUser(t.app);
    const otherDevice = await loginUser(t.app, user.email, user.password);
    const wrong = await update(user.headers, { currentPassword: 'not my password', newPassword: 'fresh secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe(1005);
    const same = await update(user.headers, { currentPassword: user.password, newPassword: user.password });
    expect(same.json()).toMatchObject({ errorCode: 1003, data: { fields: { newPassword: 'validation.passwordSame' } } });
    const changed = await update(user.headers, { currentPassword: user.password, newPassword: 'fresh secret' });
    expect(changed.statusCode).toBe(200);
    await expect(loginUser(t.app, user.email, 'fresh secret')).resolves.toBeTruthy();
    expect((await profile(user.headers)).statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${otherDevice.accessToken}` })).statusCode).toBe(401);
  });

  it('stores an avatar re-encoded without EXIF and serves it from storage', async () => {
    const user = await signedInUser(t.app);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const upload = multipart('me.jpg', 'image/jpeg', photo);
    const response = await t.app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...user.headers, ...upload.headers }, payload: upload.payload });
    expect(response.statusCode).toBe(200);
    const avatar: string = response.json().data.user.avatar;
    expect(avatar).toMatch(/^http:\/\/studio\.test\/files\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: avatar.replace('http://studio.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['a renamed text file', () => multipart('me.png', 'image/png', Buffer.from('this is not an image at all, just text\n'.repeat(20)))],
    ['a file of 5 MB + 1 byte', () => multipart('big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 1, 1))],
    ['a small PNG declaring 20000×20000 pixels', () => multipart('bomb.png', 'image/png', pngDeclaring(20000, 20000))],
  ])('rejects %s with 3001 and keeps the old avatar', async (_label, build) => {
    const user = await signedInUser(t.app);
    const upload = build();
    const response = await t.app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...user.headers, ...upload.headers }, payload: upload.payload });
    expect([400, 413, 415]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ status: 'error', errorCode: 3001 });
    expect((await profile(user.headers)).json().data.user.avatar).toBeNull();
  });

  it('needs a signed-in user for every profile call', async () => {
    for (const [method, url] of [['GET', '/api/users/profile'], ['PUT', '/api/users/update'], ['POST', '/api/users/avatar']] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe(1011);
    }
  });
});
