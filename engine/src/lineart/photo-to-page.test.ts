import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, RATIOS } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS, pageSizeForRatio } from '@studio/contracts/page';
import { decodeImage } from '../io/load-image';
import { personMask } from './person-mask';
import { photoToPage, retryRegions } from './photo-to-page';
import { syntheticDrawing, syntheticPhoto } from './synthetic-images';
import { renderPageFiles } from '../output/page-files';
import { inspectPdf } from '../output/pdf-inspect';
import { parseSvg } from '../output/svg-to-pdf';

async function greyPixels(png: Buffer): Promise<{ data: Uint8Array; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('photoToPage', () => {
  it('gives the same bytes for the same input', async () => {
    const photo = await syntheticPhoto(400, 300, 3);
    const a = await photoToPage(photo, { difficulty: 'children', ratio: '4:3', mode: 'photo' });
    const b = await photoToPage(photo, { difficulty: 'children', ratio: '4:3', mode: 'photo' });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.svg).toBe(b.svg);
    const files = await renderPageFiles(a, { paper: 'letter' });
    const again = await renderPageFiles(b, { paper: 'letter' });
    expect(files.pdf.equals(again.pdf)).toBe(true);
    expect(files.thumb600.equals(again.thumb600)).toBe(true);
  });

  it('makes a page that passes the checker for every ratio and every difficulty', async () => {
    const photo = await syntheticPhoto(480, 360, 11, 90);
    // Each ratio once, the difficulties in turn (every one at least once): the ratio sets the
    // page's size and crop, the difficulty its lines; all 28 pairs took a minute of CI for nothing more.
    for (const [i, ratio] of RATIOS.entries()) {
      const difficulty = DIFFICULTIES[i % DIFFICULTIES.length];
      const page = await photoToPage(photo, { difficulty, ratio, mode: 'photo' });
      expect({ ratio, difficulty, problems: page.report.problems }).toEqual({ ratio, difficulty, problems: [] });
      expect([page.width, page.height]).toEqual([pageSizeForRatio(ratio).width, pageSizeForRatio(ratio).height]);
    }
  }, 180_000);

  it('writes a one-channel pure black-and-white PNG, an SVG of the page size, a vector PDF and thumbnails', async () => {
    const page = await photoToPage(await syntheticPhoto(300, 400, 5), { difficulty: 'teen', ratio: '3:4', mode: 'photo' });
    const png = await greyPixels(page.png);
    expect([png.width, png.height]).toEqual([2363, 3150]);
    expect(png.data.every((v) => v === 0 || v === 255)).toBe(true);
    const svg = parseSvg(page.svg ?? '');
    expect(svg.attrs.viewBox).toBe('0 0 2363 3150');
    const files = await renderPageFiles(page, { paper: 'a4' });
    const pdf = inspectPdf(files.pdf);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.imageCount).toBe(0);
    expect(pdf.mediaBoxes[0]).toEqual([0, 0, 595.28, 841.89]);
    expect(pdf.content).toMatch(/ [cv]\n/);
    const large = await sharp(files.thumb600).metadata();
    const small = await sharp(files.thumb320).metadata();
    expect([large.format, large.height, small.height]).toEqual(['webp', 600, 320]);
  });
});

describe('photoToPage on a portrait', () => {
  it('draws the face the face model finds, says so in the report, and still passes the checker', async () => {
    const photo = await readFile(new URL('./fixtures/face-portrait.jpg', import.meta.url));
    const page = await photoToPage(photo, { difficulty: 'children', ratio: '3:4', mode: 'photo' });
    expect(page.report.faces).toBe(1);
    expect(page.report.faceEyes).toEqual([2]);
    expect(page.report.problems).toEqual([]);
  }, 30_000);
});

describe('photoToPage in cleanup mode', () => {
  it('keeps the drawn lines, drops the shading, closes the small gap', async () => {
    const page = await photoToPage(await syntheticDrawing(900, 900), { difficulty: 'children', ratio: '1:1', mode: 'cleanup' });
    const r = page.report;
    expect([r.greyPixels, r.specks, r.leakingRegions]).toEqual([0, 0, 0]);
    // Outside, inside the circle (its gap closed), inside the square.
    expect(r.regionCount).toBe(3);
    const png = await greyPixels(page.png);
    // The middle of the shaded crescent is paper again.
    const x = Math.round(png.width * 0.5 + png.width * 0.3 * 0.6);
    const y = Math.round(png.height * 0.5);
    expect(png.data[(y * png.width + x) * png.channels]).toBe(255);
  });
});

/** Sky over a field, with an orange striped animal-like ellipse standing in the middle. */
async function subjectPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="126" fill="#7fb2e5"/><rect y="126" width="480" height="234" fill="#5d8a3a"/>
    <ellipse cx="240" cy="198" rx="110" ry="72" fill="#e07a1f"/>
    <path d="M180 140 L200 260 M230 128 L240 270 M280 130 L275 268" stroke="#3a2210" stroke-width="12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe('photoToPage with subjectOnly', () => {
  it('keeps the subject, drops the horizon behind it, and still passes the checker', async () => {
    const photo = await subjectPhoto();
    const opts = { difficulty: 'toddler', ratio: '4:3', mode: 'photo' } as const;
    const full = await photoToPage(photo, opts);
    const only = await photoToPage(photo, { ...opts, subjectOnly: true });
    expect(only.report.problems).toEqual([]);
    /** Ink pixels in a box given as fractions of the page. */
    const inkIn = async (png: Buffer, x0: number, y0: number, x1: number, y1: number): Promise<number> => {
      const { data, width, height, channels } = await greyPixels(png);
      let ink = 0;
      for (let y = Math.round(y0 * height); y < y1 * height; y++) {
        for (let x = Math.round(x0 * width); x < x1 * width; x++) if (data[(y * width + x) * channels] === 0) ink++;
      }
      return ink;
    };
    // The horizon, left of the subject.
    expect(await inkIn(full.png, 0.05, 0.28, 0.2, 0.42)).toBeGreaterThan(0);
    expect(await inkIn(only.png, 0.05, 0.28, 0.2, 0.42)).toBe(0);
    // The subject's middle stripe is drawn on both.
    expect(await inkIn(only.png, 0.4, 0.45, 0.6, 0.6)).toBeGreaterThan(0);
  }, 60_000);

  it('still passes the checker on an adult page, falling back to the whole photo if the subject alone is too simple', async () => {
    // The busy synthetic picture every difficulty passes on: its salient part alone has fewer
    // shapes than an adult page's 200 regions.
    const photo = await syntheticPhoto(480, 360, 11, 90);
    const only = await photoToPage(photo, { difficulty: 'adult', ratio: '4:3', mode: 'photo', subjectOnly: true });
    expect(only.report.problems).toEqual([]);
  }, 90_000);
});

describe('photoToPage with subjectOnly on a photo of a person', () => {
  it('keeps the person, her face drawn, and draws nothing on the flag behind her (the person mask, decision 076)', async () => {
    const photo = await readFile(new URL('./fixtures/person-with-flag.jpg', import.meta.url));
    const page = await photoToPage(photo, { difficulty: 'children', ratio: '3:4', mode: 'photo', subjectOnly: true, fit: 'contain' });
    expect(page.report.problems).toEqual([]);
    expect(page.report.faces).toBe(1);
    const image = await decodeImage(photo);
    const mask = (await personMask(image)) ?? new Float32Array();
    // Plainly background: no person within 6 photo pixels (about 5 mm of paper).
    const reach = 6;
    const near = new Uint8Array(mask.length);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (mask[y * image.width + x] < 0.5) continue;
        for (let py = Math.max(0, y - reach); py <= Math.min(image.height - 1, y + reach); py++) near.fill(1, py * image.width + Math.max(0, x - reach), py * image.width + Math.min(image.width, x + reach + 1));
      }
    }
    const { data, width, height, channels } = await greyPixels(page.png);
    // `contain`: the photo fills the page's width, centred between white bands.
    const scale = width / image.width;
    const top = (height - image.height * scale) / 2;
    const margin = 40;
    let background = 0;
    let person = 0;
    let backgroundInk = 0;
    let personInk = 0;
    for (let y = margin; y < height - margin; y += 2) {
      for (let x = margin; x < width - margin; x += 2) {
        const px = Math.floor(x / scale);
        const py = Math.floor((y - top) / scale);
        if (py < 0 || py >= image.height) continue;
        const ink = data[(y * width + x) * channels] === 0 ? 1 : 0;
        if (!near[py * image.width + px]) {
          background++;
          backgroundInk += ink;
        } else if (mask[py * image.width + px] >= 0.5) {
          person++;
          personInk += ink;
        }
      }
    }
    // The flag is a third of the picture: plenty of background, and not a dot of ink on it.
    expect(background).toBeGreaterThan(0.1 * (background + person));
    expect(backgroundInk).toBe(0);
    expect(personInk).toBeGreaterThan(0.02 * person);
  }, 60_000);
});

describe('photoToPage with subjectOnly where the face model takes dogs for people', () => {
  it('falls back to the saliency\'s subject, not the whole photo, when the masked "people" are too few shapes', async () => {
    // Two spaniels' heads at a window: the face model finds a face, the mask covers only the
    // heads (22 regions, under the children band), so the page is the saliency's subject.
    const photo = await readFile(new URL('./fixtures/dogs-at-window.jpg', import.meta.url));
    const page = await photoToPage(photo, { difficulty: 'children', ratio: '3:4', mode: 'photo', subjectOnly: true });
    expect(page.report.problems).toEqual([]);
    expect(page.report.faces).toBe(1);
    // The white boards of the wall at the top right, which the whole photo's page draws, are blank.
    const { data, width, height, channels } = await greyPixels(page.png);
    let ink = 0;
    for (let y = Math.round(0.05 * height); y < 0.3 * height; y++) {
      for (let x = Math.round(0.7 * width); x < 0.95 * width; x++) if (data[(y * width + x) * channels] === 0) ink++;
    }
    expect(ink).toBe(0);
  }, 60_000);
});

describe('retryRegions', () => {
  it('re-cuts a page that fell out of its band to just inside the edge it crossed, scaled by how drawing changed the count', () => {
    const teen = DIFFICULTY_SPECS.teen;
    // 48 segmented regions became 46 on the page (floor 50): aim at 64, not the band's middle (85).
    expect(retryRegions(48, 46, teen)).toBe(Math.round((48 * 64) / 46));
    // Over the top (120): aim a fifth of the band below it.
    expect(retryRegions(130, 130, teen)).toBe(106);
    // The adult band has no top: a page under 200 aims at 240.
    expect(retryRegions(210, 180, DIFFICULTY_SPECS.adult)).toBe(Math.round((210 * 240) / 180));
    expect(retryRegions(3, 30, DIFFICULTY_SPECS.toddler)).toBe(2);
  });
});
