import { describe, expect, it } from 'vitest';
import { drawScene, layoutFor } from './scenes';
import type { SceneContext } from './scenes';
import { roomKind } from './room-furniture';
import { seededRandom } from './seeded-random';

const inner = { x: 100, y: 100, width: 2200, height: 2900 };
const room = (words: string[], level: number, seed = 5): string => {
  const ctx: SceneContext = { layout: layoutFor('room', inner), random: seededRandom(seed), colored: true, lineWidth: 6, level, keepClear: [{ x: 800, y: 900, width: 800, height: 1700 }], words, findSubject: () => null };
  return drawScene('room', ctx, 60).svg;
};

describe('roomKind', () => {
  it('reads the room from the words, a role working in its own room, the room named first', () => {
    expect(roomKind(['chef', 'kitchen'])).toBe('kitchen');
    expect(roomKind(['cook'])).toBe('kitchen');
    expect(roomKind(['girl', 'baking', 'cookies'])).toBe('kitchen');
    expect(roomKind(['teacher'])).toBe('classroom');
    expect(roomKind(['boy', 'reading', 'book', 'classroom'])).toBe('classroom');
    expect(roomKind(['rabbit', 'bedroom'])).toBe('bedroom');
    // The room named wins over a role's own room.
    expect(roomKind(['teacher', 'kitchen'])).toBe('kitchen');
    // A bed named is drawn as the subject: the room is not furnished with a second one.
    expect(roomKind(['cat', 'sleeping', 'bed'])).toBe('living');
    expect(roomKind(['cat', 'room'])).toBe('living');
  });
});

describe('room furniture', () => {
  it('furnishes a kitchen with an oven (its orange window) and a worktop, not the living room rug', () => {
    const kitchen = room(['chef', 'kitchen'], 2);
    const living = room(['cat', 'room'], 2);
    expect(kitchen).toContain('fill="#ffd8a8"');
    expect(kitchen).not.toContain('fill="#ffc9c9"');
    expect(living).toContain('fill="#ffc9c9"');
    expect(living).not.toContain('fill="#ffd8a8"');
  });

  it('gives a classroom a green blackboard with chalk writing and, above a toddler, a desk with an apple', () => {
    const classroom = room(['teacher'], 2);
    expect(classroom).toContain('fill="#8ce99a"');
    expect(classroom).toContain('fill="#ff6b6b"');
    expect(room(['teacher'], 1)).not.toContain('fill="#ff6b6b"');
  });

  it('keeps a toddler kitchen at the least scenery when its areas allow, and says the place is drawn', () => {
    const least = (budget: number) => drawScene('room', { layout: layoutFor('room', inner), random: seededRandom(3), colored: true, lineWidth: 6, level: 0, keepClear: [{ x: 800, y: 900, width: 800, height: 1700 }], words: ['kitten', 'kitchen'], findSubject: () => null }, budget);
    const roomy = least(20);
    expect(roomy.placeDrawn).toBe(true);
    expect(roomy.svg).toContain('fill="#ffd8a8"');
    // Fewer pieces than a toddler's level-1 kitchen: no window, two units.
    expect(roomy.regions).toBeLessThan(drawScene('room', { layout: layoutFor('room', inner), random: seededRandom(3), colored: true, lineWidth: 6, level: 1, keepClear: [], words: ['kitchen'], findSubject: () => null }, 20).regions);
    const tight = least(2);
    expect(tight.placeDrawn).toBe(false);
    expect(tight.svg).not.toContain('fill="#ffd8a8"');
  });

  it('puts the bed on the side the subjects leave free', () => {
    const blanket = (svg: string): number => {
      const [, x, width] = /<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*fill="#a5d8ff"/.exec(svg) ?? [];
      return Number(x) + Number(width) / 2;
    };
    const leftFree = drawScene('room', { layout: layoutFor('room', inner), random: seededRandom(1), colored: true, lineWidth: 6, level: 2, keepClear: [{ x: 1300, y: 900, width: 900, height: 1700 }], words: ['bedroom'], findSubject: () => null }, 60).svg;
    const rightFree = drawScene('room', { layout: layoutFor('room', inner), random: seededRandom(1), colored: true, lineWidth: 6, level: 2, keepClear: [{ x: 200, y: 900, width: 900, height: 1700 }], words: ['bedroom'], findSubject: () => null }, 60).svg;
    expect(blanket(leftFree)).toBeLessThan(inner.x + inner.width / 2);
    expect(blanket(rightFree)).toBeGreaterThan(inner.x + inner.width / 2);
  });

  it('draws more pieces on richer pages and stays black and white', () => {
    for (const words of [['kitchen'], ['classroom'], ['bedroom']]) {
      const pieces = (level: number): number => room(words, level).match(/<(rect|path|circle|ellipse|polygon)/g)?.length ?? 0;
      expect(pieces(3)).toBeGreaterThan(pieces(1));
      const bw = drawScene('room', { layout: layoutFor('room', inner), random: seededRandom(2), colored: false, lineWidth: 6, level: 3, keepClear: [], words, findSubject: () => null }, 60).svg;
      expect(bw.match(/fill="(?!none|#fff")[^"]*"/g) ?? []).toEqual([]);
      expect(bw).not.toMatch(/NaN|Infinity/);
    }
  });
});
