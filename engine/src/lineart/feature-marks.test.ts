import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rgbToLab } from './boundary-map';
import { splitFeatureMarks } from './feature-marks';
import { markStroke, photoToPage } from './photo-to-page';
import type { Segmentation } from './segment-regions';
import type { Difficulty } from '@studio/contracts/constants';

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

/** The toddler marks of `seg` (its face region 1), with `faceHoles` as found inside faces. */
function marksOf(rgb: Uint8Array, seg: Segmentation, faceHoles: number[][] = [], difficulty: Difficulty = 'toddler'): ReturnType<typeof splitFeatureMarks> {
  const planes = rgbToLab({ width: W, height: H, data: rgb, channels: 3 } as Parameters<typeof rgbToLab>[0]);
  return splitFeatureMarks(seg, planes, Uint8Array.from([0, 1]), difficulty, faceHoles);
}

/** The toddler page of a W × H photo, checked to pass the checker: whether a photo point is inked. */
async function toddlerInk(rgb: Uint8Array): Promise<(x: number, y: number) => boolean> {
  const photo = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  const page = await photoToPage(photo, { difficulty: 'toddler', ratio: '4:3', mode: 'photo' });
  expect(page.report.problems).toEqual([]);
  const { data, info } = await sharp(page.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return (x, y) => data[Math.round((y / H) * info.height) * info.width + Math.round((x / W) * info.width)] < 128;
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

  it('finds an eye that joins a shadow into one blob too large for a mark, at a deeper step', () => {
    // A pupil (near black) touching a soft shadow under the brow (a little darker than the skin):
    // together, at the first step, too large for a mark; the pupil alone, at a deeper step, is one.
    const { rgb, seg } = face((x, y) => {
      if (Math.hypot(x - 160, y - 125) < 5) return [10, 10, 10];
      if (x >= 145 && x < 185 && y >= 110 && y < 121) return [160, 130, 125];
      return null;
    });
    const { regions, filled, marks } = marksOf(rgb, seg);
    expect(marks).toBe(1);
    expect(filled[regions.count - 1]).toBe(1);
    expect(regions.labels[125 * W + 160]).toBe(regions.count - 1);
    // The shadow stays part of the face.
    expect(regions.labels[115 * W + 170]).toBe(1);
  });

  it('keeps a near-black pupil whose surround is dark too (lids, the shadow of a brow)', () => {
    // Brown fur; round the pupil a dark band, 20 lighter than the pupil's edge would need.
    const { rgb, seg } = face((x, y) => {
      if (Math.hypot(x - 160, y - 125) < 5) return [5, 5, 5];
      if (x >= 140 && x < 180 && y >= 118 && y < 132) return [60, 45, 50];
      return [150, 105, 75];
    });
    const { regions, marks } = marksOf(rgb, seg);
    expect(marks).toBe(1);
    expect(regions.labels[125 * W + 160]).toBe(regions.count - 1);
  });

  it('keeps the pair of eyes of a toddler region that is a whole animal, with more marks than a region may hold', () => {
    // Eight dark marks, each at its own height but the eyes: eyes, a nose, a mouth, paws.
    const others = [[200, 165], [200, 200], [130, 215], [270, 240], [150, 175], [260, 190]];
    const animal = (eyeX: number[]): ReturnType<typeof face> => {
      const spots = [...eyeX.map((x) => [x, 125]), ...others];
      return face((x, y) => (spots.some(([sx, sy]) => Math.hypot(x - sx, y - sy) < 5) ? [20, 15, 15] : null));
    };
    const { rgb, seg } = animal([180, 220]);
    const toddler = marksOf(rgb, seg);
    expect(toddler.marks).toBe(2);
    expect(toddler.regions.labels[125 * W + 180]).toBeGreaterThanOrEqual(2);
    expect(toddler.regions.labels[125 * W + 220]).toBeGreaterThanOrEqual(2);
    // The children page's regions are smaller: one that holds eight marks is textured.
    expect(marksOf(rgb, seg, [], 'children').marks).toBe(0);
    // Two marks level but far apart (buttons on two people) are no pair of eyes.
    const apart = animal([130, 270]);
    expect(marksOf(apart.rgb, apart.seg).marks).toBe(0);
  });

  it('takes a region speckled all over for texture and keeps none of its specks', () => {
    const { rgb, seg } = face((x, y) => ((x % 30) - 15) ** 2 + ((y % 30) - 15) ** 2 < 30 ? [30, 20, 20] : null);
    expect(marksOf(rgb, seg).marks).toBe(0);
  });
});

describe('splitFeatureMarks with a face', () => {
  it('draws a pair of eyes alike: both filled when one is dark enough to fill', () => {
    // Two small eyes, the left clearly darker than the skin (L step ~13), the right hardly (~4).
    const inEye = (x: number, y: number, cx: number): boolean => Math.hypot(x - cx, y - 125) < 4;
    const { rgb, seg } = face((x, y) => (inEye(x, y, 160) ? [205, 168, 140] : inEye(x, y, 240) ? [226, 190, 160] : null));
    const holes = [160, 240].map((cx) => {
      const pixels: number[] = [];
      for (let y = 115; y <= 135; y++) for (let x = cx - 10; x <= cx + 10; x++) if (inEye(x, y, cx)) pixels.push(y * W + x);
      return pixels;
    });
    const { filled, marks, regions } = marksOf(rgb, seg, holes);
    expect(marks).toBe(2);
    expect(Array.from(filled.slice(regions.count - 2))).toEqual([1, 1]);
  });
});

describe('photoToPage with marks', () => {
  it('draws a face\'s eyes filled on a toddler page, where a region that small would be merged away', async () => {
    const inkAt = await toddlerInk(face(eyes).rgb);
    expect(inkAt(160, 125)).toBe(true);
    expect(inkAt(240, 125)).toBe(true);
    expect(inkAt(200, 190)).toBe(false);
  });
});

describe('photoToPage with faces', () => {
  it('draws faint eyes filled on a toddler page when a face holds them, though they stand out too little for a mark', async () => {
    // A face (an oval of skin) on a blue backdrop, its eyes a pale lavender: 12 lighter than
    // nothing — lightness 71 on skin of 83, under the marks' step of 20.
    const rgb = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inFace = ((x - 200) / 45) ** 2 + ((y - 140) / 60) ** 2 <= 1;
        const inEye = ((x - 183) / 5) ** 2 + ((y - 125) / 3) ** 2 <= 1 || ((x - 217) / 5) ** 2 + ((y - 125) / 3) ** 2 <= 1;
        rgb.set(inEye ? [180, 170, 185] : inFace ? [236, 200, 170] : [90, 140, 210], 3 * (y * W + x));
      }
    }
    const faceOnly = { width: W, height: H, labels: Int32Array.from({ length: W * H }, (_, i) => (((i % W) - 200) / 45) ** 2 + ((Math.floor(i / W) - 140) / 60) ** 2 <= 1 ? 1 : 0), count: 2 };
    expect(marksOf(rgb, faceOnly).marks).toBe(0);
    const inkAt = await toddlerInk(rgb);
    expect(inkAt(183, 125)).toBe(true);
    expect(inkAt(217, 125)).toBe(true);
    expect(inkAt(200, 160)).toBe(false);
  });
});

describe('markStroke', () => {
  /** One mark (label 1) painted by `inMark` on a 40 × 30 segmentation. */
  const marked = (inMark: (x: number, y: number) => boolean) => {
    const labels = Int32Array.from({ length: 40 * 30 }, (_, i) => (inMark(i % 40, Math.floor(i / 40)) ? 1 : 0));
    return { width: 40, height: 30, labels, count: 2, filled: Uint8Array.from([0, 1]), marks: 1 };
  };

  it('follows a thin curved mark (a smile) along its length', () => {
    // y = 10 + (x − 20)² / 40 for x in 8..32: a smile, one pixel thick.
    const smile = marked((x, y) => x >= 8 && x <= 32 && y === Math.round(10 + (x - 20) ** 2 / 40));
    const line = markStroke(smile, 1, 0, 0, 39, 29, 2, 2) ?? [];
    expect(line.length).toBeGreaterThanOrEqual(8);
    const xs = line.filter((_, k) => k % 2 === 0);
    const ys = line.filter((_, k) => k % 2 === 1);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(40);
    // Its ends stand higher on the page than its middle: the curve is kept.
    const middle = ys[Math.floor(ys.length / 2)];
    expect(ys[0]).toBeGreaterThan(middle + 4);
    expect(ys[ys.length - 1]).toBeGreaterThan(middle + 4);
  });

  it('leaves a round mark to be drawn as a dot', () => {
    expect(markStroke(marked((x, y) => Math.hypot(x - 20, y - 15) <= 3), 1, 0, 0, 39, 29, 2, 2)).toBeNull();
  });
});
