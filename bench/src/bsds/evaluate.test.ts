import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateImage, summarise, thresholds } from './evaluate';
import { matchPixels } from './match-pixels';
import { BSDS_ROOT, readGrey, readHumans } from './read-maps';
import { thin } from './thin';

const SELFTEST = join(BSDS_ROOT, 'selftest');

describe('matchPixels', () => {
  it('matches one-to-one within the distance and no farther', () => {
    const w = 20;
    const machine = new Uint8Array(w * w);
    const human = new Uint8Array(w * w);
    // Two machine pixels near one human pixel: only one can match. A third is too far.
    machine[5 * w + 5] = 1;
    machine[5 * w + 6] = 1;
    machine[15 * w + 15] = 1;
    human[6 * w + 5] = 1;
    human[15 * w + 10] = 1;
    const result = matchPixels(machine, human, w, w, 4.3);
    expect(result.matched).toBe(1);
    expect(result.machineMatched.reduce((s, v) => s + v, 0)).toBe(1);
  });

  it('finds the maximum matching where greedy choice would block it', () => {
    const w = 10;
    const machine = new Uint8Array(w * w);
    const human = new Uint8Array(w * w);
    // Machine a at x=2 reaches humans at x=1 and x=3; machine b at x=5 reaches only x=3 (radius 2).
    machine[2] = 1;
    machine[5] = 1;
    human[3] = 1;
    human[0] = 1;
    expect(matchPixels(machine, human, w, w, 2).matched).toBe(2);
  });
});

describe('thin', () => {
  it('reduces a thick bar to a one-pixel line', () => {
    const w = 30;
    const h = 9;
    const bw = new Uint8Array(w * h);
    for (let y = 2; y < 7; y++) for (let x = 3; x < 27; x++) bw[y * w + x] = 1;
    thin(bw, w, h);
    for (let x = 6; x < 24; x++) {
      let column = 0;
      for (let y = 0; y < h; y++) column += bw[y * w + x];
      expect(column).toBe(1);
    }
  });
});

describe.runIf(existsSync(SELFTEST))('BSDS500 evaluator', () => {
  it('reproduces the reference scores of the self-test within 0.005', async () => {
    const ids = (await readdir(join(SELFTEST, 'softmaps'))).map((f) => f.replace('.png', '')).sort();
    const list = thresholds(5);
    const images = [];
    for (const id of ids) {
      const soft = await readGrey(join(SELFTEST, 'softmaps', `${id}.png`));
      const humans = await readHumans(join(SELFTEST, 'groundtruth_png'), id);
      const probability = Float32Array.from(soft.data, (v) => v / 255);
      images.push(evaluateImage(id, probability, humans, soft.width, soft.height, list));
    }
    const scores = summarise(images, list);
    const expected = readFileSync(join(SELFTEST, 'expected', 'eval_bdry.txt'), 'utf8').trim().split(/\s+/).map(Number);
    const [, odsR, odsP, odsF, oisR, oisP, oisF] = expected;
    expect(Math.abs(scores.ods.f - odsF)).toBeLessThan(0.005);
    expect(Math.abs(scores.ods.r - odsR)).toBeLessThan(0.005);
    expect(Math.abs(scores.ods.p - odsP)).toBeLessThan(0.005);
    expect(Math.abs(scores.ois.f - oisF)).toBeLessThan(0.005);
    expect(Math.abs(scores.ois.r - oisR)).toBeLessThan(0.01);
    expect(Math.abs(scores.ois.p - oisP)).toBeLessThan(0.01);
    console.log(`selftest ODS ${scores.ods.f.toFixed(4)} (reference ${odsF}), OIS ${scores.ois.f.toFixed(4)} (reference ${oisF})`);
  });
});
