/**
 * What the composer actually put on a page, for honesty and for bench:fidelity: every placed
 * subject with its box and how much of its silhouette is still visible once everything drawn
 * after it is on the page, plus the scene or theme the page was drawn as.
 */
import { decodeMask, MASK_SIZE, SUBJECT_BOX } from '../subjects/subject-library';
import type { Placement } from './place-subject';
import { placementBox } from './place-subject';
import type { Box } from './scenes';

export interface DrawnThing {
  /** A library subject's name, `scene:<place>` or `mandala` / `pattern`. */
  name: string;
  role: 'subject' | 'scene' | 'theme';
  /** Page pixels; the whole inside of the frame for a scene or theme. */
  box: Box;
  /** Share of its silhouette not covered by what was drawn after it (1 for scenes and themes). */
  visibleShare: number;
}

/** A subject counts as drawn when at least this share of it shows... */
export const VISIBLE_SHARE_MIN = 0.4;
/** ...and it is at least this big across (smaller, nobody sees what it is). */
export const VISIBLE_SIDE_MM = 8;

/** Whether a reported thing is on the page for the user to see (scenes and themes always are). */
export function isVisible(thing: DrawnThing, pxPerMm: number): boolean {
  if (thing.role !== 'subject') return true;
  return thing.visibleShare >= VISIBLE_SHARE_MIN && Math.min(thing.box.width, thing.box.height) >= VISIBLE_SIDE_MM * pxPerMm;
}

/** Cells across the page's width of the coverage grid. */
const GRID = 240;

/**
 * Visible share of each placement, in drawing order (later ones cover earlier ones): each
 * silhouette mask is stamped into a coarse page grid, later stamps taking the cells over.
 */
export function visibleShares(placements: Placement[], pageWidth: number, pageHeight: number): number[] {
  const cell = pageWidth / GRID;
  const rows = Math.ceil(pageHeight / cell);
  const owner = new Int32Array(GRID * rows).fill(-1);
  const stamped: number[][] = placements.map((p, index) => {
    const cells: number[] = [];
    const mask = decodeMask(p.subject);
    const [l, , r, b] = p.subject.bounds;
    const unit = SUBJECT_BOX / MASK_SIZE;
    for (let my = 0; my < MASK_SIZE; my++) {
      for (let mx = 0; mx < MASK_SIZE; mx++) {
        if (!mask[my * MASK_SIZE + mx]) continue;
        const ux = (mx + 0.5) * unit;
        const uy = (my + 0.5) * unit;
        const x = p.flip ? p.left + (r - ux) * p.scale : p.left + (ux - l) * p.scale;
        const y = p.bottom - (b - uy) * p.scale;
        // A mask cell covers a square of page pixels: stamp every grid cell it reaches.
        const half = (unit * p.scale) / 2;
        for (let gy = Math.floor((y - half) / cell); gy <= Math.floor((y + half) / cell); gy++) {
          for (let gx = Math.floor((x - half) / cell); gx <= Math.floor((x + half) / cell); gx++) {
            if (gx < 0 || gy < 0 || gx >= GRID || gy >= rows) continue;
            owner[gy * GRID + gx] = index;
            cells.push(gy * GRID + gx);
          }
        }
      }
    }
    return cells;
  });
  return stamped.map((cells, index) => {
    const unique = new Set(cells);
    if (unique.size === 0) return 0;
    let kept = 0;
    for (const c of unique) if (owner[c] === index) kept++;
    return kept / unique.size;
  });
}

/** The report for placed subjects, in drawing order. */
export function drawnSubjects(placements: Placement[], pageWidth: number, pageHeight: number): DrawnThing[] {
  const shares = visibleShares(placements, pageWidth, pageHeight);
  return placements.map((p, i) => ({ name: p.subject.name, role: 'subject', box: placementBox(p), visibleShare: shares[i] }));
}
