import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rgbToLab } from './boundary-map';
import { splitFeatureMarks } from './feature-marks';
import { photoToPage } from './photo-to-page';
import type { Segmentation } from './segment-regions';

const W = 400;
const H = 300;

/** A light face disc (region 1) on a blue backdrop (region 0), painted by `paint` per pixel inside the face. */
function face(paint: (x: number, y: number) => number[] | null): { rgb: Uint8Array; seg: Segmentation } {
  const rgb = new Uint8Array(W * H * 3);
  const labels = new Int32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const inside = Math.hypot(x - 200, y - 150) < 110;
      labels[i] = inside ? 1 : 0;
      const colour = (inside ? paint(x, y) : null) ?? (inside ? [236, 200, 170] : [90, 140, 210]);
      rgb.set(colour, 3 * i);
    }
  }
  return { rgb, seg: { width: W, height: H, labels, count: 2 } };
}

const eyes = (x: number, y: number): number[] | null =>
  Math.hypot(x - 160, y - 125) < 5 || Math.hypot(x - 240, y - 125) < 5 ? [20, 15, 15] : null;

function marksOf(rgb: Uint8Array, seg: Segmentation): ReturnType<typeof splitFeatureMarks> {
  const planes = rgbToLab({ width: W, height: H, data: rgb, channels: 3 } as Parameters<typeof rgbToLab>[0]);
  return splitFeatureMarks(seg, planes, Uint8Array.from([0, 1]), 'toddler');
}

describe('splitFeatureMarks', () => {
  it('splits two dark eyes off a face as filled marks', () => {
    const { rgb, seg } = face(eyes);
    const { regions, filled, marks } = marksOf(rgb, seg);
    expect(marks).toBe(2);
    expect(regions.count).toBe(4);
    expect([...filled]).toEqual([0, 0, 1, 1]);
    expect(regions.labels[125 * W + 160]).toBeGreaterThanOrEqual(2);
    expect(regions.labels[125 * W + 240]).toBeGreaterThanOrEqual(2);
    expect(regions.labels[190 * W + 200]).toBe(1);
  });

  it('outlines a large light patch instead of filling it', () => {
    const { rgb, seg } = face((x, y) => (Math.hypot(x - 200, y - 170) < 10 ? [255, 255, 255] : null));
    // The face a shade darker, so the patch stands out by more than the lightness step.
    for (let i = 0; i < W * H; i++) if (seg.labels[i] === 1 && rgb[3 * i] !== 255) rgb.set([170, 120, 90], 3 * i);
    const { filled, marks } = marksOf(rgb, seg);
    expect(marks).toBe(1);
    expect(filled[2]).toBe(0);
  });

  it('keeps no highlight that fades out, and nothing in the background', () => {
    const { rgb, seg } = face((x, y) => {
      const d = Math.hypot(x - 200, y - 110);
      // A soft sheen: lighter towards its middle with no edge.
      return d < 40 ? [Math.min(255, 236 + (40 - d) * 1.5), Math.min(255, 200 + (40 - d) * 2.2), Math.min(255, 170 + (40 - d) * 2.2)] : null;
    });
    // A dark spot on the backdrop, outside the subject.
    for (let y = 20; y < 30; y++) for (let x = 20; x < 30; x++) rgb.set([10, 10, 10], 3 * (y * W + x));
    expect(marksOf(rgb, seg).marks).toBe(0);
  });

  it('takes a region speckled all over for texture and keeps none of its specks', () => {
    const { rgb, seg } = face((x, y) => ((x % 30) - 15) ** 2 + ((y % 30) - 15) ** 2 < 30 ? [30, 20, 20] : null);
    expect(marksOf(rgb, seg).marks).toBe(0);
  });
});

describe('photoToPage with marks', () => {
  it('draws a face\'s eyes filled on a toddler page, where a region that small would be merged away', async () => {
    const { rgb } = face(eyes);
    const photo = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
    const page = await photoToPage(photo, { difficulty: 'toddler', ratio: '4:3', mode: 'photo' });
    expect(page.report.problems).toEqual([]);
    const { data, info } = await sharp(page.png).raw().toBuffer({ resolveWithObject: true });
    const inkAt = (x: number, y: number): boolean => data[Math.round((y / H) * info.height) * info.width + Math.round((x / W) * info.width)] < 128;
    expect(inkAt(160, 125)).toBe(true);
    expect(inkAt(240, 125)).toBe(true);
    expect(inkAt(200, 190)).toBe(false);
  });
});
