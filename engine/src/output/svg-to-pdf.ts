/**
 * Draws an SVG as vector paths on one PDF page (pdfkit): US Letter or A4, portrait or landscape
 * from the SVG's aspect, the drawing scaled to fit inside 0.25 in margins and centred.
 *
 * Supported subset (what the tracer and the offline composer emit; anything else is ignored):
 * - root `<svg>` with `viewBox` and/or `width`/`height` (numbers; a unit suffix is ignored);
 * - `<g>` with `transform` and presentation attributes inherited by its children;
 * - `<path>` (every command, absolute and relative: M L H V C S Q T A Z), `<rect>` (with `rx`),
 *   `<circle>`, `<ellipse>`, `<polygon>`, `<polyline>`, `<line>`;
 * - `transform`: matrix, translate, scale, rotate (with optional centre), skewX, skewY;
 * - attributes `fill`, `stroke`, `stroke-width`, `stroke-linecap`, `stroke-linejoin`,
 *   `fill-rule`, and the same properties inside `style="…"`; colours as `#rgb`, `#rrggbb`,
 *   `rgb(r,g,b)`, CSS names, or `none`.
 * Elements inside `<defs>`, `<clipPath>`, `<mask>`, `<symbol>`, `<pattern>`, gradients, `<style>`,
 * `<title>`, `<desc>` and `<metadata>` are not drawn. No text, images, gradients or clipping.
 */
import PDFDocument from 'pdfkit';
import { PAPER_POINTS } from '@studio/contracts/page';
import type { Paper } from '@studio/contracts/page';

type Matrix = [number, number, number, number, number, number];

interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  lineCap: 'butt' | 'round' | 'square';
  lineJoin: 'miter' | 'round' | 'bevel';
  fillRule: 'nonzero' | 'evenodd';
}

interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
}

const NOT_DRAWN = new Set([
  'defs', 'clippath', 'mask', 'symbol', 'pattern', 'lineargradient', 'radialgradient',
  'style', 'title', 'desc', 'metadata', 'script', 'marker', 'filter',
]);

/** Margin around the drawing on paper, in points (0.25 in, like the printable area). */
const MARGIN_PT = 18;

export function parseSvg(svg: string): SvgNode {
  const root: SvgNode = { name: '#document', attrs: {}, children: [] };
  const stack: SvgNode[] = [root];
  const cleaned = svg.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const tagPattern = /<(\/?)([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  const attrPattern = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (const match of cleaned.matchAll(tagPattern)) {
    const [, closing, rawName, rawAttrs, selfClosing] = match;
    const name = rawName.toLowerCase().replace(/^svg:/, '');
    if (closing) {
      if (stack.length > 1 && stack[stack.length - 1].name === name) stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs.matchAll(attrPattern)) attrs[a[1]] = a[2] ?? a[3] ?? '';
    const node: SvgNode = { name, attrs, children: [] };
    stack[stack.length - 1].children.push(node);
    if (!selfClosing) stack.push(node);
  }
  const svgRoot = root.children.find((c) => c.name === 'svg');
  if (!svgRoot) throw new Error('no <svg> element');
  return svgRoot;
}

const numbers = (text: string): number[] =>
  (text.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

export function parseTransform(text: string | undefined): Matrix {
  let m: Matrix = [1, 0, 0, 1, 0, 0];
  if (!text) return m;
  for (const [, fn, args] of text.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g)) {
    const v = numbers(args);
    let t: Matrix = [1, 0, 0, 1, 0, 0];
    if (fn === 'matrix' && v.length >= 6) t = [v[0], v[1], v[2], v[3], v[4], v[5]];
    else if (fn === 'translate') t = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
    else if (fn === 'scale') t = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
    else if (fn === 'rotate') {
      const a = ((v[0] ?? 0) * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      t = [cos, sin, -sin, cos, 0, 0];
      if (v.length >= 3) t = multiply(multiply([1, 0, 0, 1, v[1], v[2]], t), [1, 0, 0, 1, -v[1], -v[2]]);
    } else if (fn === 'skewX') t = [1, 0, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
    else if (fn === 'skewY') t = [1, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
    m = multiply(m, t);
  }
  return m;
}

const NAMED: Record<string, string> = { black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', gray: '#808080', grey: '#808080' };

/** A colour pdfkit accepts, or null for `none`. */
function pdfColor(value: string): string | [number, number, number] | null {
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return null;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  const rgb = /^rgb\(([^)]*)\)$/.exec(v);
  if (rgb) {
    const parts = rgb[1].split(',').map((p) => (p.trim().endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p)));
    return [parts[0] || 0, parts[1] || 0, parts[2] || 0];
  }
  return NAMED[v] ?? v;
}

function inheritStyle(parent: Style, attrs: Record<string, string>): Style {
  const props: Record<string, string> = {};
  for (const key of ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'fill-rule']) {
    if (attrs[key] !== undefined) props[key] = attrs[key];
  }
  for (const decl of (attrs.style ?? '').split(';')) {
    const colon = decl.indexOf(':');
    if (colon > 0) props[decl.slice(0, colon).trim()] = decl.slice(colon + 1).trim();
  }
  const style = { ...parent };
  if (props.fill !== undefined) style.fill = props.fill;
  if (props.stroke !== undefined) style.stroke = props.stroke;
  if (props['stroke-width'] !== undefined) style.strokeWidth = parseFloat(props['stroke-width']) || 0;
  const cap = props['stroke-linecap'];
  if (cap === 'butt' || cap === 'round' || cap === 'square') style.lineCap = cap;
  const join = props['stroke-linejoin'];
  if (join === 'miter' || join === 'round' || join === 'bevel') style.lineJoin = join;
  const rule = props['fill-rule'];
  if (rule === 'nonzero' || rule === 'evenodd') style.fillRule = rule;
  return style;
}

const num = (attrs: Record<string, string>, key: string): number => parseFloat(attrs[key] ?? '0') || 0;

/** Path data for each basic shape, so every element is drawn by the same path code. */
function shapePathData(node: SvgNode): string | null {
  const a = node.attrs;
  switch (node.name) {
    case 'path':
      return a.d ?? null;
    case 'rect': {
      const x = num(a, 'x');
      const y = num(a, 'y');
      const w = num(a, 'width');
      const h = num(a, 'height');
      if (w <= 0 || h <= 0) return null;
      let rx = a.rx !== undefined ? num(a, 'rx') : num(a, 'ry');
      let ry = a.ry !== undefined ? num(a, 'ry') : rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (rx <= 0 || ry <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
      return (
        `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}` +
        `A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}` +
        `V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`
      );
    }
    case 'circle':
    case 'ellipse': {
      const cx = num(a, 'cx');
      const cy = num(a, 'cy');
      const rx = node.name === 'circle' ? num(a, 'r') : num(a, 'rx');
      const ry = node.name === 'circle' ? rx : num(a, 'ry');
      if (rx <= 0 || ry <= 0) return null;
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    }
    case 'line':
      return `M${num(a, 'x1')} ${num(a, 'y1')}L${num(a, 'x2')} ${num(a, 'y2')}`;
    case 'polygon':
    case 'polyline': {
      const v = numbers(a.points ?? '');
      if (v.length < 4) return null;
      let d = `M${v[0]} ${v[1]}`;
      for (let i = 2; i + 1 < v.length; i += 2) d += `L${v[i]} ${v[i + 1]}`;
      return node.name === 'polygon' ? `${d}Z` : d;
    }
    default:
      return null;
  }
}

/** Size of the drawing in user units: the viewBox, else width/height. */
export function svgBox(root: SvgNode): { x: number; y: number; width: number; height: number } {
  const vb = numbers(root.attrs.viewBox ?? '');
  if (vb.length === 4 && vb[2] > 0 && vb[3] > 0) return { x: vb[0], y: vb[1], width: vb[2], height: vb[3] };
  const width = parseFloat(root.attrs.width ?? '');
  const height = parseFloat(root.attrs.height ?? '');
  if (width > 0 && height > 0) return { x: 0, y: 0, width, height };
  throw new Error('the <svg> element has neither a viewBox nor a width and height');
}

function drawNode(doc: PDFKit.PDFDocument, node: SvgNode, parentStyle: Style): void {
  if (NOT_DRAWN.has(node.name)) return;
  const style = inheritStyle(parentStyle, node.attrs);
  const transform = node.attrs.transform;
  doc.save();
  if (transform) doc.transform(...parseTransform(transform));
  if (node.name === 'g' || node.name === 'svg' || node.name === 'a') {
    for (const child of node.children) drawNode(doc, child, style);
  } else {
    const d = shapePathData(node);
    const fill = node.name === 'line' ? null : pdfColor(style.fill);
    const stroke = pdfColor(style.stroke);
    const strokes = stroke !== null && style.strokeWidth > 0;
    if (d && (fill !== null || strokes)) {
      doc.path(d);
      const rule = style.fillRule === 'evenodd' ? 'even-odd' : 'non-zero';
      if (strokes) {
        doc.lineWidth(style.strokeWidth).lineCap(style.lineCap).lineJoin(style.lineJoin);
      }
      if (fill !== null && strokes) doc.fillAndStroke(fill, stroke, rule);
      else if (fill !== null) doc.fill(fill, rule);
      else doc.stroke(stroke ?? undefined);
    }
  }
  doc.restore();
}

/** Fixed metadata so the same SVG always gives the same PDF bytes. */
const PDF_INFO = { Producer: 'coloring-studio engine', Creator: 'coloring-studio engine', CreationDate: new Date(0) };

/** Opens a one-page document on `paper`, landscape when the content is wider than tall. */
export function openPageDocument(paper: Paper, contentWidth: number, contentHeight: number): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
  fit: { x: number; y: number; scale: number };
} {
  const size = PAPER_POINTS[paper];
  const landscape = contentWidth > contentHeight;
  const pageW = landscape ? size.height : size.width;
  const pageH = landscape ? size.width : size.height;
  const doc = new PDFDocument({ size: [pageW, pageH], margin: 0, info: PDF_INFO, autoFirstPage: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const scale = Math.min((pageW - 2 * MARGIN_PT) / contentWidth, (pageH - 2 * MARGIN_PT) / contentHeight);
  const fit = { x: (pageW - contentWidth * scale) / 2, y: (pageH - contentHeight * scale) / 2, scale };
  return { doc, done, fit };
}

export async function svgToPdf(svg: string, opts: { paper: Paper }): Promise<Buffer> {
  const root = parseSvg(svg);
  const box = svgBox(root);
  const { doc, done, fit } = openPageDocument(opts.paper, box.width, box.height);
  doc.save();
  doc.transform(fit.scale, 0, 0, fit.scale, fit.x - box.x * fit.scale, fit.y - box.y * fit.scale);
  const initial: Style = { fill: '#000000', stroke: 'none', strokeWidth: 1, lineCap: 'butt', lineJoin: 'miter', fillRule: 'nonzero' };
  const rootStyle = inheritStyle(initial, root.attrs);
  for (const child of root.children) drawNode(doc, child, rootStyle);
  doc.restore();
  doc.end();
  return done;
}
