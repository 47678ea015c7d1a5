import { describe, expect, it } from 'vitest';
import { outlineElementsToSvg, outlineOpenMojiSvg } from './openmoji-outline';

const SVG = `<svg id="emoji" viewBox="0 0 72 72" xmlns="http://www.w3.org/2000/svg">
  <g id="color">
    <path fill="#f4aa41" d="M10,10 L60,10 L60,60"/>
    <polyline fill="#fff" points="1 1 5 1 5 5"/>
  </g>
  <g id="skin-shadow"><path fill="#000" d="M0 0h5v5z"/></g>
  <g id="line" fill="none" stroke="#000" stroke-width="2">
    <path d="M10,10 L60,10"/>
    <circle cx="30" cy="30" r="2" fill="#000" stroke="none"/>
    <g transform="scale(-1, 1)"><ellipse cx="-20" cy="20" rx="3" ry="2"/></g>
  </g>
</svg>`;

describe('outlineOpenMojiSvg', () => {
  const elements = outlineOpenMojiSvg(SVG);

  it('turns colour areas into closed outlined shapes and drops shading', () => {
    expect(elements.map((e) => [e.tag, e.role])).toEqual([
      ['path', 'fill'],
      ['polygon', 'fill'],
      ['path', 'stroke'],
      ['circle', 'ink'],
      ['ellipse', 'stroke'],
    ]);
    // An open filled path is closed, or its stroke would leave a gap for colour to leak through.
    expect(elements[0].attrs.d).toBe('M10,10 L60,10 L60,60z');
    expect(elements[0].color).toBe('#f4aa41');
  });

  it('inherits stroke and transform from groups and prints transforms on a <g>', () => {
    expect(elements[4].attrs.transform).toBe('scale(-1, 1)');
    const svg = outlineElementsToSvg(elements, false);
    expect(svg).toContain('<g transform="scale(-1, 1)"><ellipse cx="-20" cy="20" rx="3" ry="2" fill="none" stroke="#000"/></g>');
    expect(svg).toContain('fill="#fff" stroke="#000"');
    expect(svg).not.toContain('#f4aa41');
    expect(outlineElementsToSvg(elements, true)).toContain('fill="#f4aa41"');
  });
});
