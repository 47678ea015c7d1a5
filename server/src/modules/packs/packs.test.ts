import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPdftotext, inspectPdf, pdfPagesText } from '@studio/engine/output/pdf-inspect';
import { createLocalStorage } from '../../adapters/storage/storage';
import { signedInUser } from '../../test/factories';
import { createFakePageMaker } from '../../test/fake-page-maker';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { createLibraryImporter, type LibraryPageInput } from '../library/library-import';

const L = (en: string) => ({ en, zh: `${en}（中文）`, ja: `${en}（日本語）` });
const CREDIT = { text: 'OpenMoji – the open-source emoji and icon project (modified)', url: 'https://openmoji.org/', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/', modified: true };


async function pageFiles(): Promise<LibraryPageInput['page']> {
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#fff' } }).png().toBuffer();
  const webp = await sharp({ create: { width: 15, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect x="20" y="20" width="260" height="360" fill="none" stroke="#000" stroke-width="8"/><circle cx="150" cy="200" r="70" fill="none" stroke="#000" stroke-width="8"/></svg>';
  return { png, svg, pdfLetter: Buffer.from('%PDF letter'), pdfA4: Buffer.from('%PDF a4'), thumb600: webp, thumb320: webp, colorPng: null, colorThumb600: null, width: 60, height: 80 };
}

describe.each(databaseKinds)('print packs on %s', (kind) => {
  let t: TestApp;
  const fake = createFakePageMaker();

  beforeAll(async () => {
    t = await createTestApp(kind, { maker: fake.maker });
    const importer = createLibraryImporter({ db: t.db.kysely, storage: createLocalStorage(path.join(t.dataDir, 'files')) });
    const files = await pageFiles();
    for (const [slug, count] of [['farm', 12], ['crowd', 41], ['empty', 0]] as const) {
      await importer.upsertCategory({ slug, name: slug, displayName: L(slug === 'farm' ? 'Farm animals' : slug), description: L('<p>x</p>'), seoTitle: L('x'), seoDesc: L('x'), hotness: 1 });
      for (let i = 0; i < count; i += 1) {
        await importer.importPage({
          id: `lib-${slug}-${String(i).padStart(2, '0')}`, categorySlug: slug, title: L(`${slug} page ${i + 1}`), description: L('x'), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children',
          // Hotness orders a category: page 1 first.
          hotness: 100 - i, attribution: i === 2 ? CREDIT : null, page: files,
        });
      }
    }
    await importer.bumpVersion();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  // Each request from its own address: the route's per-client limit is tested on its own below.
  let client = 0;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: `10.1.${Math.floor(++client / 250)}.${client % 250}` });

  async function memberPage(owner: { headers: Record<string, string> }, prompt: string, isPublic: boolean): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/images/text2imggenerate', headers: owner.headers, payload: { prompt } });
    expect(response.statusCode, response.body).toBe(200);
    for (let i = 0; i < 200; i += 1) {
      const status = (await get(`/api/images/tasks/${response.json().data.taskId}?type=text2image`, owner.headers)).json().data;
      if (status.status === 'completed') {
        if (!isPublic) await t.db.kysely.updateTable('images').set({ is_public: 0 }).where('id', '=', status.image.id).execute();
        return status.image.id as string;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no page');
  }

  it('makes a signed-out visitor a booklet of a category: a cover and 12 numbered pages with the class name', { timeout: 60_000 }, async () => {
    const response = await get('/api/packs/booklet?category=farm&name=Class%203B&paper=a4');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="coloring-booklet-farm-12p.pdf"');
    const pdf = response.rawPayload;
    const info = inspectPdf(pdf);
    expect(info.pageCount).toBe(13);
    expect(info.mediaBoxes[0]).toEqual([0, 0, 595.28, 841.89]);
    if (hasPdftotext) {
      const pages = pdfPagesText(pdf);
      expect(pages[0]).toContain('Farm animals');
      expect(pages[0]).toContain('farm page 12');
      pages.forEach((text) => expect(text).toContain('Class 3B'));
      // The credited page (3) carries its credit; the cover lists it.
      expect(pages[3]).toContain('CC BY-SA 4.0');
      expect(pages[0]).toMatch(/Pages 3: OpenMoji/);
    }
  });

  it('writes the booklet in the reader language, two pages a sheet', { timeout: 60_000 }, async () => {
    const response = await get(`/api/packs/booklet?category=farm&limit=5&perSheet=2&lang=ja&name=${encodeURIComponent('さくら')}`);
    expect(response.statusCode).toBe(200);
    const info = inspectPdf(response.rawPayload);
    expect(info.pageCount).toBe(3);
    expect(info.mediaBoxes[0]).toEqual([0, 0, 841.89, 595.28]);
    if (hasPdftotext) {
      const [cover] = pdfPagesText(response.rawPayload);
      expect(cover).toContain('もくじ');
      expect(cover).toContain('farm page 1（日本語）');
      expect(cover.match(/さくら/g)).toHaveLength(2);
    }
  });

  it('refuses more than 40 pages, an empty choice, and a query without exactly one source', async () => {
    const crowd = await get('/api/packs/booklet?category=crowd');
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json()).toMatchObject({ errorCode: 1003, data: { fields: { limit: 'validation.bookletTooManyPages' } } });
    const ids = Array.from({ length: 41 }, (_, i) => `lib-crowd-${String(i).padStart(2, '0')}`).join(',');
    expect((await get(`/api/packs/booklet?ids=${ids}`)).json()).toMatchObject({ errorCode: 1003, data: { fields: { ids: 'validation.bookletTooManyPages' } } });
    expect((await get('/api/packs/booklet?category=crowd&limit=41')).json()).toMatchObject({ data: { fields: { limit: 'validation.bookletTooManyPages' } } });
    expect((await get('/api/packs/booklet?category=empty')).json()).toMatchObject({ errorCode: 1003, data: { fields: { source: 'validation.bookletEmpty' } } });
    expect((await get('/api/packs/booklet')).json()).toMatchObject({ data: { fields: { source: 'validation.bookletSource' } } });
    expect((await get('/api/packs/booklet?category=farm&query=cat')).json()).toMatchObject({ data: { fields: { source: 'validation.bookletSource' } } });
    expect((await get('/api/packs/booklet?category=farm&paper=a5')).json()).toMatchObject({ data: { fields: { paper: 'validation.invalid' } } });
    expect((await get('/api/packs/booklet?category=farm&perSheet=4')).json()).toMatchObject({ data: { fields: { perSheet: 'validation.invalid' } } });
    expect((await get('/api/packs/booklet?category=nowhere')).statusCode).toBe(404);
  });

  it('takes 40 pages at most, in the order asked', { timeout: 120_000 }, async () => {
    const response = await get('/api/packs/booklet?category=crowd&limit=40&perSheet=2');
    expect(response.statusCode).toBe(200);
    expect(inspectPdf(response.rawPayload).pageCount).toBe(21);
    const ids = ['lib-farm-05', 'lib-farm-01'];
    const chosen = await get(`/api/packs/booklet?ids=${ids.join(',')}`);
    expect(chosen.statusCode).toBe(200);
    if (hasPdftotext) expect(pdfPagesText(chosen.rawPayload)[0]).toMatch(/1\s+farm page 6[\s\S]*2\s+farm page 2/);
  });

  it('checks the name line: printable, at most 40 characters, in characters the fonts have', async () => {
    const bad = async (name: string) => (await get(`/api/packs/booklet?category=farm&name=${encodeURIComponent(name)}`)).json();
    expect(await bad('Emma\u0007')).toMatchObject({ errorCode: 1003, data: { fields: { name: 'validation.nameUnprintable' } } });
    expect(await bad('Emma\u202Eevil')).toMatchObject({ data: { fields: { name: 'validation.nameUnprintable' } } });
    expect(await bad('x'.repeat(41))).toMatchObject({ data: { fields: { name: 'validation.nameTooLong' } } });
    expect(await bad('김민준')).toMatchObject({ data: { fields: { name: 'validation.nameUnsupported' } } });
    expect((await get(`/api/images/lib-farm-00/download?format=pdf&name=${encodeURIComponent('x'.repeat(41))}`)).json()).toMatchObject({ data: { fields: { name: 'validation.nameTooLong' } } });
    // A colour-by-number sheet has no name band: asking for one is an error, not a silent plain page.
    const variant = await get('/api/images/lib-farm-00/download?format=pdf&variant=numbers&name=Emma');
    expect(variant.statusCode).toBe(400);
    expect(variant.json()).toMatchObject({ errorCode: 1003 });
  });

  it('keeps private pages to their owner and own creations to members, and charges nothing', { timeout: 60_000 }, async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const secret = await memberPage(owner, 'a secret castle', false);
    const open = await memberPage(owner, 'an open castle', true);
    const creditsOf = async (user: { headers: Record<string, string> }) => (await get('/api/users/profile', user.headers)).json().data.credits as number;
    const ledgerOf = async () => (await t.db.kysely.selectFrom('credit_ledger').select('id').where('user_id', '=', owner.userId).execute()).length;
    const [before, bookedBefore] = [await creditsOf(owner), await ledgerOf()];

    // Another member's private page is "not found", signed out or in; so is an unknown id.
    expect((await get(`/api/packs/booklet?ids=lib-farm-00,${secret}`)).statusCode).toBe(404);
    expect((await get(`/api/packs/booklet?ids=lib-farm-00,${secret}`, stranger.headers)).statusCode).toBe(404);
    expect((await get('/api/packs/booklet?ids=lib-farm-00,no-such-page')).statusCode).toBe(404);
    expect((await get(`/api/images/${secret}/download?format=png&name=Max`, stranger.headers)).statusCode).toBe(404);
    // A member's public page is free for all, like its download.
    expect((await get(`/api/packs/booklet?ids=${open}`)).statusCode).toBe(200);

    // Own creations need an account.
    expect((await get('/api/packs/booklet?mine=1')).json()).toMatchObject({ errorCode: 1011 });
    const mine = await get('/api/packs/booklet?mine=1&name=Max', owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(inspectPdf(mine.rawPayload).pageCount).toBe(3);
    expect((await get(`/api/packs/booklet?ids=${secret},lib-farm-00`, owner.headers)).statusCode).toBe(200);
    expect(await creditsOf(owner)).toBe(before);
    expect(await ledgerOf()).toBe(bookedBefore);
  });

  it('limits booklets per client like other costly routes', { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await t.app.inject({ method: 'GET', url: '/api/packs/booklet?category=nowhere', remoteAddress: '10.9.9.9' })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('puts the name on a single download: PNG above the picture, PDF drawn with it', async () => {
    const plain = await get('/api/images/lib-farm-02/download?format=png');
    const named = await get(`/api/images/lib-farm-02/download?format=png&name=${encodeURIComponent('小明')}`);
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-type']).toBe('image/png');
    expect(named.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    const [before, after] = await Promise.all([sharp(plain.rawPayload).metadata(), sharp(named.rawPayload).metadata()]);
    expect(after.width).toBe(before.width);
    expect(after.height).toBeGreaterThan(before.height!);
    // The page's credit stays in the file.
    expect(named.rawPayload.includes(Buffer.from('Copyright'))).toBe(true);

    const pdf = await get('/api/images/lib-farm-02/download?format=pdf&paper=letter&name=Emma');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(inspectPdf(pdf.rawPayload).pageCount).toBe(1);
    if (hasPdftotext) {
      const [text] = pdfPagesText(pdf.rawPayload);
      expect(text).toContain('Emma');
      expect(text).toContain('CC BY-SA 4.0');
    }
    const svg = await get('/api/images/lib-farm-02/download?format=svg&name=Emma');
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('stroke="#000000"');
    // An empty name is no name: the stored file, unchanged.
    expect((await get('/api/images/lib-farm-02/download?format=pdf&name=%20')).body).toBe('%PDF letter');
  });
});
