/**
 * Solid black areas a child cannot colour (issue 34: "no solid black areas"). OpenMoji draws some
 * dark parts in its black line layer as filled shapes: the new moon, a pirate flag, a chess pawn,
 * a soccer ball's patches, a firefighter's stripes. On a colouring page they print as blobs of
 * ink. At build time each such shape, larger and thicker than an eye's pupil, becomes an outlined
 * white area: a region to colour. Eye pupils and lines stay ink.
 */
import { closeSubpaths } from './openmoji-outline';
import type { OutlineElement } from './openmoji-outline';

/** An ink shape with more area than this, in 72-unit squares, is more than a pupil (about 40). */
export const BLOB_MIN_AREA = 60;
/** …and at least this thick, in units: a line drawn as a filled shape is about one unit thick. */
export const BLOB_MIN_THICKNESS = 4;

/** How many 4-neighbour erosions empty the ink: half its greatest thickness, in cells. */
export function inkDepth(ink: Uint8Array, size: number): number {
  let current = ink;
  let depth = 0;
  for (;;) {
    const next = new Uint8Array(size * size);
    let any = false;
    for (let y = 1; y < size - 1; y++) {
      for (let x = 1; x < size - 1; x++) {
        const i = y * size + x;
        if (current[i] && current[i - 1] && current[i + 1] && current[i - size] && current[i + size]) {
          next[i] = 1;
          any = true;
        }
      }
    }
    if (!current.some((v) => v)) return depth;
    depth++;
    if (!any) return depth;
    current = next;
  }
}

/** Is one ink shape's raster (`cell` cells to the unit) a blob rather than a line or a pupil? */
export function isInkBlob(ink: Uint8Array, size: number, cell: number): boolean {
  let area = 0;
  for (const v of ink) area += v;
  return area / (cell * cell) > BLOB_MIN_AREA && (2 * inkDepth(ink, size)) / cell >= BLOB_MIN_THICKNESS;
}

/** The ink shape as a white area with an outline, closed so it holds colour. */
export function whitened(element: OutlineElement): OutlineElement {
  const attrs = { ...element.attrs };
  if (element.tag === 'path' && attrs.d) attrs.d = closeSubpaths(attrs.d);
  return { ...element, tag: element.tag === 'polyline' ? 'polygon' : element.tag, attrs, role: 'fill', color: '#3f3f3f' };
}
