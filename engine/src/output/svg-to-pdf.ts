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
 * `<title>`, `<desc>` and `<metadata>` are not drawn. No text, images, gradients or clipping
 * (other than the viewBox itself, which clips as in a browser).
 */
import PDFDocument from 'pdfkit';
import { PAPER_POINTS } from '@studio/contracts/page';
import type { Language } from '@studio/contracts/constants';
import type { Paper } from '@studio/contracts/page';
import { creditPdf, type ArtworkCredit } from './credit';

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

/** Arguments per command of the path subset drawn without pdfkit's general path parser. */
const FAST_PATH_ARGS: Record<string, number> = { M: 2, m: 2, L: 2, l: 2, H: 1, h: 1, V: 1, v: 1, C: 6, c: 6, Q: 4, q: 4, Z: 0, z: 0 };

/** A coordinate as pdfkit writes it (rounded to 1e-6). */
const pdfNumber = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * The content operators pdfkit's `doc.path(d)` writes, as one string, for path data made only of
 * M L H V C Q Z commands (absolute or relative), numbers without exponents, and spaces: the
 * traced pages' paths are hundreds of kilobytes, and pdfkit's parser reads them a character
 * at a time. Null for anything else, which is left to pdfkit.
 */
export function pathOperators(d: string): string | null {
  const ops: string[] = [];
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let command = '';
  let need = 0;
  const a = [0, 0, 0, 0, 0, 0];
  let have = 0;
  const n = d.length;
  let i = 0;
  while (i < n) {
    const c = d.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    const letter = d[i];
    if (FAST_PATH_ARGS[letter] !== undefined) {
      // A new command before the last one's arguments are complete: leave it to pdfkit.
      if (have !== 0 || (command === '' && letter !== 'M' && letter !== 'm')) return null;
      command = letter;
      need = FAST_PATH_ARGS[letter];
      i++;
      if (need === 0) {
        ops.push('h');
        cx = sx;
        cy = sy;
      }
      continue;
    }
    // A number: optional sign, digits, at most one point, digits (what pdfkit's reader takes).
    if (command === '' || need === 0) return null;
    let j = i;
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      j++;
    }
    let mantissa = 0;
    let digits = 0;
    let decimals = 0;
    let point = false;
    for (; j < n; j++) {
      const k = d.charCodeAt(j);
      if (k >= 48 && k <= 57) {
        mantissa = mantissa * 10 + (k - 48);
        digits++;
        if (point) decimals++;
      } else if (k === 46 && !point) point = true;
      else break;
    }
    if (digits === 0 || digits > 15) return null;
    const e = j < n ? d.charCodeAt(j) : 0;
    if (e === 101 || e === 69) return null;
    // An integer over an exact power of ten is correctly rounded, like parseFloat.
    const value = decimals > 0 ? mantissa / 10 ** decimals : mantissa;
    a[have++] = negative ? -value : value;
    i = j;
    if (have < need) continue;
    have = 0;
    switch (command) {
      case 'M':
      case 'm':
        if (command === 'M') {
          cx = a[0];
          cy = a[1];
        } else {
          cx += a[0];
          cy += a[1];
        }
        sx = cx;
        sy = cy;
        ops.push(`${pdfNumber(cx)} ${pdfNumber(cy)} m`);
        // Further pairs after a move are lines (SVG rule, as pdfkit reads it).
        command = command === 'M' ? 'L' : 'l';
        break;
      case 'L':
        cx = a[0];
        cy = a[1];
        ops.push(`${pdfNumber(cx)} ${pdfNumber(cy)} l`);
        break;
      case 'l':
        cx += a[0];
        cy += a[1];
        ops.push(`${pdfNumber(cx)} ${pdfNumber(cy)} l`);
        break;
      case 'H':
      case 'h':
        cx = command === 'H' ? a[0] : cx + a[0];
        ops.push(`${pdfNumber(cx)} ${pdfNumber(cy)} l`);
        break;
      case 'V':
      case 'v':
        cy = command === 'V' ? a[0] : cy + a[0];
        ops.push(`${pdfNumber(cx)} ${pdfNumber(cy)} l`);
        break;
      case 'C':
        ops.push(`${pdfNumber(a[0])} ${pdfNumber(a[1])} ${pdfNumber(a[2])} ${pdfNumber(a[3])} ${pdfNumber(a[4])} ${pdfNumber(a[5])} c`);
        cx = a[4];
        cy = a[5];
        break;
      case 'c':
        ops.push(
          `${pdfNumber(a[0] + cx)} ${pdfNumber(a[1] + cy)} ${pdfNumber(a[2] + cx)} ${pdfNumber(a[3] + cy)} ${pdfNumber(a[4] + cx)} ${pdfNumber(a[5] + cy)} c`,
        );
        cx += a[4];
        cy += a[5];
        break;
      case 'Q':
        // pdfkit draws a quadratic with the `v` operator.
        ops.push(`${pdfNumber(a[0])} ${pdfNumber(a[1])} ${pdfNumber(a[2])} ${pdfNumber(a[3])} v`);
        cx = a[2];
        cy = a[3];
        break;
      default:
        ops.push(`${pdfNumber(a[0] + cx)} ${pdfNumber(a[1] + cy)} ${pdfNumber(a[2] + cx)} ${pdfNumber(a[3] + cy)} v`);
        cx += a[2];
        cy += a[3];
    }
  }
  if (have !== 0) return null;
  return ops.join('\n');
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
      const ops = pathOperators(d);
      if (ops === null) doc.path(d);
      else if (ops !== '') doc.addContent(ops);
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
export function openPageDocument(paper: Paper, contentWidth: number, contentHeight: number, title?: string): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
  fit: { x: number; y: number; scale: number };
} {
  const size = PAPER_POINTS[paper];
  const landscape = contentWidth > contentHeight;
  const pageW = landscape ? size.height : size.width;
  const pageH = landscape ? size.width : size.height;
  const doc = new PDFDocument({ size: [pageW, pageH], margin: 0, info: title ? { ...PDF_INFO, Title: title } : PDF_INFO, autoFirstPage: true });
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

/** What a page PDF says beside its picture: the artwork's credit (credit.ts), the document's title, their language. */
export interface PagePdfText {
  credit?: ArtworkCredit | null;
  title?: string;
  lang?: Language;
}

/** `credit`: the artwork's credit, written into the document info and the bottom margin (credit.ts), in `lang`. */
export async function svgToPdf(svg: string, opts: { paper: Paper } & PagePdfText): Promise<Buffer> {
  const root = parseSvg(svg);
  const box = svgBox(root);
  const { doc, done, fit } = openPageDocument(opts.paper, box.width, box.height, opts.title);
  doc.save();
  doc.transform(fit.scale, 0, 0, fit.scale, fit.x - box.x * fit.scale, fit.y - box.y * fit.scale);
  // The viewBox clips, as in a browser: art drawn past it must not spill into the margin.
  doc.rect(box.x, box.y, box.width, box.height).clip();
  const initial: Style = { fill: '#000000', stroke: 'none', strokeWidth: 1, lineCap: 'butt', lineJoin: 'miter', fillRule: 'nonzero' };
  const rootStyle = inheritStyle(initial, root.attrs);
  for (const child of root.children) drawNode(doc, child, rootStyle);
  doc.restore();
  if (opts.credit) creditPdf(doc, opts.credit, opts.lang);
  doc.end();
  return done;
}

/**
 * Draws an SVG on the current page of an open document, scaled to fit `box` (points) and
 * centred in it (booklets: several pictures in one document). Answers the rectangle it took.
 */
export function drawSvgFitted(doc: PDFKit.PDFDocument, svg: string, box: { x: number; y: number; width: number; height: number }): { x: number; y: number; width: number; height: number } {
  const root = parseSvg(svg);
  const view = svgBox(root);
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const width = view.width * scale;
  const height = view.height * scale;
  const x = box.x + (box.width - width) / 2;
  const y = box.y + (box.height - height) / 2;
  doc.save();
  doc.transform(scale, 0, 0, scale, x - view.x * scale, y - view.y * scale);
  doc.rect(view.x, view.y, view.width, view.height).clip();
  const initial: Style = { fill: '#000000', stroke: 'none', strokeWidth: 1, lineCap: 'butt', lineJoin: 'miter', fillRule: 'nonzero' };
  const rootStyle = inheritStyle(initial, root.attrs);
  for (const child of root.children) drawNode(doc, child, rootStyle);
  doc.restore();
  return { x, y, width, height };
}
