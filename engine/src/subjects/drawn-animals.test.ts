import { describe, expect, it } from 'vitest';
import { outlineOpenMojiSvg } from './openmoji-outline';
import { DRAWN_ANIMALS, isDrawnAnimal } from './drawn-animals';
import { detailedName, isVariantDrawing, toddlerName } from './drawn-figures';

describe('drawn animals', () => {
  it('draws each animal whole with two eyes, and a plainer toddler drawing of it', () => {
    const whole = DRAWN_ANIMALS.filter((a) => !isVariantDrawing(a.id));
    expect(whole.map((a) => a.name)).toEqual(['lion', 'lion sleeping', 'bear', 'bear sleeping', 'panda', 'panda sleeping', 'fox', 'fox sleeping', 'wolf', 'wolf sleeping', 'wolf howling']);
    for (const animal of whole) {
      expect(isDrawnAnimal(animal.id)).toBe(true);
      const elements = outlineOpenMojiSvg(animal.svg);
      // Body, neck, head and four legs at least, each a closed area to colour.
      expect(elements.filter((e) => e.role === 'fill').length).toBeGreaterThanOrEqual(8);
      // Two eye dots awake (the nose is ink too, but not round); closed eyes asleep.
      expect(elements.filter((e) => e.role === 'ink' && e.tag === 'circle').length).toBe(/sleeping|howling/.test(animal.name) ? 0 : 2);
      const toddler = DRAWN_ANIMALS.find((a) => a.name === toddlerName(animal.name))!;
      expect(isVariantDrawing(toddler.id)).toBe(true);
      // No more areas to colour (no inner ears or tail tips) and no toe lines.
      const plain = outlineOpenMojiSvg(toddler.svg);
      expect(plain.filter((e) => e.role === 'fill').length).toBeLessThanOrEqual(elements.filter((e) => e.role === 'fill').length);
      expect(plain.filter((e) => e.role === 'stroke').length).toBeLessThan(elements.filter((e) => e.role === 'stroke').length);
      expect(animal.anchors.mouth).not.toBeNull();
    }
  });

  it('has a detailed standing drawing for teen and adult pages: more lines inside, the same areas and more', () => {
    for (const name of ['lion', 'bear', 'panda', 'fox', 'wolf']) {
      const plainOf = (n: string) => outlineOpenMojiSvg(DRAWN_ANIMALS.find((a) => a.name === n)!.svg);
      const [normal, detailed] = [plainOf(name), plainOf(detailedName(name))];
      expect(detailed.filter((e) => e.role === 'stroke').length).toBeGreaterThan(normal.filter((e) => e.role === 'stroke').length + 3);
      expect(detailed.filter((e) => e.role === 'fill').length).toBeGreaterThanOrEqual(normal.filter((e) => e.role === 'fill').length);
    }
  });
});
