import { describe, expect, it } from 'vitest';
import { lineWidthPx } from '@studio/contracts/page';
import { loadSubjectLibrary } from '../subjects/subject-library';
import { composePage } from './compose-page';
import { fitSubject } from './place-subject';
import { seededRandom } from './seeded-random';
import { drawZentangle, levelLines } from './zentangle';

describe('levelLines', () => {
  it('finds one closed loop round a single hill, and none above its top', () => {
    const size = 20;
    const field = new Float32Array(size * size);
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) field[y * size + x] = Math.max(0, 8 - Math.hypot(x - 10, y - 10));
    const loops = levelLines(field, size, 3);
    expect(loops).toHaveLength(1);
    // The loop lies on the level: every point about 5 cells from the centre.
    for (const [x, y] of loops[0]) expect(Math.abs(Math.hypot(x - 10, y - 10) - 5)).toBeLessThan(0.3);
    expect(levelLines(field, size, 9)).toHaveLength(0);
  });
});

describe('drawZentangle', () => {
  it('patterns a lion more densely for adults than teens, the same way every time', async () => {
    const library = await loadSubjectLibrary();
    const lion = library.subjects.find((s) => s.name === 'lion')!;
    const placement = fitSubject(lion, { x: 200, y: 400, width: 1800, height: 1800 });
    const draw = (level: 'bands' | 'full', difficulty: 'teen' | 'adult'): Promise<string> => drawZentangle(placement, { level, lineWidthPx: lineWidthPx(difficulty), random: seededRandom(7) });
    const teen = await draw('bands', 'teen');
    const adult = await draw('full', 'adult');
    const shapes = (svg: string): number => svg.match(/<(path|ellipse|circle)/g)?.length ?? 0;
    expect(shapes(teen)).toBeGreaterThan(3);
    expect(shapes(adult)).toBeGreaterThan(shapes(teen));
    expect(await draw('full', 'adult')).toBe(adult);
    // Nothing solid but small dots: every line is an outline.
    expect(adult.match(/fill="#000"/g)?.length ?? 0).toBeLessThanOrEqual(adult.match(/<circle/g)?.length ?? 0);
  });
});

describe('a lion at four difficulties', () => {
  it('is four drawings of growing detail, each passing its region band', async () => {
    const counts: number[] = [];
    for (const difficulty of ['toddler', 'children', 'teen', 'adult'] as const) {
      const result = await composePage('a lion', { difficulty, ratio: '3:4', verify: false });
      expect(result.page.report.passes).toBe(true);
      counts.push(result.page.report.regionCount);
    }
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(new Set(counts).size).toBe(4);
  }, 60_000);
});
