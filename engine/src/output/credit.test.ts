import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composePage } from '../compose/compose-page';
import type { Page } from '../page';
import { OPENMOJI_ATTRIBUTION } from '../subjects/subject-library';
import { renderPageFiles } from './page-files';
import { inspectPdf } from './pdf-inspect';

/** Text chunks of a PNG, keyword → text (tEXt Latin-1, uncompressed iTXt UTF-8). */
function pngTexts(png: Buffer): Record<string, string> {
  const texts: Record<string, string> = {};
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const nul = data.indexOf(0);
    if (type === 'tEXt') texts[data.toString('latin1', 0, nul)] = data.toString('latin1', nul + 1);
    if (type === 'iTXt') {
      expect(data[nul + 1], 'uncompressed').toBe(0);
      const language = data.indexOf(0, nul + 3);
      const translated = data.indexOf(0, language + 1);
      texts[data.toString('latin1', 0, nul)] = data.toString('utf8', translated + 1);
    }
    at += 12 + length;
  }
  return texts;
}

/** A PDF info entry (pdfkit writes each as an indirect literal string, UTF-16BE when not ASCII). */
function pdfInfo(pdf: Buffer, key: string): string | null {
  const text = pdf.toString('latin1');
  const info = /\/Info (\d+) 0 R/.exec(text)?.[1];
  const dictionary = info ? new RegExp(`\\n${info} 0 obj\\n<<([^>]*)>>`).exec(text)?.[1] : undefined;
  const ref = dictionary ? new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary)?.[1] : undefined;
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\(((?:[^\\\\)]|\\\\[^])*)\\)\\nendobj`).exec(text)?.[1] : undefined;
  if (literal === undefined) return null;
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1');
}

/** The text a PDF's content streams show (pdfkit writes glyphs as hex strings in WinAnsi). */
function pdfShownText(pdf: Buffer): string {
  return [...inspectPdf(pdf).content.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join('');
}

describe('credit inside the files of a page drawn from CC BY-SA artwork', () => {
  it('puts the credit and licence in the PNG, SVG and PDF of a composed page, and changes no pixel', async () => {
    const { page, attribution, subjects } = await composePage('a cat', { difficulty: 'children', ratio: '3:4', seed: 3, verify: false });
    expect(subjects.length).toBeGreaterThan(0);
    expect(page.credit).toEqual(attribution);
    expect(page.credit).toEqual(OPENMOJI_ATTRIBUTION);
    const files = await renderPageFiles(page, { paper: 'letter' });

    const texts = pngTexts(files.png);
    expect(texts.Copyright).toBe('Artwork from OpenMoji – the open-source emoji and icon project (modified), https://openmoji.org/. Licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).');
    expect(texts.Source).toBe('https://openmoji.org/');
    expect(texts.License).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    const [before, after] = await Promise.all([sharp(page.png).raw().toBuffer(), sharp(files.png).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);

    expect(files.svg).toMatch(/^<svg[^>]*><metadata><rdf:RDF[^]*<cc:license rdf:resource="https:\/\/creativecommons\.org\/licenses\/by-sa\/4\.0\/"\/>[^]*<\/metadata>/);
    expect(files.svg).toContain('<dc:source rdf:resource="https://openmoji.org/"/>');
    const line = /<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text><\/svg>$/.exec(files.svg!);
    expect(line?.[2]).toBe('Artwork from OpenMoji – the open-source emoji and icon project (modified) · https://openmoji.org/ · CC BY-SA 4.0');
    expect(Number(line?.[1])).toBeLessThan(page.width * 0.02);
    // Still a well-formed SVG that renders.
    expect((await sharp(Buffer.from(files.svg!)).metadata()).width).toBe(page.width);

    expect(pdfInfo(files.pdf, 'Copyright')).toBe(texts.Copyright);
    expect(pdfInfo(files.pdf, 'Keywords')).toBe('CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/');
    expect(pdfShownText(files.pdf)).toContain('CC BY-SA 4.0');
    expect(inspectPdf(files.pdf).pageCount).toBe(1);
  }, 60_000);

  it('leaves the credit off a composed page that draws no subject (a pattern only)', async () => {
    const { page, subjects } = await composePage('quantum entanglement', { difficulty: 'children', ratio: '1:1', seed: 5, verify: false });
    expect(subjects).toEqual([]);
    expect(page.credit).toBeNull();
    const files = await renderPageFiles(page, { paper: 'a4' });
    expect(pngTexts(files.png)).toEqual({});
    expect(files.svg).not.toMatch(/<metadata|OpenMoji/);
    expect(pdfInfo(files.pdf, 'Copyright')).toBeNull();
  }, 60_000);

  it('puts no credit in the files of a page drawn without such artwork', async () => {
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const page: Page = {
      png,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"><path d="M5 5h50v70H5z" fill="none" stroke="#000"/></svg>',
      width: 60,
      height: 80,
      report: { width: 60, height: 80, greyPixels: 0, specks: 0, leakingRegions: 0, regionCount: 2, lineWidthPx: 2, lineWidthMm: 0.5, passes: true, problems: [] },
    };
    for (const candidate of [page, { ...page, svg: null }]) {
      const files = await renderPageFiles(candidate, { paper: 'a4' });
      expect(files.png.equals(png)).toBe(true);
      expect(pngTexts(files.png)).toEqual({});
      if (files.svg) expect(files.svg).not.toMatch(/metadata|<text|OpenMoji/);
      expect(pdfInfo(files.pdf, 'Copyright')).toBeNull();
      expect(pdfShownText(files.pdf)).not.toContain('CC BY');
    }
  });
});
