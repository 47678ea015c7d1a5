import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { parseTransform, pathOperators, svgToPdf } from './svg-to-pdf';
import { inspectPdf } from './pdf-inspect';

const EVERYTHING = `<?xml version="1.0"?>
<!-- every element and attribute of the documented subset -->
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <defs><circle id="never" cx="5" cy="5" r="99"/></defs>
  <g fill="none" stroke="#000" stroke-width="2" transform="translate(10 5) scale(0.9)">
    <path d="M0 0 L10 10 H20 V30 C30 30 40 40 50 50 S70 70 80 60 Q90 50 100 60 T120 60 A10 5 30 1 0 140 70 Z"/>
    <path d="m0 80 l10 0 h5 v5 c1 1 2 2 3 3 s4 4 5 5 q1 1 2 2 t3 3 a4 4 0 0 1 8 0 z" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="150" y="5" width="30" height="20" rx="4"/>
    <circle cx="160" cy="60" r="10" style="fill:#ff0000;stroke:none"/>
    <ellipse cx="120" cy="20" rx="10" ry="5" fill-rule="evenodd" fill="rgb(0, 128, 255)"/>
    <polygon points="0,0 10,0 5,8"/>
    <polyline points="20 0 30 10 40 0"/>
    <line x1="0" y1="95" x2="190" y2="95" transform="rotate(5 95 95)"/>
  </g>
  <g transform="matrix(1 0 0 1 5 5)"><rect width="10" height="10" fill="black"/></g>
</svg>`;

describe('svgToPdf', () => {
  it('draws the whole subset as vector paths on one landscape Letter page', async () => {
    const pdf = await svgToPdf(EVERYTHING, { paper: 'letter' });
    const info = inspectPdf(pdf);
    expect(info.pageCount).toBe(1);
    expect(info.mediaBoxes[0]).toEqual([0, 0, 792, 612]);
    expect(info.imageCount).toBe(0);
    // Curves, lines, fills and strokes, and the even-odd fill.
    expect(info.content).toMatch(/ c\n/);
    expect(info.content).toMatch(/ l\n/);
    expect(info.content).toMatch(/\bf\n/);
    expect(info.content).toMatch(/\bS\n/);
    expect(info.content).toMatch(/B\*/);
    expect(info.content).toMatch(/1 J/);
    // The circle inside <defs> is not drawn: no path reaches its 99-unit radius.
    expect(info.content).not.toMatch(/104 5 m/);
  });

  it('picks portrait A4 for a tall drawing and is deterministic', async () => {
    const svg = '<svg viewBox="0 0 30 40"><rect x="1" y="1" width="28" height="38" fill="#000"/></svg>';
    const a = await svgToPdf(svg, { paper: 'a4' });
    const b = await svgToPdf(svg, { paper: 'a4' });
    expect(inspectPdf(a).mediaBoxes[0]).toEqual([0, 0, 595.28, 841.89]);
    expect(a.equals(b)).toBe(true);
  });

  it('composes transforms left to right like SVG', () => {
    const m = parseTransform('translate(10 20) scale(2) rotate(90)');
    // The point (1, 0) → rotate → (0, 1) → scale → (0, 2) → translate → (10, 22).
    const x = m[0] * 1 + m[2] * 0 + m[4];
    const y = m[1] * 1 + m[3] * 0 + m[5];
    expect(x).toBeCloseTo(10);
    expect(y).toBeCloseTo(22);
  });
});

describe('pathOperators', () => {
  /** What pdfkit itself writes for `doc.path(d)`. */
  function pdfkitOperators(d: string): string {
    const doc = new PDFDocument({ autoFirstPage: true });
    const written: string[] = [];
    doc.addContent = (data: string) => {
      written.push(data);
      return doc;
    };
    doc.path(d);
    return written.join('\n');
  }

  it('writes what pdfkit writes for the supported commands', () => {
    const paths = [
      'M10 20q1.5-2 3 4 2.1.3-1-1z',
      'M1.25 2L3 4 5 6H7V8h1v-2l1 1C1 2 3 4 5 6c1 1 2 2 3 3Q1 2 3 4q-.5-.5 1 1zm5 5 1 1Z',
      'M0 0q0.1 0.2 0.3 0.4 0.1 0.2 0.3 0.4 0.1 0.2 0.3 0.4z M-12.7-3.3l+1.1 2.2.5.5',
      'M2363 3150q-12.3 4.5-7.9 1.1 1.2.3 4.4-5.5z',
    ];
    for (const d of paths) expect(pathOperators(d)).toBe(pdfkitOperators(d));
  });

  it('leaves other commands and number forms to pdfkit', () => {
    for (const d of ['M0 0A5 5 0 0 1 10 10', 'M0,0L1,1', 'M1e2 0L0 0', 'M0 0S1 1 2 2', 'L1 1', 'M0 0L1']) expect(pathOperators(d)).toBeNull();
  });
});
