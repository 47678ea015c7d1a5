import { PX_PER_MM } from '@studio/contracts/page';
import type { Bitmap } from '../page';
import { leaksOfRuns, REGION_MIN_MM2, SPECK_MAX_MM2 } from '../quality/check-page';
import { complementRuns, dropScratch, fillSmallComponents, labelRowRuns, runsOfLarge, scanRuns, zeroedScratch } from '../quality/page-runs';
import type { RowRuns } from '../quality/page-runs';

/**
 * The last pass every page gets: paper islands too small to colour are filled with ink, and ink
 * specks are erased. Uses the same thresholds as the page checker, so a finished page passes
 * those two checks by construction.
 */
export function finishPage(page: Bitmap, lineWidth: number): void {
  const { width, height, data } = page;
  binarise(data);
  // Components as row runs: no page-sized label arrays (see quality/page-runs.ts). The page is
  // scanned once more only if a leak was cut.
  let ink = scanRuns(data, width, height, true);
  if (cutLeaksOfRuns(page, complementRuns(ink, width, height), lineWidth)) ink = scanRuns(data, width, height, true);
  const paper = labelRowRuns(complementRuns(ink, width, height), width, height, 4);
  const regionMin = REGION_MIN_MM2 * PX_PER_MM * PX_PER_MM;
  // Filling paper islands joins ink: the ink is what the kept paper leaves.
  if (fillSmallComponents(data, paper, regionMin, 0) > 0) ink = complementRuns(runsOfLarge(paper, regionMin, height), width, height);
  const inkParts = labelRowRuns(ink, width, height, 8);
  fillSmallComponents(data, inkParts, SPECK_MAX_MM2 * PX_PER_MM * PX_PER_MM, 255);
}

/** Pure black on white: every pixel to 0 or 255 (words already pure are skipped). */
function binarise(data: Uint8Array): void {
  const aligned = data.byteOffset % 4 === 0;
  const words = aligned ? new Int32Array(data.buffer, data.byteOffset, data.length >> 2) : null;
  const wordEnd = words ? words.length * 4 : 0;
  for (let k = 0; words !== null && k < words.length; k++) {
    const w = words[k];
    if (w === 0 || w === -1) continue;
    for (let i = 4 * k; i < 4 * k + 4; i++) {
      const v = data[i];
      if (v !== 0 && v !== 255) data[i] = v < 128 ? 0 : 255;
    }
  }
  for (let i = wordEnd; i < data.length; i++) {
    const v = data[i];
    if (v !== 0 && v !== 255) data[i] = v < 128 ? 0 : 255;
  }
}

/**
 * Closes every leak the checker would find: inside a leaking region each paper pixel is given to
 * its nearest large core (breadth-first from all cores at once), and a line of `lineWidth` is
 * drawn where two cores' territories meet, which is across the narrow neck between them.
 */
export function cutLeaks(page: Bitmap, lineWidth: number): void {
  const { width, height, data } = page;
  cutLeaksOfRuns(page, complementRuns(scanRuns(data, width, height, true), width, height), lineWidth);
}

/** cutLeaks given the page's paper runs; returns whether anything was drawn. */
function cutLeaksOfRuns(page: Bitmap, paperRuns: RowRuns, lineWidth: number): boolean {
  try {
    return cutLeaksWithScratch(page, paperRuns, lineWidth);
  } catch (error) {
    for (const key of ['leak-regions', 'leak-owner', 'leak-cut']) dropScratch(key);
    throw error;
  }
}

function cutLeaksWithScratch(page: Bitmap, paperRuns: RowRuns, lineWidth: number): boolean {
  const { width, height, data } = page;
  const leaks = leaksOfRuns(paperRuns, width, height);
  if (leaks.leakingRegions === 0) return false;
  const { paper, cores, coreCounts, coreRegion, coresPerRegion } = leaks;
  const w2 = leaks.width;
  const n2 = w2 * leaks.height;
  // The half-resolution paper of the leaking regions only: the flooding never leaves its region
  // (4-connected paper is what a region is), so it needs no region ids.
  const leaking = zeroedScratch('leak-regions', n2, Uint8Array);
  let leakingArea = 0;
  for (let r = 0; r < paper.runs; r++) {
    if (coresPerRegion[paper.id[r]] <= 1) continue;
    leaking.fill(1, paper.from[r], paper.to[r]);
    leakingArea += paper.to[r] - paper.from[r];
  }
  const owner = zeroedScratch('leak-owner', n2, Int32Array);
  // Every pixel is queued at most once, and only pixels of leaking regions are.
  const queue = new Int32Array(leakingArea);
  let head = 0;
  let tail = 0;
  // Seeds in raster order (core runs are sorted by position).
  for (let r = 0; r < cores.runs; r++) {
    const c = cores.id[r];
    if (!coreCounts[c] || coresPerRegion[coreRegion[c]] <= 1) continue;
    for (let i = cores.from[r]; i < cores.to[r]; i++) {
      owner[i] = c;
      queue[tail++] = i;
    }
  }
  const cut = zeroedScratch('leak-cut', n2, Uint8Array);
  const cutPixels: number[] = [];
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
      if (leaking[q] === 0) continue;
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
        if (leaking[(y >> 1) * w2 + (x >> 1)] !== 0) data[y * width + x] = 0;
      }
    }
  }
  // The scratch arrays go back all zeros: owners were given only to queued pixels.
  for (let k = 0; k < tail; k++) owner[queue[k]] = 0;
  for (const p of cutPixels) cut[p] = 0;
  leaking.fill(0);
  return cutPixels.length > 0;
}
