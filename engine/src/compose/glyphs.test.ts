import { describe, expect, it } from 'vitest';
import { canDrawGlyphs, drawGlyphs, glyphsWidth } from './glyphs';
import { rasterizeSvg } from './rasterize-page';

const box = { x: 100, y: 100, width: 1000, height: 800 };
const ALL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** White areas of a rendered glyph (4-connected), outside included. */
async function areas(text: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1000"><rect width="1200" height="1000" fill="#fff"/>${drawGlyphs(text, box, 8, 0.2, '#fff')}</svg>`;
  const raster = await rasterizeSvg(svg, 1200, 1000);
  const { data } = raster;
  const paper = data[0];
  const [w, h] = [1200, 1000];
  const seen = new Uint8Array(w * h);
  let count = 0;
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || data[start] !== paper) continue;
    count++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      for (const q of [p - 1, p + 1, p - w, p + w]) {
        if (q < 0 || q >= w * h || seen[q] || data[q] !== paper || Math.abs((q % w) - x) > 1) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
  }
  return count;
}

describe('glyphs', () => {
  it('draws every letter and digit, and nothing else', () => {
    expect(canDrawGlyphs(ALL)).toBe(true);
    expect(canDrawGlyphs('a')).toBe(false);
    expect(canDrawGlyphs('')).toBe(false);
    for (const ch of ALL) expect(drawGlyphs(ch, box, 6, 0.2, '#fff')).not.toMatch(/NaN|Infinity/);
  });

  it('fits the box: wider text is drawn smaller, centred', () => {
    expect(glyphsWidth('10', 100, 0.2)).toBeGreaterThan(glyphsWidth('1', 100, 0.2));
    const xs = [...drawGlyphs('88', { x: 0, y: 0, width: 300, height: 800 }, 6, 0.2, '#fff').matchAll(/[ML](-?[\d.]+) /g)].map((m) => Number(m[1]));
    expect(Math.min(...xs)).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(300);
  });

  it('is one outlined shape per glyph with its counters closed: A has one hole, B and 8 two, C none', async () => {
    // Areas: the paper outside, the glyph's inside, and each counter.
    expect(await areas('C')).toBe(2);
    expect(await areas('A')).toBe(3);
    expect(await areas('B')).toBe(4);
    expect(await areas('8')).toBe(4);
  });
});
