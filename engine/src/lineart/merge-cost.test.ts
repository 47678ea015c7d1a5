import { describe, expect, it } from 'vitest';
import { mergeRegions } from './segment-regions';
import type { MergeCandidate, Segmentation } from './segment-regions';
import { learnedMergeOptions, mergeInputs } from './merge-cost';
import { MERGE_COST_MODEL } from './merge-cost-weights';

/** Three vertical stripes of 4 columns each on a 12 × 6 picture: regions 0, 1, 2 from left to right. */
function stripes(): Segmentation {
  const width = 12;
  const height = 6;
  const labels = new Int32Array(width * height);
  for (let i = 0; i < labels.length; i++) labels[i] = Math.floor((i % width) / 4);
  return { width, height, labels, count: 3 };
}

/** A plane with the value of `byColumn` at each column. */
function columns(seg: Segmentation, byColumn: (x: number) => number): Float32Array {
  return Float32Array.from({ length: seg.width * seg.height }, (_, i) => byColumn(i % seg.width));
}

describe('learned merge cost', () => {
  it('hands the cost the boundary and region statistics, and merges by it', () => {
    const seg = stripes();
    const flat = columns(seg, () => 0);
    // Evidence 0.8 on the columns either side of the 0|1 boundary, 0.1 elsewhere.
    const evidence = columns(seg, (x) => (x === 3 || x === 4 ? 0.8 : 0.1));
    const L = columns(seg, (x) => (x < 4 ? 20 : 60));
    const seen: { a: number; b: number; length: number; along: number; histogram: number }[] = [];
    const merged = mergeRegions(seg, evidence, {
      targetRegions: 2,
      minArea: 0,
      planes: [L, flat, flat],
      colourWeight: 0,
      boundaryPlanes: [evidence],
      histogram: { bins: Uint8Array.from(L, (v) => (v < 40 ? 0 : 1)), count: 2 },
      boundaryCost: (c: MergeCandidate) => {
        seen.push({ a: c.areaA, b: c.areaB, length: c.length, along: c.along[0], histogram: c.histogramDistance });
        return c.along[0];
      },
    });
    // The two boundaries, then the left one again once the right pair has merged (region 1 grown to 48 pixels).
    expect(seen.map((s) => s.length)).toEqual([6, 6, 6]);
    expect([seen[2].a, seen[2].b]).toEqual([24, 48]);
    expect(seen[0].along).toBeCloseTo(0.8);
    expect(seen[0].histogram).toBeCloseTo(1);
    expect(seen[1].along).toBeCloseTo(0.1);
    expect(seen[1].histogram).toBeCloseTo(0);
    // The weak 1|2 boundary goes; the strong 0|1 boundary stays.
    expect(merged.count).toBe(2);
    expect(merged.labels[3]).not.toBe(merged.labels[4]);
    expect(merged.labels[7]).toBe(merged.labels[8]);
  });

  it('rates a strong boundary between unlike regions above a faint one between like regions', () => {
    const seg = stripes();
    const n = seg.width * seg.height;
    const saliency = new Float32Array(n).fill(0.5);
    const evidence = columns(seg, (x) => (x === 3 || x === 4 ? 0.7 : x === 7 || x === 8 ? 0.05 : 0.02));
    const fine = columns(seg, (x) => (x === 3 || x === 4 ? 1 : 0.05));
    const L = columns(seg, (x) => (x < 4 ? 20 : 70));
    const A = columns(seg, (x) => (x < 4 ? 30 : 0));
    const B = new Float32Array(n);
    const learned = learnedMergeOptions(mergeInputs([L, A, B], evidence, fine, saliency), MERGE_COST_MODEL);
    const costOf = learned.boundaryCost;
    if (!costOf) throw new Error('learnedMergeOptions gives a cost');
    const probability: number[] = [];
    mergeRegions(seg, evidence, {
      targetRegions: 3,
      minArea: 0,
      planes: [L, A, B],
      colourWeight: 0,
      ...learned,
      boundaryCost: (c) => {
        probability.push(costOf(c));
        return probability[probability.length - 1];
      },
    });
    // Candidates come as (0|1) then (1|2).
    expect(probability).toHaveLength(2);
    expect(probability[0]).toBeGreaterThan(0.5);
    expect(probability[1]).toBeLessThan(0.3);
  });
});

describe('mergeRegions keepApart', () => {
  it('never merges a kept region, even when it has the weakest boundary and a count is asked for', () => {
    const seg = stripes();
    const flat = columns(seg, () => 0);
    // The 0|1 boundary is the weakest: without keepApart regions 0 and 1 merge first.
    const evidence = columns(seg, (x) => (x === 3 || x === 4 ? 0.05 : x === 7 || x === 8 ? 0.6 : 0.3));
    const options = { targetRegions: 1, minArea: 0, planes: [flat, flat, flat], colourWeight: 0 };
    const free = mergeRegions(seg, evidence, { ...options, targetRegions: 2 });
    expect(free.labels[0]).toBe(free.labels[4]);
    const kept = mergeRegions(seg, evidence, { ...options, keepApart: Uint8Array.from([1, 0, 0]) });
    expect(kept.count).toBe(2);
    expect(kept.labels[0]).not.toBe(kept.labels[4]);
    expect(kept.labels[4]).toBe(kept.labels[8]);
  });

  it('merges a region under the least area away even once the floor is reached, and nothing more', () => {
    // Columns 0–4, column 5 (6 pixels: a pupil), columns 6–11; a strong line round the pupil.
    const seg = stripes();
    seg.labels = Int32Array.from(seg.labels, (_, i) => ((i % seg.width) < 5 ? 0 : (i % seg.width) === 5 ? 1 : 2));
    const flat = columns(seg, () => 0);
    const evidence = columns(seg, (x) => (x >= 4 && x <= 6 ? 0.9 : 0.05));
    const options = { minArea: 10, planes: [flat, flat, flat], colourWeight: 0 };
    const merged = mergeRegions(seg, evidence, { ...options, targetRegions: 3 });
    expect(merged.count).toBe(2);
    expect(merged.labels[5] === merged.labels[4] || merged.labels[5] === merged.labels[6]).toBe(true);
    expect(merged.labels[0]).not.toBe(merged.labels[11]);
  });
});
