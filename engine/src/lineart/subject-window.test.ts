import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../io/load-image';
import { centredBox, photoFrame, subjectWindow } from './subject-window';

type Paint = (x: number, y: number) => [number, number, number] | null;

/** A plain sky-blue picture with shapes painted over it (the first that paints a pixel wins). */
function picture(width: number, height: number, ...shapes: Paint[]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = shapes.map((paint) => paint(x, y)).find((c) => c !== null) ?? [150, 190, 225];
      data.set(colour, 3 * (y * width + x));
    }
  }
  return { data, width, height, channels: 3 };
}

const ellipse =
  (cx: number, cy: number, rx: number, ry: number, colour: [number, number, number]): Paint =>
  (x, y) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 ? colour : null;

const RED: [number, number, number] = [190, 40, 30];
const SKIN: [number, number, number] = [224, 172, 140];

describe('subjectWindow', () => {
  it('keeps a subject at the left edge whole: the window moves left, not centred', () => {
    // 2:1 photo, square page: the centred window spans x 75..225 and would cut the car at 20..110.
    const image = picture(300, 150, ellipse(65, 80, 45, 30, RED));
    const framed = subjectWindow(image, 1);
    expect(framed.frame).toBe('cropped');
    expect(framed.centred).toBe(false);
    expect(framed.box.width).toBeCloseTo(0.5, 5);
    expect(framed.box.left * 300).toBeLessThanOrEqual(20);
    expect((framed.box.left + framed.box.width) * 300).toBeGreaterThanOrEqual(111);
  });

  it('fits the photo whole when the subject is wider than any window', () => {
    const image = picture(300, 150, ellipse(150, 75, 135, 40, RED));
    expect(subjectWindow(image, 1)).toEqual({ frame: 'fitted', box: { left: 0, top: 0, width: 1, height: 1 }, centred: false });
  });

  it('keeps a face near the top of a tall photo on a square page', () => {
    // A face high up over a red shirt that runs out of the bottom: the window starts at the face.
    const image = picture(150, 300, ellipse(75, 40, 22, 28, SKIN), (x, y) => (y > 150 && Math.abs(x - 75) < 50 ? RED : null));
    const framed = subjectWindow(image, 1);
    if (framed.frame === 'cropped') {
      expect(framed.box.top * 300).toBeLessThanOrEqual(12);
      expect(framed.box.height).toBeCloseTo(0.5, 5);
    } else {
      expect(framed.box).toEqual({ left: 0, top: 0, width: 1, height: 1 });
    }
    // Whichever frame: the face (rows 12..68) is on the page.
    expect(framed.box.top * 300).toBeLessThanOrEqual(12);
    expect((framed.box.top + framed.box.height) * 300).toBeGreaterThanOrEqual(68);
  });

  it('stays centred for a centred subject and for a photo of the page shape', () => {
    const wide = picture(300, 150, ellipse(150, 75, 50, 40, RED));
    expect(subjectWindow(wide, 1)).toEqual({ frame: 'cropped', box: centredBox(300, 150, 1), centred: true });
    const square = picture(150, 150, ellipse(20, 75, 18, 40, RED));
    expect(subjectWindow(square, 1)).toEqual({ frame: 'cropped', box: { left: 0, top: 0, width: 1, height: 1 }, centred: true });
  });

  it('reads the photo as people see it (EXIF turned) at thumbnail size', async () => {
    // Stored 300×150 with the subject at the stored left; orientation 6 turns it a quarter clockwise, so people see a
    // 150×300 photo with the subject at the top.
    const stored = picture(300, 150, ellipse(55, 75, 40, 45, RED));
    const jpeg = await sharp(stored.data, { raw: { width: 300, height: 150, channels: 3 } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const framed = await photoFrame(jpeg, '1:1');
    expect(framed.frame).toBe('cropped');
    expect(framed.box.width).toBe(1);
    expect(framed.box.top).toBeLessThanOrEqual(15 / 300);
  });
});
