/**
 * A life cycle page (issue 34: "butterfly life cycle" drew a bicycle): the stages stand round a
 * circle, first at the top, clockwise, each linked to the next by a curved arrow, the last back to
 * the first. Each arrow is one closed white shape (a band along the circle with its head), so it
 * is an area to colour like any other.
 */
import type { Subject } from '../subjects/subject-library';
import { fitSubject, placementBox } from './place-subject';
import type { Placement } from './place-subject';
import { n, paint } from './svg-shapes';
import type { Point } from './svg-shapes';

/** Where stage `i` of `count` stands on the circle (angle 0 at the top, clockwise). */
const angleOf = (i: number, count: number): number => -Math.PI / 2 + (i * 2 * Math.PI) / count;

/** The stages round a circle of `radius` about `centre`, each fitted into a square of `size`. */
export function cyclePlacements(stages: Subject[], centre: Point, radius: number, size: number): Placement[] {
  return stages.map((subject, i) => {
    const a = angleOf(i, stages.length);
    const [cx, cy] = [centre[0] + Math.cos(a) * radius, centre[1] + Math.sin(a) * radius];
    const p = fitSubject(subject, { x: cx - size / 2, y: cy - size / 2, width: size, height: size }, Math.cos(a) < -0.2);
    // Centred in its square, not standing on its floor.
    p.bottom -= (size - placementBox(p).height) / 2;
    return p;
  });
}

/** Curved arrows from each stage to the next along the circle, clear of the stages' squares. */
export function cycleArrows(count: number, centre: Point, radius: number, size: number, colored: boolean): string {
  const [cx, cy] = centre;
  const at = (a: number, r: number): string => `${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  const half = radius * 0.07;
  // The angle a stage's square takes up on the circle, and a little air.
  const gap = Math.min(Math.PI / count - 0.05, Math.asin(Math.min(1, (size * 0.5) / radius)) + 0.05);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a0 = angleOf(i, count) + gap;
    const a1 = angleOf(i + 1, count) - gap;
    if (a1 - a0 < 0.15) continue;
    const head = Math.min(0.22, (a1 - a0) * 0.35);
    const steps = 10;
    const outer: string[] = [];
    const inner: string[] = [];
    for (let k = 0; k <= steps; k++) {
      const a = a0 + ((a1 - head - a0) * k) / steps;
      outer.push(at(a, radius + half));
      inner.unshift(at(a, radius - half));
    }
    const d = `M${outer.join('L')}L${at(a1 - head, radius + half * 2.4)}L${at(a1, radius)}L${at(a1 - head, radius - half * 2.4)}L${inner.join('L')}Z`;
    out.push(`<path d="${d}" fill="${paint(colored, '#ffd8a8')}"/>`);
  }
  return out.join('');
}
