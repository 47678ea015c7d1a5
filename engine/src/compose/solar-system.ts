/**
 * "the solar system", "solar system with eight planets" (issue 34: it drew a ringed planet and a
 * pool 8-ball): the sun, its rays, cut by the top of the frame, and the eight planets in order
 * down the page on their orbits, each its own size and kind — rocky ones with craters, Jupiter's
 * bands and spot, Saturn's rings, Uranus's upright ring — with stars between. Every piece is a
 * closed white shape; the orbits are arcs round the sun that split the dark into areas.
 */
import type { Random } from './seeded-random';
import { circle, ellipse, n, paint } from './svg-shapes';
import type { Box } from './svg-shapes';
import { planet, star } from './scenery-shapes';

interface Planet {
  name: string;
  /** Radius as a share of the page's width. */
  size: number;
  color: string;
}

const PLANETS: Planet[] = [
  { name: 'mercury', size: 0.05, color: '#ced4da' },
  { name: 'venus', size: 0.065, color: '#ffe8cc' },
  { name: 'earth', size: 0.07, color: '#74c0fc' },
  { name: 'mars', size: 0.058, color: '#ff8787' },
  { name: 'jupiter', size: 0.12, color: '#ffc078' },
  { name: 'saturn', size: 0.085, color: '#ffe066' },
  { name: 'uranus', size: 0.075, color: '#99e9f2' },
  { name: 'neptune', size: 0.072, color: '#748ffc' },
];

/** What each planet carries inside: craters, land, bands, a spot. */
function planetShape(p: Planet, cx: number, cy: number, r: number, level: number, colored: boolean): string {
  const fill = paint(colored, p.color);
  const line = (d: string): string => `<path d="${d}" fill="none"/>`;
  // Thin rings print as ink on a toddler's thick lines: there every planet is a plain ball.
  if (p.name === 'saturn' && level >= 2) return planet(cx, cy, r, true, colored);
  const out = [circle(cx, cy, r, fill)];
  if (level < 2) return out.join('');
  if (p.name === 'jupiter') {
    for (const k of level >= 2 ? [-0.5, -0.15, 0.2, 0.55] : [-0.3, 0.3]) {
      const y = cy + k * r;
      const half = Math.sqrt(Math.max(0, r * r - (k * r) ** 2));
      out.push(line(`M${n(cx - half)} ${n(y)}Q${n(cx)} ${n(y + r * 0.08)} ${n(cx + half)} ${n(y)}`));
    }
    out.push(ellipse(cx + r * 0.3, cy + r * 0.38, r * 0.2, r * 0.1, paint(colored, '#ff8787')));
  } else if (p.name === 'earth') {
    out.push(`<path d="M${n(cx - r * 0.5)} ${n(cy - r * 0.4)}Q${n(cx - r * 0.1)} ${n(cy - r * 0.7)} ${n(cx + r * 0.1)} ${n(cy - r * 0.3)}Q${n(cx - r * 0.05)} ${n(cy + r * 0.1)} ${n(cx - r * 0.45)} ${n(cy + r * 0.05)}Z" fill="${paint(colored, '#8ce99a')}"/>`);
    out.push(`<path d="M${n(cx + r * 0.25)} ${n(cy + r * 0.15)}Q${n(cx + r * 0.65)} ${n(cy + r * 0.1)} ${n(cx + r * 0.5)} ${n(cy + r * 0.55)}Q${n(cx + r * 0.25)} ${n(cy + r * 0.6)} ${n(cx + r * 0.25)} ${n(cy + r * 0.15)}Z" fill="${paint(colored, '#8ce99a')}"/>`);
  } else if (p.name === 'uranus') {
    out.push(ellipse(cx, cy, r * 0.28, r * 1.45, 'none'));
    out.push(circle(cx, cy, r, fill));
    out.push(line(`M${n(cx)} ${n(cy - r)}L${n(cx)} ${n(cy + r)}`));
  } else {
    // Rocky planets and Neptune: a few craters or storms.
    out.push(circle(cx - r * 0.3, cy - r * 0.25, r * 0.22, paint(colored, '#adb5bd')));
    out.push(circle(cx + r * 0.35, cy + r * 0.25, r * 0.16, paint(colored, '#adb5bd')));
  }
  return out.join('');
}

/** The solar system in `box` (the inside of the frame), `level` 1 (toddler) … 4 (adult). */
export function drawSolarSystem(box: Box, level: number, random: Random, colored: boolean): string {
  const W = box.width;
  const H = box.height;
  const out: string[] = [];
  // The sun at the top, cut by the frame, with triangular rays round its lower half.
  const sunR = W * 0.3;
  const sunX = box.x + W / 2;
  const sunY = box.y - sunR * 0.35;
  const rays = level >= 4 ? 19 : level >= 2 ? 13 : 5;
  for (let i = 0; i < rays; i++) {
    const a = (Math.PI * (i + 0.5)) / rays;
    const tip = sunR * 1.32;
    const side = (Math.PI / rays) * 0.42;
    out.push(`<polygon points="${n(sunX + Math.cos(a - side) * sunR * 0.95)},${n(sunY + Math.sin(a - side) * sunR * 0.95)} ${n(sunX + Math.cos(a) * tip)},${n(sunY + Math.sin(a) * tip)} ${n(sunX + Math.cos(a + side) * sunR * 0.95)},${n(sunY + Math.sin(a + side) * sunR * 0.95)}" fill="${paint(colored, '#ffd43b')}"/>`);
  }
  out.push(circle(sunX, sunY, sunR, paint(colored, '#ffe066')));
  // The planets down the page, alternating sides, each on its orbit (an arc round the sun).
  const first = sunY + sunR * 1.55;
  const last = box.y + H * 0.93;
  const step = (last - first) / (PLANETS.length - 1);
  const placed: { x: number; y: number; r: number }[] = [];
  PLANETS.forEach((p, i) => {
    const y = first + step * i;
    const r = Math.min(p.size * W, step * 0.7);
    const swing = (i % 2 === 0 ? -1 : 1) * W * (0.12 + 0.1 * ((i * 7) % 3) / 2);
    const x = Math.min(Math.max(sunX + swing, box.x + r * 2), box.x + W - r * 2);
    // The orbit through the planet's centre: a circle round the sun, clipped by the frame (two on a
    // toddler's page: eight lines across it make too many areas for the youngest).
    if (level >= 2 || i % 4 === 1) out.push(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(Math.hypot(x - sunX, y - sunY))}" fill="none"/>`);
    placed.push({ x, y, r });
  });
  // Stars in the dark between the orbits (richer pages more), clear of the planets and the sun.
  // None on a toddler's page: cut by its thick orbit lines, a star prints as a blot.
  const stars = [0, 0, 7, 12, 40][level] ?? 7;
  for (let i = 0, tries = 0; i < stars && tries < stars * 20; tries++) {
    const sx = box.x + W * random.range(0.04, 0.96);
    const sy = box.y + H * random.range(0.3, 0.97);
    const sr = W * random.range(0.028, 0.038);
    if (Math.hypot(sx - sunX, sy - sunY) < sunR * 1.45) continue;
    if (placed.some((q) => Math.hypot(q.x - sx, q.y - sy) < q.r * (q === placed[5] ? 2.2 : 1.4) + sr * 2)) continue;
    out.push(star(sx, sy, sr, colored));
    i++;
  }
  // Teen and adult pages: the asteroid belt between Mars and Jupiter, on its own orbit.
  if (level >= 3) {
    const belt = (Math.hypot(placed[3].x - sunX, placed[3].y - sunY) + Math.hypot(placed[4].x - sunX, placed[4].y - sunY)) / 2;
    const rocks = level >= 4 ? 22 : 10;
    for (let i = 0; i < rocks; i++) {
      const a = Math.PI * (0.12 + (0.76 * (i + random.range(0.1, 0.9))) / rocks);
      const rx = sunX + Math.cos(a) * belt;
      const ry = sunY + Math.sin(a) * belt;
      if (placed.some((q) => Math.hypot(q.x - rx, q.y - ry) < q.r * 1.3 + W * 0.02)) continue;
      out.push(ellipse(rx, ry, W * random.range(0.014, 0.02), W * random.range(0.01, 0.014), paint(colored, '#ced4da')));
    }
  }
  PLANETS.forEach((p, i) => out.push(planetShape(p, placed[i].x, placed[i].y, placed[i].r, level, colored)));
  return out.join('');
}
