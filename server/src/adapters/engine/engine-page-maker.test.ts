import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@studio/contracts/errors';
import { pdfInfoEntry } from '@studio/engine/output/pdf-inspect';
import { createEnginePageMaker } from './engine-page-maker';

// The real engine behind the server's PageMaker role: one page of each kind, end to end.
describe('engine page maker', () => {
  const maker = createEnginePageMaker({ providerConfig: { IMAGE_PROVIDER: 'local' } });

  /** A file's bytes as text, UTF-16 (PDF info strings) folded to its ASCII letters. */
  const readable = (file: Buffer) => file.toString('latin1').replaceAll('\0', '');

  it('draws a prompt offline into every file the server stores', async () => {
    const seen: number[] = [];
    const page = await maker.fromPrompt({ prompt: 'a cute unicorn', difficulty: 'toddler', ratio: '3:4', seed: 7, lang: 'en', providerRef: null }, (p) => seen.push(p));
    const meta = await sharp(page.png).metadata();
    expect([meta.width, meta.height]).toEqual([2363, 3150]);
    expect(page.pdfLetter.subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.pdfA4.subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.pdfA4.equals(page.pdfLetter)).toBe(false);
    expect(page.svg).toMatch(/^<svg/);
    const thumb = await sharp(page.thumb600).metadata();
    expect([thumb.format, Math.max(thumb.width!, thumb.height!)]).toEqual(['webp', 600]);
    expect(page.colorPng).not.toBeNull();
    expect(page.attribution).toMatchObject({ license: expect.stringContaining('CC BY-SA') });
    // The credit is inside every stored file too (engine/src/output/credit.test.ts reads it back).
    for (const file of [page.png, page.pdfLetter, page.pdfA4, Buffer.from(page.svg!)]) expect(readable(file)).toContain('OpenMoji');
    // The stored PDFs carry the page's title, which PDF viewers show in place of "Untitled".
    for (const pdf of [page.pdfLetter, page.pdfA4]) expect(pdfInfoEntry(pdf, 'Title')).toBe('a cute unicorn');
    expect(seen[0]).toBe(10);
  });

  it('traces a photo into a page', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f0f0f0' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="180" fill="#c03030"/><rect x="60" y="60" width="200" height="140" fill="#3050c0"/></svg>') }])
      .jpeg()
      .toBuffer();
    const page = await maker.fromPhoto({ image: photo, difficulty: 'children', ratio: '4:3', fit: 'crop' }, () => {});
    const meta = await sharp(page.png).metadata();
    expect([meta.width, meta.height]).toEqual([3150, 2363]);
    expect(page.colorPng).toBeNull();
    // The face model looked and found no face: an empty list, not a missing one.
    expect(page.faces).toEqual([]);
    // Nobody's artwork on a traced photo: no credit in its files.
    for (const file of [page.png, page.pdfLetter]) expect(readable(file)).not.toMatch(/OpenMoji|CC BY-SA/);
    expect((await maker.probeUpload(photo)).format).toBe('jpeg');
  });

  it('tells the faces a portrait’s page drew, each with its eyes (decision 066)', async () => {
    const portrait = await readFile(new URL('../../../../engine/src/lineart/fixtures/face-portrait.jpg', import.meta.url));
    const page = await maker.fromPhoto({ image: portrait, difficulty: 'children', ratio: '3:4', fit: 'crop' }, () => {});
    expect(page.faces).toEqual([{ eyes: 2 }]);
  }, 30_000);

  it('refuses bad uploads and prompts with their codes', async () => {
    await expect(maker.probeUpload(Buffer.from('plain text, renamed to .png'))).rejects.toMatchObject({ code: ErrorCode.formatUnsupported });
    await expect(maker.probeUpload(Buffer.alloc(10 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: ErrorCode.imageTooLarge });
    expect(() => maker.checkPrompt('   ')).toThrow(expect.objectContaining({ code: ErrorCode.promptEmpty }));
    expect(maker.checkPrompt(' a\u200b cat ')).toBe('a cat');
  });
});
