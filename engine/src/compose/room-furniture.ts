/**
 * What says which room a page is in (issue 34: "a chef in a kitchen" and "a teacher in a
 * classroom" stood in the same living room, a window and a rug). The room is read from the
 * prompt's words, a role's own room included (a cook works in a kitchen); its furniture stands
 * against the back wall and on the floor, drawn before the subjects, so a chef stands in front of
 * the counter and a teacher in front of the blackboard. Like all scenery, every piece is a closed
 * white-filled outline; `level` (1 toddler … 4 adult) decides how many pieces and how much inside them.
 */
import { windowWithCurtains } from './scenery-shapes';
import type { Random } from './seeded-random';
import { circle, ellipse, n, paint, polygon, rect } from './svg-shapes';
import type { Box } from './svg-shapes';

export type RoomKind = 'kitchen' | 'classroom' | 'bedroom' | 'living';

const KITCHEN = /^(kitchen|kitchens|chef|chefs|cook|cooks|cooking|baker|bakers|baking|bake|bakes)$/;
const CLASSROOM = /^(classroom|classrooms|teacher|teachers|school|lesson|blackboard|chalkboard|pupil|pupils|student|students)$/;
// Not "bed" or "sleeping": "a cat sleeping on a bed" draws its own bed, and a second one by the wall is wrong.
const BEDROOM = /^(bedroom|bedrooms|nursery|bedtime)$/;

/** The room the prompt's words put a page in; a living room when they name none. */
export function roomKind(words: readonly string[]): RoomKind {
  const has = (pattern: RegExp): boolean => words.some((w) => pattern.test(w));
  // The room named wins over a role's own room: "a teacher in the kitchen" is in a kitchen.
  if (words.includes('kitchen')) return 'kitchen';
  if (words.includes('classroom')) return 'classroom';
  if (has(BEDROOM)) return 'bedroom';
  if (has(KITCHEN)) return 'kitchen';
  if (has(CLASSROOM)) return 'classroom';
  return 'living';
}

/** Where the room is drawn: the inside of the frame, the line where the wall meets the floor. */
export interface Room {
  inner: Box;
  floorTop: number;
  /** Where the subjects stand (their feet). */
  groundY: number;
  level: number;
  random: Random;
  colored: boolean;
  /** The subjects' boxes: a bed or a desk goes on the side with more room. */
  keepClear: Box[];
}

const fillPath = (d: string, fill: string): string => `<path d="${d}" fill="${fill}"/>`;
const line = (d: string): string => `<path d="${d}" fill="none"/>`;

/** The side of the page the subjects leave freer: -1 left, 1 right. */
function freerSide(room: Room): -1 | 1 {
  const { inner, keepClear } = room;
  const mid = inner.x + inner.width / 2;
  if (keepClear.length === 0) return room.random.next() < 0.5 ? -1 : 1;
  const left = Math.min(...keepClear.map((b) => b.x)) - inner.x;
  const right = inner.x + inner.width - Math.max(...keepClear.map((b) => b.x + b.width));
  if (Math.abs(left - right) < inner.width * 0.04) return keepClear[0].x + keepClear[0].width / 2 > mid ? -1 : 1;
  return left > right ? -1 : 1;
}

/** A cupboard door: its panel and a knob, beside the hinge on the other side. */
function door(x: number, y: number, w: number, h: number, knobLeft: boolean, room: Room, wood: string): string {
  const inset = Math.min(w, h) * 0.1;
  const out = [rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, wood, inset * 0.6)];
  if (room.level >= 2) out.push(circle(knobLeft ? x + inset * 2.2 : x + w - inset * 2.2, y + h * 0.5, Math.min(w, h) * 0.045, paint(room.colored, '#adb5bd')));
  return out.join('');
}

/** An oven under the worktop: its door with a window and a handle bar, and a row of knobs. */
function oven(x: number, y: number, w: number, h: number, room: Room): string {
  const { colored, level } = room;
  const out = [rect(x, y, w, h, paint(colored, '#f1f3f5'))];
  const panel = h * 0.2;
  out.push(line(`M${n(x)} ${n(y + panel)}H${n(x + w)}`));
  const knobs = level >= 2 ? 4 : 0;
  for (let i = 0; i < knobs; i++) out.push(circle(x + (w * (i + 0.5)) / knobs, y + panel / 2, panel * 0.26, paint(colored, '#ced4da')));
  const dx = w * 0.1;
  const dy = y + panel + h * 0.1;
  out.push(rect(x + dx, dy - h * 0.04, w - 2 * dx, h * 0.05, paint(colored, '#adb5bd'), h * 0.02));
  out.push(rect(x + dx * 1.4, dy + h * 0.06, w - 2.8 * dx, h * 0.42, paint(colored, '#ffd8a8'), h * 0.04));
  return out.join('');
}

/** A cooking pot with a lid and two handles, its base on `baseY`. */
function pot(cx: number, baseY: number, w: number, colored: boolean): string {
  const h = w * 0.62;
  const metal = paint(colored, '#ced4da');
  return [
    rect(cx - w * 0.62, baseY - h * 0.78, w * 0.2, h * 0.14, metal, h * 0.05),
    rect(cx + w * 0.42, baseY - h * 0.78, w * 0.2, h * 0.14, metal, h * 0.05),
    rect(cx - w / 2, baseY - h * 0.9, w, h * 0.9, metal, w * 0.06),
    fillPath(`M${n(cx - w * 0.56)} ${n(baseY - h * 0.9)}Q${n(cx)} ${n(baseY - h * 1.3)} ${n(cx + w * 0.56)} ${n(baseY - h * 0.9)}Z`, metal),
    circle(cx, baseY - h * 1.12, w * 0.07, metal),
  ].join('');
}

/** Kitchen tools hanging from a rail: a ladle, a spoon, a spatula. */
function utensils(x: number, y: number, w: number, h: number, colored: boolean): string {
  const steel = paint(colored, '#dee2e6');
  const out = [rect(x, y, w, h * 0.06, paint(colored, '#adb5bd'), h * 0.03)];
  const stick = w * 0.035;
  const tools = 3;
  for (let i = 0; i < tools; i++) {
    const cx = x + (w * (i + 0.5)) / tools;
    const top = y + h * 0.03;
    const len = h * (0.55 + 0.1 * (i % 2));
    out.push(rect(cx - stick / 2, top, stick, len, steel, stick / 2));
    if (i === 0) out.push(fillPath(`M${n(cx - w * 0.1)} ${n(top + len)}A${n(w * 0.1)} ${n(w * 0.1)} 0 0 0 ${n(cx + w * 0.1)} ${n(top + len)}Z`, steel));
    else if (i === 1) out.push(ellipse(cx, top + len + h * 0.1, w * 0.06, h * 0.13, steel));
    else out.push(rect(cx - w * 0.08, top + len, w * 0.16, h * 0.26, steel, w * 0.02));
  }
  return out.join('');
}

/** Worktop, base cupboards with an oven and a pot, wall cupboards, a window, tiles on the floor. */
function kitchen(room: Room): string {
  const { inner, floorTop, level, random, colored } = room;
  const W = inner.width;
  const H = inner.height;
  const out: string[] = [];
  const bottom = inner.y + H + 10;
  // A tiled floor: a grid of lines on the floor band (replaces the boards).
  out.push(rect(inner.x - 10, floorTop, W + 20, bottom - floorTop, paint(colored, '#e9ecef')));
  if (level >= 2) {
    const rows = level >= 3 ? 3 : 2;
    const cols = level >= 3 ? 6 : 4;
    const lines: string[] = [];
    for (let i = 1; i < rows; i++) lines.push(`M${n(inner.x - 10)} ${n(floorTop + ((bottom - floorTop) * i) / rows)}H${n(inner.x + W + 10)}`);
    for (let i = 1; i < cols; i++) lines.push(`M${n(inner.x + (W * i) / cols)} ${n(floorTop)}V${n(bottom)}`);
    out.push(line(lines.join('')));
  }
  const ch = H * 0.18;
  const top = floorTop - ch;
  const wood = paint(colored, '#ffe8cc');
  // A toddler's kitchen (level 0) is an oven and one big cupboard under the worktop.
  const units = level === 0 ? 2 : level === 1 ? 3 : 4;
  const uw = (W + 20) / units;
  const ovenAt = random.int(0, units - 1);
  for (let i = 0; i < units; i++) {
    const x = inner.x - 10 + i * uw;
    if (i === ovenAt) {
      out.push(oven(x, top, uw, ch, room));
      continue;
    }
    out.push(rect(x, top, uw, ch, wood));
    const doors = level >= 2 ? 2 : 1;
    for (let d = 0; d < doors; d++) out.push(door(x + (uw * d) / doors, top, uw / doors, ch, d === 1, room, wood));
  }
  // The worktop over them, a little wider.
  out.push(rect(inner.x - 10, top - H * 0.028, W + 20, H * 0.028, paint(colored, '#dee2e6')));
  if (level >= 2) out.push(pot(inner.x - 10 + uw * (ovenAt + 0.5), top - H * 0.028, uw * 0.5, colored));
  // A window on one side of the wall, wall cupboards (and the tools under them) on the other.
  const windowLeft = random.next() < 0.5;
  const ww = W * 0.3;
  const wx = windowLeft ? inner.x + W * 0.08 : inner.x + W * 0.62;
  const wy = inner.y + H * 0.08;
  const wh = H * 0.2;
  if (level >= 1) {
    out.push(rect(wx, wy, ww, wh, paint(colored, '#d0ebff')));
    out.push(line(`M${n(wx + ww / 2)} ${n(wy)}V${n(wy + wh)}`));
    out.push(rect(wx - ww * 0.08, wy + wh, ww * 1.16, H * 0.018, wood));
  }
  if (level >= 2) {
    const cx0 = windowLeft ? inner.x + W * 0.5 : inner.x - 10;
    const cw = windowLeft ? W * 0.5 + 10 : W * 0.5;
    const cy = inner.y - 10;
    const cH = H * 0.24 + 10;
    out.push(rect(cx0, cy, cw, cH, wood));
    const doors = level >= 3 ? 3 : 2;
    for (let d = 0; d < doors; d++) out.push(door(cx0 + (cw * d) / doors, cy, cw / doors, cH, d % 2 === 1, room, wood));
    if (level >= 3) out.push(utensils(cx0 + cw * 0.2, cy + cH + H * 0.01, cw * 0.6, (top - H * 0.03) - (cy + cH) - H * 0.02, colored));
  }
  return out.join('');
}

/** Chalk writing as strokes: letters and sums a child knows. */
const CHALK: Record<string, [number, number][][]> = {
  A: [[[0, 1], [0.5, 0], [1, 1]], [[0.22, 0.58], [0.78, 0.58]]],
  B: [[[0, 0], [0, 1], [0.7, 1], [0.9, 0.8], [0.7, 0.55], [0, 0.5]], [[0, 0], [0.65, 0], [0.82, 0.22], [0.65, 0.47]]],
  C: [[[0.95, 0.12], [0.6, 0], [0.2, 0.1], [0, 0.5], [0.2, 0.9], [0.6, 1], [0.95, 0.88]]],
  '1': [[[0.2, 0.25], [0.55, 0], [0.55, 1]]],
  '2': [[[0.05, 0.2], [0.4, 0], [0.85, 0.15], [0.8, 0.45], [0.05, 1], [0.95, 1]]],
  '3': [[[0.05, 0.1], [0.5, 0], [0.85, 0.2], [0.5, 0.48], [0.9, 0.72], [0.5, 1], [0.05, 0.9]]],
  '+': [[[0.5, 0.2], [0.5, 0.8]], [[0.2, 0.5], [0.8, 0.5]]],
  '=': [[[0.15, 0.35], [0.85, 0.35]], [[0.15, 0.65], [0.85, 0.65]]],
};

function chalk(text: string, x: number, y: number, size: number): string {
  const d: string[] = [];
  text.split('').forEach((ch, i) => {
    const x0 = x + i * size * 0.85;
    for (const stroke of CHALK[ch] ?? []) d.push(stroke.map(([px, py], k) => `${k === 0 ? 'M' : 'L'}${n(x0 + px * size * 0.6)} ${n(y + py * size)}`).join(''));
  });
  return line(d.join(''));
}

/** A wall clock: face, hour marks at the young levels' size, two hands. */
function clock(cx: number, cy: number, r: number, colored: boolean): string {
  const marks: string[] = [];
  for (let i = 0; i < 12; i += 3) {
    const a = (i / 12) * Math.PI * 2;
    marks.push(`M${n(cx + Math.sin(a) * r * 0.72)} ${n(cy - Math.cos(a) * r * 0.72)}L${n(cx + Math.sin(a) * r * 0.86)} ${n(cy - Math.cos(a) * r * 0.86)}`);
  }
  return [
    circle(cx, cy, r, paint(colored, '#ffc9c9')),
    circle(cx, cy, r * 0.84, paint(colored, '#fff')),
    line(`${marks.join('')}M${n(cx)} ${n(cy)}L${n(cx)} ${n(cy - r * 0.6)}M${n(cx)} ${n(cy)}L${n(cx + r * 0.42)} ${n(cy + r * 0.1)}`),
  ].join('');
}

/** A desk: its top, two legs and a drawer; on the teacher's, a stack of books and an apple. */
function desk(x: number, baseY: number, w: number, h: number, room: Room, things: boolean): string {
  const { colored } = room;
  const wood = paint(colored, '#e8c39e');
  const out = [
    rect(x + w * 0.06, baseY - h, w * 0.1, h, wood),
    rect(x + w * 0.84, baseY - h, w * 0.1, h, wood),
    rect(x + w * 0.2, baseY - h * 0.96, w * 0.6, h * 0.3, wood),
    rect(x, baseY - h * 1.08, w, h * 0.14, wood),
  ];
  if (room.level >= 3) out.push(rect(x + w * 0.44, baseY - h * 0.85, w * 0.12, h * 0.06, paint(colored, '#adb5bd'), h * 0.03));
  if (things) {
    const top = baseY - h * 1.08;
    const bw = w * 0.32;
    const bh = h * 0.12;
    const colours = ['#74c0fc', '#ffa8a8', '#8ce99a'];
    for (let i = 0; i < (room.level >= 3 ? 3 : 2); i++) out.push(rect(x + w * 0.1 + (i % 2) * w * 0.03, top - bh * (i + 1), bw - (i % 2) * w * 0.05, bh, paint(colored, colours[i])));
    const ar = w * 0.08;
    out.push(circle(x + w * 0.72, top - ar * 0.95, ar, paint(colored, '#ff6b6b')));
    out.push(line(`M${n(x + w * 0.72)} ${n(top - ar * 1.9)}l${n(ar * 0.15)} ${n(-ar * 0.45)}`));
    out.push(ellipse(x + w * 0.72 + ar * 0.45, top - ar * 2.1, ar * 0.35, ar * 0.18, paint(colored, '#8ce99a')));
  }
  return out.join('');
}

/** A blackboard with ABC and a sum, a clock, a banner of flags, and the teacher's desk. */
function classroom(room: Room): string {
  const { inner, floorTop, groundY, level, colored } = room;
  const W = inner.width;
  const H = inner.height;
  const out: string[] = [];
  const side = freerSide(room);
  // The board spans most of the wall, off to the clock's other side.
  const bw = W * 0.7;
  const bx = side > 0 ? inner.x + W * 0.06 : inner.x + W * 0.24;
  const by = inner.y + H * 0.12;
  const bh = H * 0.28;
  const frame = H * 0.018;
  out.push(rect(bx - frame, by - frame, bw + 2 * frame, bh + 2 * frame, paint(colored, '#e8c39e')));
  out.push(rect(bx, by, bw, bh, paint(colored, '#8ce99a')));
  out.push(rect(bx - frame * 1.5, by + bh + frame, bw + 3 * frame, frame * 1.2, paint(colored, '#e8c39e')));
  const size = bh * 0.26;
  out.push(chalk('ABC', bx + bw * 0.07, by + bh * 0.14, size));
  if (level >= 2) out.push(chalk('1+2=3', bx + bw * 0.52, by + bh * 0.14, size * 0.8));
  const clockX = side > 0 ? inner.x + W * 0.88 : inner.x + W * 0.12;
  if (level >= 2) out.push(clock(clockX, by + bh * 0.3, W * 0.07, colored));
  if (level >= 3) {
    // A string of flags along the top of the wall.
    const flags = 7;
    const fy = inner.y + H * 0.025;
    out.push(line(`M${n(inner.x - 10)} ${n(fy)}Q${n(inner.x + W / 2)} ${n(fy + H * 0.03)} ${n(inner.x + W + 10)} ${n(fy)}`));
    const colours = ['#ffa8a8', '#ffe066', '#74c0fc', '#8ce99a'];
    for (let i = 0; i < flags; i++) {
      const t = (i + 0.5) / flags;
      const fx = inner.x + W * t;
      const sag = fy + H * 0.03 * 2 * t * (1 - t) * 2;
      const fw = W * 0.045;
      out.push(polygon([[fx - fw, sag], [fx + fw, sag], [fx, sag + fw * 1.5]], paint(colored, colours[i % colours.length])));
    }
  }
  // The teacher's desk on the freer side, standing between the wall and the subjects' feet.
  if (level >= 2) {
    const dw = W * 0.36;
    const dx = side > 0 ? inner.x + W * 0.68 : inner.x - W * 0.04;
    out.push(desk(dx, floorTop + (groundY - floorTop) * 0.45, dw, H * 0.15, room, true));
  }
  return out.join('');
}

/** A bed seen from its side: headboard, mattress, a pillow, the blanket folded back, the footboard in front. */
function bed(x: number, baseY: number, w: number, h: number, headLeft: boolean, room: Room): string {
  const { colored, level } = room;
  const wood = paint(colored, '#e8c39e');
  // Distances from the head end, turned into page x whichever way the bed faces.
  const at = (t: number): number => (headLeft ? x + w * t : x + w * (1 - t));
  const span = (t0: number, t1: number): [number, number] => [Math.min(at(t0), at(t1)), Math.abs(at(t1) - at(t0))];
  const [hx, hw] = span(0, 0.08);
  const [fx, fw] = span(0.93, 1);
  const [mx, mw] = span(0.04, 0.96);
  const [bx, bw] = span(0.34, 0.97);
  const out = [
    rect(hx, baseY - h, hw, h, wood, w * 0.03),
    rect(mx, baseY - h * 0.42, mw, h * 0.2, wood),
    rect(mx, baseY - h * 0.64, mw, h * 0.22, paint(colored, '#fff')),
    ellipse(at(0.2), baseY - h * 0.7, w * 0.12, h * 0.11, paint(colored, '#fff')),
    // The blanket over the mattress, hanging down its side, its top turned back.
    rect(bx, baseY - h * 0.7, bw, h * 0.52, paint(colored, '#a5d8ff'), h * 0.05),
    rect(bx, baseY - h * 0.7, bw, h * 0.14, paint(colored, '#d0ebff'), h * 0.05),
  ];
  if (level >= 3) for (let i = 0; i < 4; i++) out.push(circle(at(0.5 + i * 0.12), baseY - h * 0.38, h * 0.05, paint(colored, '#ffe066')));
  out.push(rect(fx, baseY - h * 0.72, fw, h * 0.72, wood, w * 0.02));
  return out.join('');
}

/** A bedside table with a lamp. */
function bedsideLamp(x: number, baseY: number, w: number, room: Room): string {
  const { colored } = room;
  const h = w * 0.9;
  return [
    rect(x, baseY - h, w, h, paint(colored, '#e8c39e')),
    rect(x + w * 0.12, baseY - h * 0.8, w * 0.76, h * 0.3, paint(colored, '#e8c39e')),
    circle(x + w / 2, baseY - h * 0.65, w * 0.05, paint(colored, '#adb5bd')),
    rect(x + w * 0.45, baseY - h - w * 0.5, w * 0.1, w * 0.5, paint(colored, '#adb5bd')),
    polygon([[x + w * 0.2, baseY - h - w * 0.45], [x + w * 0.32, baseY - h - w * 0.95], [x + w * 0.68, baseY - h - w * 0.95], [x + w * 0.8, baseY - h - w * 0.45]], paint(colored, '#ffe066')),
  ].join('');
}

/** A bed on the freer side, a bedside lamp, a window, and stars on the wall at the richer levels. */
function bedroom(room: Room): string {
  const { inner, floorTop, groundY, level, random, colored } = room;
  const W = inner.width;
  const H = inner.height;
  const out: string[] = [];
  const side = freerSide(room);
  const ww = W * 0.3;
  if (level >= 1) out.push(windowWithCurtains(side > 0 ? inner.x + W * 0.1 : inner.x + W * 0.6, inner.y + H * 0.1, ww, H * 0.22, colored));
  if (level >= 3) {
    for (let i = 0; i < 5; i++) {
      const sx = inner.x + W * random.range(0.05, 0.95);
      const sy = inner.y + H * random.range(0.04, 0.4);
      const r = W * 0.025;
      const points: [number, number][] = [];
      for (let k = 0; k < 10; k++) {
        const a = (k * Math.PI) / 5 - Math.PI / 2;
        const rr = k % 2 ? r * 0.45 : r;
        points.push([sx + Math.cos(a) * rr, sy + Math.sin(a) * rr]);
      }
      out.push(polygon(points, paint(colored, '#ffe066')));
    }
  }
  // The bed on the freer side, its head by the frame; the bedside lamp under the window.
  const bw = W * 0.5;
  const bh = H * 0.3;
  const baseY = floorTop + (groundY - floorTop) * 0.6;
  const bx = side > 0 ? inner.x + W * 0.47 : inner.x + W * 0.03;
  if (level >= 2) out.push(bedsideLamp(side > 0 ? inner.x + W * 0.03 : inner.x + W * 0.81, floorTop + (groundY - floorTop) * 0.3, W * 0.16, room));
  out.push(bed(bx, baseY, bw, bh, side < 0, room));
  return out.join('');
}

/** The furniture of a room that is not a living room, drawn over its wall and floor. */
export function roomFurniture(kind: Exclude<RoomKind, 'living'>, room: Room): string {
  if (kind === 'kitchen') return kitchen(room);
  if (kind === 'classroom') return classroom(room);
  return bedroom(room);
}
