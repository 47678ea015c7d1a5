import { describe, expect, it } from 'vitest';
import { smoothChain, smoothChainKeepingShape } from './draw-boundaries';

/** A closed chain round a circle of `radius` about (50, 50), in unit steps, first point repeated last. */
function circle(radius: number): number[] {
  const steps = Math.round(2 * Math.PI * radius);
  const chain: number[] = [];
  for (let k = 0; k <= steps; k++) {
    const a = (2 * Math.PI * (k % steps)) / steps;
    chain.push(50 + radius * Math.cos(a), 50 + radius * Math.sin(a));
  }
  return chain;
}

function meanRadius(chain: number[]): number {
  let sum = 0;
  for (let k = 0; k < chain.length; k += 2) sum += Math.hypot(chain[k] - 50, chain[k + 1] - 50);
  return sum / (chain.length / 2);
}

/** The pixel cracks of a line of slope 1/4: four steps right, one down, repeated. */
function staircase(runs: number): number[] {
  const chain = [0, 0];
  let x = 0;
  let y = 0;
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < 4; k++) chain.push(++x, y);
    chain.push(x, ++y);
  }
  return chain;
}

/** Largest distance of the chain's inner points (a quarter in from each end) from the line y = x / 4 + c fitted to them. */
function wobble(chain: number[]): number {
  const n = chain.length / 2;
  const inner: number[] = [];
  for (let k = Math.floor(n / 4); k < Math.ceil((3 * n) / 4); k++) inner.push(chain[2 * k + 1] - chain[2 * k] / 4);
  const c = inner.reduce((a, b) => a + b, 0) / inner.length;
  return Math.max(...inner.map((v) => Math.abs(v - c))) / Math.hypot(1, 0.25);
}

describe('smoothChainKeepingShape', () => {
  it('keeps a small closed region its size where the Gaussian shrinks it', () => {
    const ring = circle(10);
    expect(meanRadius(smoothChain(ring, 4.5))).toBeLessThan(9.2);
    expect(meanRadius(smoothChainKeepingShape(ring, 4.5))).toBeGreaterThan(9.8);
  });

  it('still flattens the pixel staircase of a slanted boundary', () => {
    const stairs = staircase(12);
    const raw = wobble(stairs);
    expect(wobble(smoothChainKeepingShape(stairs, 4.5))).toBeLessThan(0.15 * raw);
  });

  it('pins an open chain’s ends and returns a chain too short to smooth as it is', () => {
    const stairs = staircase(6);
    const out = smoothChainKeepingShape(stairs, 4.5);
    expect(out.slice(0, 2)).toEqual([0, 0]);
    expect(out.slice(-2)).toEqual(stairs.slice(-2));
    const short = [0, 0, 1, 0];
    expect(smoothChainKeepingShape(short, 4.5)).toBe(short);
  });
});
