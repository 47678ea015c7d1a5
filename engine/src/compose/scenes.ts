import type { Scene } from '../prompt/lexicon';
import type { Subject } from '../subjects/subject-library';
import type { Random } from './seeded-random';
import { drawSubject, fitSubject } from './place-subject';
import type { Placement } from './place-subject';
import { circle, n, paint, polygon, rect, smoothClosedPath } from './svg-shapes';
import type { Point } from './svg-shapes';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SceneLayout {
  /** Inside of the frame. */
  inner: Box;
  /** Where grounded subjects stand. */
  groundY: number;
  /** Whether subjects float (sea, sky, space) rather than stand on the ground. */
  floating: boolean;
}

export interface SceneContext {
  layout: SceneLayout;
  random: Random;
  colored: boolean;
  lineWidth: number;
  /** How much scenery: 0 none (toddler) … 3 busy (teen). */
  level: number;
  /** Boxes the scenery must keep clear of (the subjects). */
  keepClear: Box[];
  findSubject(name: string): Subject | null;
}

export function layoutFor(scene: Scene | null, inner: Box): SceneLayout {
  const floating = scene === 'sea' || scene === 'sky' || scene === 'space' || scene === 'night';
  const groundShare = scene === 'table' ? 0.72 : scene === 'road' ? 0.8 : scene === 'beach' ? 0.84 : 0.86;
  return { inner, groundY: inner.y + inner.height * groundShare, floating };
}

function overlaps(a: Box, b: Box, pad = 0): boolean {
  return a.x < b.x + b.width + pad && b.x < a.x + a.width + pad && a.y < b.y + b.height + pad && b.y < a.y + a.height + pad;
}

function isClear(box: Box, ctx: SceneContext, placed: Box[]): boolean {
  const { inner } = ctx.layout;
  if (box.x < inner.x || box.y < inner.y || box.x + box.width > inner.x + inner.width || box.y + box.height > inner.y + inner.height) return false;
  const pad = ctx.lineWidth * 3;
  return ![...ctx.keepClear, ...placed].some((o) => overlaps(box, o, pad));
}

/** Tries a few seeded spots for a prop and keeps the first that collides with nothing. */
function findSpot(ctx: SceneContext, placed: Box[], size: { width: number; height: number }, zone: Box, tries = 14): Box | null {
  for (let i = 0; i < tries; i++) {
    const box = {
      x: ctx.random.range(zone.x, Math.max(zone.x, zone.x + zone.width - size.width)),
      y: ctx.random.range(zone.y, Math.max(zone.y, zone.y + zone.height - size.height)),
      ...size,
    };
    if (isClear(box, ctx, placed)) return box;
  }
  return null;
}

function wavyBand(x0: number, x1: number, y: number, bottom: number, amplitude: number, waves: number, random: Random): string {
  const points: Point[] = [];
  const steps = waves * 4;
  const phase = random.range(0, Math.PI * 2);
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    points.push([x, y + Math.sin(phase + (i / steps) * waves * Math.PI * 2) * amplitude]);
  }
  let d = `M${n(x0)} ${n(bottom)}L${points.map(([x, yy]) => `${n(x)} ${n(yy)}`).join('L')}L${n(x1)} ${n(bottom)}Z`;
  d = d.replace(/L/g, ' L').trim();
  return d;
}

function sun(cx: number, cy: number, r: number, rays: number, colored: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    const w = (Math.PI / rays) * 0.55;
    out.push(
      polygon(
        [
          [cx + r * 1.2 * Math.cos(a - w), cy + r * 1.2 * Math.sin(a - w)],
          [cx + r * 1.75 * Math.cos(a), cy + r * 1.75 * Math.sin(a)],
          [cx + r * 1.2 * Math.cos(a + w), cy + r * 1.2 * Math.sin(a + w)],
        ],
        paint(colored, '#ffd43b'),
      ),
    );
  }
  out.push(circle(cx, cy, r, paint(colored, '#ffe066')));
  return out.join('');
}

function cloud(x: number, y: number, w: number, colored: boolean): string {
  const h = w * 0.42;
  const r1 = h * 0.45;
  const r2 = h * 0.6;
  const d = `M${n(x)} ${n(y + h)}A${n(r1)} ${n(r1)} 0 0 1 ${n(x + w * 0.3)} ${n(y + h * 0.45)}A${n(r2)} ${n(r2)} 0 0 1 ${n(x + w * 0.72)} ${n(y + h * 0.4)}A${n(r1)} ${n(r1)} 0 0 1 ${n(x + w)} ${n(y + h)}Z`;
  return `<path d="${d}" fill="${paint(colored, '#f1f3f5')}"/>`;
}

function star(cx: number, cy: number, r: number, colored: boolean): string {
  const points: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    points.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return polygon(points, paint(colored, '#ffe066'));
}

function tuft(x: number, y: number, h: number, colored: boolean): string {
  const w = h * 0.22;
  return [-1, 0, 1]
    .map((k) =>
      polygon(
        [
          [x + k * w * 1.4 - w / 2, y],
          [x + k * w * 2.2, y - h * (k === 0 ? 1 : 0.75)],
          [x + k * w * 1.4 + w / 2, y],
        ],
        paint(colored, '#69db7c'),
      ),
    )
    .join('');
}

function seaweed(x: number, bottom: number, h: number, random: Random, colored: boolean): string {
  const w = h * 0.13;
  const left: Point[] = [];
  const right: Point[] = [];
  const phase = random.range(0, Math.PI * 2);
  for (let i = 0; i <= 6; i++) {
    const y = bottom - (h * i) / 6;
    const sway = Math.sin(phase + i * 1.1) * w * 1.4;
    const half = w * (1 - i / 7);
    left.push([x + sway - half, y]);
    right.unshift([x + sway + half, y]);
  }
  return `<path d="${smoothClosedPath([...left, ...right])}" fill="${paint(colored, '#40c057')}"/>`;
}

function fence(x0: number, x1: number, groundY: number, h: number, colored: boolean): string {
  const out: string[] = [];
  const w = h * 0.28;
  const gap = w * 0.6;
  out.push(rect(x0, groundY - h * 0.72, x1 - x0, h * 0.16, paint(colored, '#e8c39e')));
  for (let x = x0; x + w <= x1; x += w + gap) {
    out.push(polygon([[x, groundY], [x, groundY - h * 0.85], [x + w / 2, groundY - h], [x + w, groundY - h * 0.85], [x + w, groundY]], paint(colored, '#f4d8b5')));
  }
  return out.join('');
}

function placeLibraryProp(ctx: SceneContext, placed: Box[], name: string, size: number, zone: Box, grounded: boolean): string {
  const subject = ctx.findSubject(name);
  if (!subject) return '';
  const [l, t, r, b] = subject.bounds;
  const scale = size / Math.max(r - l, b - t);
  const dims = { width: (r - l) * scale, height: (b - t) * scale };
  const spotZone = grounded ? { ...zone, y: ctx.layout.groundY - dims.height + ctx.lineWidth, height: 0 } : zone;
  const spot = findSpot(ctx, placed, dims, spotZone);
  if (!spot) return '';
  placed.push(spot);
  const placement: Placement = fitSubject(subject, spot, ctx.random.next() < 0.5);
  return drawSubject(placement, ctx.lineWidth, ctx.colored, true);
}

const GROUND_COLORS: Partial<Record<Scene, string>> = {
  meadow: '#b2f2bb', garden: '#b2f2bb', farm: '#d8f5a2', jungle: '#8ce99a', forest: '#a9e34b', beach: '#ffe8a1', desert: '#ffd8a8', snow: '#f8f9fa', city: '#dee2e6', road: '#ced4da', table: '#ffc9c9',
};

const GROUND_PROPS: Partial<Record<Scene, string[]>> = {
  meadow: ['deciduous tree', 'blossom', 'tulip', 'mushroom', 'evergreen tree'],
  garden: ['tulip', 'sunflower', 'blossom', 'hibiscus', 'rose', 'mushroom'],
  farm: ['house', 'deciduous tree', 'ewe', 'sunflower'],
  jungle: ['palm tree', 'volcano', 'palm tree', 'cactus'],
  forest: ['evergreen tree', 'deciduous tree', 'mushroom', 'evergreen tree'],
  beach: ['palm tree', 'spiral shell', 'crab', 'beach with umbrella'],
  desert: ['cactus', 'cactus', 'desert'],
  snow: ['evergreen tree', 'snowman', 'evergreen tree'],
  city: ['house', 'office building', 'house with garden', 'deciduous tree'],
  road: ['house', 'deciduous tree', 'evergreen tree', 'house with garden'],
  table: ['teacup without handle', 'red apple', 'cupcake', 'shortcake'],
};

const SKY_PROPS: Partial<Record<Scene, string[]>> = {
  sea: ['tropical fish', 'fish', 'spiral shell', 'crab', 'blowfish', 'tropical fish'],
  space: ['ringed planet', 'crescent moon', 'rocket', 'satellite', 'star'],
  sky: ['cloud', 'balloon', 'bird', 'cloud', 'kite'],
  night: ['crescent moon', 'star', 'owl', 'star'],
};

/** Scenery behind the subjects, as SVG, plus how many props it placed. */
export function drawScene(scene: Scene | null, ctx: SceneContext): string {
  const { inner, groundY } = ctx.layout;
  const { random, colored, level } = ctx;
  const out: string[] = [];
  const placed: Box[] = [];
  const x0 = inner.x;
  const x1 = inner.x + inner.width;
  const bottom = inner.y + inner.height;
  const unit = Math.min(inner.width, inner.height);
  if (level === 0 || scene === null) {
    if (scene !== null && !ctx.layout.floating) out.push(`<path d="${wavyBand(x0, x1, groundY, bottom, unit * 0.006, 2, random)}" fill="${paint(colored, GROUND_COLORS[scene] ?? '#b2f2bb')}"/>`);
    return out.join('');
  }
  const skyZone: Box = { x: x0 + unit * 0.03, y: inner.y + unit * 0.03, width: inner.width - unit * 0.06, height: (groundY - inner.y) * 0.42 };
  switch (scene) {
    case 'sea': {
      out.push(`<path d="${wavyBand(x0, x1, inner.y + inner.height * 0.08, inner.y, unit * 0.012, 5, random)}" fill="${paint(colored, '#d0ebff')}"/>`);
      out.push(`<path d="${wavyBand(x0, x1, inner.y + inner.height * 0.9, bottom, unit * 0.01, 3, random)}" fill="${paint(colored, '#ffe8a1')}"/>`);
      const weeds = 1 + level;
      for (let i = 0; i < weeds; i++) {
        const x = random.pick([x0 + unit * random.range(0.05, 0.2), x1 - unit * random.range(0.05, 0.2)]);
        const h = unit * random.range(0.18, 0.3);
        const box = { x: x - h * 0.2, y: inner.y + inner.height * 0.9 - h, width: h * 0.4, height: h };
        if (isClear(box, ctx, placed)) {
          placed.push(box);
          out.push(seaweed(x, inner.y + inner.height * 0.92, h, random, colored));
        }
      }
      for (let i = 0; i < 2 + level * 2; i++) {
        const r = unit * random.range(0.02, 0.034);
        const spot = findSpot(ctx, placed, { width: r * 2, height: r * 2 }, { x: x0, y: inner.y + inner.height * 0.12, width: inner.width, height: inner.height * 0.7 });
        if (spot) {
          placed.push(spot);
          out.push(circle(spot.x + r, spot.y + r, r, paint(colored, '#e7f5ff')));
        }
      }
      break;
    }
    case 'space':
    case 'night': {
      for (let i = 0; i < 3 + level * 3; i++) {
        const r = unit * random.range(0.035, 0.055);
        const spot = findSpot(ctx, placed, { width: r * 2, height: r * 2 }, inner);
        if (spot) {
          placed.push(spot);
          out.push(star(spot.x + r, spot.y + r, r, colored));
        }
      }
      break;
    }
    case 'road': {
      const top = groundY - unit * 0.02;
      out.push(rect(x0, top, inner.width, bottom - top, paint(colored, '#adb5bd')));
      const laneY = top + (bottom - top) * 0.5;
      const dash = unit * 0.07;
      for (let x = x0 + dash * 0.4; x + dash < x1; x += dash * 1.8) out.push(rect(x, laneY - unit * 0.013, dash, unit * 0.026, paint(colored, '#ffe066')));
      break;
    }
    case 'city': {
      // A row of houses behind the street: big simple blocks with windows to colour.
      out.push(`<path d="${wavyBand(x0, x1, groundY, bottom, 0, 1, random)}" fill="${paint(colored, GROUND_COLORS.city ?? '#dee2e6')}"/>`);
      let x = x0 + unit * 0.02;
      while (x < x1 - unit * 0.12) {
        const w = unit * random.range(0.16, 0.24);
        const h = (groundY - inner.y) * random.range(0.28, 0.42 + level * 0.04);
        const right = Math.min(x + w, x1 - unit * 0.02);
        out.push(rect(x, groundY - h, right - x, h, paint(colored, random.pick(['#ffe3e3', '#e7f5ff', '#fff3bf', '#ebfbee']))));
        const cols = Math.max(1, Math.floor((right - x) / (unit * 0.07)));
        const rows = Math.max(1, Math.floor(h / (unit * 0.09)) - 1);
        const cw = (right - x) / cols;
        for (let r = 0; r < Math.min(rows, level + 1); r++) {
          for (let c = 0; c < cols; c++) out.push(rect(x + c * cw + cw * 0.25, groundY - h + unit * 0.03 + r * unit * 0.09, cw * 0.5, unit * 0.05, paint(colored, '#fff9db')));
        }
        x = right + unit * random.range(0.01, 0.03);
      }
      break;
    }
    case 'table': {
      out.push(rect(x0, groundY, inner.width, bottom - groundY, paint(colored, '#ffc9c9')));
      const checks = 6 + level * 2;
      const w = inner.width / checks;
      for (let i = 0; i < checks; i += 2) out.push(rect(x0 + i * w, groundY + (bottom - groundY) * 0.45, w, (bottom - groundY) * 0.3, paint(colored, '#ff8787')));
      break;
    }
    default: {
      out.push(`<path d="${wavyBand(x0, x1, groundY, bottom, unit * 0.008, 2, random)}" fill="${paint(colored, GROUND_COLORS[scene] ?? '#b2f2bb')}"/>`);
      if (scene === 'beach') out.push(`<path d="${wavyBand(x0, x1, groundY - unit * 0.09, groundY + unit * 0.01, unit * 0.006, 6, random)}" fill="${paint(colored, '#a5d8ff')}"/>`);
      if (scene === 'farm' && level >= 2) out.push(fence(x0, x0 + inner.width * 0.3, groundY + unit * 0.01, unit * 0.08, colored));
    }
  }
  // Sky: a sun and clouds above grounded scenes.
  if (!ctx.layout.floating && scene !== 'table') {
    const r = unit * 0.05;
    const spot = findSpot(ctx, placed, { width: r * 3.6, height: r * 3.6 }, skyZone);
    if (spot) {
      placed.push(spot);
      out.push(sun(spot.x + r * 1.8, spot.y + r * 1.8, r, level >= 2 ? 10 : 8, colored));
    }
    for (let i = 0; i < level; i++) {
      const w = unit * random.range(0.14, 0.2);
      const c = findSpot(ctx, placed, { width: w, height: w * 0.42 }, skyZone);
      if (c) {
        placed.push(c);
        out.push(cloud(c.x, c.y, w, colored));
      }
    }
  }
  // Something to colour in an empty sky: a kite, a bird or a balloon on busy pages.
  if (!ctx.layout.floating && level >= 2 && scene !== 'table' && scene !== 'city') {
    out.push(placeLibraryProp(ctx, placed, random.pick(['kite', 'balloon', 'butterfly', 'bird']), unit * random.range(0.12, 0.16), skyZone, false));
  }
  if (scene === 'sky' && level >= 1) {
    for (let i = 0; i < level + 1; i++) {
      const w = unit * random.range(0.16, 0.24);
      const c = findSpot(ctx, placed, { width: w, height: w * 0.42 }, inner);
      if (c) {
        placed.push(c);
        out.push(cloud(c.x, c.y, w, colored));
      }
    }
  }
  // Props from the library: on the ground for grounded scenes, anywhere for floating ones.
  const props = ctx.layout.floating ? SKY_PROPS[scene] : GROUND_PROPS[scene];
  if (props) {
    const count = Math.min(props.length, level === 1 ? 1 : level === 2 ? 2 : 4);
    const zone: Box = ctx.layout.floating ? { x: x0, y: inner.y + inner.height * 0.1, width: inner.width, height: inner.height * 0.75 } : { x: x0, y: groundY, width: inner.width, height: 0 };
    for (const name of random.shuffle(props).slice(0, count)) out.push(placeLibraryProp(ctx, placed, name, unit * random.range(0.13, 0.18), zone, !ctx.layout.floating));
  }
  if (!ctx.layout.floating && level >= 2 && scene !== 'road' && scene !== 'table' && scene !== 'city') {
    for (let i = 0; i < level * 2; i++) {
      const h = unit * 0.035;
      const spot = findSpot(ctx, placed, { width: h * 1.4, height: h }, { x: x0, y: groundY + unit * 0.02, width: inner.width, height: bottom - groundY - unit * 0.04 - h });
      if (spot) {
        placed.push(spot);
        out.push(tuft(spot.x + h * 0.7, spot.y + h, h, colored));
      }
    }
  }
  return out.join('');
}
