/**
 * Procedural backgrounds per place, drawn in planes from far (small, high) to near (large, low):
 * a sky with seeded choices (sun or not, which sun, which clouds, birds, a rainbow), a far plane
 * (mountains, hills, a treeline, a skyline, a reef), ground bands, a row of small things on the
 * far ground, big things at the sides in front, and small details on the near ground. Every piece
 * is a closed white-filled outline painted over what lies behind it, so the page is a mosaic of
 * closed areas; the frame drawn last cuts whatever runs past the inside.
 */
import type { Place } from '../prompt/lexicon';
import { RAIN_WORDS } from '../prompt/lexicon';
import type { Subject } from '../subjects/subject-library';
import type { Random } from './seeded-random';
import { drawSubject, fitSubject } from './place-subject';
import type { Placement } from './place-subject';
import { bambooClump, bambooWall } from './bamboo-grove';
import { drawSunburst } from './pattern-fill';
import { roomFurniture, roomKind } from './room-furniture';
import * as shape from './scenery-shapes';
import { ellipse, paint, polygon, rect } from './svg-shapes';
import type { Box, Point } from './svg-shapes';

export type { Box } from './svg-shapes';

/** The places a page can be set in (chosen by page-place.ts). */
export type { Place } from '../prompt/lexicon';

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
  /** How much scenery: 1 a few big shapes (toddler) … 4 rich (adult); 0 only the ground. */
  level: number;
  /** Boxes the scenery must keep clear of (the subjects). */
  keepClear: Box[];
  /** The prompt's English words: they pick a variant (autumn leaves, a snowy night). */
  words: readonly string[];
  /** A moon the prompt names is left to the sky (compose-page.ts#skyThings): drawn there, big. */
  skyMoon?: boolean;
  /** Birds the prompt names beside its subject ("with seagulls"), left to a day sky to fly in. */
  skyBirds?: number;
  findSubject(name: string): Subject | null;
}

/**
 * The open sky of a place's page, with the prompt's words (a moon or the night make it a night
 * sky): null for a wall, the sea's water or space's planets, where no moon or birds are drawn.
 */
export function openSky(place: Place, words: readonly string[]): 'day' | 'night' | null {
  const sky = recipeFor(place, words).sky;
  return sky === 'day' || sky === 'night' ? sky : null;
}

const FLOATING = new Set<Place>(['sea', 'sky', 'space']);

export function layoutFor(place: Place | null, inner: Box, onGround = false): SceneLayout {
  const floating = place !== null && FLOATING.has(place) && !onGround;
  const groundShare = place === 'table' || place === 'room' || place === 'stage' ? 0.84 : place === 'road' || place === 'city' ? 0.86 : 0.88;
  return { inner, groundY: inner.y + inner.height * groundShare, floating };
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Clear of the subjects (a little overlap allowed for things behind them) and of what is placed. */
function isClear(box: Box, ctx: SceneContext, placed: Box[], behind: number): boolean {
  const area = box.width * box.height;
  const pad = ctx.lineWidth * 3;
  const grown = { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad };
  if (ctx.keepClear.some((o) => overlapArea(grown, o) > area * behind)) return false;
  return !placed.some((o) => overlapArea(grown, o) > 0);
}

/** Tries a few seeded spots for a thing and keeps the first that collides with nothing. */
function findSpot(ctx: SceneContext, placed: Box[], size: { width: number; height: number }, zone: Box, behind = 0, tries = 24): Box | null {
  for (let i = 0; i < tries; i++) {
    const box = {
      x: ctx.random.range(zone.x, Math.max(zone.x, zone.x + zone.width - size.width)),
      y: ctx.random.range(zone.y, Math.max(zone.y, zone.y + zone.height - size.height)),
      ...size,
    };
    if (isClear(box, ctx, placed, behind)) {
      placed.push(box);
      return box;
    }
  }
  return null;
}

/** Something standing on a base line: its foot point, its size, and what it looks like. */
type Item = (x: number, baseY: number, size: number, ctx: SceneContext) => string;

interface Recipe {
  sky: 'day' | 'night' | 'water' | 'space' | 'wall' | 'none';
  /** Horizon as a share of the inside's height, from the top. */
  horizon: number;
  far: (ctx: SceneContext, horizonY: number) => string;
  /** Ground bands from far to near. */
  ground: string[];
  mid: Item[];
  near: Item[];
  details: Item[];
  /** Things in the air (falling leaves, snowflakes, bubbles, fish). */
  air?: Item;
  /** Big leaves hanging in from the top corners (a jungle canopy). */
  canopy?: boolean;
  /** A rainy day: no sun, more clouds. */
  overcast?: boolean;
}

const r = (ctx: SceneContext): Random => ctx.random;
const pine: Item = (x, y, s, c) => shape.pine(x, y, s, c.colored, c.level >= 3 ? 4 : 3);
const tree: Item = (x, y, s, c) => shape.roundTree(x, y, s, r(c), c.colored, c.level >= 3 ? r(c).int(0, 4) : 0);
const autumnTree: Item = (x, y, s, c) => shape.autumnTree(x, y, s, r(c), c.colored);
const bush: Item = (x, y, s, c) => shape.bush(x, y, s, r(c), c.colored, c.level >= 3 ? 3 : 0);
const flower: Item = (x, y, s, c) => shape.flower(x, y, s * 0.8, r(c), c.colored);
const tulip: Item = (x, y, s, c) => shape.tulip(x, y, s * 0.8, r(c), c.colored);
const tuft: Item = (x, y, s, c) => shape.tuft(x, y, s * 0.4, c.colored);
const rock: Item = (x, y, s, c) => shape.rock(x, y, s * 0.6, r(c), c.colored);
const mushroom: Item = (x, y, s, c) => shape.mushroom(x, y, s * 0.45, c.colored);
const palm: Item = (x, y, s, c) => shape.palm(x, y, s, r(c).pick([-1, 1]), c.colored);
const cactus: Item = (x, y, s, c) => shape.cactus(x, y, s * 0.8, c.colored);
const house: Item = (x, y, s, c) => shape.house(x - s * 0.4, y, s * 0.8, r(c), c.colored);
const snowyHouse: Item = (x, y, s, c) => shape.house(x - s * 0.4, y, s * 0.8, r(c), c.colored, true);
const coral: Item = (x, y, s, c) => shape.coral(x, y, s * 0.8, r(c), c.colored);
const seaFan: Item = (x, y, s, c) => shape.seaFan(x, y, s * 0.5, c.level >= 3 ? 6 : 4, c.colored);
const seaweed: Item = (x, y, s, c) => shape.seaweed(x, y, s * 1.3, r(c), c.colored);
const shell: Item = (x, y, s, c) => shape.shell(x, y, s * 0.4, c.colored);
const starfish: Item = (x, y, s, c) => shape.starfish(x, y - s * 0.3, s * 0.3, c.colored);
const bench: Item = (x, y, s, c) => shape.bench(x - s * 0.4, y, s * 0.8, c.colored);
const lamp: Item = (x, y, s, c) => shape.lampPost(x, y, s, c.colored);
// OpenMoji's sailboat sits on its own square of sea: far off, a drawn one on the horizon line.
const sailingBoat: Item = (x, y, s, c) => shape.sailingBoat(x, y, s * 0.7, c.colored);
const reeds: Item = (x, y, s, c) => shape.tuft(x, y, s * 0.7, c.colored);
// Near canes stand taller than the page, cut by the frame.
const bambooNear: Item = (x, y, s, c) => bambooClump(x, y, s * 2.2, c.level >= 3 ? 3 : 2, c.level >= 2, r(c), c.colored);
const fern: Item = (x, y, s, c) => [-2.2, -1.57, -0.9].map((a) => shape.jungleLeaf(x, y, s * 0.55, a + r(c).range(-0.15, 0.15), c.level >= 3 ? 2 : 1, c.colored)).join('');
const libraryProp = (name: string): Item => (x, y, s, c) => {
  const subject = c.findSubject(name);
  if (!subject) return '';
  const [l, t, rr, b] = subject.bounds;
  const scale = s / Math.max(rr - l, b - t);
  const placement: Placement = fitSubject(subject, { x: x - ((rr - l) * scale) / 2, y: y - (b - t) * scale, width: (rr - l) * scale, height: (b - t) * scale }, c.random.next() < 0.5);
  return drawSubject(placement, c.lineWidth, c.colored, true);
};

const hills = (amplitude: number, color: string) => (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  return shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, inner.y + inner.height + 10, inner.height * amplitude, ctx.random.int(2, 3), ctx.random, paint(ctx.colored, color));
};
const peaks = (height: number, caps: boolean) => (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  return shape.mountains(inner.x, inner.x + inner.width, y, inner.y + inner.height + 10, inner.height * height, ctx.random.int(2, 3), ctx.random, ctx.colored, caps);
};
const trees = (lift: number, color: string) => (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  return shape.treeline(inner.x - 10, inner.x + inner.width + 10, y - inner.height * lift, inner.y + inner.height + 10, inner.width * 0.06, ctx.random, paint(ctx.colored, color));
};
/**
 * A farm's barn on the horizon, on the side the subjects leave freer, with a stretch of fence:
 * what says "farm" is drawn whatever the budget (a cow on a farm stood in a mountain meadow when
 * the budget ran out before the barn, issue 34). No big tree in front at the sides: it hid the barn.
 */
function farmsteadBox(ctx: SceneContext, y: number): Box & { left: boolean } {
  const { inner } = ctx.layout;
  const subjects = ctx.keepClear.length ? ctx.keepClear.reduce((sum, b) => sum + b.x + b.width / 2, 0) / ctx.keepClear.length : inner.x + inner.width / 2;
  const left = subjects > inner.x + inner.width / 2;
  const width = inner.width * (ctx.level >= 3 ? 0.3 : 0.36);
  const x = left ? inner.x + inner.width * 0.03 : inner.x + inner.width * 0.97 - width;
  const base = y + inner.height * 0.03;
  // shape.barn is 0.7 of its width high.
  return { x, y: base - width * 0.7, width, height: width * 0.7, left };
}
const farmstead = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const { x, y: top, width: w, height, left } = farmsteadBox(ctx, y);
  const base = top + height;
  const run = inner.width * 0.26;
  const fence = ctx.level >= 2 ? shape.fence(left ? x + w : x - run, left ? x + w + run : x, base + inner.height * 0.02, inner.height * 0.05, ctx.colored) : '';
  return fence + shape.barn(x, base, w, ctx.colored);
};
const both = (...planes: ((ctx: SceneContext, y: number) => string)[]) => (ctx: SceneContext, y: number): string => planes.map((p) => p(ctx, y)).join('');
/** Far hills, or far mountains on some pages. */
const hillsOrPeaks = (ctx: SceneContext, y: number): string => (ctx.random.next() < 0.35 ? peaks(0.22, false)(ctx, y) : hills(0.08, '#c0eb75')(ctx, y));
/** A big ringed planet in a top corner, cut by the frame. */
const bigPlanet = (ctx: SceneContext): string => {
  const { inner } = ctx.layout;
  const rr = Math.min(inner.width, inner.height) * ctx.random.range(0.16, 0.22);
  const left = ctx.random.next() < 0.5;
  return shape.planet(left ? inner.x + rr * 0.6 : inner.x + inner.width - rr * 0.6, inner.y + inner.height * ctx.random.range(0.08, 0.3), rr, true, ctx.colored);
};
const skyline = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const out: string[] = [];
  let x = inner.x - 5;
  while (x < inner.x + inner.width) {
    const w = inner.width * ctx.random.range(0.1, 0.18);
    const h = inner.height * ctx.random.range(0.12, 0.3);
    out.push(rect(x, y - h, w, h + 10, paint(ctx.colored, '#dbe4ff')));
    x += w * ctx.random.range(0.7, 1);
  }
  return out.join('');
};
const street = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const bottom = inner.y + inner.height;
  const top = y + (bottom - y) * 0.35;
  const out = [rect(inner.x - 10, top, inner.width + 20, bottom - top + 10, paint(ctx.colored, '#adb5bd'))];
  out.push(rect(inner.x - 10, top, inner.width + 20, (bottom - top) * 0.22, paint(ctx.colored, '#dee2e6')));
  const laneY = top + (bottom - top) * 0.62;
  const dash = inner.width * 0.08;
  if (ctx.level >= 2) for (let x = inner.x + dash * 0.4; x + dash < inner.x + inner.width; x += dash * 1.8) out.push(rect(x, laneY, dash, inner.height * 0.015, paint(ctx.colored, '#ffe066')));
  return out.join('');
};
const buildings = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  // The far skyline and the lane marks only on busier pages: at the least scenery (a toddler's
  // page, a page whose subject already has many areas) the town is its row of houses and the street.
  const out = ctx.level >= 2 ? [skyline(ctx, y - inner.height * 0.12)] : [];
  let x = inner.x - inner.width * 0.02;
  while (x < inner.x + inner.width) {
    const w = inner.width * ctx.random.range(0.17, 0.26);
    const h = inner.height * ctx.random.range(0.2, 0.34);
    out.push(shape.building(x, y + 2, w, h, Math.max(1, Math.min(ctx.level - 1, 3)), ctx.level <= 2 ? ctx.level : 6, ctx.random, ctx.colored));
    x += w + inner.width * ctx.random.range(0.01, 0.03);
  }
  return out.join('') + street(ctx, y);
};
const sea = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const out = [shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, inner.y + inner.height + 10, inner.height * 0.005, 6, ctx.random, paint(ctx.colored, '#a5d8ff'))];
  // Wave bands across the sea, far to near.
  for (let i = 1; i <= Math.min(ctx.level, 3); i++) {
    out.push(shape.ridge(inner.x - 10, inner.x + inner.width + 10, y + inner.height * 0.035 * i, inner.y + inner.height + 10, inner.height * 0.008, 5 + i, ctx.random, paint(ctx.colored, i % 2 ? '#74c0fc' : '#a5d8ff')));
  }
  return out.join('');
};
const reef = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const top = inner.y;
  const out: string[] = [];
  // Beams of light from the surface, slanting down: they split the water into areas to colour.
  const beams = ctx.level >= 3 ? 4 : 3;
  const slant = ctx.random.pick([-1, 1]) * inner.width * 0.18;
  for (let i = 0; i < beams; i++) {
    const x = inner.x + inner.width * ((i + 0.3 + ctx.random.range(0, 0.4)) / beams);
    const w = inner.width * ctx.random.range(0.05, 0.09);
    out.push(polygon([[x, top - 10], [x + w, top - 10], [x + w * 1.8 + slant, y], [x + slant, y]], paint(ctx.colored, '#e7f5ff')));
  }
  out.push(shape.ridge(inner.x - 10, inner.x + inner.width + 10, top + inner.height * 0.06, top - 10, -inner.height * 0.012, 5, ctx.random, paint(ctx.colored, '#d0ebff')));
  out.push(shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, inner.y + inner.height + 10, inner.height * 0.08, ctx.random.int(3, 5), ctx.random, paint(ctx.colored, '#99e9f2')));
  return out.join('');
};
const moonGround = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const out = [shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, inner.y + inner.height + 10, inner.height * 0.03, 3, ctx.random, paint(ctx.colored, '#dee2e6'))];
  for (let i = 0; i < ctx.level + 1; i++) {
    const rx = inner.width * ctx.random.range(0.04, 0.08);
    out.push(ellipse(inner.x + inner.width * ctx.random.range(0.08, 0.92), y + (inner.y + inner.height - y) * ctx.random.range(0.4, 0.8), rx, rx * 0.35, paint(ctx.colored, '#ced4da')));
  }
  return out.join('');
};
const stage = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const bottom = inner.y + inner.height + 10;
  const out: string[] = [shape.stageFloor(inner.x - 10, inner.x + inner.width + 10, y, bottom, 3 + ctx.level, ctx.colored)];
  out.push(shape.stageCurtains(inner.x, inner.y, inner.width, y - inner.y, ctx.level >= 3 ? 4 : 3, ctx.colored));
  // Footlights: small half discs along the stage's front edge.
  if (ctx.level >= 2) {
    const lights = 5 + ctx.level;
    const r = inner.width * 0.022;
    for (let i = 0; i < lights; i++) out.push(shape.footlight(inner.x + (inner.width * (i + 0.5)) / lights, y + (bottom - y) * 0.12, r, ctx.colored));
  }
  return out.join('');
};
// Inside a cave: the rock round the page, its mouth open to the hills (scenery-shapes.ts#caveWalls).
const cave = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const bottom = inner.y + inner.height + 10;
  return rect(inner.x - 10, y, inner.width + 20, bottom - y, paint(ctx.colored, '#ced4da')) + shape.caveWalls(inner, y, ctx.level, ctx.random, ctx.colored);
};
const wall = (ctx: SceneContext, y: number): string => {
  const { inner } = ctx.layout;
  const out: string[] = [];
  const floorTop = y;
  const bottom = inner.y + inner.height + 10;
  out.push(rect(inner.x - 10, floorTop, inner.width + 20, bottom - floorTop, paint(ctx.colored, '#e8c39e')));
  const boards = 2 + ctx.level;
  for (let i = 1; i < boards; i++) {
    const by = floorTop + ((bottom - floorTop) * i) / boards;
    out.push(`<path d="M${inner.x - 10} ${by.toFixed(1)}H${(inner.x + inner.width + 10).toFixed(1)}" fill="none"/>`);
  }
  // A skirting board, a window and a picture on the wall.
  out.push(rect(inner.x - 10, floorTop - inner.height * 0.025, inner.width + 20, inner.height * 0.025, paint(ctx.colored, '#f8f9fa')));
  const left = ctx.random.next() < 0.5;
  const ww = inner.width * 0.34;
  const wx = left ? inner.x + inner.width * 0.08 : inner.x + inner.width * 0.58;
  // A band across the top of the page (a letter on an alphabet page) leaves the wall bare: a
  // window behind the letter cut it into slivers.
  const topTaken = ctx.keepClear.some((b) => b.y < inner.y + inner.height * 0.3 && b.width > inner.width * 0.6);
  if (!topTaken) out.push(shape.windowWithCurtains(wx, inner.y + inner.height * 0.1, ww, inner.height * 0.24, ctx.colored));
  if (ctx.level >= 2 && !topTaken) {
    const px = left ? inner.x + inner.width * 0.66 : inner.x + inner.width * 0.1;
    out.push(shape.pictureFrame(px, inner.y + inner.height * 0.12, inner.width * 0.22, inner.height * 0.15, ctx.random, ctx.colored));
  }
  out.push(shape.rug(inner.x + inner.width / 2, floorTop + (bottom - floorTop) * 0.55, inner.width * 0.36, (bottom - floorTop) * 0.26, ctx.colored));
  return out.join('');
};

/**
 * A room: a kitchen, a classroom or a bedroom has its own furniture (room-furniture.ts) on a floor
 * and under a skirting board; any other room is the living room.
 */
const room = (ctx: SceneContext, y: number): string => {
  const kind = roomKind(ctx.words);
  if (kind === 'living') return wall(ctx, y);
  const { inner } = ctx.layout;
  const bottom = inner.y + inner.height + 10;
  return [
    rect(inner.x - 10, y, inner.width + 20, bottom - y, paint(ctx.colored, '#e8c39e')),
    ctx.level > 0 ? rect(inner.x - 10, y - inner.height * 0.025, inner.width + 20, inner.height * 0.025, paint(ctx.colored, '#f8f9fa')) : '',
    roomFurniture(kind, { inner, floorTop: y, groundY: ctx.layout.groundY, level: ctx.level, random: ctx.random, colored: ctx.colored, keepClear: ctx.keepClear }),
  ].join('');
};

const RECIPES: Record<Place, Recipe> = {
  meadow: { sky: 'day', horizon: 0.56, far: hillsOrPeaks, ground: ['#d8f5a2', '#b2f2bb'], mid: [tree, pine, bush, tree], near: [tree, bush], details: [flower, tulip, tuft, mushroom, flower] },
  garden: { sky: 'day', horizon: 0.58, far: trees(0.03, '#8ce99a'), ground: ['#d8f5a2', '#b2f2bb'], mid: [bush, tree, bush], near: [tulip, flower, bush], details: [flower, tulip, flower, mushroom, tuft] },
  park: { sky: 'day', horizon: 0.56, far: both(skyline, trees(0.02, '#8ce99a')), ground: ['#d8f5a2', '#c0eb75'], mid: [tree, lamp, bench, tree], near: [tree, lamp], details: [flower, tuft, bush] },
  farm: { sky: 'day', horizon: 0.56, far: both(hills(0.07, '#d8f5a2'), farmstead), ground: ['#ffec99', '#d8f5a2', '#c0eb75'], mid: [tree, house, tree], near: [], details: [tuft, flower, rock, tuft] },
  forest: { sky: 'day', horizon: 0.5, far: trees(0.08, '#69db7c'), ground: ['#c0eb75', '#a9e34b'], mid: [pine, tree, pine], near: [pine, tree], details: [mushroom, rock, tuft, bush, mushroom] },
  jungle: { sky: 'day', horizon: 0.5, far: trees(0.12, '#69db7c'), ground: ['#8ce99a', '#69db7c'], mid: [palm, tree, palm], near: [palm, fern], details: [fern, flower, rock], canopy: true },
  mountain: { sky: 'day', horizon: 0.58, far: both(peaks(0.42, true), hills(0.05, '#c0eb75')), ground: ['#d8f5a2', '#c0eb75'], mid: [pine, pine, tree], near: [pine, rock], details: [rock, tuft, flower] },
  snow: { sky: 'day', horizon: 0.56, far: peaks(0.3, true), ground: ['#f8f9fa', '#f1f3f5'], mid: [pine, snowyHouse, pine, pine], near: [pine, pine], details: [rock, libraryProp('snowman'), tuft] },
  beach: { sky: 'day', horizon: 0.46, far: sea, ground: ['#ffe8a1', '#ffec99'], mid: [sailingBoat, rock], near: [palm, rock], details: [shell, starfish, shell, libraryProp('crab')] },
  desert: { sky: 'day', horizon: 0.58, far: peaks(0.14, false), ground: ['#ffd8a8', '#ffe8cc'], mid: [cactus, rock, cactus], near: [cactus], details: [rock, rock, cactus] },
  city: { sky: 'day', horizon: 0.56, far: buildings, ground: [], mid: [], near: [lamp, tree], details: [] },
  road: { sky: 'day', horizon: 0.6, far: both(hillsOrPeaks, street), ground: [], mid: [tree, house, pine], near: [tree], details: [] },
  sea: { sky: 'water', horizon: 0.8, far: reef, ground: ['#ffe8a1'], mid: [seaweed, coral, seaFan, seaweed], near: [coral, seaweed], details: [shell, starfish, shell], air: (x, y, s, c) => (r(c).next() < 0.35 ? libraryProp(r(c).pick(['fish', 'tropical fish', 'blowfish']))(x, y + s * 0.12, s * 0.24, c) : shape.bubble(x, y, s * 0.08, c.colored)) },
  sky: { sky: 'day', horizon: 0.78, far: both(trees(0.02, '#f8f9fa'), hills(0.03, '#c0eb75')), ground: [], mid: [tree, house, tree, pine], near: [], details: [], air: (x, y, s, c) => shape.cloud(x - s * 0.25, y, s * 0.5, r(c).int(0, 2), r(c), c.colored) },
  space: { sky: 'space', horizon: 0.86, far: (ctx, y) => bigPlanet(ctx) + moonGround(ctx, y), ground: [], mid: [], near: [], details: [], air: (x, y, s, c) => (r(c).next() < 0.3 ? shape.planet(x, y, s * 0.1, r(c).next() < 0.5, c.colored) : shape.star(x, y, s * 0.12, c.colored)) },
  night: { sky: 'night', horizon: 0.58, far: hills(0.06, '#c0eb75'), ground: ['#b2f2bb'], mid: [house, tree, pine, house], near: [tree], details: [tuft, flower] },
  table: { sky: 'wall', horizon: 0.66, far: wall, ground: [], mid: [], near: [], details: [] },
  room: { sky: 'wall', horizon: 0.64, far: room, ground: [], mid: [], near: [], details: [] },
  // A theatre's stage: curtains drawn back on both sides under a scalloped valance, floorboards, and
  // footlights along the front (a ballerina danced in a living room).
  stage: { sky: 'wall', horizon: 0.7, far: stage, ground: [], mid: [], near: [], details: [] },
  // A bear asleep in its den, a dragon in its lair: inside the cave, looking out of its mouth.
  cave: { sky: 'wall', horizon: 0.72, far: cave, ground: [], mid: [], near: [], details: [rock, rock] },
  // On the water, not under it: the sea to the horizon, or a pond with trees on its far bank and
  // reeds and lily pads. What floats (a ship, ducks) sits on its nearer waves.
  ocean: { sky: 'day', horizon: 0.5, far: sea, ground: ['#a5d8ff', '#74c0fc'], mid: [], near: [], details: [] },
  lake: { sky: 'day', horizon: 0.5, far: both(trees(0.05, '#8ce99a'), sea), ground: ['#a5d8ff', '#74c0fc'], mid: [], near: [reeds], details: [libraryProp('lily pad')] },
};

/** The recipe with the prompt's variant: autumn colours in a forest, night over the snow. */
function recipeFor(place: Place, words: readonly string[]): Recipe {
  const recipe = RECIPES[place];
  const has = (pattern: RegExp): boolean => words.some((w) => pattern.test(w));
  // A bamboo forest (竹林): clumps of canes instead of trees, a far wood of them.
  if ((place === 'forest' || place === 'jungle') && has(/^bamboo$/)) {
    return { ...recipe, far: (ctx, y) => bambooWall(ctx.layout.inner, y, ctx.level, ctx.random, ctx.colored), mid: [], near: [bambooNear, bambooNear], details: [tuft, rock, tuft], canopy: false };
  }
  if (has(/^(autumn|fall)$/)) return { ...recipe, mid: [autumnTree, pine, autumnTree], near: [autumnTree], air: (x, y, s, c) => shape.leaf(x, y, s * 0.06, r(c).range(0, Math.PI), c.colored) };
  // "in the rain": clouds and falling drops instead of the sun (a girl with an umbrella stood under a clear sky).
  if (recipe.sky === 'day' && (has(RAIN_WORDS) || has(/^(puddle|raindrop)$/))) return { ...recipe, overcast: true };
  if (place === 'snow' || has(/^(snowy|snowing|snowflake)$/)) return { ...recipe, air: (x, y, s, c) => shape.star(x, y, s * 0.05, c.colored, 6) };
  if (has(/^(night|moon|starry|moonlight)$/) && recipe.sky === 'day') return { ...recipe, sky: 'night' };
  return recipe;
}

/** The sky's seeded choices: a sun (three kinds, or none), clouds of three kinds, birds, a rainbow. */
/** Places open enough for a rainbow: not under a jungle's canopy, in a forest, a desert or the snow. */
const RAINBOW_PLACES = new Set<Place>(['meadow', 'garden', 'farm', 'park', 'sky', 'beach', 'lake', 'ocean', 'mountain']);

/** Draws the sky's things; answers what of the things the prompt left to the sky it drew. */
function drawSky(place: Place, recipe: Recipe, ctx: SceneContext, placed: Box[], horizonY: number, spend: Spending): { moon: boolean; birds: number } {
  const { inner } = ctx.layout;
  let skyMoon = false;
  let birds = 0;
  const { random, colored, level } = ctx;
  const unit = Math.min(inner.width, inner.height);
  const zone: Box = { x: inner.x + unit * 0.02, y: inner.y + unit * 0.02, width: inner.width - unit * 0.04, height: Math.max(unit * 0.1, (horizonY - inner.y) * 0.55) };
  if (recipe.sky === 'day') {
    // Birds named beside the subject fly first, big enough to read as gulls, where the sky has room.
    for (let i = 0; i < (ctx.skyBirds ?? 0); i++) {
      // Bigger over an adult page's patterned sky, where small ones were lost in its bands.
      const w = unit * random.range(0.12, 0.16) * (level >= 4 ? 1.3 : 1);
      const b = findSpot(ctx, placed, { width: w, height: w * 0.5 }, zone);
      if (!b) continue;
      spend.add(shape.bird(b.x + w / 2, b.y + w * 0.3, w, colored), true);
      placed.push({ x: b.x, y: b.y, width: w, height: w * 0.5 });
      birds++;
    }
    // A rainbow across the rays of the richest skies would be a sticker over them.
    if (level >= 2 && random.next() < 0.2 && level < 4 && !recipe.overcast && RAINBOW_PLACES.has(place)) {
      spend.add(shape.rainbow(inner.x + inner.width * random.range(0.3, 0.7), horizonY + unit * 0.02, unit * random.range(0.35, 0.5), Math.min(level + 1, 5), colored));
    }
    if (random.next() < 0.75 && !recipe.overcast) {
      const rr = unit * random.range(0.06, 0.08) * (level === 1 ? 1.4 : 1);
      const corner = random.next() < 0.2;
      // Rays are many small areas: a plain sun when the budget is short.
      const style = spend.left < 20 ? 2 : random.int(0, 2);
      const rays = level >= 3 ? random.int(8, 12) : 6;
      if (corner) {
        // A sun peeking in from a top corner: the frame cuts it.
        if (spend.add(shape.sun(random.next() < 0.5 ? inner.x + rr * 0.3 : inner.x + inner.width - rr * 0.3, inner.y + rr * 0.3, rr * 1.4, style, rays, colored), true)) {
          placed.push({ x: inner.x, y: inner.y, width: inner.width, height: rr * 2.6 });
        }
      } else {
        const spot = findSpot(ctx, placed, { width: rr * 3.6, height: rr * 3.6 }, zone);
        if (spot) spend.add(shape.sun(spot.x + rr * 1.8, spot.y + rr * 1.8, rr, style, rays, colored), true);
      }
    }
    const kind = random.int(0, 2);
    // The richest skies are rays round the subject: clouds and birds would be stickers over them.
    // Adult skies: fewer, bigger clouds, each with a second outline inside (more to colour).
    const clouds = recipe.overcast ? level + 1 : level >= 4 ? random.int(3, 4) : level === 1 ? random.int(0, 1) : random.int(2, level + 1);
    for (let i = 0; i < clouds; i++) {
      const w = unit * random.range(0.22, 0.32) * (level === 1 ? 1.3 : level >= 4 ? 1.2 : 1);
      const c = findSpot(ctx, placed, { width: w, height: w * 0.45 }, zone);
      if (!c) continue;
      const inner = level >= 4 ? shape.cloud(c.x + w * 0.2, c.y + w * 0.14, w * 0.6, kind, random, colored) : '';
      spend.add(shape.cloud(c.x, c.y, w, kind, random, colored) + inner, i === 0);
    }
    if (recipe.overcast) {
      // Rain falling from the clouds down to the horizon: the page's weather, so never left out.
      const rainZone: Box = { x: inner.x + unit * 0.02, y: inner.y + unit * 0.1, width: inner.width - unit * 0.04, height: Math.max(unit * 0.1, horizonY - inner.y - unit * 0.12) };
      for (let i = 0; i < 3 + level * 3; i++) {
        const r = unit * random.range(0.016, 0.022) * (level === 1 ? 1.6 : 1);
        const d = findSpot(ctx, placed, { width: r * 2.4, height: r * 3.4 }, rainZone);
        if (d) spend.add(shape.raindrop(d.x + r * 1.2, d.y + r * 2.6, r, colored), i < 6);
      }
    }
    if (level === 3 && random.next() < 0.6) {
      for (let i = 0; i < level - 1; i++) {
        const w = unit * random.range(0.07, 0.1);
        const b = findSpot(ctx, placed, { width: w, height: w * 0.5 }, zone);
        if (b) spend.add(shape.bird(b.x + w / 2, b.y + w * 0.3, w, colored));
      }
    }
  } else if (recipe.sky === 'night' || recipe.sky === 'space') {
    // A moon the prompt names is drawn as a subject (no second one in the sky), or left to the
    // sky: then it is the sky's big thing, placed first.
    const named = ctx.words.includes('moon');
    let rr = unit * random.range(0.06, 0.09);
    let moonSpot = named ? null : findSpot(ctx, placed, { width: rr * 2.2, height: rr * 2.2 }, zone);
    if (named && ctx.skyMoon) {
      // Big where the sky has room, smaller anywhere above the horizon where it has less (a tall
      // owl on its branch fills the top of the page).
      const skyAbove: Box = { ...zone, height: Math.max(zone.height, horizonY - zone.y - unit * 0.04) };
      for (const [scale, where] of [[1.5, zone], [1.1, skyAbove], [0.8, skyAbove]] as const) {
        moonSpot = findSpot(ctx, placed, { width: rr * scale * 2.2, height: rr * scale * 2.2 }, where);
        if (moonSpot) {
          rr *= scale;
          break;
        }
      }
      // The stars keep clear of it.
      skyMoon = moonSpot !== null;
      if (moonSpot) placed.push({ x: moonSpot.x, y: moonSpot.y, width: rr * 2.2, height: rr * 2.2 });
    }
    if (moonSpot) spend.add(recipe.sky === 'space' && random.next() < 0.5 ? shape.planet(moonSpot.x + rr * 1.1, moonSpot.y + rr * 1.1, rr * 0.8, false, colored) : shape.crescentMoon(moonSpot.x + rr * 1.1, moonSpot.y + rr * 1.1, rr, colored), true);
    if (recipe.sky === 'space' && level >= 2) {
      const pr = unit * random.range(0.07, 0.1);
      const p = findSpot(ctx, placed, { width: pr * 3.8, height: pr * 1.6 }, { ...inner, height: horizonY - inner.y });
      if (p) spend.add(shape.planet(p.x + pr * 1.9, p.y + pr * 0.8, pr, true, colored));
    }
    // The richest skies are rays, unless starry: then full of stars.
    const stars = level >= 4 ? (ctx.keepClear.length > 0 ? 28 : 0) : 2 + level * 3;
    for (let i = 0; i < stars; i++) {
      const sr = unit * random.range(0.025, 0.045) * (level === 1 ? 1.6 : 1);
      const s = findSpot(ctx, placed, { width: sr * 2, height: sr * 2 }, { ...inner, height: horizonY - inner.y - sr });
      if (s) spend.add(shape.star(s.x + sr, s.y + sr, sr, colored));
    }
  }
  return { moon: skyMoon, birds };
}

/** Doodled wavy layers across a sky from the top down to its bottom (scenery-shapes.ts#doodleLayers). */
function layeredSky(box: Box, ctx: SceneContext, colors: string[]): string {
  const { random, colored } = ctx;
  const unit = Math.min(ctx.layout.inner.width, ctx.layout.inner.height);
  // About a tenth of the page's short side per layer.
  const layers = Math.max(3, Math.round(box.height / (unit * random.range(0.09, 0.11))));
  return shape.doodleLayers(box, layers, random, colored, colors);
}

/** Above this share of the inside, an open sky is one white area too big for a page a child colours. */
const BIG_SKY = 0.42;

/**
 * Children's and teen pages whose sky would be one white area of half the page get a far plane
 * that takes some of it: far mountains, a far wood or a bank of cloud on land (chosen by the seed),
 * a bank of cloud across an open sky, the Milky Way across space. Toddler pages keep their big calm sky; adult pages are
 * filled by their mosaic sky.
 */
function drawBigSky(place: Place, recipe: Recipe, ctx: SceneContext, horizonY: number, spend: Spending): void {
  const { inner, floating } = ctx.layout;
  const { random, colored, level } = ctx;
  if (level < 2 || level > 3) return;
  const skyBottom = horizonY;
  const share = (skyBottom - inner.y) / inner.height;
  if (share < BIG_SKY) return;
  const unit = Math.min(inner.width, inner.height);
  const x0 = inner.x - 10;
  const x1 = inner.x + inner.width + 10;
  if (recipe.sky === 'space') {
    // The Milky Way runs aslant: level across the page it read as hills, and the stars under it
    // as stars lying on the ground (blind grading, issue 34). Long enough to leave by the frame.
    const y = inner.y + inner.height * random.range(0.38, 0.5);
    const band = shape.skyBand(x0 - inner.width * 0.4, x1 + inner.width * 0.4, y, unit * random.range(0.1, 0.14), random.int(2, 3), random, paint(colored, '#d0bfff'), true);
    spend.add(`<g transform="rotate(-24 ${(inner.x + inner.width / 2).toFixed(1)} ${y.toFixed(1)})">${band}</g>`, true);
  } else if (floating || recipe.sky === 'water') {
    if (recipe.sky !== 'day') return;
    const y = inner.y + (skyBottom - inner.y) * random.range(0.45, 0.6);
    spend.add(shape.skyBand(x0, x1, y, unit * random.range(0.08, 0.11), random.int(3, 4), random, paint(colored, '#f1f3f5')), true);
  } else if (recipe.sky === 'day' || recipe.sky === 'night') {
    const pick = random.next();
    const sky = horizonY - inner.y;
    // The open sea and a beach look out to the horizon: no mountains or wood behind them.
    const open = place === 'beach' || place === 'ocean';
    if (pick < 0.5 && !open) {
      // Far mountains from behind the horizon up into the sky (a setting sun goes behind them).
      spend.add(shape.mountains(inner.x, inner.x + inner.width, horizonY + unit * 0.02, horizonY + unit * 0.12, sky * random.range(0.48, 0.56), random.int(4, 5), random, colored, random.next() < 0.5), true);
    } else if (pick < 0.75 && recipe.sky === 'day' && place !== 'desert' && !open) {
      // A far wood on rolling hills.
      spend.add(shape.treeline(x0, x1, horizonY - sky * random.range(0.3, 0.38), inner.y + inner.height + 10, inner.width * 0.07, random, paint(colored, '#b2f2bb')), true);
    } else {
      // A long bank of cloud across the sky, under the sun and the other clouds.
      spend.add(shape.skyBand(x0, x1, inner.y + sky * random.range(0.5, 0.62), unit * random.range(0.09, 0.12), random.int(3, 4), random, paint(colored, '#f1f3f5')), true);
    }
  }
}

/** A rough count of the areas a piece of scenery adds: one per filled shape, half a one per line. */
export function estimateRegions(svg: string): number {
  const filled = svg.match(/fill="(?!none)[^"]*"/g)?.length ?? 0;
  const lines = svg.match(/fill="none"/g)?.length ?? 0;
  return filled + lines / 2;
}

/** What the scenery spends of its region budget, and what it draws. */
class Spending {
  readonly parts: string[] = [];
  regions = 0;
  constructor(readonly budget: number) {}
  /** Keeps a piece if the budget allows it (or it is required); returns whether it was kept. */
  add(svg: string, required = false): boolean {
    if (!svg) return false;
    const cost = estimateRegions(svg);
    if (!required && this.regions + cost > this.budget) return false;
    this.parts.push(svg);
    this.regions += cost;
    return true;
  }
  get left(): number {
    return this.budget - this.regions;
  }
}

export interface Scenery {
  svg: string;
  /** estimateRegions of everything drawn. */
  regions: number;
  /** At the least scenery (level 0), whether what says the place (a room's furniture, a barn) was drawn. */
  placeDrawn?: boolean;
  /** Whether a fence the prompt asked for (Understanding.fenced) runs along the ground. */
  fenceDrawn?: boolean;
  /** Whether the moon left to the sky (SceneContext.skyMoon) found its place there. */
  moonDrawn?: boolean;
  /** How many of the birds left to the sky (SceneContext.skyBirds) fly there. */
  birdsDrawn?: number;
}

/** Places whose open ground a fence asked for runs along ("a horse in a field with a fence"). */
export const FENCED_PLACES = new Set<Place>(['meadow', 'garden', 'park', 'farm', 'mountain', 'snow', 'night', 'desert']);

/** How many of each plane's things a level may draw at most (index: level). */
const CAPS = { mid: [0, 1, 6, 9, 14], near: [0, 0, 2, 3, 4], details: [0, 0, 6, 10, 24], air: [0, 0, 5, 8, 14] };

/**
 * Scenery behind the subjects (nothing for no place, only the ground at level 0), spending at
 * most `budget` regions beyond the sky, the far plane and the ground: the composer gives it what
 * the difficulty's band leaves after the subjects.
 */
export function drawScene(place: Place | null, ctx: SceneContext, budget: number): Scenery {
  if (place === null) return { svg: '', regions: 0 };
  const recipe = recipeFor(place, ctx.words);
  const { inner, groundY } = ctx.layout;
  const { random, colored, level } = ctx;
  const unit = Math.min(inner.width, inner.height);
  const bottom = inner.y + inner.height;
  const spend = new Spending(budget);
  if (level === 0) {
    // A toddler's kitchen, classroom or bedroom keeps its few big pieces of furniture, and a farm
    // its barn, when the areas allow: the place asked for is what the page is of (a kitten "in the
    // kitchen" stood on a bare line).
    const furnished = place === 'room' && roomKind(ctx.words) !== 'living';
    const placeDrawn = (furnished || place === 'farm') && spend.add(recipe.far(ctx, inner.y + inner.height * recipe.horizon));
    if (placeDrawn && furnished) return { svg: spend.parts.join(''), regions: spend.regions, placeDrawn };
    // The least a page gets: the ground its subject stands on (the sea floor, far hills below a sky).
    const ground = recipe.ground[0] ?? '#dee2e6';
    const y = ctx.layout.floating ? inner.y + inner.height * 0.92 : groundY - unit * 0.02;
    spend.add(shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, bottom + 10, unit * 0.01, 2, random, paint(colored, ground)), true);
    // A page left with only its ground (a toddler's fire truck, a puppy low on the page) gets a big
    // plain sun in the empty sky, if its areas allow: half a page of white read as unfinished.
    const top = Math.min(...ctx.keepClear.map((b) => b.y), groundY);
    const rr = unit * 0.1;
    const day = recipe.sky === 'day' && !recipe.overcast;
    if (day && !ctx.layout.floating && top - inner.y > rr * 3.2) {
      const left = random.next() < 0.5;
      spend.add(shape.sun(left ? inner.x + rr * 1.8 : inner.x + inner.width - rr * 1.8, inner.y + rr * 1.7, rr, 2, 0, colored));
    }
    return { svg: spend.parts.join(''), regions: spend.regions, placeDrawn };
  }
  const horizonY = inner.y + inner.height * recipe.horizon;
  const placed: Box[] = [];
  const skyColor = recipe.sky === 'night' || recipe.sky === 'space' ? '#dbe4ff' : recipe.sky === 'water' ? '#d0ebff' : recipe.sky === 'wall' ? '#fff4e6' : '#e7f5ff';
  if (colored) spend.parts.push(`<rect x="${inner.x}" y="${inner.y}" width="${inner.width}" height="${inner.height}" fill="${skyColor}" stroke="none"/>`);
  // Rich pages: rays round the main subject fill the sky (or water, or wall) and frame the subject.
  // Behind a subject at night or in space the sky keeps its moon and stars instead (rays there read
  // as daylight); a night scene with no subject (a city at night) needs the rays' areas to be full.
  const starry = (recipe.sky === 'night' || recipe.sky === 'space') && ctx.keepClear.length > 0;
  if (level >= 4 && !starry && recipe.sky === 'wall') {
    // A wall: rays round the subject, a wallpaper.
    const subject = ctx.keepClear[0] ?? { x: inner.x + inner.width / 2, y: inner.y + inner.height / 2, width: 0, height: 0 };
    const centre: Point = [subject.x + subject.width / 2, Math.min(subject.y + subject.height / 2, horizonY)];
    spend.add(drawSunburst({ x: inner.x, y: inner.y, width: inner.width, height: horizonY - inner.y + unit * 0.1 }, centre, unit * 0.14, random, colored), true);
  } else if (level >= 4 && !starry) {
    // The sky (or the water) of an adult page in wavy layers down to the horizon, split again by
    // clouds: the layered skies of colouring books. Rays of bricks round every subject read as crazy
    // paving behind a lion's face (issue 34).
    spend.add(layeredSky({ x: inner.x, y: inner.y, width: inner.width, height: horizonY - inner.y + unit * 0.1 }, ctx, recipe.sky === 'water' ? ['#d0ebff', '#a5d8ff'] : ['#e7f5ff', '#d0ebff', '#fff3bf']), true);
  }
  const sky = drawSky(place, recipe, ctx, placed, horizonY, spend);
  drawBigSky(place, recipe, ctx, horizonY, spend);
  spend.add(recipe.far(ctx, horizonY), true);
  // Ground bands: the first at the horizon, the nearer ones lower; the young get fewer.
  const bands = recipe.ground.slice(0, level === 1 ? 1 : recipe.ground.length);
  bands.forEach((color, i) => {
    const y = horizonY + ((groundY - horizonY) * i) / Math.max(1, bands.length) + unit * 0.02;
    spend.add(shape.ridge(inner.x - 10, inner.x + inner.width + 10, y, bottom + 10, unit * (0.012 + i * 0.01), random.int(2, 3), random, paint(colored, color)), true);
  });
  // A fence asked for runs the page's width on the near ground, below the far things' feet and
  // behind the subjects, drawn whatever the budget: it was asked for.
  const fenceDrawn = ctx.words.some((w) => /^fences?$/.test(w)) && FENCED_PLACES.has(place);
  // A farm's own stretch of fence beside its barn is the fence (two crossing fences printed black).
  if (fenceDrawn && !(place === 'farm' && level >= 2)) {
    const base = horizonY + Math.max(unit * 0.16, (groundY - horizonY) * 0.3);
    spend.add(shape.fence(inner.x - 10, inner.x + inner.width + 10, base, unit * 0.09, colored), true);
  }
  if (recipe.canopy && level >= 2) {
    // Leaves hanging in from both top corners, cut by the frame.
    for (const [x, dir] of [[inner.x, 1], [inner.x + inner.width, -1]] as const) {
      for (const a of level >= 3 ? [0.35, 0.85, 1.3] : [0.5, 1.1]) {
        const angle = dir > 0 ? a : Math.PI - a;
        spend.add(shape.jungleLeaf(x - dir * unit * 0.02, inner.y - unit * 0.02, unit * random.range(0.28, 0.36), angle, level >= 3 ? 3 : 2, colored));
      }
    }
    placed.push({ x: inner.x, y: inner.y, width: unit * 0.3, height: unit * 0.3 }, { x: inner.x + inner.width - unit * 0.3, y: inner.y, width: unit * 0.3, height: unit * 0.3 });
  }
  // Nothing on the far ground stands in front of the farm's barn.
  if (place === 'farm') placed.push(farmsteadBox(ctx, horizonY));
  const mids = random.shuffle(recipe.mid);
  const floating = FLOATING.has(place);
  // One thing of each plane in turn, so a small budget still spreads over the page.
  const planes: (() => string)[] = [];
  for (let i = 0; i < CAPS.near[level]; i++) {
    planes.push(() => {
      const item = recipe.near[i % Math.max(1, recipe.near.length)];
      if (!item) return '';
      const s = unit * 0.6 * random.range(0.85, 1.15);
      const width = s * 0.8;
      // Big near things stand at the sides, partly past the frame.
      const left = (i % 2 === 0) === random.next() < 0.5;
      const spot = findSpot(ctx, placed, { width, height: s }, { x: left ? inner.x - width * 0.45 : inner.x + inner.width - width * 0.55, y: groundY + unit * 0.04 - s, width, height: 0 }, 0.25, 4);
      return spot ? item(spot.x + width / 2, groundY + unit * 0.04, s, ctx) : '';
    });
  }
  for (let i = 0; i < CAPS.mid[level]; i++) {
    planes.push(() => {
      const item = mids[i % Math.max(1, mids.length)];
      if (!item) return '';
      const s = unit * (level === 1 ? 0.34 : 0.24) * random.range(0.85, 1.15);
      const baseY = horizonY + unit * 0.03;
      // Far things may stand half hidden behind the subjects.
      const spot = findSpot(ctx, placed, { width: s * 0.8, height: s }, { x: inner.x, y: baseY - s, width: inner.width, height: 0 }, 0.6);
      return spot ? item(spot.x + s * 0.4, baseY, s, ctx) : '';
    });
  }
  for (let i = 0; i < CAPS.details[level]; i++) {
    planes.push(() => {
      const item = recipe.details[i % Math.max(1, recipe.details.length)];
      if (!item) return '';
      // Nearer (lower) details are bigger; the young need them bigger still to colour them.
      const depth = random.range(0.3, 1);
      const s = unit * (0.1 + 0.12 * depth) * (level <= 2 ? 1.5 : level === 3 ? 1.2 : 1);
      const baseY = horizonY + (bottom - horizonY) * depth - unit * 0.01;
      const spot = findSpot(ctx, placed, { width: s * 0.6, height: s * 0.7 }, { x: inner.x, y: baseY - s * 0.7, width: inner.width, height: 0 }, 0.3);
      return spot ? item(spot.x + s * 0.3, spot.y + s * 0.7, s, ctx) : '';
    });
  }
  for (let i = 0; recipe.air && i < CAPS.air[level] * (floating ? 1.5 : 1); i++) {
    const air = recipe.air;
    planes.push(() => {
      const s = unit * random.range(0.5, 0.8) * (level >= 4 ? 0.8 : 1) * (floating ? 1.3 : 1);
      const spot = findSpot(ctx, placed, { width: s * 0.3, height: s * 0.3 }, { x: inner.x, y: inner.y + unit * 0.05, width: inner.width, height: (floating ? groundY : horizonY) - inner.y - unit * 0.1 }, 0.2);
      return spot ? air(spot.x + s * 0.15, spot.y + s * 0.15, s, ctx) : '';
    });
  }
  const order = interleave(planes, CAPS.near[level], CAPS.mid[level], CAPS.details[level]);
  // Twice round while the budget lasts: a second pass fills what the first left.
  for (let pass = 0; pass < 2 && spend.left >= 1; pass++) {
    for (const draw of order) {
      if (spend.left < 1) break;
      spend.add(draw());
    }
  }
  return { svg: spend.parts.join(''), regions: spend.regions, fenceDrawn, moonDrawn: sky.moon, birdsDrawn: sky.birds };
}

/** The planes' generators taken one of each in turn: near, mid, details, air, near, mid… */
function interleave<T>(all: T[], near: number, mid: number, details: number): T[] {
  const groups = [all.slice(0, near), all.slice(near, near + mid), all.slice(near + mid, near + mid + details), all.slice(near + mid + details)];
  const out: T[] = [];
  for (let i = 0; out.length < all.length; i++) for (const g of groups) if (i < g.length) out.push(g[i]);
  return out;
}
