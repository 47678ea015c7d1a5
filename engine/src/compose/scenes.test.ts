import { describe, expect, it } from 'vitest';
import { PLACES } from '../prompt/lexicon';
import { drawScene, estimateRegions, layoutFor } from './scenes';
import type { Place, SceneContext } from './scenes';
import { seededRandom } from './seeded-random';

const inner = { x: 100, y: 100, width: 2200, height: 2900 };

function context(place: Place, seed: number, level: number, keepClear = [{ x: 700, y: 1400, width: 1000, height: 1200 }]): SceneContext {
  return { layout: layoutFor(place, inner), random: seededRandom(seed), colored: false, lineWidth: 6, level, keepClear, words: [], findSubject: () => null };
}

describe('drawScene', () => {
  const places: Place[] = [...PLACES];

  it.each(places)('draws %s as closed white shapes, the same for the same seed', (place) => {
    const a = drawScene(place, context(place, 7, 2), 40);
    const b = drawScene(place, context(place, 7, 2), 40);
    expect(a.svg).toBe(b.svg);
    expect(a.svg).not.toMatch(/NaN|Infinity/);
    // Black and white: every filled shape is paper; lines are the only ink.
    expect(a.svg.match(/fill="(?!none|#fff")[^"]*"/g) ?? []).toEqual([]);
    expect(a.regions).toBeGreaterThanOrEqual(2);
  });

  it('spends its region budget: more budget, more scenery; never past it beyond the sky, far plane and ground', () => {
    const small = drawScene('meadow', context('meadow', 3, 3), 0);
    const large = drawScene('meadow', context('meadow', 3, 3), 60);
    expect(large.regions).toBeGreaterThan(small.regions + 10);
    expect(large.regions).toBeLessThanOrEqual(60 + small.regions);
    expect(estimateRegions(large.svg)).toBe(large.regions);
  });

  it('varies the sky and what stands on the ground with the seed', () => {
    const svgs = new Set([1, 2, 3, 4, 5].map((seed) => drawScene('farm', context('farm', seed, 2), 30).svg));
    expect(svgs.size).toBe(5);
  });

  it('always gives a farm its barn, on the side the subjects leave free', () => {
    for (const seed of [1, 2, 3]) {
      const ctx = (keepClear: { x: number; y: number; width: number; height: number }[]): SceneContext => ({ ...context('farm', seed, 2, keepClear), colored: true });
      // Even with no budget beyond the sky, far plane and ground.
      const right = drawScene('farm', ctx([{ x: 200, y: 1400, width: 800, height: 1200 }]), 0).svg;
      const left = drawScene('farm', ctx([{ x: 1400, y: 1400, width: 800, height: 1200 }]), 0).svg;
      const barnX = (svg: string): number => Number(/<polygon points="([\d.]+),[\d.]+ [^"]*" fill="#fa5252"/.exec(svg)?.[1]);
      expect(barnX(right)).toBeGreaterThan(inner.x + inner.width / 2);
      expect(barnX(left)).toBeLessThan(inner.x + inner.width / 2);
    }
  });

  it('draws a bamboo forest as rows of canes from the top of the page, not pines', () => {
    const words = (w: string[], level: number): SceneContext => ({ ...context('forest', 4, level), colored: true, words: w });
    const bamboo = drawScene('forest', words(['panda', 'bamboo', 'forest'], 2), 40).svg;
    const pines = drawScene('forest', words(['panda', 'forest'], 2), 40).svg;
    // Canes are tall rectangles starting above the frame's inside.
    const canes = (svg: string): number => [...svg.matchAll(/<rect x="[\d.]+" y="([-\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].filter(([, y, h]) => Number(y) < inner.y && Number(h) > inner.height * 0.3).length;
    expect(canes(bamboo)).toBeGreaterThanOrEqual(8);
    expect(canes(pines)).toBe(0);
  });

  it('lets the rain fall instead of the sun shining when the prompt says rain', () => {
    const colored = (seed: number, words: string[]): SceneContext => ({ ...context('meadow', seed, 3), colored: true, words });
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rainy = drawScene('meadow', colored(seed, ['girl', 'rain']), 60).svg;
      // Raindrops (blue) in the air, and no sun (its yellow disc).
      expect(rainy).toContain('fill="#4dabf7"');
      expect(rainy).not.toContain('fill="#ffe066"');
    }
    const sunny = [1, 2, 3, 4, 5, 6].map((seed) => drawScene('meadow', colored(seed, ['girl']), 60).svg);
    expect(sunny.some((svg) => svg.includes('fill="#ffe066"'))).toBe(true);
    expect(sunny.some((svg) => svg.includes('fill="#4dabf7"'))).toBe(false);
  });

  it('draws only the ground at level 0 (and a plain sun in an empty day sky, budget allowing), and nothing without a place', () => {
    expect(estimateRegions(drawScene('forest', context('forest', 1, 0), 0).svg)).toBe(1);
    // The sun's disc and ring: two areas more, only where the sky above the subject is empty.
    expect(estimateRegions(drawScene('forest', context('forest', 1, 0), 50).svg)).toBe(3);
    expect(estimateRegions(drawScene('forest', context('forest', 1, 0, [{ x: 200, y: 150, width: 2000, height: 2500 }]), 50).svg)).toBe(1);
    expect(drawScene(null, context('forest', 1, 2), 50)).toEqual({ svg: '', regions: 0 });
  });
});
