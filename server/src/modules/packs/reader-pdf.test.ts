import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfInfoEntry, pdfShownText } from '@studio/engine/output/pdf-inspect';
import { OPENMOJI_ATTRIBUTION } from '@studio/engine/subjects/subject-library';
import { createLocalStorage } from '../../adapters/storage/storage';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { createLibraryImporter } from '../library/library-import';

const L = (en: string) => ({ en, zh: en, ja: en });
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><path d="M20 20h260v360H20z" fill="none" stroke="#000" stroke-width="4"/></svg>';

/** Issue 37, item 7: a page PDF downloaded by a reader of Japanese or Chinese has its title and credit line in that language. */
describe.each(databaseKinds)('page PDFs in the reader language on %s', (kind) => {
  let t: TestApp;
  const filesDir = mkdtempSync(path.join(tmpdir(), 'studio-reader-pdf-'));

  beforeAll(async () => {
    const storage = createLocalStorage(filesDir);
    t = await createTestApp(kind, { storage });
    const importer = createLibraryImporter({ db: t.db.kysely, storage });
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#fff' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 15, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
    await importer.upsertCategory({ slug: 'pets', name: 'pets', displayName: L('Pets'), description: L('<p>x</p>'), seoTitle: L('x'), seoDesc: L('x'), hotness: 1 });
    const page = { png, pdfLetter: Buffer.from('%PDF letter'), pdfA4: Buffer.from('%PDF a4'), thumb600: webp, thumb320: webp, colorPng: null, colorThumb600: null, width: 300, height: 400 };
    const common = { categorySlug: 'pets', description: L('x'), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4' as const, difficulty: 'children' as const, hotness: 1 };
    await importer.importPage({ ...common, id: 'lib-reader-cat', title: { en: 'Sleepy cat', zh: '困倦的猫', ja: 'ねむいねこ' }, attribution: OPENMOJI_ATTRIBUTION, page: { ...page, svg: SVG } });
    await importer.importPage({ ...common, id: 'lib-reader-dog', title: { en: 'Happy dog', zh: '', ja: '' }, attribution: null, page: { ...page, svg: null } });
    await importer.bumpVersion();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const download = (url: string) => t.app.inject({ method: 'GET', url });

  it('titles the PDF and prints the credit line in Japanese for lang=ja, in Chinese for lang=zh', async () => {
    const ja = await download('/api/images/lib-reader-cat/download?format=pdf&paper=a4&lang=ja');
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-type']).toBe('application/pdf');
    expect(ja.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfInfoEntry(ja.rawPayload, 'Title')).toBe('ねむいねこ');
    expect(pdfShownText(ja.rawPayload)).toContain('イラスト出典：OpenMoji');
    expect(pdfShownText(ja.rawPayload)).toContain('ライセンス CC BY-SA 4.0');

    const zh = await download('/api/images/lib-reader-cat/download?format=pdf&paper=a4&lang=zh');
    expect(pdfInfoEntry(zh.rawPayload, 'Title')).toBe('困倦的猫');
    expect(pdfShownText(zh.rawPayload)).toContain('图案来自 OpenMoji');
  });

  it('falls back to the English title where the page has none in the language, and draws a page without vector art from its picture', async () => {
    const ja = await download('/api/images/lib-reader-dog/download?format=pdf&lang=ja');
    expect(ja.statusCode).toBe(200);
    expect(pdfInfoEntry(ja.rawPayload, 'Title')).toBe('Happy dog');
    expect(pdfShownText(ja.rawPayload)).not.toContain('OpenMoji');
  });

  it('serves the stored file to English readers and to PNG downloads', async () => {
    expect((await download('/api/images/lib-reader-cat/download?format=pdf&paper=a4&lang=en')).body).toBe('%PDF a4');
    expect((await download('/api/images/lib-reader-cat/download?format=pdf&paper=a4')).body).toBe('%PDF a4');
    expect((await download('/api/images/lib-reader-cat/download?format=png&lang=ja')).headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a page nobody may see, in any language', async () => {
    expect((await download('/api/images/lib-reader-none/download?format=pdf&lang=ja')).statusCode).toBe(404);
  });
});
