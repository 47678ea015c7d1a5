import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoFrameResponseSchema } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

/** A 2:1 photo on sky blue with a red car at the left: a centred square crop would cut its front. */
const carAtTheLeft = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" fill="#9cc3e6"/><ellipse cx="170" cy="220" rx="130" ry="80" fill="#c0502c"/></svg>`))
    .jpeg()
    .toBuffer();

describe.each(databaseKinds)('the frame of a crop before paying (%s)', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
  });
  afterAll(async () => {
    await t?.close();
  });

  const askFrame = async (fields: Record<string, string>, data: Buffer, headers?: Record<string, string>) => {
    const body = multipart(fields, { name: 'photo.jpg', type: 'image/jpeg', data });
    return t.app.inject({ method: 'POST', url: apiPaths.photoFrame, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('answers the window around the subject, costs no credits and keeps no file', async () => {
    const user = await signedInUser(t.app);
    const credits = async () => Number((await t.db.kysely.selectFrom('users').select('credits').where('email', '=', user.email).executeTakeFirstOrThrow()).credits);
    const before = await credits();
    const response = await askFrame({ ratio: '1:1' }, await carAtTheLeft(), user.headers);
    expect(response.statusCode).toBe(200);
    const frame = photoFrameResponseSchema.parse(response.json().data);
    expect(frame).toMatchObject({ ratio: '1:1', frame: 'cropped' });
    expect(frame.box.width).toBeCloseTo(0.5, 2);
    expect(frame.box.left).toBeLessThanOrEqual(40 / 800);
    expect(await credits()).toBe(before);
    expect(fake.state.calls).toBe(0);
    expect(await t.db.kysely.selectFrom('generation_tasks').select('id').execute()).toHaveLength(0);
    expect(existsSync(join(t.dataDir, 'files', 'uploads'))).toBe(false);
  });

  it('takes the ratio nearest the photo when none is given', async () => {
    const user = await signedInUser(t.app);
    const response = await askFrame({}, await carAtTheLeft(), user.headers);
    expect(response.json().data.ratio).toBe('16:9');
  });

  it('asks for a signed-in user and refuses what is not a picture', async () => {
    expect((await askFrame({ ratio: '1:1' }, await carAtTheLeft())).statusCode).toBe(401);
    const user = await signedInUser(t.app);
    const refused = await askFrame({ ratio: '1:1' }, Buffer.from('not a picture at all'), user.headers);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().errorCode).toBe(4006);
  });
});
