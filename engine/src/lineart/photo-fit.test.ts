import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoToPage } from './photo-to-page';

/** A 3:2 photo on plain paper with a dark disc near each side edge: what a crop to 4:3 would cut away. */
async function wideShot(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#f4f4f0"/>
    <circle cx="300" cy="200" r="90" fill="#c0502c"/>
    <circle cx="16" cy="200" r="14" fill="#101010"/>
    <circle cx="584" cy="200" r="14" fill="#101010"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Dark pixels in the page's outer vertical bands (6% of the width on each side, middle third of the height). */
async function inkAtSides(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const band = Math.round(info.width * 0.06);
  let ink = 0;
  for (let y = Math.round(info.height / 3); y < Math.round((2 * info.height) / 3); y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if ((x < band || x >= info.width - band) && data[y * info.width + x] < 128) ink += 1;
    }
  }
  return ink;
}

describe('a photo of another shape than its page', () => {
  it('keeps everything with fit: contain (the side discs are drawn) and cuts the overflow with cover', async () => {
    const photo = await wideShot();
    const kept = await photoToPage(photo, { difficulty: 'children', ratio: '4:3', mode: 'photo', fit: 'contain' });
    const cropped = await photoToPage(photo, { difficulty: 'children', ratio: '4:3', mode: 'photo', fit: 'cover' });
    expect(kept.width).toBeGreaterThan(kept.height);
    const [keptInk, croppedInk] = [await inkAtSides(kept.png), await inkAtSides(cropped.png)];
    // Two disc outlines are thousands of dark pixels; everything else in the bands (the frame) is common to both.
    expect(keptInk - croppedInk).toBeGreaterThan(10_000);
  }, 60_000);

  it('moves the cover window to a subject near the side instead of cutting it, and says so', async () => {
    // 2:1 photo on a square page: the centred window (x 200..600) would cut the disc at 40..280.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
      <rect width="800" height="400" fill="#9cc3e6"/>
      <circle cx="160" cy="200" r="120" fill="#c0502c"/>
    </svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const page = await photoToPage(photo, { difficulty: 'children', ratio: '1:1', mode: 'photo', fit: 'cover' });
    expect(page.frame?.frame).toBe('cropped');
    expect(page.frame?.centred).toBe(false);
    expect(page.frame?.box.left).toBeLessThanOrEqual(40 / 800);
  }, 60_000);

  it('fits a photo whole under cover when its subject is wider than any window', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
      <rect width="800" height="400" fill="#9cc3e6"/>
      <ellipse cx="400" cy="220" rx="370" ry="110" fill="#c0502c"/>
    </svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const covered = await photoToPage(photo, { difficulty: 'children', ratio: '1:1', mode: 'photo', fit: 'cover' });
    const contained = await photoToPage(photo, { difficulty: 'children', ratio: '1:1', mode: 'photo', fit: 'contain' });
    expect(covered.frame).toEqual({ frame: 'fitted', box: { left: 0, top: 0, width: 1, height: 1 }, centred: false });
    expect(covered.png.equals(contained.png)).toBe(true);
  }, 60_000);
});
