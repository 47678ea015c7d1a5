import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOURED_BYTES_PER_USER, COLOURED_PER_USER } from '@studio/contracts/colourings';
import { createLocalStorage } from '../../adapters/storage/storage';
import { signedInUser } from '../../test/factories';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { colouredKey, createColouringsService } from './colourings.service';
import { createColouringsRepository } from './colourings.repository';
import { createImagesRepository } from '../images/images.repository';
import { createFileUrls } from '../images/image-files';

const W = 40;
const H = 30;
/** A page: white with a black 2-pixel frame around an inner box (two regions: outside and inside). */
function pagePixels(): Buffer {
  const grey = Buffer.alloc(W * H, 255);
  for (let y = 8; y < 22; y += 1) for (let x = 10; x < 30; x += 1) if (y < 10 || y >= 20 || x < 12 || x >= 28) grey[y * W + x] = 0;
  return grey;
}
/** The page coloured: the inside red, the outside left white (the lines kept black). */
function colouredPixels(options: { eraseLines?: boolean } = {}): Buffer {
  const grey = pagePixels();
  const rgb = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i += 1) {
    const x = i % W;
    const y = Math.floor(i / W);
    const inside = x >= 12 && x < 28 && y >= 10 && y < 20;
    const colour = grey[i] === 0 && !options.eraseLines ? [0, 0, 0] : inside ? [229, 57, 53] : [255, 255, 255];
    rgb.set(colour, i * 3);
  }
  return rgb;
}
/** The page coloured in a smooth blend of 1200 colours (more than a palette holds), the lines kept black. */
function blendedPixels(): Buffer {
  const grey = pagePixels();
  const rgb = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i += 1) {
    const x = i % W;
    const y = Math.floor(i / W);
    rgb.set(grey[i] === 0 ? [0, 0, 0] : [x * 6, y * 8, 255 - x * 3], i * 3);
  }
  return rgb;
}
const png = (rgb: Buffer, width = W, height = H) => sharp(rgb, { raw: { width, height, channels: 3 } }).png().toBuffer();
const localized = (text: string) => JSON.stringify({ en: text, zh: text, ja: text });

describe.each(databaseKinds)('coloured pictures kept in My creations (%s)', (kind) => {
  let t: TestApp;
  const storage = () => createLocalStorage(path.join(t.dataDir, 'files'));
  const storedKeys = (prefix: string) => {
    try {
      return readdirSync(path.join(t.dataDir, 'files', prefix), { recursive: true }).map(String);
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  let pageCounter = 0;
  async function makePage(options: { ownerId?: string | null; isPublic?: boolean; type?: 'text2image' | 'image2image' } = {}) {
    pageCounter += 1;
    const id = `colourpage${String(pageCounter).padStart(6, '0')}${kind}`;
    const key = `images/${id}/page.png`;
    await storage().put(key, await sharp(pagePixels(), { raw: { width: W, height: H, channels: 1 } }).png().toBuffer(), { contentType: 'image/png' });
    const files = JSON.stringify({ page: key, svg: null, pdfLetter: `images/${id}/page-letter.pdf`, pdfA4: `images/${id}/page-a4.pdf`, thumb600: `images/${id}/thumb-600.webp`, thumb320: `images/${id}/thumb-320.webp`, color: null, colorThumb600: null, source: null });
    await t.db.kysely
      .insertInto('images')
      .values({ id, id_tail: id.slice(-8), user_id: options.ownerId ?? null, category_id: null, type: options.ownerId ? (options.type ?? 'text2image') : 'library', ratio: '4:3', difficulty: 'children', width: W, height: H, title: localized(`Box ${pageCounter}`), description: localized(''), prompt: localized(''), additional_info: null, attribution: null, is_public: options.isPublic === false ? 0 : 1, is_online: 1, hotness: 0, files, created_at: new Date().toISOString() })
      .execute();
    return id;
  }

  async function keep(headers: Record<string, string>, imageId: string, file: { data: Buffer; type?: string; name?: string }) {
    const body = multipart({}, { name: file.name ?? 'coloured.png', type: file.type ?? 'image/png', data: file.data });
    return t.app.inject({ method: 'PUT', url: `/api/colourings/${imageId}`, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  const relative = (url: string) => url.replace('http://studio.test', '');

  it('shows a public page to a signed-out visitor, a private page to its owner only', async () => {
    const owner = await signedInUser(t.app);
    const publicPage = await makePage();
    const privatePage = await makePage({ ownerId: owner.userId, isPublic: false });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${publicPage}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data.image.dimensions).toEqual({ width: W, height: H });
    expect(visitor.json().data.coloured).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${privatePage}` })).statusCode).toBe(404);
    const stranger = await signedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${privatePage}`, headers: stranger.headers })).json().errorCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${privatePage}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.image.isPublic).toBe(false);
  });

  it('keeps a member’s coloured picture of a library page, private to them, and lists it', async () => {
    const member = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const page = await makePage();
    expect((await keep({}, page, { data: await png(colouredPixels()) })).json().errorCode).toBe(1011);

    const kept = await keep(member.headers, page, { data: await png(colouredPixels()) });
    expect(kept.statusCode, kept.body).toBe(200);
    const dto = kept.json().data;
    expect(dto).toMatchObject({ imageId: page, width: W, height: H, title: { en: expect.stringMatching(/^Box/) } });

    // The file answers through its signed link only, and is the picture (the inside red).
    const file = await t.app.inject({ method: 'GET', url: relative(dto.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(file.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([W, H]);
    expect([...data.subarray((15 * W + 20) * 3, (15 * W + 20) * 3 + 3)]).toEqual([229, 57, 53]);
    expect((await t.app.inject({ method: 'GET', url: relative(dto.url).split('?')[0] })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: relative(dto.thumbnailUrl) })).headers['content-type']).toBe('image/webp');

    const list = await t.app.inject({ method: 'GET', url: '/api/colourings', headers: member.headers });
    expect(list.json().data).toMatchObject({ total: 1, colourings: [{ imageId: page }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/colourings', headers: other.headers })).json().data.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${page}`, headers: member.headers })).json().data.coloured.imageId).toBe(page);
    expect((await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${page}`, headers: other.headers })).json().data.coloured).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/colourings/pages/${page}` })).json().data.coloured).toBeNull();
  });

  it('refuses what is not a coloured picture of this page, with the catalogue’s upload code', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    const jpeg = await sharp(colouredPixels(), { raw: { width: W, height: H, channels: 3 } }).jpeg().toBuffer();
    const cases = [
      { file: { data: jpeg, type: 'image/jpeg', name: 'c.jpg' }, status: 415, field: 'colouring.errors.notPng' },
      { file: { data: Buffer.from('not a picture at all') }, status: 415, field: 'colouring.errors.notPng' },
      { file: { data: await png(Buffer.alloc(20 * 20 * 3, 255), 20, 20) }, status: 400, field: 'colouring.errors.size' },
      { file: { data: await png(colouredPixels({ eraseLines: true })) }, status: 400, field: 'colouring.errors.notThisPage' },
    ];
    for (const { file, status, field } of cases) {
      const response = await keep(member.headers, page, file);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ errorCode: 3001, data: { fields: { file: field } } });
    }
    const noFile = await t.app.inject({ method: 'PUT', url: `/api/colourings/${page}`, headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{}' });
    expect(noFile.json().errorCode).toBe(3001);
    expect((await keep(member.headers, 'no-such-page', { data: await png(colouredPixels()) })).json().errorCode).toBe(404);
    const someonesPrivate = await makePage({ ownerId: (await signedInUser(t.app)).userId, isPublic: false });
    expect((await keep(member.headers, someonesPrivate, { data: await png(colouredPixels()) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/colourings', headers: member.headers })).json().data.total).toBe(0);
    expect(storedKeys(`coloured/${member.userId}`)).toEqual([]);
  });

  it('keeping again replaces the picture and its files; delete removes both', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    const first = (await keep(member.headers, page, { data: await png(colouredPixels()) })).json().data;
    const second = (await keep(member.headers, page, { data: await png(colouredPixels()) })).json().data;
    expect(second.url).not.toBe(first.url);
    expect(second.createdAt).toBe(first.createdAt);
    expect(storedKeys(`coloured/${member.userId}`)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: relative(first.url) })).statusCode).toBe(404);
    const rows = await t.db.kysely.selectFrom('coloured_pages').selectAll().where('user_id', '=', member.userId).execute();
    expect(rows).toHaveLength(1);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/colourings/${page}`, headers: member.headers })).statusCode).toBe(200);
    expect(storedKeys(`coloured/${member.userId}`)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/colourings/${page}`, headers: member.headers })).json().errorCode).toBe(404);
  });

  it('a page its owner deletes takes every member’s coloured picture of it along, files included', async () => {
    const owner = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    const page = await makePage({ ownerId: owner.userId });
    expect((await keep(fan.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    expect((await keep(owner.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${page}`, headers: owner.headers })).statusCode).toBe(200);
    expect(storedKeys(`coloured/${fan.userId}`)).toEqual([]);
    expect(storedKeys(`coloured/${owner.userId}`)).toEqual([]);
    expect(await t.db.kysely.selectFrom('coloured_pages').selectAll().where('image_id', '=', page).execute()).toEqual([]);
  });

  it('a page its owner takes back from the gallery takes other members’ coloured pictures of it along, the owner’s stay', async () => {
    const owner = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    const page = await makePage({ ownerId: owner.userId, type: 'image2image' });
    expect((await keep(fan.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    expect((await keep(owner.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    const unshare = await t.app.inject({ method: 'PATCH', url: `/api/images/${page}`, headers: owner.headers, payload: { isPublic: false } });
    expect(unshare.statusCode).toBe(200);
    expect(storedKeys(`coloured/${fan.userId}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/colourings', headers: fan.headers })).json().data.total).toBe(0);
    expect(storedKeys(`coloured/${owner.userId}`).length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/colourings', headers: owner.headers })).json().data.total).toBe(1);
  });

  it('a picture whose page vanished without the app (removed by hand) is cleared, file too, when its list is read', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    expect((await keep(member.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    await t.db.kysely.deleteFrom('images').where('id', '=', page).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/colourings', headers: member.headers })).json().data.total).toBe(0);
    expect(storedKeys(`coloured/${member.userId}`)).toEqual([]);
  });

  it('deleting an account cannot leave its pictures behind: the database refuses until they and their files are removed', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    expect((await keep(member.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    await expect(t.db.kysely.deleteFrom('users').where('id', '=', member.userId).execute()).rejects.toThrow();
    const service = createColouringsService({
      colourings: createColouringsRepository(t.db.kysely),
      images: createImagesRepository(t.db.kysely, t.db.textSearch),
      storage: storage(),
      urls: createFileUrls({ publicUrl: t.config.publicUrl, secret: t.config.jwtSecret }),
    });
    await service.removeAllForUser(member.userId);
    expect(storedKeys(`coloured/${member.userId}`)).toEqual([]);
    await t.db.kysely.deleteFrom('users').where('id', '=', member.userId).execute();
  });

  it(`refuses a ${COLOURED_PER_USER + 1}th page but still replaces a kept one`, async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    expect((await keep(member.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
    const now = new Date().toISOString();
    const rows = Array.from({ length: COLOURED_PER_USER - 1 }, (_, i) => ({ id: `filler${i}${member.userId}`, user_id: member.userId, image_id: `gone${i}`, file_key: colouredKey(member.userId, `f${i}.png`), thumb_key: colouredKey(member.userId, `f${i}-600.webp`), bytes: 1, created_at: now, updated_at: now }));
    await t.db.kysely.insertInto('coloured_pages').values(rows).execute();
    const another = await makePage();
    const refused = await keep(member.headers, another, { data: await png(colouredPixels()) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 3001, data: { fields: { file: 'colouring.errors.limit' } } });
    expect((await keep(member.headers, page, { data: await png(colouredPixels()) })).statusCode).toBe(200);
  });

  /** Rows that stand for pictures kept earlier (their files are not needed to count them). */
  async function fillKept(userId: string, count: number, bytesEach: number) {
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({ id: `filler${i}${userId}`, user_id: userId, image_id: `gone${i}`, file_key: colouredKey(userId, `f${i}.png`), thumb_key: colouredKey(userId, `f${i}-600.webp`), bytes: bytesEach, created_at: now, updated_at: now }));
    await t.db.kysely.insertInto('coloured_pages').values(rows).execute();
  }
  const keptRows = (userId: string) => t.db.kysely.selectFrom('coloured_pages').selectAll().where('user_id', '=', userId).execute();
  const storedFiles = (userId: string) => storedKeys(`coloured/${userId}`).sort();

  it('keeps the picture to the pixel as a palette PNG no larger than the upload, and counts both files’ bytes', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    const upload = await png(colouredPixels());
    const kept = (await keep(member.headers, page, { data: upload })).json().data;
    const file = (await t.app.inject({ method: 'GET', url: relative(kept.url) })).rawPayload;
    expect((await sharp(file).metadata()).isPalette).toBe(true);
    expect(file.length).toBeLessThanOrEqual(upload.length);
    expect((await sharp(file).removeAlpha().raw().toBuffer()).equals(colouredPixels())).toBe(true);
    const thumb = (await t.app.inject({ method: 'GET', url: relative(kept.thumbnailUrl) })).rawPayload;
    expect((await keptRows(member.userId)).map((row) => Number(row.bytes))).toEqual([file.length + thumb.length]);

    // More colours than a palette holds: kept as a 24-bit PNG, still to the pixel.
    const blended = await sharp(blendedPixels(), { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const again = await keep(member.headers, page, { data: blended });
    expect(again.statusCode, again.body).toBe(200);
    const truecolour = (await t.app.inject({ method: 'GET', url: relative(again.json().data.url) })).rawPayload;
    expect((await sharp(truecolour).metadata()).isPalette).toBe(false);
    expect((await sharp(truecolour).removeAlpha().raw().toBuffer()).equals(blendedPixels())).toBe(true);
  });

  it('refuses a picture that would be stored larger than it was sent, and stores nothing', async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    // A smooth blend packs far smaller with PNG's row filters than as the plain rows kept here.
    const packed = await sharp(blendedPixels(), { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    const refused = await keep(member.headers, page, { data: packed });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ errorCode: 3001, data: { fields: { file: 'colouring.errors.notCompact' } } });
    expect(await keptRows(member.userId)).toEqual([]);
    expect(storedFiles(member.userId)).toEqual([]);
  });

  it(`refuses a picture past the ${COLOURED_BYTES_PER_USER / 1024 / 1024} MB a member's pictures may fill (413, nothing stored), but lets a smaller one replace a kept one`, async () => {
    const member = await signedInUser(t.app);
    const page = await makePage();
    const first = await keep(member.headers, page, { data: await png(colouredPixels()) });
    expect(first.statusCode, first.body).toBe(200);
    const size = Number((await keptRows(member.userId))[0].bytes);
    await fillKept(member.userId, 1, COLOURED_BYTES_PER_USER - size - 1);
    const files = storedFiles(member.userId);

    const refused = await keep(member.headers, await makePage(), { data: await png(colouredPixels()) });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ errorCode: 3001, data: { fields: { file: 'colouring.errors.quota' } } });
    expect(storedFiles(member.userId)).toEqual(files);
    expect(await keptRows(member.userId)).toHaveLength(2);

    // Keeping the same page again replaces its picture: only the difference counts.
    const replaced = await keep(member.headers, page, { data: await png(colouredPixels()) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(storedFiles(member.userId)).toHaveLength(2);
  });

  it(`parallel keeps at ${COLOURED_PER_USER - 1} of ${COLOURED_PER_USER} pictures end at exactly ${COLOURED_PER_USER} (three rounds)`, async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await signedInUser(t.app);
      await fillKept(member.userId, COLOURED_PER_USER - 1, 1);
      const pages = await Promise.all(Array.from({ length: 10 }, () => makePage()));
      const picture = await png(colouredPixels());
      const answers = await Promise.all(pages.map((page) => keep(member.headers, page, { data: picture })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(await keptRows(member.userId)).toHaveLength(COLOURED_PER_USER);
      expect(storedFiles(member.userId)).toHaveLength(2);
    }
  });

  it('parallel keeps near the byte quota never take a member past it (three rounds)', async () => {
    const probe = await signedInUser(t.app);
    const picture = await png(colouredPixels());
    expect((await keep(probe.headers, await makePage(), { data: picture })).statusCode).toBe(200);
    const size = Number((await keptRows(probe.userId))[0].bytes);
    for (let round = 0; round < 3; round += 1) {
      const member = await signedInUser(t.app);
      // Room for three pictures and a half.
      await fillKept(member.userId, 1, COLOURED_BYTES_PER_USER - Math.floor(3.5 * size));
      const pages = await Promise.all(Array.from({ length: 10 }, () => makePage()));
      const answers = await Promise.all(pages.map((page) => keep(member.headers, page, { data: picture })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, ...Array<number>(7).fill(413)]);
      const rows = await keptRows(member.userId);
      expect(rows.reduce((sum, row) => sum + Number(row.bytes), 0)).toBeLessThanOrEqual(COLOURED_BYTES_PER_USER);
      expect(storedFiles(member.userId)).toHaveLength(6);
    }
  });
});
