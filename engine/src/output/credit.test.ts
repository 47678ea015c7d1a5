import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composePage } from '../compose/compose-page';
import type { Page } from '../page';
import { OPENMOJI_ATTRIBUTION } from '../subjects/subject-library';
import { renderPageFiles } from './page-files';
import { inspectPdf, pdfInfoEntry as pdfInfo, pdfShownText } from './pdf-inspect';
import { creditLine } from './credit';
import { svgToPdf } from './svg-to-pdf';

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

  it('writes the title and the credit line of a page PDF in the reader\'s language', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"><path d="M5 5h50v70H5z" fill="none" stroke="#000"/></svg>';
    const ja = await svgToPdf(svg, { paper: 'a4', credit: OPENMOJI_ATTRIBUTION, title: 'ねむいねこ', lang: 'ja' });
    expect(pdfInfo(ja, 'Title')).toBe('ねむいねこ');
    expect(pdfShownText(ja)).toContain('イラスト出典：OpenMoji – the open-source emoji and icon project（改変あり） · https://openmoji.org/ · ライセンス CC BY-SA 4.0');
    expect(pdfShownText(ja)).not.toContain('Artwork from');
    // The document info keeps the licence's own words: the notice is what the licence asks for.
    expect(pdfInfo(ja, 'Copyright')).toContain('Licensed under CC BY-SA 4.0');

    const zh = await svgToPdf(svg, { paper: 'a4', credit: OPENMOJI_ATTRIBUTION, title: '困倦的猫', lang: 'zh' });
    expect(pdfInfo(zh, 'Title')).toBe('困倦的猫');
    expect(pdfShownText(zh)).toContain(creditLine(OPENMOJI_ATTRIBUTION, 'zh'));
    expect(creditLine(OPENMOJI_ATTRIBUTION, 'zh')).toMatch(/^图案来自 OpenMoji.*（已修改） · https:\/\/openmoji\.org\/ · 许可协议 CC BY-SA 4\.0$/);

    // English stays as stored files have it: Helvetica, no title unless given.
    const en = await svgToPdf(svg, { paper: 'letter', credit: OPENMOJI_ATTRIBUTION });
    expect(pdfInfo(en, 'Title')).toBeNull();
    expect(pdfShownText(en)).toContain('Artwork from OpenMoji');
  });
});
