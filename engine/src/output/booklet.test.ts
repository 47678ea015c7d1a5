import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { pagePdfWithName, pageList, writeBooklet, type BookletEntry, type BookletOptions, type BookletPicture } from './booklet';
import { hasPdftotext, inspectPdf, pdfPagesText } from './pdf-inspect';

const PORTRAIT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect x="10" y="10" width="280" height="380" fill="none" stroke="#000" stroke-width="6"/><circle cx="150" cy="200" r="80" fill="none" stroke="#000" stroke-width="6"/></svg>';
const LANDSCAPE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect x="10" y="10" width="380" height="280" fill="none" stroke="#000" stroke-width="6"/></svg>';
const CREDIT = { text: 'OpenMoji – the open-source emoji and icon project (modified)', url: 'https://openmoji.org/', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/' };
const LABELS = { contents: 'Contents', credits: 'Artwork credits', pages: 'Pages' };

const entries = (n: number): BookletEntry[] => Array.from({ length: n }, (_, i) => ({ title: i === 1 ? '小さな猫' : `Page title ${i + 1}`, credit: i % 3 === 0 ? CREDIT : null }));

async function booklet(n: number, options: Partial<BookletOptions> = {}, picture: (i: number) => BookletPicture = () => ({ svg: PORTRAIT })): Promise<Buffer> {
  const { stream, finished } = writeBooklet(entries(n), async (i) => picture(i), { title: 'Farm animals', paper: 'letter', perSheet: 1, name: null, labels: LABELS, ...options });
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await finished;
  return Buffer.concat(chunks);
}


describe('booklet', () => {
  it('has a cover and one numbered page per picture, on Letter or A4', async () => {
    const letter = inspectPdf(await booklet(12));
    expect(letter.pageCount).toBe(13);
    expect(letter.mediaBoxes.every((box) => box[2] === 612 && box[3] === 792)).toBe(true);
    const a4 = inspectPdf(await booklet(3, { paper: 'a4' }));
    expect(a4.pageCount).toBe(4);
    expect(a4.mediaBoxes[0]).toEqual([0, 0, 595.28, 841.89]);
  });

  it('turns a sheet for a landscape picture when one page goes on a sheet', async () => {
    const pdf = inspectPdf(await booklet(2, {}, (i) => ({ svg: i === 1 ? LANDSCAPE : PORTRAIT })));
    expect(pdf.mediaBoxes.map((box) => box.slice(2))).toEqual([[612, 792], [612, 792], [792, 612]]);
  });

  it('puts two half-size pages on each landscape sheet, the cover first', async () => {
    const pdf = inspectPdf(await booklet(12, { perSheet: 2 }));
    expect(pdf.pageCount).toBe(7);
    expect(pdf.mediaBoxes.every((box) => box[2] === 792 && box[3] === 612)).toBe(true);
  });

  it('draws pictures as vectors, or a page without vector art from its PNG', async () => {
    const vector = inspectPdf(await booklet(2));
    expect(vector.imageCount).toBe(0);
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const raster = inspectPdf(await booklet(2, {}, () => ({ png })));
    // The cover's small picture and each page's.
    expect(raster.imageCount).toBe(3);
  });

  it.skipIf(!hasPdftotext)('lists the contents and credits on the cover and numbers every page', async () => {
    const pages = pdfPagesText(await booklet(12, { name: 'Class 3B' }));
    const cover = pages[0];
    expect(cover).toContain('Farm animals');
    expect(cover).toContain('Contents');
    expect(cover).toContain('小さな猫');
    expect(cover).toContain('Page title 12');
    // Pages 1, 4, 7 and 10 are credited.
    expect(cover).toMatch(/Pages 1, 4, 7, 10: OpenMoji/);
    pages.slice(1).forEach((text, i) => {
      expect(text.split('\n').map((line) => line.trim())).toContain(String(i + 1));
      expect(text).toContain('Class 3B');
      expect(text.includes('CC BY-SA 4.0')).toBe(i % 3 === 0);
    });
  });

  it.skipIf(!hasPdftotext)('carries a CJK name on every page, two a sheet', async () => {
    const pages = pdfPagesText(await booklet(3, { name: '小明', perSheet: 2 }));
    expect(pages).toHaveLength(2);
    for (const text of pages) expect(text.match(/小明/g)).toHaveLength(2);
  });

  it('refuses an empty booklet and one over 40 pages', () => {
    const options = { title: 't', paper: 'letter' as const, perSheet: 1 as const, name: null, labels: LABELS };
    expect(() => writeBooklet([], async () => ({ svg: PORTRAIT }), options)).toThrow(RangeError);
    expect(() => writeBooklet(entries(41), async () => ({ svg: PORTRAIT }), options)).toThrow(RangeError);
  });

  it('asks for each picture only when its turn comes, and waits for a slow reader', { timeout: 30_000 }, async () => {
    const asked: number[] = [];
    // A page of scattered strokes, about 400 kB in the PDF even compressed (a pseudo-random walk).
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const big = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><path d="${Array.from({ length: 40000 }, () => `M${(random() * 300).toFixed(2)} ${(random() * 400).toFixed(2)}L${(random() * 300).toFixed(2)} ${(random() * 400).toFixed(2)}`).join('')}" stroke="#000" fill="none"/></svg>`;
    const { stream, finished } = writeBooklet(entries(8), async (i) => {
      asked.push(i);
      return { svg: big };
    }, { title: 'Slow', paper: 'letter', perSheet: 1, name: null, labels: LABELS });
    const reader = new PassThrough({ highWaterMark: 16 });
    stream.pipe(reader);
    // Nobody reads yet: drawing stops after a few pages (asked stays put) instead of filling memory.
    let before = -1;
    while (asked.length !== before) {
      before = asked.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    expect(asked.length).toBeLessThan(8);
    reader.resume();
    await finished;
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops with an error when a picture cannot be had', async () => {
    const { stream, finished } = writeBooklet(entries(3), async (i) => {
      if (i === 2) throw new Error('storage down');
      return { svg: PORTRAIT };
    }, { title: 't', paper: 'letter', perSheet: 1, name: null, labels: LABELS });
    stream.on('data', () => undefined);
    stream.on('error', () => undefined);
    await expect(finished).rejects.toThrow('storage down');
  });
});

describe('single page with a name', () => {
  it.skipIf(!hasPdftotext)('draws one page with the name and the credit, without a number', async () => {
    const pdf = await pagePdfWithName({ svg: LANDSCAPE }, { paper: 'a4', name: 'さくら', credit: CREDIT });
    const info = inspectPdf(pdf);
    expect(info.pageCount).toBe(1);
    expect(info.mediaBoxes[0]).toEqual([0, 0, 841.89, 595.28]);
    const [text] = pdfPagesText(pdf);
    expect(text).toContain('さくら');
    expect(text).toContain('CC BY-SA 4.0');
    expect(text).not.toMatch(/^\s*1\s*$/m);
  });
});

describe('pageList', () => {
  it('writes runs of pages as ranges', () => {
    expect(pageList([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7, 8');
    expect(pageList([4])).toBe('4');
  });
});
