/**
 * Turns an OpenMoji colour SVG into outline elements. The colour fills become white shapes with
 * a black stroke, which closes every area the artist coloured; the `black/` set is only the
 * open line layer and leaks (engine-findings.md), so it is never used.
 */

export type OutlineRole = 'fill' | 'stroke' | 'ink';

export interface OutlineElement {
  tag: 'path' | 'rect' | 'circle' | 'ellipse' | 'polygon' | 'polyline' | 'line';
  /** Geometry attributes only (plus transform and fill-rule), ready to print. */
  attrs: Record<string, string>;
  role: OutlineRole;
  /** The artist's colour for the coloured preview; null for lines and ink. */
  color: string | null;
}

const SHAPE_TAGS = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'line']);
const GEOMETRY = new Set(['d', 'x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r', 'points', 'x1', 'y1', 'x2', 'y2', 'fill-rule']);
// Shading is a second tone on top of a filled area; outlining it would add lines nobody asked for.
const DROPPED_GROUPS = new Set(['skin-shadow', 'hair-shadow', 'shadow']);

interface Context {
  fill: string | null;
  stroke: string | null;
  transform: string;
  group: string;
  dropped: boolean;
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attrs[match[1]] = match[2];
  return attrs;
}

function isNone(paint: string | null): boolean {
  return paint === null || paint === 'none' || paint === 'transparent';
}

function isBlack(paint: string | null): boolean {
  if (paint === null) return false;
  const p = paint.toLowerCase();
  return p === '#000' || p === '#000000' || p === 'black' || p === '#1d1d1b';
}

export function outlineOpenMojiSvg(svg: string): OutlineElement[] {
  const elements: OutlineElement[] = [];
  const stack: Context[] = [{ fill: '#000', stroke: null, transform: '', group: '', dropped: false }];
  let inDefs = 0;
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, attrSource, selfClosing] = match;
    if (tag === 'defs' || tag === 'clipPath') {
      if (closing) inDefs--;
      else if (!selfClosing) inDefs++;
      continue;
    }
    if (inDefs > 0) continue;
    if (tag === 'g') {
      if (closing) {
        stack.pop();
        continue;
      }
      const attrs = parseAttributes(attrSource);
      const parent = stack[stack.length - 1];
      const group = attrs.id ?? parent.group;
      const context: Context = {
        fill: attrs.fill ?? parent.fill,
        stroke: attrs.stroke ?? parent.stroke,
        transform: [parent.transform, attrs.transform ?? ''].filter(Boolean).join(' '),
        group,
        dropped: parent.dropped || DROPPED_GROUPS.has(attrs.id ?? ''),
      };
      if (!selfClosing) stack.push(context);
      continue;
    }
    if (closing || !SHAPE_TAGS.has(tag)) continue;
    const context = stack[stack.length - 1];
    if (context.dropped) continue;
    const attrs = parseAttributes(attrSource);
    const fill = attrs.fill ?? (tag === 'line' || tag === 'polyline' ? 'none' : context.fill);
    const stroke = attrs.stroke ?? context.stroke;
    const geometry: Record<string, string> = {};
    for (const [key, value] of Object.entries(attrs)) if (GEOMETRY.has(key)) geometry[key] = value;
    const transform = [context.transform, attrs.transform ?? ''].filter(Boolean).join(' ');
    if (transform) geometry.transform = transform;
    const isLineLayer = context.group.startsWith('line');
    let role: OutlineRole;
    if (!isNone(fill)) role = isLineLayer && isBlack(fill) ? 'ink' : 'fill';
    else if (!isNone(stroke)) role = 'stroke';
    else continue;
    let shapeTag = tag as OutlineElement['tag'];
    // A filled shape is closed implicitly, its stroke is not: close it so the outline has no gap.
    if (role === 'fill' && shapeTag === 'polyline') shapeTag = 'polygon';
    if (role === 'fill' && shapeTag === 'path' && geometry.d) geometry.d = closeSubpaths(geometry.d);
    elements.push({ tag: shapeTag, attrs: geometry, role, color: role === 'fill' ? fill : null });
  }
  return elements;
}

export function closeSubpaths(d: string): string {
  // Only absolute moves can take a closepath in front of them: after "z" a relative "m" would
  // start from the subpath's first point instead of its last, moving the next subpath.
  const closed = d.trim().replace(/(?<=[^zZ\s])\s*(?=M)/g, 'z');
  return /[zZ]\s*$/.test(closed) ? closed : `${closed}z`;
}

/** Serialises elements for a page: black and white, or with the artist's colours. */
export function outlineElementsToSvg(elements: OutlineElement[], colored: boolean): string {
  const parts: string[] = [];
  for (const element of elements) {
    const { transform, ...geometry } = element.attrs;
    const attrs = Object.entries(geometry).map(([k, v]) => `${k}="${v}"`).join(' ');
    let paint: string;
    if (element.role === 'fill') paint = `fill="${colored && element.color ? element.color : '#fff'}" stroke="#000"`;
    else if (element.role === 'stroke') paint = 'fill="none" stroke="#000"';
    else paint = 'fill="#000" stroke="none"';
    // Transforms go on a <g>: the page SVG subset (svg-to-pdf) takes them there only.
    const shape = `<${element.tag} ${attrs} ${paint}/>`;
    parts.push(transform ? `<g transform="${transform}">${shape}</g>` : shape);
  }
  return parts.join('');
}
