import { beforeAll, describe, expect, it } from 'vitest';
import { loadSubjectLibrary } from './subject-library';
import type { Subject } from './subject-library';
import { ROLE_FIGURES, ROLES } from './role-figures';

let byName: Map<string, Subject>;
beforeAll(async () => {
  byName = new Map((await loadSubjectLibrary()).subjects.map((s) => [s.name, s]));
}, 120_000);

describe('role figures', () => {
  it.each(ROLES.map((r) => [r.name]))('draws a %s whole, with two eyes, kept by the outline rules', (name) => {
    const figure = byName.get(name);
    expect(figure?.id).toMatch(/^X-ROLE-/);
    expect(figure?.eyes?.at).toHaveLength(2);
    // A whole figure: from the top of its hat or head down to its feet, most of the box tall.
    const [, top, , bottom] = figure!.bounds;
    expect(bottom - top).toBeGreaterThan(50);
    expect(figure!.anchors?.pose).toBe('figure');
  });

  it('keeps a free hand for held things when the role carries something in the other', () => {
    for (const role of ROLES) {
      const hands = byName.get(role.name)!.anchors!.hands;
      expect(hands, role.name).toHaveLength(role.costume.carried ? 1 : 2);
    }
  });

  it('names every pose after its role, and only the standing figure answers to the role words', () => {
    for (const figure of ROLE_FIGURES) {
      const role = ROLES.find((r) => figure.name === r.name || figure.name.startsWith(`${r.name} `));
      expect(role, figure.name).toBeDefined();
      expect(figure.keywords.length > 0).toBe(figure.name === role!.name);
    }
    expect(new Set(ROLE_FIGURES.map((f) => f.id)).size).toBe(ROLE_FIGURES.length);
  });

  it('replaces the OpenMoji bust of the same role', () => {
    for (const name of ['princess', 'firefighter', 'astronaut', 'cook', 'farmer', 'teacher', 'superhero', 'police officer', 'fairy']) {
      expect(byName.get(name)?.id, name).toMatch(/^X-ROLE-/);
    }
  });
});
