import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '@studio/contracts/constants';
import { lineWidthPx } from '@studio/contracts/page';
import type { Bitmap } from '../page';
import { checkPage } from '../quality/check-page';
import { strokePolylines } from './draw-boundaries';
import { drawFace, faceDrawing } from './face-strokes';

/**
 * The 68 landmarks of a frontal face, centred on (cx, eyes' height cy), `a` half its width:
 * jaw from temple to temple through the chin, brows, nose, eyes `open` of their width, mouth
 * with its lips `gap` apart.
 */
function templateFace(cx: number, cy: number, a: number, open = 0.35, gap = 0): Float32Array {
  const p: number[] = [];
  for (let k = 0; k <= 16; k++) p.push(cx - a * Math.cos((Math.PI * k) / 16), cy + 1.3 * a * Math.sin((Math.PI * k) / 16));
  // Brows, each left to right: 17–21, 22–26.
  for (const from of [-0.75, 0.15]) for (let k = 0; k < 5; k++) p.push(cx + a * (from + 0.15 * k), cy - 0.3 * a - 0.06 * a * Math.sin((Math.PI * k) / 4));
  for (let k = 0; k < 4; k++) p.push(cx, cy + 0.1 * a + 0.12 * a * k);
  for (let k = 0; k < 5; k++) p.push(cx + a * (-0.2 + 0.1 * k), cy + 0.6 * a + (k === 2 ? 0.04 * a : 0));
  const w = 0.3 * a;
  const h = open * w;
  // Each eye left to right: corner, two upper, corner, two lower (iBUG order).
  for (const ex of [cx - 0.4 * a, cx + 0.4 * a]) {
    p.push(ex - w / 2, cy, ex - w / 6, cy - h / 2, ex + w / 6, cy - h / 2, ex + w / 2, cy, ex + w / 6, cy + h / 2, ex - w / 6, cy + h / 2);
  }
  const my = cy + 0.9 * a;
  const m = 0.3 * a;
  const outer = [[-m, 0], [-0.6 * m, -0.1 * a], [-0.2 * m, -0.12 * a], [0, -0.1 * a], [0.2 * m, -0.12 * a], [0.6 * m, -0.1 * a], [m, 0], [0.6 * m, 0.15 * a], [0.2 * m, 0.18 * a], [0, 0.18 * a], [-0.2 * m, 0.18 * a], [-0.6 * m, 0.15 * a]];
  for (const [x, y] of outer) p.push(cx + x, my + y);
  const inner = [[-0.9 * m, 0], [-0.4 * m, -gap / 2], [0, -gap / 2], [0.4 * m, -gap / 2], [0.9 * m, 0], [0.4 * m, gap / 2], [0, gap / 2], [-0.4 * m, gap / 2]];
  for (const [x, y] of inner) p.push(cx + x, my + y);
  return Float32Array.from(p);
}

function blankPage(width = 1600, height = 1800): Bitmap {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

const ink = (page: Bitmap, x: number, y: number): boolean => page.data[Math.round(y) * page.width + Math.round(x)] === 0;

describe('faceDrawing', () => {
  const big = templateFace(800, 700, 500);

  it('gives the landmarks 68 points in the order the model gives them', () => {
    expect(big.length).toBe(136);
  });

  it('draws both eyes as almonds with a filled pupil on a children page, and the white of the eye stays paper', () => {
    const drawing = faceDrawing(big, 'children');
    expect(drawing.eyes).toBe(2);
    expect(drawing.outlines.length).toBe(2);
    expect(drawing.fills.length).toBe(2);
    const page = blankPage();
    drawFace(page, drawing);
    for (const ex of [800 - 200, 800 + 200]) {
      // The pupil, in the middle of the eye.
      expect(ink(page, ex, 700)).toBe(true);
      // Between the pupil and the eye's corner: paper.
      expect(ink(page, ex + 0.33 * 150, 700)).toBe(false);
      // Beyond the corner, on the cheek: paper.
      expect(ink(page, ex + 150, 760)).toBe(false);
    }
    // The chin and the mouth are drawn.
    expect(ink(page, 800, 700 + 1.3 * 500)).toBe(true);
    expect(ink(page, 800, 700 + 0.9 * 500)).toBe(true);
  });

  it('draws toddler faces simpler: solid eyes, no brows', () => {
    const drawing = faceDrawing(big, 'toddler');
    expect(drawing.outlines.length).toBe(0);
    expect(drawing.fills.length).toBe(2);
    const page = blankPage();
    drawFace(page, drawing);
    expect(ink(page, 600, 700)).toBe(true);
    expect(ink(page, 600 + 0.33 * 150, 700)).toBe(true);
    // On the left brow's line (x = 575): inked at children, paper at toddler.
    const browY = 700 - 150 - 30 * Math.sin((Math.PI * 1.5) / 4);
    expect(ink(page, 575, browY)).toBe(false);
    const children = blankPage();
    drawFace(children, faceDrawing(big, 'children'));
    expect(ink(children, 575, browY)).toBe(true);
  });

  it('gives a toddler face bold eyes even where the photo\'s eyes are slits', () => {
    // Eyes a tenth as open as wide: 150 px wide, 400 px apart.
    const squint = templateFace(800, 700, 500, 0.1);
    const toddler = blankPage();
    drawFace(toddler, faceDrawing(squint, 'toddler'));
    // 70 px above and below each eye's middle: inside a bold eye (0.44 of the eyes' spacing tall).
    for (const ex of [600, 1000]) for (const dy of [-70, 70]) expect(ink(toddler, ex, 700 + dy)).toBe(true);
    // Between the eyes: paper.
    expect(ink(toddler, 800, 700)).toBe(false);
  });

  it('draws a toddler face\'s mouth as a smile line and leaves its nose out', () => {
    const drawing = faceDrawing(big, 'toddler');
    const page = blankPage();
    drawFace(page, drawing);
    const mouthY = 700 + 0.9 * 500;
    // The smile sags below the corners' line (0.18 of its 300 px width) and is paper on that line's middle.
    expect(ink(page, 800, mouthY + 54)).toBe(true);
    expect(ink(page, 800, mouthY)).toBe(false);
    // The mouth's corners are drawn.
    expect(ink(page, 800 - 145, mouthY)).toBe(true);
    // The nose's bottom (its middle at y 1020) is drawn at children, not at toddler.
    expect(ink(page, 800, 1018)).toBe(false);
    const children = blankPage();
    drawFace(children, faceDrawing(big, 'children'));
    expect(ink(children, 800, 1018)).toBe(true);
  });

  it('strokes the jaw at the difficulty\'s line width and the features thinner', () => {
    for (const difficulty of DIFFICULTIES) {
      const drawing = faceDrawing(big, difficulty);
      expect(drawing.strokes[0].width).toBeCloseTo(lineWidthPx(difficulty));
      for (const stroke of drawing.strokes.slice(1)) expect(stroke.width).toBeLessThanOrEqual(lineWidthPx(difficulty));
      expect(drawing.eyes).toBe(2);
    }
    expect(faceDrawing(big, 'teen').strokes.length).toBeGreaterThan(faceDrawing(big, 'toddler').strokes.length);
  });

  it('draws an open mouth as a closed shape', () => {
    const open = faceDrawing(templateFace(800, 700, 500, 0.35, 0.12 * 500), 'children');
    expect(open.outlines.length).toBe(3);
  });

  it('draws a small face\'s eyes as solid ovals no smaller than the least filled mark, leaving no speck', () => {
    const drawing = faceDrawing(templateFace(400, 300, 70), 'children');
    expect(drawing.outlines.length).toBe(0);
    expect(drawing.fills.length).toBe(2);
    const page = blankPage(800, 700);
    drawFace(page, drawing);
    const report = checkPage(page);
    expect([report.greyPixels, report.specks]).toEqual([0, 0]);
    expect(ink(page, 400 - 0.4 * 70, 300)).toBe(true);
    expect(ink(page, 400 + 0.4 * 70, 300)).toBe(true);
  });

  it('clears the lines the regions drew inside the face and keeps those outside it', () => {
    const page = blankPage();
    // A jigsaw line across the cheeks and one across the hair above the face.
    strokePolylines(page, [[0, 1000, 1600, 1000], [0, 150, 1600, 150]], 18);
    drawFace(page, faceDrawing(big, 'children'));
    expect(ink(page, 800 - 300, 1000)).toBe(false);
    expect(ink(page, 800, 150)).toBe(true);
    expect(ink(page, 50, 1000)).toBe(true);
    expect(page.data.every((v) => v === 0 || v === 255)).toBe(true);
  });
});

