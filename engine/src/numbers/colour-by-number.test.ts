import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '@studio/contracts/constants';
import type { Bitmap } from '../page';
import { pngHasCredit } from '../output/credit';
import { inspectPdf } from '../output/pdf-inspect';
import { blank, outline, rect } from '../quality/test-bitmaps';
import { colourByNumber, MIN_DIGIT_MM } from './colour-by-number';
import { findPageRegions } from './page-regions';
import { CRAYONS, hexToRgb, KEY_SIZE, rgbToLab } from './palette';
import { placeNumbers, type PlacementRules } from './place-numbers';
import { groupToCrayons, paintWithoutPreview } from './region-colours';

const LINE = 12;

/**
 * A test page, 1200 × 1600: a frame, a 3 × 3 grid of cells inside it, a thin strip (room to
 * colour, no room for a number) and a speck of paper too small to colour, both in the middle cell.
 */
function gridPage(): Bitmap {
  const page = blank(1200, 1600);
  outline(page, 40, 40, 1160, 1560, LINE);
  for (const x of [400, 780]) rect(page, x, 40, x + LINE, 1560);
  for (const y of [540, 1040]) rect(page, 40, y, 1160, y + LINE);
  // Middle cell (412–780 × 552–1040): a 14 px strip along its top, a 16 × 16 px pocket in a corner.
  rect(page, 412, 566, 780, 566 + LINE);
  outline(page, 740, 1000, 780, 1040, LINE);
  return page;
}

const png = (page: Bitmap): Promise<Buffer> => sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } }).png().toBuffer();

/** A preview for gridPage: each cell its own colour (row by row), the frame's outside white. */
async function gridPreview(colours: string[]): Promise<Buffer> {
  const data = new Uint8Array(1200 * 1600 * 3).fill(255);
  const xs = [52, 412, 792, 1148];
  const ys = [52, 552, 1052, 1548];
  let k = 0;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++, k++) {
      const [r, g, b] = hexToRgb(colours[k % colours.length]);
      for (let y = ys[row]; y < ys[row + 1]; y++) {
        for (let x = xs[col]; x < xs[col + 1]; x++) data.set([r, g, b], 3 * (y * 1200 + x));
      }
    }
  }
  return sharp(data, { raw: { width: 1200, height: 1600, channels: 3 } }).png().toBuffer();
}

const RULES: PlacementRules = { heights: [60, 40], aspect: 1.1, clearance: (h) => 0.2 * h, leaderMinArea: 557, leaderReach: 180 };

describe('placeNumbers', () => {
  const page = gridPage();
  const regions = findPageRegions(page);
  const crayons = paintWithoutPreview(regions, 'adult');
  const placement = placeNumbers(regions, crayons, RULES);

  it('puts each number inside its region, clear of every line, at a legible size', () => {
    const inside = placement.marks.filter((m) => !m.leader);
    expect(inside.length).toBe(9);
    for (const m of inside) {
      expect(m.height).toBeGreaterThanOrEqual(40);
      const grow = RULES.clearance(m.height);
      const [x0, x1] = [Math.floor(m.x - (RULES.aspect * m.height) / 2 - grow), Math.ceil(m.x + (RULES.aspect * m.height) / 2 + grow)];
      const [y0, y1] = [Math.floor(m.y - m.height / 2 - grow), Math.ceil(m.y + m.height / 2 + grow)];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) expect(regions.labels[y * page.width + x]).toBe(m.region);
    }
    // The big cells take the largest size.
    expect(Math.max(...inside.map((m) => m.height))).toBe(60);
  });

  it('gives a strip too thin for a number a leader line that ends inside it', () => {
    const strip = regions.labels[559 * page.width + 600];
    const mark = placement.marks.find((m) => m.region === strip)!;
    expect(mark.leader).not.toBeNull();
    const { to } = mark.leader!;
    expect(regions.labels[Math.floor(to.y) * page.width + Math.floor(to.x)]).toBe(strip);
    expect(regions.labels[Math.floor(mark.y) * page.width + Math.floor(mark.x)]).not.toBe(strip);
  });

  it('merges paper too small to colour into its neighbour: no number, the neighbour’s colour', () => {
    const pocket = regions.labels[1020 * page.width + 760];
    const cell = regions.labels[800 * page.width + 600];
    expect(regions.areas[pocket]).toBeLessThan(RULES.leaderMinArea);
    expect(placement.marks.some((m) => m.region === pocket)).toBe(false);
    expect(placement.fill[pocket]).toBe(crayons[cell]);
    expect(placement.merged).toBe(1);
  });

  it('never numbers the paper around the picture', () => {
    const outside = regions.labels[10 * page.width + 10];
    expect(regions.touchesBorder[outside]).toBe(true);
    expect(crayons[outside]).toBe(-1);
  });
});

describe('key colours', () => {
  it('keeps to the difficulty’s number of crayons, fewer for younger children', () => {
    // 40 regions coloured with every crayon in turn.
    const page = blank(1000, 1000);
    outline(page, 0, 0, 1000, 1000, 8);
    for (let k = 1; k < 8; k++) rect(page, k * 125, 0, k * 125 + 8, 1000);
    for (let k = 1; k < 5; k++) rect(page, 0, k * 200, 1000, k * 200 + 8);
    const regions = findPageRegions(page);
    const colours = [null, ...Array.from({ length: regions.count }, (_, i) => rgbToLab(...hexToRgb(CRAYONS[i % CRAYONS.length].hex)))];
    const sizes = DIFFICULTIES.map((d) => new Set(groupToCrayons(regions, colours, KEY_SIZE[d].max).filter((c, r) => r > 0 && c >= 0)).size);
    expect(sizes).toEqual(DIFFICULTIES.map((d) => KEY_SIZE[d].max));
    expect(KEY_SIZE.toddler.max).toBe(8);
    expect(KEY_SIZE.adult.max).toBe(16);
  });

  it('paints neighbours differently when there is no preview', () => {
    const regions = findPageRegions(gridPage());
    const crayons = paintWithoutPreview(regions, 'toddler');
    let pairs = 0;
    for (let r = 1; r <= regions.count; r++) {
      for (const n of regions.neighbours[r].keys()) {
        if (crayons[r] < 0 || crayons[n] < 0) continue;
        pairs++;
        expect(crayons[n]).not.toBe(crayons[r]);
      }
    }
    expect(pairs).toBeGreaterThan(20);
  });
});

describe('colourByNumber', () => {
  const credit = { text: 'Artwork from OpenMoji', url: 'https://openmoji.org/', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/' };
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1600"><path d="M46 46H1154V1554H46Z" fill="none" stroke="#000" stroke-width="12"/></svg>';

  it('takes colours from the preview, grouped to crayons; white areas stay unnumbered', async () => {
    const page = gridPage();
    const preview = await gridPreview(['#ffffff', '#f4aa41', '#74c0fc', '#b2f2bb', '#ffe066', '#fa5252', '#b197fc', '#a57939', '#fbfcfd']);
    const files = await colourByNumber({ png: await png(page), svg: null, colour: { image: preview, fit: 'cover' }, difficulty: 'children' });
    expect(files.key.map((k) => k.name)).toEqual(['red', 'light orange', 'yellow', 'light green', 'sky blue', 'violet', 'brown']);
    // The white cell and the almost-white one carry no number (a pale sky, #e7f5ff, is still light blue).
    expect(files.stats.numbered).toBe(7);
    expect(files.stats.digitMm.min).toBeGreaterThanOrEqual(MIN_DIGIT_MM);
    // The solution shows the preview's colours: the second cell (orange) is light orange.
    const { data, info } = await sharp(files.solutionPng).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(600, 300)).toEqual(hexToRgb('#fbb25c'));
    expect(at(200, 300)).toEqual([255, 255, 255]);
    // The key sits below the picture.
    expect(info.height).toBeGreaterThan(1600);
  });

  it('draws a vector PDF (no raster) when the page has an SVG, and embeds the raster otherwise', async () => {
    const page = await png(gridPage());
    const vector = await colourByNumber({ png: page, svg, colour: null, difficulty: 'teen' });
    const raster = await colourByNumber({ png: page, svg: null, colour: null, difficulty: 'teen' });
    for (const paper of ['letter', 'a4'] as const) {
      expect(inspectPdf(vector.numbersPdf[paper]).imageCount).toBe(0);
      expect(inspectPdf(raster.numbersPdf[paper]).imageCount).toBe(1);
      expect(inspectPdf(vector.numbersPdf[paper]).pageCount).toBe(1);
    }
    // Letter 612 × 792 pt, A4 595 × 842.
    expect(inspectPdf(vector.numbersPdf.letter).mediaBoxes[0]).toEqual([0, 0, 612, 792]);
    expect(inspectPdf(vector.numbersPdf.a4).mediaBoxes[0][2]).toBeCloseTo(595.28, 1);
  });

  it('gives the same bytes for the same page, credit included in every file', async () => {
    const input = { png: await png(gridPage()), svg, colour: { image: await gridPreview(['#f4aa41', '#74c0fc', '#b2f2bb']), fit: 'cover' as const }, difficulty: 'adult' as const, credit };
    const [a, b] = [await colourByNumber(input), await colourByNumber(input)];
    expect(a.numbersPng.equals(b.numbersPng)).toBe(true);
    expect(a.solutionPng.equals(b.solutionPng)).toBe(true);
    for (const paper of ['letter', 'a4'] as const) {
      expect(a.numbersPdf[paper].equals(b.numbersPdf[paper])).toBe(true);
      expect(a.solutionPdf[paper].equals(b.solutionPdf[paper])).toBe(true);
      expect(a.numbersPdf[paper].toString('latin1')).toContain('CC BY-SA 4.0');
      expect(a.solutionPdf[paper].toString('latin1')).toContain('CC BY-SA 4.0');
    }
    expect(pngHasCredit(a.numbersPng) && pngHasCredit(a.solutionPng)).toBe(true);
  });
});
