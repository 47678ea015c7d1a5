/**
 * Children drawn whole, with faces, in the poses prompts name: standing, walking, running,
 * dancing, sitting, riding a bicycle and kicking a ball. OpenMoji's activity figures are
 * pictograms (a faceless outline with a ball for a head), which a child does not read as a
 * child; these are drawn here as colour shapes in the same 72-unit box, so they pass through the
 * same outline pipeline, measures and rejection rules as every other subject. Our own artwork (MIT).
 *
 * A figure is a skeleton (joints per pose) dressed by a look (girl, boy, child): each limb is one
 * closed shape (a thick polyline with round ends), so a bent arm has no line across its elbow;
 * back limbs are drawn first, the body over their tops, the front limbs and the head last. The
 * hands are known, so held things (a kite, a balloon) go where the hand is (anchors).
 */
import type { SubjectAnchors } from './anchors';
import type { DrawnProp } from './drawn-props';

export type Point = [number, number];

/** Joints of one pose in the 72-unit box; `back` limbs are behind the body, `front` ones before it. */
export interface Skeleton {
  head: Point;
  headR: number;
  /** Which way the figure looks: 1 right, 0 at the viewer. */
  facing: 0 | 1;
  neck: Point;
  hip: Point;
  backArm: Point[];
  frontArm: Point[];
  backLeg: Point[];
  frontLeg: Point[];
  /** Parts drawn behind everything (a bicycle) and in front of the legs (its handlebar), colour SVG. */
  under?: string;
  over?: string;
}

export type PoseName = 'standing' | 'walking' | 'running' | 'dancing' | 'sitting' | 'biking' | 'bouncing ball' | 'waving';

const SKIN = '#ffd8b1';
const SHOE = '#495057';

export const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

/**
 * One closed outline around a polyline `width` thick, with round ends and mitred bends: a whole
 * arm or leg as a single shape, so colouring it needs no stop at the elbow or knee.
 */
export function limbPath(points: Point[], width: number): string {
  const r = width / 2;
  const normals = points.slice(1).map((p, i) => {
    const dx = p[0] - points[i][0];
    const dy = p[1] - points[i][1];
    const len = Math.hypot(dx, dy) || 1;
    return [-dy / len, dx / len] as Point;
  });
  const side = (sign: 1 | -1): Point[] =>
    points.map((p, i) => {
      const a = normals[Math.max(0, i - 1)];
      const b = normals[Math.min(normals.length - 1, i)];
      let nx = a[0] + b[0];
      let ny = a[1] + b[1];
      const len = Math.hypot(nx, ny) || 1;
      nx /= len;
      ny /= len;
      // Mitre: the offset grows as the bend sharpens (capped so a folded knee stays a knee).
      const cos = Math.max(0.5, nx * b[0] + ny * b[1]);
      return [p[0] + (sign * nx * r) / cos, p[1] + (sign * ny * r) / cos];
    });
  // A half circle round the limb's end, bulging away from the limb (`away` is a point of the limb
  // behind the end): turning the wrong way would dent the end instead of rounding it.
  const cap = (centre: Point, from: Point, away: Point): Point[] => {
    const start = Math.atan2(from[1] - centre[1], from[0] - centre[0]);
    const mid = start + Math.PI / 2;
    const turn = Math.cos(mid) * (centre[0] - away[0]) + Math.sin(mid) * (centre[1] - away[1]) >= 0 ? 1 : -1;
    const steps = 8;
    return Array.from({ length: steps - 1 }, (_, k) => {
      const t = start + (turn * Math.PI * (k + 1)) / steps;
      return [centre[0] + Math.cos(t) * r, centre[1] + Math.sin(t) * r] as Point;
    });
  };
  const left = side(1);
  const right = side(-1).reverse();
  const end = points[points.length - 1];
  const outline = [...left, ...cap(end, left[left.length - 1], points[points.length - 2]), ...right, ...cap(points[0], right[right.length - 1], points[1])];
  return `M${outline.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join(' L')} Z`;
}

/** The first `share` of a polyline's length (a sleeve, a trouser leg of shorts). */
export function along(points: Point[], share: number): Point[] {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  let left = lengths.reduce((a, b) => a + b, 0) * share;
  const out: Point[] = [points[0]];
  for (let i = 0; i < lengths.length; i++) {
    if (left >= lengths[i]) {
      out.push(points[i + 1]);
      left -= lengths[i];
      continue;
    }
    const t = left / lengths[i];
    out.push([points[i][0] + (points[i + 1][0] - points[i][0]) * t, points[i][1] + (points[i + 1][1] - points[i][1]) * t]);
    break;
  }
  return out;
}

/** A quadrilateral along the spine: `top` wide at the neck end, `bottom` wide at the hip end. */
export function spineShape(neck: Point, hip: Point, top: number, bottom: number, extend = 0): Point[] {
  const dx = hip[0] - neck[0];
  const dy = hip[1] - neck[1];
  const len = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [-dy / len, dx / len];
  const end: Point = [hip[0] + (dx / len) * extend, hip[1] + (dy / len) * extend];
  return [
    [neck[0] + (nx * top) / 2, neck[1] + (ny * top) / 2],
    [end[0] + (nx * bottom) / 2, end[1] + (ny * bottom) / 2],
    [end[0] - (nx * bottom) / 2, end[1] - (ny * bottom) / 2],
    [neck[0] - (nx * top) / 2, neck[1] - (ny * top) / 2],
  ];
}

export const polygon = (points: Point[], fill: string): string => `<polygon points="${points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ')}" fill="${fill}"/>`;
export const limb = (points: Point[], width: number, fill: string): string => `<path d="${limbPath(points, width)}" fill="${fill}"/>`;

/** A bicycle under a rider whose seat is near (29,35) and hands near (51,27); wheels stand on y 70. */
function bicycle(): { under: string; over: string } {
  const rear: Point = [15, 57];
  const front: Point = [57, 57];
  const crank: Point = [33, 57];
  const seat: Point = [28, 37];
  const head: Point = [50, 33];
  const wheel = ([cx, cy]: Point): string =>
    `<circle cx="${cx}" cy="${cy}" r="13" fill="#495057"/><circle cx="${cx}" cy="${cy}" r="10" fill="#f1f3f5"/><circle cx="${cx}" cy="${cy}" r="2.2" fill="#adb5bd"/>`;
  const tube = (a: Point, b: Point): string => limb([a, b], 2.6, '#4dabf7');
  const under = [
    wheel(rear),
    wheel(front),
    tube(rear, crank),
    tube(rear, seat),
    tube(seat, crank),
    tube([30, 39], head),
    tube(crank, head),
    tube(head, front),
    `<circle cx="${crank[0]}" cy="${crank[1]}" r="3.6" fill="#adb5bd"/>`,
    `<path d="M22 35.5 Q28 32.5 34 35.5 Q28 38.5 22 35.5 Z" fill="#343a40"/>`,
  ].join('');
  const over = [limb([head, [53, 27], [49, 25.5]], 2.4, '#868e96')].join('');
  return { under, over };
}

function soccerBall(cx: number, cy: number, r: number): string {
  const pentagon = Array.from({ length: 5 }, (_, k) => {
    const t = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
    return [cx + Math.cos(t) * r * 0.38, cy + Math.sin(t) * r * 0.38] as Point;
  });
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>${polygon(pentagon, '#343a40')}`;
}

export const POSES: Record<PoseName, Skeleton> = {
  standing: {
    head: [36, 13], headR: 8.6, facing: 0, neck: [36, 24], hip: [36, 44],
    backArm: [[29.5, 27], [26, 35.5], [24.5, 43.5]], frontArm: [[42.5, 27], [46, 35.5], [47.5, 43.5]],
    backLeg: [[32.5, 45], [32, 56], [31.5, 67]], frontLeg: [[39.5, 45], [40, 56], [40.5, 67]],
  },
  waving: {
    head: [36, 13], headR: 8.6, facing: 0, neck: [36, 24], hip: [36, 44],
    backArm: [[29.5, 27], [26, 35.5], [24.5, 43.5]], frontArm: [[42.5, 27], [50, 22], [53, 13]],
    backLeg: [[32.5, 45], [32, 56], [31.5, 67]], frontLeg: [[39.5, 45], [40, 56], [40.5, 67]],
  },
  walking: {
    head: [38, 13], headR: 8.6, facing: 1, neck: [37.5, 24], hip: [36, 44],
    backArm: [[35, 27], [30.5, 35], [28.5, 42]], frontArm: [[39.5, 27], [43.5, 35], [47.5, 41]],
    backLeg: [[35, 45], [30.5, 55.5], [26.5, 66.5]], frontLeg: [[37.5, 45], [42, 55.5], [45.5, 66.5]],
  },
  running: {
    head: [41, 13], headR: 8.6, facing: 1, neck: [39.5, 24], hip: [35, 42],
    backArm: [[37, 27], [30, 32.5], [26, 26.5]], frontArm: [[41.5, 27.5], [47, 34.5], [53, 30]],
    backLeg: [[33.5, 43], [26.5, 52], [16, 54.5]], frontLeg: [[36.5, 43], [46, 51.5], [44, 66.5]],
  },
  dancing: {
    head: [36, 14], headR: 8.6, facing: 0, neck: [36, 25], hip: [36, 45],
    backArm: [[29.5, 28], [23, 21], [20, 11]], frontArm: [[42.5, 28], [49, 21], [52, 11]],
    backLeg: [[33, 46], [31.5, 57], [30.5, 67.5]], frontLeg: [[39.5, 46], [47, 53], [42.5, 60.5]],
  },
  sitting: {
    head: [31, 17], headR: 8.6, facing: 1, neck: [30, 28], hip: [28, 48],
    backArm: [[28, 31], [29.5, 40], [35, 45.5]], frontArm: [[31, 31], [33.5, 40], [39.5, 45]],
    backLeg: [[28, 48.5], [42, 47.5], [43, 66.5]], frontLeg: [[30, 49.5], [45, 49.5], [46.5, 67.5]],
  },
  biking: {
    head: [43.5, 10], headR: 7.6, facing: 1, neck: [41, 19.5], hip: [29.5, 33],
    backArm: [[39, 22], [44.5, 26], [49, 27.5]], frontArm: [[41.5, 22.5], [47, 26.5], [51.5, 27.5]],
    backLeg: [[28.5, 34], [35, 45], [29.5, 59]], frontLeg: [[30.5, 34], [40.5, 41], [37.5, 54]],
    ...bicycle(),
  },
  'bouncing ball': {
    head: [33, 13], headR: 8.6, facing: 1, neck: [33.5, 24], hip: [33, 44],
    backArm: [[30, 27], [23.5, 33], [19, 37]], frontArm: [[37, 27], [44, 30.5], [49, 28]],
    backLeg: [[31.5, 45], [31, 56], [29.5, 67]], frontLeg: [[35, 45], [43, 52.5], [50, 58]],
    over: soccerBall(60.5, 62.5, 7),
  },
};

export interface Look {
  name: string;
  shirt: string;
  /** Lower garment: a dress flaring from the chest, a gown or robe to the feet, shorts, or trousers. */
  bottom: 'dress' | 'gown' | 'shorts' | 'trousers';
  bottomColor: string;
  hair: 'long' | 'short' | 'bunches' | 'bun';
  hairColor: string;
}

const LOOKS: Look[] = [
  { name: 'girl', shirt: '#ff8fab', bottom: 'dress', bottomColor: '#ff8fab', hair: 'long', hairColor: '#a0522d' },
  { name: 'boy', shirt: '#74c0fc', bottom: 'shorts', bottomColor: '#4263eb', hair: 'short', hairColor: '#5c3d2e' },
  { name: 'child', shirt: '#ffd43b', bottom: 'trousers', bottomColor: '#69db7c', hair: 'bunches', hairColor: '#343a40' },
];

function head(s: Skeleton, look: Look): { behind: string; skin: string; cap: string; face: string } {
  const [cx, cy] = s.head;
  const r = s.headR;
  const lean = s.facing ? r * 0.22 : 0;
  const behind: string[] = [];
  if (look.hair === 'long') behind.push(`<path d="M${fmt(cx - r * 1.08)} ${fmt(cy)} Q${fmt(cx - r * 1.2)} ${fmt(cy + r * 1.7)} ${fmt(cx - r * 0.2)} ${fmt(cy + r * 1.45)} L${fmt(cx + r * 0.2)} ${fmt(cy + r * 1.45)} Q${fmt(cx + r * 1.2)} ${fmt(cy + r * 1.7)} ${fmt(cx + r * 1.08)} ${fmt(cy)} Z" fill="${look.hairColor}"/>`);
  if (look.hair === 'bun') behind.push(`<circle cx="${fmt(cx)}" cy="${fmt(cy - r * 1.05)}" r="${fmt(r * 0.45)}" fill="${look.hairColor}"/>`);
  if (look.hair === 'bunches') {
    for (const side of [-1, 1]) behind.push(`<circle cx="${fmt(cx + side * r * 1.12)}" cy="${fmt(cy - r * 0.15)}" r="${fmt(r * 0.42)}" fill="${look.hairColor}"/>`);
  }
  const skin = `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${SKIN}"/>`;
  // Hair on top: a cap over the crown with a fringe line, parted towards the facing side.
  const fringe = look.hair === 'short' ? 0.2 : 0.05;
  const cap = `<path d="M${fmt(cx - r * 1.02)} ${fmt(cy + r * 0.1)} Q${fmt(cx - r * 1.05)} ${fmt(cy - r * 1.2)} ${fmt(cx + lean)} ${fmt(cy - r * 1.08)} Q${fmt(cx + r * 1.05)} ${fmt(cy - r * 1.2)} ${fmt(cx + r * 1.02)} ${fmt(cy + r * 0.1)} Q${fmt(cx + r * 0.55)} ${fmt(cy - r * (0.55 - fringe))} ${fmt(cx + lean - r * 0.1)} ${fmt(cy - r * (0.62 - fringe))} Q${fmt(cx - r * 0.6)} ${fmt(cy - r * (0.5 - fringe))} ${fmt(cx - r * 1.02)} ${fmt(cy + r * 0.1)} Z" fill="${look.hairColor}"/>`;
  // The face: two eyes (ink dots), a smile and cheeks; turned a little towards where it looks.
  const ex = cx + lean;
  const ey = cy + r * 0.12;
  const gap = r * 0.36;
  const line: string[] = [
    `<circle cx="${fmt(ex - gap)}" cy="${fmt(ey)}" r="${fmt(r * 0.11)}" fill="#000"/>`,
    `<circle cx="${fmt(ex + gap)}" cy="${fmt(ey)}" r="${fmt(r * 0.11)}" fill="#000"/>`,
    `<path d="M${fmt(ex - r * 0.26)} ${fmt(cy + r * 0.46)} Q${fmt(ex)} ${fmt(cy + r * 0.72)} ${fmt(ex + r * 0.26)} ${fmt(cy + r * 0.46)}" fill="none" stroke="#000"/>`,
  ];
  return { behind: behind.join(''), skin, cap, face: line.join('') };
}

/** A closed shape through `points` with every corner rounded off by `radius` (shoulders, hems). */
export function rounded(points: Point[], radius: number, fill: string): string {
  const n = points.length;
  const towards = (a: Point, b: Point, d: number): Point => {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const t = Math.min(0.45, d / len);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  };
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const corner = points[i];
    const inPoint = towards(corner, points[(i + n - 1) % n], radius);
    const outPoint = towards(corner, points[(i + 1) % n], radius);
    parts.push(`${i === 0 ? 'M' : 'L'}${fmt(inPoint[0])} ${fmt(inPoint[1])} Q${fmt(corner[0])} ${fmt(corner[1])} ${fmt(outPoint[0])} ${fmt(outPoint[1])}`);
  }
  return `<path d="${parts.join(' ')} Z" fill="${fill}"/>`;
}

function body(s: Skeleton, look: Look, plain = false): string {
  // The top starts a little above the neck joint so the neck's base is covered; a plain body
  // reaches up under the chin (no neck) and is wide enough to cover the tops of the arms.
  const dx = s.hip[0] - s.neck[0];
  const dy = s.hip[1] - s.neck[1];
  const len = Math.hypot(dx, dy) || 1;
  const rise = plain ? Math.max(1.5, Math.hypot(s.head[0] - s.neck[0], s.head[1] - s.neck[1]) - s.headR + 0.8) : 1.5;
  const top: Point = [s.neck[0] - (dx / len) * rise, s.neck[1] - (dy / len) * rise];
  const shoulders = plain ? 2.5 : 0;
  if (look.bottom === 'gown') {
    // To the ankles, wide at the hem: the legs are under it and only the shoes show.
    const toAnkles = Math.max(7, 64 - s.hip[1]);
    return rounded(spineShape(top, s.hip, 12.5 + shoulders, s.facing ? 26 : 30, toAnkles), 3.2, look.bottomColor);
  }
  if (look.bottom === 'dress') {
    // From the shoulders down past the hips, flaring: it covers the tops of both legs.
    const hem = s.facing && s.hip[1] < 40 ? 17 : 21;
    return rounded(spineShape(top, s.hip, 12.5 + shoulders, hem, 7), 3.2, look.bottomColor);
  }
  // Plain: over the legs' round tops too, so no sliver of hip shows between them.
  return plain ? rounded(spineShape(top, s.hip, 16, 14, 3.5), 3, look.shirt) : rounded(spineShape(top, s.hip, 13.5, 12.5, 1), 3.6, look.shirt);
}

/**
 * What a role wears and carries over a look (subjects/role-figures.ts): each part is colour SVG in
 * the figure's 72-unit box, drawn from the pose's joints so it follows the pose.
 */
export interface Costume {
  /** Drawn behind everything: a cape, wings, a backpack, an astronaut's helmet bubble. */
  behind?: (s: Skeleton) => string;
  /** Over the body: an apron, a belt, a badge, armour. */
  onBody?: (s: Skeleton) => string;
  /** Over the hair: a crown, a helmet, a hat. */
  hat?: (s: Skeleton) => string;
  /** Carried in the hand that is not offered for held things (a sword, a wand, a broom). */
  carried?: (hand: Point, s: Skeleton) => string;
  /** Ink and strokes on the face (an eyepatch, glasses), drawn with its eyes. */
  face?: (s: Skeleton) => string;
  /** Share of the arm a sleeve covers (0.42 short, up to 1 long). */
  sleeve?: number;
  /** Share of the leg trousers cover (0.9: the ankle shows; 1: down into the shoe, one area less). */
  trousers?: number;
  /** Boots or leg wraps from the knee down, in this colour. */
  boots?: string;
  /** A mermaid's tail instead of legs. */
  tail?: string;
  /** Shrinks the figure towards its feet so a tall hat fits in the box (1 = as drawn). */
  scale?: number;
  /**
   * A toddler's drawing: each arm and each leg one area (a rounded hand, a foot turned forward),
   * no neck, and a body that covers the tops of the limbs, so no sliver of shoulder or hip is an
   * area of its own.
   */
  plain?: boolean;
}

function legs(leg: Point[], look: Look, costume?: Costume): string {
  const shoe = leg[leg.length - 1];
  if (costume?.plain) {
    // One rounded shape to the ground: a shoe drawn over the leg's end would be a second area (and a
    // foot bent off the leg's end folds its outline over itself).
    // The legs meet (no sliver of ground between them, which would be an area of its own).
    const inward = (x: number): number => x + (x < 36 ? 1 : -1) * 0.9;
    return limb(leg.map(([x, y]): Point => [inward(x), y]), 6, look.bottom === 'trousers' ? look.bottomColor : costume.boots ?? SKIN);
  }
  const parts = [limb(leg, 5.4, SKIN)];
  if (look.bottom === 'shorts') parts.push(limb(along(leg, 0.45), 6.6, look.bottomColor));
  if (look.bottom === 'trousers') parts.push(limb(along(leg, costume?.trousers ?? 0.9), 6.2, look.bottomColor));
  if (costume?.boots) parts.push(limb(along([...leg].reverse(), 0.42), 6.6, costume.boots));
  parts.push(`<ellipse cx="${fmt(shoe[0] + 1.2)}" cy="${fmt(shoe[1] + 0.8)}" rx="4" ry="2.4" fill="${costume?.boots ?? SHOE}"/>`);
  return parts.join('');
}

function arm(points: Point[], look: Look, sleeve = 0.42, plain = false): string {
  const hand = points[points.length - 1];
  // One area from shoulder to a rounded hand: a sleeve colour all along, or bare.
  if (plain) return limb(points, 5.2, sleeve > 0 ? look.shirt : SKIN);
  const cover = sleeve > 0 ? limb(along(points, sleeve), 5.6, look.shirt) : '';
  return `${limb(points, 4.6, SKIN)}${cover}<circle cx="${fmt(hand[0])}" cy="${fmt(hand[1])}" r="2.6" fill="${SKIN}"/>`;
}

/** A mermaid's tail from the hips, curving to one side, with a two-lobed fin. */
function tailShape(s: Skeleton, fill: string): string {
  const [hx, hy] = s.hip;
  const tip: Point = [hx + 8, 63];
  const body = `<path d="M${fmt(hx - 7)} ${fmt(hy - 2)} Q${fmt(hx - 8)} ${fmt(hy + 12)} ${fmt(tip[0] - 3)} ${fmt(tip[1] - 2)} L${fmt(tip[0] + 2)} ${fmt(tip[1] - 3)} Q${fmt(hx + 5)} ${fmt(hy + 10)} ${fmt(hx + 7)} ${fmt(hy - 2)} Z" fill="${fill}"/>`;
  const fin = `<path d="M${fmt(tip[0] - 1)} ${fmt(tip[1] - 3)} Q${fmt(tip[0] - 9)} ${fmt(tip[1] + 2)} ${fmt(tip[0] - 7)} ${fmt(tip[1] + 7)} Q${fmt(tip[0] - 1)} ${fmt(tip[1] + 3)} ${fmt(tip[0] + 1)} ${fmt(tip[1])} Q${fmt(tip[0] + 5)} ${fmt(tip[1] + 6)} ${fmt(tip[0] + 11)} ${fmt(tip[1] + 5)} Q${fmt(tip[0] + 9)} ${fmt(tip[1] - 2)} ${fmt(tip[0] + 2)} ${fmt(tip[1] - 4)} Z" fill="${fill}"/>`;
  return body + fin;
}

/** The hand offered for held things first (the facing side), then the other. */
function handsOf(s: Skeleton): Point[] {
  const hand = (arm: Point[]): Point => arm[arm.length - 1];
  return s.facing ? [hand(s.frontArm), hand(s.backArm)] : [hand(s.backArm), hand(s.frontArm)];
}

function figureSvg(s: Skeleton, look: Look, costume?: Costume): string {
  const hair = head(s, look);
  const plain = costume?.plain ?? false;
  const neck = plain ? '' : limb([s.neck, [s.neck[0] + (s.head[0] - s.neck[0]) * 0.5, s.neck[1] - 3]], 4.4, SKIN);
  // Seen from the front both arms hang beside the body, their shoulders under it; in profile
  // the near arm crosses the body and is drawn over it.
  const frontArm = arm(s.frontArm, look, costume?.sleeve, plain);
  const carried = costume?.carried ? costume.carried(handsOf(s)[1], s) : '';
  const lower = costume?.tail ? [tailShape(s, costume.tail)] : [legs(s.backLeg, look, costume), legs(s.frontLeg, look, costume)];
  const bodyParts = [
    costume?.behind?.(s) ?? '',
    s.under ?? '',
    arm(s.backArm, look, costume?.sleeve, plain),
    s.facing ? '' : frontArm,
    hair.behind,
    ...lower,
    neck,
    body(s, look, plain),
    costume?.onBody?.(s) ?? '',
    s.over ?? '',
    s.facing ? frontArm : '',
    carried,
    // Under a hat a toddler's figure shows no hair on top: the hat's brim would cut it into
    // strips, each a small area of its own.
    hair.skin,
    plain && costume?.hat ? '' : hair.cap,
    costume?.hat?.(s) ?? '',
  ];
  const k = costume?.scale ?? 1;
  const fit = k === 1 ? '' : ` transform="translate(36 70) scale(${k}) translate(-36 -70)"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><g${fit}><g id="color">${bodyParts.join('')}</g><g id="line">${hair.face}${costume?.face?.(s) ?? ''}</g></g></svg>`;
}

/** Where held things go: the hands (the facing side first; the other one when it carries nothing), and the mouth. */
function anchorsOf(s: Skeleton, costume?: Costume): SubjectAnchors {
  const k = costume?.scale ?? 1;
  const fit = ([x, y]: Point): [number, number] => [36 + (x - 36) * k, 70 + (y - 70) * k];
  const hands = handsOf(s).slice(0, costume?.carried ? 1 : 2).map(fit);
  return { pose: 'figure', facing: s.facing, mouth: fit([s.head[0] + (s.facing ? s.headR * 0.22 : 0), s.head[1] + s.headR * 0.6]), hands };
}

/** A look in a pose, dressed for a role: the colour SVG and where its hands and mouth are. */
/**
 * A plain (toddler) body is wider: its arms swing a little further out, so no narrow gap (which
 * the page's cleanup would ink over) is left between a hand and the body.
 */
function armsOut(s: Skeleton): Skeleton {
  const out = (points: Point[]): Point[] => points.map(([x, y], i): Point => [x + Math.sign(x - s.hip[0]) * i * 1.6, y]);
  return { ...s, backArm: out(s.backArm), frontArm: out(s.frontArm) };
}

export function dressedFigure(pose: PoseName | Skeleton, look: Look, costume: Costume): { svg: string; anchors: SubjectAnchors } {
  const posed = typeof pose === 'string' ? POSES[pose] : pose;
  const skeleton = costume.plain ? armsOut(posed) : posed;
  const anchors = anchorsOf(skeleton, costume);
  // A figure whose hands hold what it rides (a bicycle, a ball, a broom) has none free.
  const busy = pose === 'biking' || pose === 'bouncing ball' || (typeof pose !== 'string' && pose.under !== undefined);
  return { svg: figureSvg(skeleton, look, costume), anchors: busy ? { ...anchors, hands: [] } : anchors };
}

/** Ids of the role figures (role-figures.ts): a princess, a knight, a firefighter, drawn whole. */
export const ROLE_ID_PREFIX = 'X-ROLE-';

/** True for a role figure: it stands as the role asked for, in its costume. */
export function isRoleFigure(id: string): boolean {
  return id.startsWith(ROLE_ID_PREFIX);
}

/** True for the id of one of our drawn figures, here or in role-figures.ts (they have faces and hands). */
export function isDrawnFigure(id: string): boolean {
  return id.startsWith('X-FIG-') || isRoleFigure(id);
}

/** A drawn prop with its anchors known rather than guessed from its silhouette. */
export interface DrawnFigure extends DrawnProp {
  anchors: SubjectAnchors;
}

export const POSE_KEYWORDS: Record<PoseName, string[]> = {
  standing: ['standing'],
  waving: ['waving', 'hello'],
  walking: ['walking', 'walk'],
  running: ['running', 'run', 'jogging'],
  dancing: ['dancing', 'dance'],
  sitting: ['sitting', 'sit'],
  biking: ['biking', 'bicycle', 'bike', 'cycling', 'riding'],
  'bouncing ball': ['ball', 'soccer', 'football', 'playing ball'],
};

/** The library name of a drawn figure's toddler drawing. */
export const toddlerName = (name: string): string => `${name} (toddler)`;

/** The library name of a drawing's detailed version for teen and adult pages (drawn-animals.ts). */
export const detailedName = (name: string): string => `${name} (detailed)`;

/**
 * True for the toddler drawing (`-T`) or the detailed drawing (`-D`, teen and adult) of one of our
 * drawings (a figure, an animal of drawn-animals.ts, a prop): drawn in place of the drawing of the
 * same name on those pages, never named by a prompt.
 */
export const isVariantDrawing = (id: string): boolean => id.startsWith('X-') && (id.endsWith('-T') || id.endsWith('-D'));

/**
 * What a teen or adult page draws inside a figure's clothes instead of zentangle bands across its
 * whole body (blind graders called the banded children "mummies", issue 34): a dress with a collar,
 * a sash and rows of polka dots; a shirt with a collar and two stripes; a few strands in the hair.
 * Each mark is a closed shape inside the garment, or a stroke inside the hair. `over` is a role's
 * costume, worn over it (role-figures.ts).
 */
export function detailCostume(look: Look, over: Costume = {}): Costume {
  const spine = (s: Skeleton): { top: Point; dir: Point; normal: Point; len: number } => {
    const dx = s.hip[0] - s.neck[0];
    const dy = s.hip[1] - s.neck[1];
    const len = Math.hypot(dx, dy) || 1;
    const dir: Point = [dx / len, dy / len];
    return { top: [s.neck[0] - dir[0] * 1.5, s.neck[1] - dir[1] * 1.5], dir, normal: [-dir[1], dir[0]], len: len + 1.5 };
  };
  const at = (p: Point, dir: Point, d: number): Point => [p[0] + dir[0] * d, p[1] + dir[1] * d];
  const onBody = (s: Skeleton): string => {
    const { top, dir, normal, len } = spine(s);
    const out: string[] = [];
    // The collar: a white band under the chin, narrower than the shoulders.
    out.push(polygon(spineShape(at(top, dir, 0.2), at(top, dir, 2.6), 8.5, 7), '#fff'));
    if (look.bottom === 'dress' || look.bottom === 'gown') {
      // The dress flares from 12.5 at the shoulders to its hem; its width at a distance d down.
      const hemWidth = look.bottom === 'gown' ? (s.facing ? 26 : 30) : s.facing && s.hip[1] < 40 ? 17 : 21;
      const extend = look.bottom === 'gown' ? Math.max(7, 64 - s.hip[1]) : 7;
      const total = len + extend;
      const width = (d: number): number => 12.5 + ((hemWidth - 12.5) * d) / total;
      // A sash at the waist, then dots in rows below it (alternating two and three).
      const waist = len * 0.62;
      out.push(polygon(spineShape(at(top, dir, waist), at(top, dir, waist + 2.4), width(waist) - 1.2, width(waist + 2.4) - 1.2), '#fff'));
      for (const [row, d] of [waist + 5.5, waist + 10.5, waist + 15.5].entries()) {
        if (d > total - 2.5) break;
        const w = width(d);
        const offsets = row % 2 ? [-w / 4, w / 4] : [-w / 3, 0, w / 3];
        for (const o of offsets) {
          const c = at(at(top, dir, d), normal, o);
          out.push(`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="1.25" fill="#fff"/>`);
        }
      }
      // Two dots on the bodice above the sash.
      for (const o of [-2.6, 2.6]) {
        const c = at(at(top, dir, waist * 0.55), normal, o);
        out.push(`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="1.1" fill="#fff"/>`);
      }
    } else {
      // Two stripes across the shirt, inside its edges (13.5 wide at the top, 12.5 at the hip).
      const width = (d: number): number => 13.5 - d / len;
      for (const d of [len * 0.38, len * 0.64]) out.push(polygon(spineShape(at(top, dir, d), at(top, dir, d + 2.6), width(d) - 1.6, width(d + 2.6) - 1.6), '#fff'));
    }
    return out.join('');
  };
  // Strands in the hair: three short curves from the crown towards the fringe.
  const face = (s: Skeleton): string => {
    const [cx, cy] = s.head;
    const r = s.headR;
    const strands = [-0.5, 0, 0.5].map((k) => `M${fmt(cx + k * r * 0.9)} ${fmt(cy - r * 0.95)} Q${fmt(cx + k * r * 0.5 + r * 0.15)} ${fmt(cy - r * 0.8)} ${fmt(cx + k * r * 0.75 + r * 0.1)} ${fmt(cy - r * 0.62)}`);
    return `<path d="${strands.join(' ')}" fill="none" stroke="#000"/>`;
  };
  // A role's own costume goes over the pattern (an apron over the stripes); under a hat no strands.
  return {
    ...over,
    onBody: (sk) => onBody(sk) + (over.onBody?.(sk) ?? ''),
    face: (sk) => (over.hat ? '' : face(sk)) + (over.face?.(sk) ?? ''),
  };
}

/**
 * Every look in every pose, named like the library's figures ("girl running", "child biking"),
 * each again plain for toddler pages (a boy was 14 areas alone: no room for his puppy).
 * Held things use the hands (the riding and ball poses have their hands busy: no held things).
 */
export const DRAWN_FIGURES: DrawnFigure[] = LOOKS.flatMap((look) =>
  (Object.keys(POSES) as PoseName[]).flatMap((pose, i): DrawnFigure[] => {
    const id = `X-FIG-${look.name.toUpperCase()}-${String(i + 1).padStart(2, '0')}`;
    const name = `${look.name} ${pose}`;
    return [
      { id, name, keywords: [look.name, ...POSE_KEYWORDS[pose]], kind: 'person', ...dressedFigure(pose, look, {}) },
      { id: `${id}-T`, name: toddlerName(name), keywords: [], kind: 'person', ...dressedFigure(pose, look, { plain: true, trousers: 1 }) },
      { id: `${id}-D`, name: detailedName(name), keywords: [], kind: 'person', ...dressedFigure(pose, look, detailCostume(look)) },
    ];
  }),
);
