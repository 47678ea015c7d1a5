import { CRAYON_LABS, isPaperColour, KEY_SIZE, labDistance, nearestCrayon, PREVIEWLESS_BRIGHT, PREVIEWLESS_LIGHT, rgbToLab, type Lab } from './palette';
import type { PageRegions } from './page-regions';
import type { Difficulty } from '@studio/contracts/constants';

/** A three-channel picture of the same composition and size as the page. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Crayon per region: an index into CRAYONS, or -1 where the region stays white (paper). */
export type RegionCrayons = Int16Array;

/** Pixels nearer a line than this (in thirds of a pixel) are skipped: previews blur along lines. */
const EDGE_SKIP = 3 * 3;

/**
 * Each region's colour in a coloured picture: the most common colour (in 16 steps a channel) of
 * its pixels away from lines, averaged within that step. A mode, not a mean: a preview's fills
 * do not follow the lines exactly, and a region mostly orange with a sliver of green is orange.
 */
export function regionColours(regions: PageRegions, image: RgbImage): (Lab | null)[] {
  const { width, height, labels, distance, count } = regions;
  if (image.width !== width || image.height !== height) throw new Error('the colour picture is not the size of the page');
  const bins = new Map<number, number>();
  const sample = (i: number): boolean => labels[i] !== 0 && distance[i] >= EDGE_SKIP;
  const binOf = (j: number): number => ((image.data[j] >> 4) << 8) | ((image.data[j + 1] >> 4) << 4) | (image.data[j + 2] >> 4);
  // Every other pixel each way is plenty for a mode; small regions are read in full below.
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = y * width + x;
      if (!sample(i)) continue;
      const key = labels[i] * 4096 + binOf(3 * i);
      bins.set(key, (bins.get(key) ?? 0) + 1);
    }
  }
  const top = new Int32Array(count + 1).fill(-1);
  const topCount = new Int32Array(count + 1);
  for (const [key, n] of bins) {
    const region = Math.floor(key / 4096);
    if (n > topCount[region] || (n === topCount[region] && key % 4096 < top[region])) {
      topCount[region] = n;
      top[region] = key % 4096;
    }
  }
  const sums = new Float64Array(4 * (count + 1));
  for (let i = 0; i < labels.length; i++) {
    const r = labels[i];
    if (r === 0) continue;
    // Regions the sparse pass missed (thin ones) are read on every pixel, lines' edges included.
    const missed = top[r] < 0;
    if (!missed && (!sample(i) || binOf(3 * i) !== top[r])) continue;
    sums[4 * r] += image.data[3 * i];
    sums[4 * r + 1] += image.data[3 * i + 1];
    sums[4 * r + 2] += image.data[3 * i + 2];
    sums[4 * r + 3] += 1;
  }
  const colours: (Lab | null)[] = [null];
  for (let r = 1; r <= count; r++) {
    const n = sums[4 * r + 3];
    colours.push(n > 0 ? rgbToLab(sums[4 * r] / n, sums[4 * r + 1] / n, sums[4 * r + 2] / n) : null);
  }
  return colours;
}

/**
 * Groups region colours to at most `max` crayons: each region takes its nearest crayon, then
 * the crayon covering the least paper gives its regions to the nearest crayon still in use,
 * until `max` remain. Near-white regions stay paper. Deterministic (ties go to the lower index).
 */
export function groupToCrayons(regions: PageRegions, colours: (Lab | null)[], max: number): RegionCrayons {
  const crayons = new Int16Array(regions.count + 1).fill(-1);
  const cover = new Float64Array(CRAYON_LABS.length);
  for (let r = 1; r <= regions.count; r++) {
    const lab = colours[r];
    if (regions.touchesBorder[r] || !lab || isPaperColour(lab)) continue;
    crayons[r] = nearestCrayon(lab);
    cover[crayons[r]] += regions.areas[r];
  }
  const used = (): number[] => [...cover.keys()].filter((c) => cover[c] > 0);
  for (let inUse = used(); inUse.length > max; inUse = used()) {
    const smallest = inUse.reduce((a, b) => (cover[b] < cover[a] ? b : a));
    let into = -1;
    for (const c of inUse) {
      if (c !== smallest && (into < 0 || labDistance(CRAYON_LABS[smallest], CRAYON_LABS[c]) < labDistance(CRAYON_LABS[smallest], CRAYON_LABS[into]))) into = c;
    }
    for (let r = 1; r <= regions.count; r++) if (crayons[r] === smallest) crayons[r] = into;
    cover[into] += cover[smallest];
    cover[smallest] = 0;
  }
  return crayons;
}

/** A region covering at least this share of the picture's paper is a large area (sky, ground): a light crayon. */
const LARGE_AREA_SHARE = 0.04;

/**
 * Crayons for a page without a coloured picture (an image model's page, or someone else's photo
 * page): large areas light, shapes bright, neighbours always different where the sets allow, each
 * region (largest first) taking the colour of its set used least so far, so the page looks balanced.
 */
export function paintWithoutPreview(regions: PageRegions, difficulty: Difficulty): RegionCrayons {
  const sizes = KEY_SIZE[difficulty].withoutPreview;
  const bright = PREVIEWLESS_BRIGHT.slice(0, sizes.bright);
  const light = PREVIEWLESS_LIGHT.slice(0, sizes.light);
  const crayons = new Int16Array(regions.count + 1).fill(-1);
  const order: number[] = [];
  let paper = 0;
  for (let r = 1; r <= regions.count; r++) {
    if (regions.touchesBorder[r]) continue;
    order.push(r);
    paper += regions.areas[r];
  }
  order.sort((a, b) => regions.areas[b] - regions.areas[a] || a - b);
  const uses = new Map<number, number>([...bright, ...light].map((c) => [c, 0]));
  for (const r of order) {
    const set = regions.areas[r] >= LARGE_AREA_SHARE * paper ? light : bright;
    const taken = new Set<number>();
    for (const n of regions.neighbours[r].keys()) if (crayons[n] >= 0) taken.add(crayons[n]);
    const free = set.filter((c) => !taken.has(c));
    const anyFree = [...set, ...(set === light ? bright : light)].filter((c) => !taken.has(c));
    const choices = free.length > 0 ? free : anyFree.length > 0 ? anyFree : set;
    // Least used; ties go round the set from a place that moves with the region, so colours mix.
    const turn = (c: number): number => (choices.indexOf(c) + r) % choices.length;
    let pick = choices[0];
    for (const c of choices) {
      const u = uses.get(c)!;
      const best = uses.get(pick)!;
      if (u < best || (u === best && turn(c) < turn(pick))) pick = c;
    }
    crayons[r] = pick;
    uses.set(pick, uses.get(pick)! + 1);
  }
  return crayons;
}
