import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { layoutNameLine, nameBandHeight, pngWithNameLine, svgWithNameLine, drawNameLinePdf } from './name-line';
import { missingCharacters, textRuns, textWidth } from './page-fonts';
import { inspectPdf } from './pdf-inspect';

/** Every x and y of absolute path data. */
function extent(d: string): { minX: number; maxX: number; minY: number; maxY: number } {
  const values = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = values.filter((_, i) => i % 2 === 0);
  const ys = values.filter((_, i) => i % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

const BOX = { x: 36, y: 10, width: 540, height: 44 };

describe('page fonts', () => {
  it('cut a mixed name into Latin and CJK runs, spaces staying in their run', () => {
    expect(textRuns('小明 Class 2')).toEqual([
      { role: 'cjk', text: '小明 ' },
      { role: 'latin', text: 'Class 2' },
    ]);
    expect(textRuns('さくら')).toEqual([{ role: 'cjk', text: 'さくら' }]);
    expect(textRuns('Zoë')).toEqual([{ role: 'latin', text: 'Zoë' }]);
  });

  it('name the characters neither font can draw', () => {
    expect(missingCharacters('김민준 Kim')).toEqual(['김', '민', '준']);
    expect(missingCharacters('小明 さくら Émile')).toEqual([]);
  });

  it('measure text in proportion to its size', () => {
    expect(textWidth('Class 3B', 20)).toBeCloseTo(textWidth('Class 3B', 10) * 2, 5);
    expect(textWidth('小明', 10)).toBeCloseTo(20, 0);
  });
});

describe('name line layout', () => {
  for (const name of ['Emma', 'Mrs Lee — Class 3B', '小明', 'さくら', '小明 Class 2', 'Maximilian-Alexander von Hohenberg 4C']) {
    it(`keeps "${name}" inside its band, centred`, () => {
      const layout = layoutNameLine(name, BOX);
      expect(layout.runs.length).toBeGreaterThan(0);
      const boxes = layout.runs.map((run) => extent(run.d));
      const minX = Math.min(...boxes.map((b) => b.minX));
      const maxX = Math.max(...boxes.map((b) => b.maxX));
      const maxStroke = Math.max(...layout.runs.map((run) => run.outer)) / 2;
      expect(minX - maxStroke).toBeGreaterThanOrEqual(BOX.x - 0.5);
      expect(maxX + maxStroke).toBeLessThanOrEqual(BOX.x + BOX.width + 0.5);
      expect(Math.min(...boxes.map((b) => b.minY)) - maxStroke).toBeGreaterThanOrEqual(BOX.y - 2);
      expect(Math.max(...boxes.map((b) => b.maxY)) + maxStroke).toBeLessThanOrEqual(BOX.y + BOX.height + 2);
      // Centred: as much room left as right (within the bubble's grow).
      expect(Math.abs(minX - BOX.x - (BOX.x + BOX.width - maxX))).toBeLessThan(8);
    });
  }

  it('sets a short name by the band height and a long one smaller, by its width', () => {
    const short = layoutNameLine('Emma', BOX);
    const long = layoutNameLine('Maximilian-Alexander von Hohenberg 4C', BOX);
    expect(short.fontSize).toBeGreaterThan(30);
    expect(long.fontSize).toBeLessThan(short.fontSize);
    expect(long.width).toBeLessThanOrEqual(BOX.width);
  });

  it('draws CJK characters with a thinner bubble than Latin letters, never under 0.7 pt', () => {
    const { runs } = layoutNameLine('小明 Class 2', BOX);
    expect(runs).toHaveLength(2);
    expect(runs[0].inner).toBeLessThan(runs[1].inner);
    for (const run of runs) expect((run.outer - run.inner) / 2).toBeGreaterThanOrEqual(0.7);
  });
});

describe('name line drawing', () => {
  it('draws hollow letters as vector paths in a PDF: a black outline pass, then a white fill pass', async () => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    drawNameLinePdf(doc, 'さくら', BOX);
    doc.end();
    await ended;
    const { content } = inspectPdf(Buffer.concat(chunks));
    const black = content.indexOf('0 0 0 SCN');
    const white = content.indexOf('1 1 1 scn');
    expect(black).toBeGreaterThanOrEqual(0);
    expect(white).toBeGreaterThan(black);
    // Glyph curves, not text objects.
    expect(content).toMatch(/ c\n|\sv\n/);
    expect(content).not.toContain('BT');
  });

  it('adds a band above a PNG page: the picture is untouched below, the result pure black and white', async () => {
    const width = 600;
    const picture = await sharp({ create: { width, height: 800, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect x="50" y="50" width="500" height="700" fill="none" stroke="#000" stroke-width="12"/></svg>`), top: 0, left: 0 }])
      .threshold(128)
      .png()
      .toBuffer();
    const named = await pngWithNameLine(picture, '小明');
    const band = nameBandHeight(width);
    const meta = await sharp(named).metadata();
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(800 + band);
    const pixels = await sharp(named).greyscale().raw().toBuffer();
    expect(new Set(pixels)).toEqual(new Set([0, 255]));
    const original = await sharp(picture).greyscale().raw().toBuffer();
    expect(pixels.subarray(band * width).equals(original)).toBe(true);
    const bandInk = pixels.subarray(0, band * width).filter((v) => v === 0).length;
    expect(bandInk).toBeGreaterThan(200);
    // A 1-bit greyscale PNG (IHDR bit depth 1, colour type 0): no value but black and white fits in it.
    expect(named.toString('latin1', 12, 16)).toBe('IHDR');
    expect([named[24], named[25]]).toEqual([1, 0]);
  });

  it('grows an SVG upward and draws the name after the picture, so nothing covers it', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2400 3150" width="2400" height="3150"><path d="M0 0L10 10"/></svg>';
    const named = svgWithNameLine(svg, 'Emma');
    const band = nameBandHeight(2400);
    expect(named).toContain(`viewBox="0 ${-band} 2400 ${3150 + band}"`);
    expect(named.indexOf('M0 0L10 10')).toBeLessThan(named.indexOf('stroke="#000000"'));
    expect(named.match(/<svg\b/g)).toHaveLength(1);
  });
});
