import { beforeAll, describe, expect, it } from 'vitest';
import { loadSubjectLibrary } from '../subjects/subject-library';
import type { Subject } from '../subjects/subject-library';
import { arrangeGroup, arrangePair, besideBig, isBackdropSized, sizeClass, topAt, wearOn } from './arrange-subjects';
import type { Stage } from './arrange-subjects';
import { visibleShares } from './drawn-report';
import { placementBox } from './place-subject';
import { seededRandom } from './seeded-random';

let subject: (name: string) => Subject;
beforeAll(async () => {
  const library = await loadSubjectLibrary();
  subject = (name) => library.subjects.find((s) => s.name === name)!;
}, 120_000);

const stage: Stage = { area: { x: 100, y: 100, width: 2000, height: 2800 }, groundY: 2600, floating: false };
const unit = 2000;
const centreX = (b: { x: number; width: number }): number => b.x + b.width / 2;

describe('arrangePair', () => {
  it('puts a rider on its mount: above its back, overlapping it, smaller', () => {
    const [mount, rider] = arrangePair('ride', subject('monkey'), subject('bicycle'), stage, unit);
    const m = placementBox(mount);
    const r = placementBox(rider);
    expect(mount.subject.name).toBe('bicycle');
    expect(r.y).toBeLessThan(m.y);
    expect(r.y + r.height).toBeGreaterThan(m.y);
    expect(Math.abs(centreX(r) - centreX(m))).toBeLessThan(m.width * 0.2);
  });

  it('puts a climber on the trunk, in front of the big tree, about halfway up', () => {
    const [tree, koala] = arrangePair('climb', subject('koala'), subject('deciduous tree'), stage, unit);
    const [t, k] = [placementBox(tree), placementBox(koala)];
    expect(t.height).toBeGreaterThan((stage.groundY - stage.area.y) * 0.8);
    expect(Math.abs(centreX(k) - centreX(t))).toBeLessThan(t.width * 0.1);
    expect(k.y + k.height).toBeLessThan(t.y + t.height);
    expect(k.y).toBeGreaterThan(t.y + t.height * 0.3);
  });

  it('puts the moon in the sky above what is under it, clear of its head', () => {
    const [moon, owl] = arrangePair('under', subject('owl'), subject('crescent moon'), stage, unit);
    expect(moon.subject.name).toBe('crescent moon');
    const [m, o] = [placementBox(moon), placementBox(owl)];
    expect(m.y + m.height).toBeLessThan(o.y);
  });

  it('seats a rider facing the way the horse faces', () => {
    const [horse, rider] = arrangePair('ride', subject('cowboy sitting'), subject('horse'), stage, unit);
    const facing = (p: typeof horse): number => (p.subject.anchors?.facing ?? 0) * (p.flip ? -1 : 1);
    expect(facing(horse)).not.toBe(0);
    expect(facing(rider)).toBe(facing(horse));
    const [h, r] = [placementBox(horse), placementBox(rider)];
    expect(r.y).toBeLessThan(h.y);
    expect(r.y + r.height).toBeGreaterThan(h.y + h.height * 0.2);
  });

  it('sits a small thing on the top of a big one, and a bee is small beside a sunflower', () => {
    const [flower, bee] = arrangePair('on', subject('honeybee'), subject('sunflower'), stage, unit);
    const f = placementBox(flower);
    const b = placementBox(bee);
    expect(b.width * b.height).toBeLessThan(f.width * f.height * 0.15);
    // Its bottom rests within a little of the flower's top at that column.
    expect(Math.abs(b.y + b.height - topAt(flower, centreX(b)))).toBeLessThan(b.height * 0.3);
  });

  it('spreads several on one thing across its top', () => {
    const [, ...owls] = arrangePair('on', subject('owl'), subject('deciduous tree'), stage, unit, 2);
    expect(owls).toHaveLength(2);
    const [a, b] = owls.map(placementBox);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
  });

  it('puts a flier high over a building and a thing under a tree at its foot', () => {
    const [castle, dragon] = arrangePair('over', subject('dragon'), subject('castle'), stage, unit);
    expect(placementBox(dragon).y + placementBox(dragon).height).toBeLessThan(placementBox(castle).y + placementBox(castle).height * 0.5);
    const [tree, cat] = arrangePair('under', subject('cat'), subject('deciduous tree'), stage, unit);
    expect(placementBox(cat).height).toBeLessThan(placementBox(tree).height * 0.5);
    expect(placementBox(cat).y + placementBox(cat).height).toBeCloseTo(placementBox(tree).y + placementBox(tree).height, -1);
  });
});

describe('arrangePair on seats, branches and the sky', () => {
  it('sits a teddy bear in a chair, smaller than a person who would stand before it', () => {
    const [chair, teddy] = arrangePair('on', subject('teddy bear'), subject('chair'), stage, unit);
    // In the chair's seat, well under its height (a person stands before it nearly as tall).
    expect(placementBox(teddy).height).toBeLessThan(placementBox(chair).height * 0.7);
    expect(placementBox(teddy).y).toBeGreaterThan(placementBox(chair).y + placementBox(chair).height * 0.3);
  });

  it('puts a king in front of his throne, not on top of its back', () => {
    const [throne, king] = arrangePair('on', subject('king'), subject('throne'), stage, unit);
    const [t, k] = [placementBox(throne), placementBox(king)];
    expect(k.y + k.height).toBeGreaterThan(t.y + t.height * 0.9);
    expect(k.height).toBeGreaterThan(t.height * 0.7);
  });

  it('sits two owls big on a bough across the page, side by side', () => {
    const [bough, ...owls] = arrangePair('on', subject('owl'), subject('branch'), stage, unit, 2);
    expect(placementBox(bough).width).toBeGreaterThan(stage.area.width * 0.9);
    const [a, b] = owls.map(placementBox);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
    expect(a.width).toBeGreaterThan(stage.area.width * 0.3);
  });

  it('crosses a witch in front of a big moon when she flies over it', () => {
    const [moon, witch] = arrangePair('over', subject('witch flying'), subject('crescent moon'), stage, unit);
    const [m, w] = [placementBox(moon), placementBox(witch)];
    expect(m.height).toBeGreaterThan((stage.groundY - stage.area.y) * 0.4);
    // The witch overlaps the moon's lower half rather than flying above it.
    expect(w.y).toBeLessThan(m.y + m.height);
    expect(w.y + w.height).toBeGreaterThan(m.y + m.height * 0.5);
  });
});

describe('arrangeGroup', () => {
  it('draws 2 to 5 members at varied sizes, overlapping a little, the larger ones in front', () => {
    const random = seededRandom(1);
    const penguins = arrangeGroup([subject('penguin'), subject('penguin'), subject('penguin')], stage, unit, random);
    const heights = penguins.map((p) => placementBox(p).height);
    expect(new Set(heights.map((h) => Math.round(h))).size).toBe(3);
    // Drawn back to front: the last one drawn is the biggest.
    expect(heights[heights.length - 1]).toBe(Math.max(...heights));
    const shares = visibleShares(penguins, 2200, 3000);
    expect(Math.min(...shares)).toBeGreaterThan(0.4);
  });

  it('stands a toddler page\'s group apart, so two dinosaurs are not one creature with two heads', () => {
    const placed = arrangeGroup([subject('t-rex'), subject('t-rex')], stage, unit, seededRandom(1), true);
    const [a, b] = placed.map(placementBox).sort((p, q) => p.x - q.x);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
  });

  it('stands several under the moon side by side, the moon above them all', () => {
    const [moon, ...wolves] = arrangePair('under', subject('wolf'), subject('crescent moon'), stage, unit, 3);
    expect(wolves).toHaveLength(3);
    const boxes = wolves.map(placementBox).sort((a, b) => a.x - b.x);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].x).toBeGreaterThan(boxes[i - 1].x + boxes[i - 1].width * 0.5);
    const m = placementBox(moon);
    expect(m.y + m.height).toBeLessThanOrEqual(Math.min(...boxes.map((b) => b.y)));
  });

  it('draws young ones well under their parent\'s size ("a bear and her cubs")', () => {
    const bears = [subject('bear'), subject('bear'), subject('bear')];
    const equals = arrangeGroup(bears, stage, unit, seededRandom(1)).map((p) => placementBox(p).height);
    const family = arrangeGroup(bears, stage, unit, seededRandom(1), false, [false, true, true]).map((p) => placementBox(p).height);
    const parent = Math.max(...family);
    expect(parent).toBeGreaterThanOrEqual(Math.max(...equals));
    expect(family.filter((h) => h < parent * 0.75)).toHaveLength(2);
  });
});

describe('besideBig', () => {
  it('stands a castle or a tree large behind a person, the person in front on the left and whole', () => {
    for (const name of ['castle', 'deciduous tree']) {
      const [back, front] = besideBig(subject('princess'), subject(name), stage.area, stage.groundY, stage.groundY - stage.area.y);
      expect(back.subject.name).toBe(name);
      const [b, f] = [placementBox(back), placementBox(front)];
      // Taller than the person (a third of the page wide was a sticker by her feet) and behind her.
      expect(b.height, name).toBeGreaterThan(f.height);
      expect(centreX(f)).toBeLessThan(centreX(b));
      expect(visibleShares([back, front], 2200, 3000)[1]).toBe(1);
    }
  });

  it('sits several on a sofa side by side in front of it, apart (two cats sleeping on a sofa drew one)', () => {
    const [sofa, ...cats] = arrangePair('on', subject('cat sleeping'), subject('couch and lamp'), stage, unit, 2);
    expect(cats).toHaveLength(2);
    const [a, b] = cats.map(placementBox);
    const s = placementBox(sofa);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
    for (const c of [a, b]) expect(c.x).toBeGreaterThanOrEqual(s.x - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(s.x + s.width + 1);
  });

  it('keeps what flies beside the person: a rocket drawn diagonally behind one crossed them both', () => {
    expect(isBackdropSized(subject('castle'), subject('astronaut'))).toBe(true);
    expect(isBackdropSized(subject('rocket'), subject('astronaut'))).toBe(false);
  });

  it('sizes a seahorse as a small sea thing, not a horse (it stood behind a mermaid, cut by the frame)', () => {
    expect(isBackdropSized(subject('seahorse'), subject('mermaid'))).toBe(false);
    expect(sizeClass(subject('seahorse'))).toBeLessThan(sizeClass(subject('mermaid')));
    expect(sizeClass(subject('horse'))).toBeGreaterThan(sizeClass(subject('mermaid')));
    // A parrot beside a pirate ship is small.
    expect(sizeClass(subject('sailboat'))).toBeGreaterThan(sizeClass(subject('parrot')) * 3);
  });

  it('puts the big one of a group behind the others, who stay as tall as a row allows', () => {
    const royals = arrangeGroup([subject('king'), subject('queen'), subject('castle')], stage, unit, seededRandom(1));
    expect(royals[0].subject.name).toBe('castle');
    for (const p of royals.slice(1)) expect(placementBox(p).height).toBeGreaterThan((stage.groundY - stage.area.y) * 0.4);
  });

  it('puts the big one of a group behind the others', () => {
    const placed = arrangeGroup([subject('farmer'), subject('cow'), subject('tractor')], stage, unit, seededRandom(1));
    expect(placed[0].subject.name).toBe('tractor');
    expect(placementBox(placed[0]).width).toBeGreaterThan(stage.area.width * 0.5);
  });
});

describe('wearOn', () => {
  it('puts a hat on the top of the head and a scarf lower down', () => {
    const [cat] = arrangePair('front', subject('cat'), subject('house'), stage, unit).slice(1);
    const hat = wearOn(cat, subject('top hat'));
    const scarf = wearOn(cat, subject('scarf'));
    const c = placementBox(cat);
    const h = placementBox(hat.placement);
    expect(hat.behind).toBe(false);
    expect(h.y).toBeLessThan(c.y + c.height * 0.15);
    expect(h.width).toBeLessThan(c.width * 0.6);
    expect(placementBox(scarf.placement).y).toBeGreaterThan(h.y);
    expect(wearOn(cat, subject('cape')).behind).toBe(true);
  });

  it('puts wings on the back of a horse, sweeping up away from its head, in front of its body', () => {
    const [horse] = arrangePair('front', subject('horse'), subject('house'), stage, unit).slice(1);
    const b = placementBox(horse);
    const worn = wearOn(horse, subject('wings'));
    const w = placementBox(worn.placement);
    expect(worn.behind).toBe(false);
    // Above the back and rising over it, about half the horse's length.
    expect(w.y).toBeLessThan(topAt(horse, centreX(b)));
    expect(w.y + w.height).toBeGreaterThan(topAt(horse, centreX(b)));
    expect(w.width).toBeGreaterThan(b.width * 0.4);
    expect(w.width).toBeLessThan(b.width * 0.65);
    // The feathers' tips point to the tail: the wing is mirrored when the horse faces the other way.
    const facing = (horse.subject.anchors?.facing || 1) * (horse.flip ? -1 : 1);
    expect(worn.placement.flip).toBe(facing < 0);
    const turned = wearOn({ ...horse, flip: !horse.flip }, subject('wings'));
    expect(turned.placement.flip).toBe(!worn.placement.flip);
  });
});

describe('visibleShares', () => {
  it('counts what later subjects cover', () => {
    const cat = arrangePair('front', subject('cat'), subject('house'), stage, unit)[1];
    const same = { ...cat };
    const [under, over] = visibleShares([cat, same], 2200, 3000);
    expect(under).toBe(0);
    expect(over).toBe(1);
  });
});
