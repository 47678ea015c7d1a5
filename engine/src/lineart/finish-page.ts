import { PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap } from '../page';
import { leaksOf, REGION_MIN_MM2, SPECK_MAX_MM2 } from '../quality/check-page';
import { fillSmallComponents, labelRuns } from '../quality/page-runs';

/**
 * The last pass every page gets: paper islands too small to colour are filled with ink, and ink
 * specks are erased. Uses the same thresholds as the page checker, so a finished page passes
 * those two checks by construction.
 */
export function finishPage(page: Bitmap, lineWidth: number): void {
  const { width, height, data } = page;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v !== 0 && v !== 255) data[i] = v < 128 ? 0 : 255;
  }
  cutLeaks(page, lineWidth);
  // Components as row runs: no page-sized label arrays (see quality/page-runs.ts).
  const paper = labelRuns(data, width, height, false, 4);
  fillSmallComponents(data, paper, REGION_MIN_MM2 * PX_PER_MM * PX_PER_MM, 0);
  const ink = labelRuns(data, width, height, true, 8);
  fillSmallComponents(data, ink, SPECK_MAX_MM2 * PX_PER_MM * PX_PER_MM, 255);
}

/**
 * Closes every leak the checker would find: inside a leaking region each paper pixel is given to
 * its nearest large core (breadth-first from all cores at once), and a line of `lineWidth` is
 * drawn where two cores' territories meet, which is across the narrow neck between them.
 */
export function cutLeaks(page: Bitmap, lineWidth: number): void {
  const { width, height, data } = page;
  // The page is binary here (0 or 255), so "ink < 128" is the same set as "ink === 0".
  const leaks = leaksOf(data, width, height, true);
  if (leaks.leakingRegions === 0) return;
  const { paper, cores, coreCounts, coresPerRegion } = leaks;
  const w2 = leaks.width;
  const n2 = w2 * leaks.height;
  const owner = new Int32Array(n2);
  const queue = new Int32Array(n2);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n2; i++) {
    const c = cores.labels[i];
    if (c !== 0 && coreCounts[c] && coresPerRegion[paper.labels[i]] > 1) {
      owner[i] = c;
      queue[tail++] = i;
    }
  }
  const cut = new Uint8Array(n2);
  const cutPixels: number[] = [];
  const paperLabels = paper.labels;
  while (head < tail) {
    const p = queue[head++];
    const x = p % w2;
    const mine = owner[p];
    // Left, right, up, down; written out so the hot loop calls nothing.
    for (let k = 0; k < 4; k++) {
      let q: number;
      if (k === 0) {
        if (x === 0) continue;
        q = p - 1;
      } else if (k === 1) {
        if (x === w2 - 1) continue;
        q = p + 1;
      } else if (k === 2) {
        if (p < w2) continue;
        q = p - w2;
      } else {
        if (p + w2 >= n2) continue;
        q = p + w2;
      }
      if (paperLabels[q] === 0) continue;
      const theirs = owner[q];
      if (theirs === 0) {
        owner[q] = mine;
        queue[tail++] = q;
      } else if (theirs !== mine && !cut[q]) {
        cut[q] = 1;
        cutPixels.push(q);
      }
    }
  }
  // Draw the cut at line width, on paper of leaking regions only.
  const r = Math.max(1, lineWidth / 2);
  const ri = Math.ceil(r);
  for (const p of cutPixels) {
    const cx = 2 * (p % w2) + 1;
    const cy = 2 * Math.floor(p / w2) + 1;
    for (let dy = -ri; dy <= ri; dy++) {
      const y = cy + dy;
      if (y < 0 || y >= height) continue;
      const half = Math.floor(Math.sqrt(Math.max(0, r * r - dy * dy)));
      for (let x = Math.max(0, cx - half); x <= Math.min(width - 1, cx + half); x++) {
        const region = paper.labels[(y >> 1) * w2 + (x >> 1)];
        if (region !== 0 && coresPerRegion[region] > 1) data[y * width + x] = 0;
      }
    }
  }
}
