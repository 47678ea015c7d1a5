import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngHasCredit, svgHasCredit } from '@studio/engine/output/credit';
import { creditStoredPageFiles } from '@studio/engine/output/page-files';
import { OPENMOJI_ATTRIBUTION } from '@studio/engine/subjects/subject-library';
import { createLocalStorage, type Storage } from '../../adapters/storage/storage';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { parseFiles } from '../images/image-files';
import { creditStoredPages } from './credit-stored-pages';
import { createLibraryImporter } from './library-import';
import { createStoredCreditRepository } from './stored-credit.repository';

const L = (en: string) => ({ en, zh: en, ja: en });

describe.each(databaseKinds)('crediting pages stored before files carried the credit, on %s', (kind) => {
  let t: TestApp;
  let storage: Storage;
  beforeAll(async () => {
    t = await createTestApp(kind);
    storage = createLocalStorage(path.join(t.dataDir, 'files'));
    const importer = createLibraryImporter({ db: t.db.kysely, storage });
    await importer.upsertCategory({ slug: 'animals', name: 'animals', displayName: L('Animals'), description: L('<p>a</p>'), seoTitle: L('Animals'), seoDesc: L('Animals'), hotness: 1 });
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#fff' } }).png().toBuffer();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"><path d="M5 5h50v70H5z" fill="none" stroke="#000"/></svg>';
    const page = { png, svg, pdfLetter: Buffer.from('%PDF old'), pdfA4: Buffer.from('%PDF old'), thumb600: png, thumb320: png, colorPng: null, colorThumb600: null, width: 60, height: 80 };
    const base = { categorySlug: 'animals', title: L('x'), description: L('x'), prompt: L('x'), additionalInfo: null, tags: [], ratio: '3:4', difficulty: 'children', hotness: 1 };
    await importer.importPage({ ...base, id: 'lib-old-owl', attribution: OPENMOJI_ATTRIBUTION, page });
    await importer.importPage({ ...base, id: 'lib-own-art', attribution: null, page });
  });
  afterAll(async () => {
    await t?.close();
  });

  const filesOf = async (id: string) => {
    const row = await t.db.kysely.selectFrom('images').select('files').where('id', '=', id).executeTakeFirstOrThrow();
    const files = parseFiles(row.files);
    return { png: (await storage.get(files.page))!, svg: (await storage.get(files.svg!))!.toString(), pdfLetter: (await storage.get(files.pdfLetter))!, pdfA4: (await storage.get(files.pdfA4))! };
  };

  it('writes the credit into the PNG, SVG and both PDFs of attributed pages, once, and leaves other pages alone', async () => {
    const before = await filesOf('lib-own-art');
    const pages = createStoredCreditRepository(t.db.kysely);
    expect(await creditStoredPages({ pages, storage, creditFiles: creditStoredPageFiles })).toBe(1);

    const credited = await filesOf('lib-old-owl');
    expect(pngHasCredit(credited.png)).toBe(true);
    expect(svgHasCredit(credited.svg)).toBe(true);
    for (const pdf of [credited.pdfLetter, credited.pdfA4]) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1').replaceAll('\0', '')).toContain('OpenMoji');
    }
    expect(await filesOf('lib-own-art')).toEqual(before);

    // Done: the next start does nothing; and were the flag lost, credited files stay as they are.
    expect(await creditStoredPages({ pages, storage, creditFiles: creditStoredPageFiles })).toBe(0);
    await t.db.kysely.deleteFrom('settings').where('key', '=', 'stored_files_credited').execute();
    expect(await creditStoredPages({ pages, storage, creditFiles: creditStoredPageFiles })).toBe(0);
    expect((await filesOf('lib-old-owl')).png.equals(credited.png)).toBe(true);
  });
});
