import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMaker } from '../../adapters/engine/page-maker';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

type PhotoRequest = Parameters<PageMaker['fromPhoto']>[0];

/** The page of a photo takes the photo's shape unless told otherwise, and never crops unasked. */
describe('the ratio of a photo page', () => {
  let t: TestApp;
  const asked: Omit<PhotoRequest, 'image'>[] = [];

  beforeAll(async () => {
    const fake = createFakePageMaker();
    const maker: PageMaker = {
      ...fake.maker,
      fromPhoto: (request, progress) => {
        asked.push({ difficulty: request.difficulty, ratio: request.ratio, fit: request.fit, subjectOnly: request.subjectOnly });
        return fake.maker.fromPhoto(request, progress);
      },
    };
    t = await createTestApp('sqlite', { maker });
  });
  afterAll(async () => {
    await t?.close();
  });

  const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  const generate = async (fields: Record<string, string>, data: Buffer) => {
    const user = await signedInUser(t.app);
    const body = multipart(fields, { name: 'photo.jpg', type: 'image/jpeg', data });
    const response = await t.app.inject({ method: 'POST', url: '/api/images/img2imggenerate', headers: { ...user.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    for (let i = 0; i < 200; i += 1) {
      const status = (await t.app.inject({ method: 'GET', url: `/api/images/tasks/${response.json().data.taskId}?type=image2image`, headers: user.headers })).json().data;
      if (status.status === 'completed') return { image: status.image, request: asked.at(-1)! };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no page');
  };

  it('gives a 3:2 photo without a ratio a landscape 4:3 page with the whole photo kept', async () => {
    const { image, request } = await generate({}, await photo(600, 400));
    expect(request).toMatchObject({ ratio: '4:3', fit: 'fit' });
    expect(image.ratio).toBe('4:3');
  });

  it('keeps a chosen ratio, fitted unless the crop was chosen', async () => {
    expect((await generate({ ratio: '1:1' }, await photo(600, 400))).request).toMatchObject({ ratio: '1:1', fit: 'fit' });
    expect((await generate({ ratio: '9:16', fit: 'crop' }, await photo(600, 400))).request).toMatchObject({ ratio: '9:16', fit: 'crop', subjectOnly: false });
  });

  it('draws the subject only when asked', async () => {
    expect((await generate({ subjectOnly: 'true' }, await photo(600, 400))).request).toMatchObject({ ratio: '4:3', subjectOnly: true });
  });
});
