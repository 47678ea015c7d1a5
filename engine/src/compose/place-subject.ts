import { outlineElementsToSvg } from '../subjects/openmoji-outline';
import type { Subject } from '../subjects/subject-library';
import { n } from './svg-shapes';

export interface Placement {
  subject: Subject;
  /** Page pixels per OpenMoji unit. */
  scale: number;
  /** Page position of the subject's silhouette left edge and its bottom (ground contact). */
  left: number;
  bottom: number;
  flip: boolean;
}

/** Fits a subject's silhouette into a box, standing on the box's bottom edge, centred across. */
export function fitSubject(subject: Subject, box: { x: number; y: number; width: number; height: number }, flip = false): Placement {
  const [l, t, r, b] = subject.bounds;
  const scale = Math.min(box.width / (r - l), box.height / (b - t));
  const width = (r - l) * scale;
  return { subject, scale, left: box.x + (box.width - width) / 2, bottom: box.y + box.height, flip };
}

export function placementBox(p: Placement): { x: number; y: number; width: number; height: number } {
  const [l, t, r, b] = p.subject.bounds;
  return { x: p.left, y: p.bottom - (b - t) * p.scale, width: (r - l) * p.scale, height: (b - t) * p.scale };
}

/**
 * The subject as a <g>: line width is given in page pixels and divided by the scale. Simplified
 * keeps only the closed colour areas: small props lose details that would print as ink blots.
 */
export function drawSubject(p: Placement, lineWidthPx: number, colored: boolean, simplified = false): string {
  const [l, , r, b] = p.subject.bounds;
  const tx = p.flip ? p.left + r * p.scale : p.left - l * p.scale;
  const ty = p.bottom - b * p.scale;
  const transform = `translate(${n(tx)} ${n(ty)}) scale(${p.flip ? -p.scale : p.scale} ${p.scale})`.replace(/(\d+\.\d{4})\d+/g, '$1');
  return `<g transform="${transform}" stroke-width="${(lineWidthPx / p.scale).toFixed(4)}">${outlineElementsToSvg(simplified ? p.subject.elements.filter((e) => e.role === 'fill') : p.subject.elements, colored)}</g>`;
}

/**
 * A creature's eyes drawn closed, over the drawn subject (a dragon asleep that the library has
 * only awake): each known eye is painted over with paper and gets a lid, a curve hanging down
 * like a sleeping eye in a picture book. Returns '' when the subject's eyes are not known.
 */
export function closedEyes(p: Placement, lineWidthPx: number): string {
  const eyes = p.subject.eyes?.at ?? [];
  if (eyes.length === 0) return '';
  const [l, , r, b] = p.subject.bounds;
  const tx = p.flip ? p.left + r * p.scale : p.left - l * p.scale;
  const ty = p.bottom - b * p.scale;
  const transform = `translate(${n(tx)} ${n(ty)}) scale(${p.flip ? -p.scale : p.scale} ${p.scale})`.replace(/(\d+\.\d{4})\d+/g, '$1');
  const shapes = eyes.map(([x, y, er]) => {
    const w = Math.max(er * 1.8, 2.2);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(Math.max(er * 1.3, w * 0.9))}" fill="#fff" stroke="none"/><path d="M${n(x - w)} ${n(y - w * 0.15)}Q${n(x)} ${n(y + w * 0.85)} ${n(x + w)} ${n(y - w * 0.15)}" fill="none"/>`;
  });
  return `<g transform="${transform}" stroke-width="${(lineWidthPx / p.scale).toFixed(4)}">${shapes.join('')}</g>`;
}


/**
 * A kawaii face on a thing (a donut, a cupcake, a cloud) at a clear spot of radius `r`: two ink
 * eyes with a paper highlight, a smile and two blush ovals to colour. Drawn over the subject.
 */
export function kawaiiFace(x: number, y: number, r: number, colored: boolean): string {
  const eye = r * 0.19;
  const gap = r * 0.46;
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const ex = x + side * gap;
    out.push(`<ellipse cx="${n(ex)}" cy="${n(y - r * 0.08)}" rx="${n(eye)}" ry="${n(eye * 1.25)}" fill="#000"/>`);
    out.push(`<circle cx="${n(ex + eye * 0.35)}" cy="${n(y - r * 0.08 - eye * 0.45)}" r="${n(eye * 0.38)}" fill="#fff" stroke="none"/>`);
    out.push(`<ellipse cx="${n(x + side * gap * 1.3)}" cy="${n(y + r * 0.34)}" rx="${n(r * 0.17)}" ry="${n(r * 0.1)}" fill="${colored ? '#ffc9c9' : '#fff'}"/>`);
  }
  out.push(`<path d="M${n(x - r * 0.22)} ${n(y + r * 0.24)}Q${n(x)} ${n(y + r * 0.52)} ${n(x + r * 0.22)} ${n(y + r * 0.24)}" fill="none"/>`);
  return out.join('');
}
