import { describe, expect, it } from 'vitest';
import { boundaryChains, smoothChainKeepingShape } from './draw-boundaries';
import type { Chain } from './draw-boundaries';
import { fitChain } from './fit-chains';
import { seededRandom } from './synthetic-images';

const SIGMA = 4.5;

/** The boundary chains of a two-region picture, region 1 where `inside` holds: what the page's merging hands the drawing. */
function chainsOf(size: number, inside: (x: number, y: number) => boolean): Chain[] {
  const labels = new Int32Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) labels[y * size + x] = inside(x, y) ? 1 : 0;
  return boundaryChains({ width: size, height: size, labels, count: 2 });
}

/** Per position, an offset of 0 or 1 pixel held over runs of 2–5 pixels: the wobble a watershed puts on a straight edge. */
function wobble(length: number, seed: number): number[] {
  const random = seededRandom(seed);
  const out: number[] = [];
  while (out.length < length) {
    const offset = Math.floor(random() * 2);
    const run = 2 + Math.floor(random() * 4);
    for (let k = 0; k < run; k++) out.push(offset);
  }
  return out;
}

/** Points of a polyline (first and last the same on a closed one). */
const points = (line: Chain): [number, number][] => Array.from({ length: line.length / 2 }, (_, k) => [line[2 * k], line[2 * k + 1]]);

/** Turning in degrees at each inner point of a polyline, and at the closing point of a closed one. */
function turns(line: Chain): number[] {
  const p = points(line);
  const closed = p.length > 2 && p[0][0] === p[p.length - 1][0] && p[0][1] === p[p.length - 1][1];
  const out: number[] = [];
  const at = (a: [number, number], b: [number, number], c: [number, number]): number => {
    const ux = b[0] - a[0];
    const uy = b[1] - a[1];
    const vx = c[0] - b[0];
    const vy = c[1] - b[1];
    return (Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)) * 180) / Math.PI;
  };
  for (let k = 1; k + 1 < p.length; k++) out.push(at(p[k - 1], p[k], p[k + 1]));
  if (closed) out.push(at(p[p.length - 2], p[0], p[1]));
  return out;
}

describe('fitChain', () => {
  it('draws a wobbly square as four straight sides meeting at sharp corners', () => {
    const [left, right, top, bottom] = [1, 2, 3, 4].map((seed) => wobble(80, seed));
    const chains = chainsOf(80, (x, y) => x >= 20 + left[y] && x < 60 + right[y] && y >= 20 + top[x] && y < 60 + bottom[x]);
    expect(chains).toHaveLength(1);
    const fitted = fitChain(chains[0], SIGMA);
    const corners = points(fitted).slice(0, -1);
    expect(corners).toHaveLength(4);
    // Each corner within a pixel and a half of the mean square’s (its sides wobble a pixel out), each turning a right angle within 6°.
    for (const [cx, cy] of [[20.5, 20.5], [60.5, 20.5], [60.5, 60.5], [20.5, 60.5]]) {
      expect(Math.min(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy)))).toBeLessThan(1.5);
    }
    for (const turn of turns(fitted)) expect(Math.abs(turn - 90)).toBeLessThan(6);
    // The smoothing alone rounds them: it misses a corner by more.
    const smooth = points(smoothChainKeepingShape(chains[0], SIGMA));
    const misses = [[20.5, 20.5], [60.5, 20.5], [60.5, 60.5], [20.5, 60.5]].map(([cx, cy]) => Math.min(...smooth.map(([x, y]) => Math.hypot(x - cx, y - cy))));
    expect(Math.max(...misses)).toBeGreaterThan(1.5);
  });

  it('keeps a noisy circle round, on its radius', () => {
    const random = seededRandom(7);
    const jitter = Array.from({ length: 64 }, () => random() * 1.2 - 0.6);
    const chains = chainsOf(80, (x, y) => Math.hypot(x + 0.5 - 40, y + 0.5 - 40) < 16 + jitter[Math.floor(((Math.atan2(y - 40, x - 40) + Math.PI) / (2 * Math.PI)) * 63.999)]);
    expect(chains).toHaveLength(1);
    const fitted = points(fitChain(chains[0], SIGMA));
    expect(fitted.length).toBeGreaterThan(60);
    for (const [x, y] of fitted) expect(Math.abs(Math.hypot(x - 40, y - 40) - 16)).toBeLessThan(1);
    // Round: no corner anywhere, every step turns a little.
    for (const turn of turns(fitChain(chains[0], SIGMA))) expect(turn).toBeLessThan(12);
  });

  it('leaves wavy organic edges curved, not straightened', () => {
    // Crests of radius 5–6 working pixels, flanks that bend all along: a back, a cloud, a bush.
    for (const [a, p, b, q] of [[4, 5, 2, 9], [4, 6, 2, 10]]) {
      const edge = (x: number): number => 40 + a * Math.sin(x / p) + b * Math.sin(x / q + 1);
      const chains = chainsOf(80, (x, y) => y + 0.5 < edge(x + 0.5));
      expect(chains).toHaveLength(1);
      const fitted = fitChain(chains[0], SIGMA);
      const pts = points(fitted);
      // No straight stretch: a point every pixel or two, as the smoothing draws it, and no corner…
      for (let k = 1; k < pts.length; k++) expect(Math.hypot(pts[k][0] - pts[k - 1][0], pts[k][1] - pts[k - 1][1])).toBeLessThan(3);
      for (const turn of turns(fitted)) expect(turn).toBeLessThan(30);
      // …and the line still follows the waves.
      for (const [x, y] of pts.slice(3, -3)) expect(Math.abs(y - edge(x))).toBeLessThan(1);
    }
  });

  it('keeps an open chain’s ends where they are, so lines still meet at their junctions', () => {
    const bottom = wobble(80, 9);
    // A step: a wall meeting the picture's edges; its boundary runs from border to border.
    const chains = chainsOf(80, (x, y) => (x < 40 ? y >= 30 + bottom[x] : y >= 50 + bottom[x]));
    expect(chains).toHaveLength(1);
    const chain = chains[0];
    const fitted = fitChain(chain, SIGMA);
    expect(fitted.slice(0, 2)).toEqual(chain.slice(0, 2));
    expect(fitted.slice(-2)).toEqual(chain.slice(-2));
    // Three straight runs and the two corners of the step between them: a handful of points, not a smoothed ramp.
    expect(fitted.length / 2).toBeLessThanOrEqual(6);
  });

  it('returns a chain too short to fit as it is, and the same bytes for the same chain', () => {
    const short = [0, 0, 1, 0];
    expect(fitChain(short, SIGMA)).toBe(short);
    const [chain] = chainsOf(60, (x, y) => Math.hypot(x - 30, y - 30) < 12 || (x > 30 && x < 50 && y > 25 && y < 35));
    expect(fitChain([...chain], SIGMA)).toEqual(fitChain([...chain], SIGMA));
  });
});
