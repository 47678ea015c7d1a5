import { describe, expect, it } from 'vitest';
import { PX_PER_MM } from '@studio/contracts/page';
import { checkPage, countGrey, countLeaks, estimateLineWidth, findLeaks, halfResRuns, LEAK_GAP_MM, leakCoreRuns, leakCores } from './check-page';
import { scanRuns } from './page-runs';
import { CHAMFER_UNIT, chamferDistance } from '../raster/distance-transform';
import { seededRandom } from '../lineart/synthetic-images';
import { blank, outline as frame, rect } from './test-bitmaps';

describe('checkPage', () => {
  it('counts two touching squares as two regions inside a frame, with no problems', () => {
    const page = blank(600, 400);
    frame(page, 0, 0, 600, 400, 12);
    frame(page, 100, 100, 300, 300, 12);
    frame(page, 288, 100, 488, 300, 12);
    const report = checkPage(page);
    // Outside the squares, plus one inside each square.
    expect(report.regionCount).toBe(3);
    expect(report.greyPixels).toBe(0);
    expect(report.specks).toBe(0);
    expect(report.leakingRegions).toBe(0);
    expect(report.lineWidthPx).toBeGreaterThan(10);
    expect(report.lineWidthPx).toBeLessThan(16);
    expect(report.passes).toBe(true);
  });

  it('finds grey pixels and specks', () => {
    const page = blank(400, 400);
    frame(page, 0, 0, 400, 400, 10);
    rect(page, 200, 200, 203, 203);
    rect(page, 50, 50, 60, 52, 128);
    const report = checkPage(page);
    expect(report.specks).toBe(1);
    expect(report.greyPixels).toBe(20);
    expect(report.passes).toBe(false);
  });

  it('finds a region that leaks through a narrow gap, and not one with a wide opening', () => {
    const gapPx = Math.round(0.25 * PX_PER_MM);
    const page = blank(800, 400);
    frame(page, 0, 0, 800, 400, 10);
    // A wall across the page with a narrow gap in it: two big areas joined by a crack.
    rect(page, 395, 0, 405, 200 - gapPx);
    rect(page, 395, 200 + gapPx, 405, 400);
    expect(checkPage(page).leakingRegions).toBe(1);
    const open = blank(800, 400);
    frame(open, 0, 0, 800, 400, 10);
    rect(open, 395, 0, 405, 100);
    rect(open, 395, 300, 405, 400);
    expect(checkPage(open).leakingRegions).toBe(0);
  });

  it('judges region count and line width against a difficulty', () => {
    const page = blank(1200, 1200);
    frame(page, 0, 0, 1200, 1200, 30);
    const toddler = checkPage(page, 'toddler');
    expect(toddler.regionCount).toBe(1);
    expect(toddler.problems.join()).toMatch(/regions/);
    expect(toddler.lineWidthMm).toBeGreaterThan(2);
    expect(toddler.lineWidthMm).toBeLessThan(3);
  });

  it('counts leaks on row runs exactly as findLeaks does on pixel labels', () => {
    const random = seededRandom(7);
    for (let k = 0; k < 6; k++) {
      const [width, height] = [400 + k, 301 + k];
      const page = blank(width, height);
      // Random walls of random thickness: some gaps between them are narrow, some wide.
      for (let b = 0; b < 60; b++) {
        const x0 = Math.floor(random() * width);
        const y0 = Math.floor(random() * height);
        const length = 50 + Math.floor(random() * 300);
        const thickness = 2 + Math.floor(random() * 6);
        if (random() < 0.5) rect(page, x0, y0, Math.min(width, x0 + length), Math.min(height, y0 + thickness));
        else rect(page, x0, y0, Math.min(width, x0 + thickness), Math.min(height, y0 + length));
      }
      const ink = Uint8Array.from(page.data, (v) => (v < 128 ? 1 : 0));
      expect(countLeaks(page.data, width, height)).toBe(findLeaks(ink, width, height).leakingRegions);
      expect(checkPage(page).lineWidthPx).toBe(estimateLineWidth(ink, width, height));
    }
  });

  it('finds leak cores exactly where the chamfer distance is over half a gap', () => {
    const random = seededRandom(11);
    const [width, height] = [97, 83];
    const halfGap = (LEAK_GAP_MM * PX_PER_MM) / 4;
    const margin = Math.ceil(halfGap);
    for (const density of [0.01, 0.03, 0.08]) {
      const mask = Uint8Array.from({ length: width * height }, () => (random() < density ? 0 : 1));
      const dist = chamferDistance(mask, width, height, 1);
      const cores = leakCores(mask, width, height, 1, 1);
      let inside = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          const expected = y >= margin && y < height - margin && x >= margin && x < width - margin && dist[i] > halfGap * CHAMFER_UNIT ? 1 : 0;
          expect(cores[i]).toBe(expected);
          inside += expected;
        }
      }
      expect(inside).toBeGreaterThan(0);
    }
  });

  it('finds the same half-resolution paper and leak cores on runs as on pixels', () => {
    const random = seededRandom(13);
    for (const [width, height] of [[211, 143], [210, 144]]) {
      const page = blank(width, height);
      for (let b = 0; b < 90; b++) {
        const x0 = Math.floor(random() * width);
        const y0 = Math.floor(random() * height);
        const w = 1 + Math.floor(random() * (random() < 0.5 ? 4 : 60));
        const h = 1 + Math.floor(random() * (random() < 0.5 ? 60 : 4));
        rect(page, x0, y0, Math.min(width, x0 + w), Math.min(height, y0 + h));
      }
      const w2 = (width + 1) >> 1;
      const h2 = (height + 1) >> 1;
      const mask = new Uint8Array(w2 * h2);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) if (page.data[y * width + x] >= 128) mask[(y >> 1) * w2 + (x >> 1)] = 1;
      }
      const half = halfResRuns(scanRuns(page.data, width, height, false), width, height);
      const fromRuns = (runs: { runs: number; from: Int32Array; to: Int32Array }): Uint8Array => {
        const out = new Uint8Array(w2 * h2);
        for (let r = 0; r < runs.runs; r++) out.fill(1, runs.from[r], runs.to[r]);
        return out;
      };
      expect(Array.from(fromRuns(half))).toEqual(Array.from(mask));
      expect(Array.from(fromRuns(leakCoreRuns(half, w2, h2)))).toEqual(Array.from(leakCores(mask, w2, h2, 1, 1)));
    }
  });

  it('counts grey pixels at any byte offset', () => {
    const buffer = new Uint8Array(1003).fill(255);
    buffer.fill(0, 100, 400);
    for (const i of [0, 1, 2, 5, 101, 399, 1000, 1002]) buffer[i] = 77;
    expect(countGrey(buffer)).toBe(8);
    expect(countGrey(buffer.subarray(1))).toBe(7);
    expect(countGrey(buffer.subarray(3, 1001))).toBe(4);
  });

  it('gives the same report for a page whatever was checked before it', () => {
    const a = blank(600, 400);
    frame(a, 0, 0, 600, 400, 12);
    frame(a, 100, 100, 300, 300, 7);
    const b = blank(700, 500);
    frame(b, 0, 0, 700, 500, 30);
    rect(b, 200, 200, 500, 260);
    const first = checkPage(a);
    checkPage(b);
    expect(checkPage(a)).toEqual(first);
    expect(checkPage(b)).toEqual(checkPage(b));
  });
  it('fails a page whose inside is empty even when the frame\'s cells supply the regions', () => {
    // A toddler page (2.5 mm lines): a frame band split into 14 cells around an empty inside.
    const w = Math.round(2.5 * PX_PER_MM);
    const page = blank(1500, 2000);
    frame(page, 0, 0, 1500, 2000, w);
    frame(page, 150, 150, 1350, 1850, w);
    for (let k = 1; k < 4; k++) {
      rect(page, k * 375 - w / 2, 0, k * 375 + w / 2, 150);
      rect(page, k * 375 - w / 2, 1850, k * 375 + w / 2, 2000);
      rect(page, 0, k * 500 - w / 2, 150, k * 500 + w / 2);
      rect(page, 1350, k * 500 - w / 2, 1500, k * 500 + w / 2);
    }
    const inside = { x: 150 + w, y: 150 + w, width: 1200 - 2 * w, height: 1700 - 2 * w };
    const empty = checkPage(page, 'toddler', inside);
    expect(empty.regionCount).toBeGreaterThanOrEqual(8);
    expect(empty.passes).toBe(false);
    expect(empty.problems.filter((p) => p.startsWith('empty inside'))).toHaveLength(2);
    // Without the inside given, the same page passes as before (photos have no frame).
    expect(checkPage(page, 'toddler').passes).toBe(true);

    // Four big shapes inside: the inside holds regions and no white area fills it.
    for (const [x, y] of [[250, 300], [750, 300], [250, 1000], [750, 1000]]) frame(page, x, y, x + 400, y + 550, w);
    const full = checkPage(page, 'toddler', inside);
    expect(full.problems).toEqual([]);
    expect(full.passes).toBe(true);
  });
});
