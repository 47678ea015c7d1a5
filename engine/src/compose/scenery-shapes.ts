/**
 * The pieces scenes are built from: closed, white-filled outlines (hills, trees, clouds, coral,
 * houses…) that a child can colour. Each is drawn whole and painted over by whatever stands in
 * front of it, so overlapping pieces leave clean closed areas, never open ends.
 */
import type { Random } from './seeded-random';
import { circle, ellipse, n, paint, polygon, rect, smoothClosedPath } from './svg-shapes';
import type { Box, Point } from './svg-shapes';

const fillPath = (d: string, fill: string): string => `<path d="${d}" fill="${fill}"/>`;
const line = (d: string): string => `<path d="${d}" fill="none"/>`;
const pt = ([x, y]: Point): string => `${n(x)} ${n(y)}`;

/** Cubic segments through points (Catmull-Rom), starting at the first point (not included). */
function smoothThrough(points: Point[]): string {
  let d = '';
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    d += `C${pt([p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6])} ${pt([p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6])} ${pt(p2)}`;
  }
  return d;
}

/**
 * A band from `bottom` up to a skyline: rolling (smooth) or jagged (mountain peaks). The band is
 * wider than the picture on both sides; the frame drawn on top cuts it cleanly.
 */
export function ridge(x0: number, x1: number, y: number, bottom: number, amplitude: number, bumps: number, random: Random, fill: string, jagged = false): string {
  const points: Point[] = [];
  const steps = jagged ? bumps * 2 : bumps * 2 + 2;
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps + (i > 0 && i < steps ? random.range(-0.2, 0.2) * ((x1 - x0) / steps) : 0);
    const high = jagged ? i % 2 === 1 : true;
    const dy = jagged ? (high ? -amplitude * random.range(0.6, 1) : amplitude * random.range(0, 0.3)) : -amplitude * random.range(0, 1);
    points.push([x, y + dy]);
  }
  const top = jagged ? `L${points.map(pt).join('L')}` : `L${pt(points[0])}${smoothThrough(points)}`;
  return fillPath(`M${n(x0)} ${n(bottom)}${top}L${n(x1)} ${n(bottom)}Z`, fill);
}

/**
 * A band right across the sky, wider than the picture on both sides: a bank of cloud (scalloped
 * on top, gently wavy below) or, `smooth`, the Milky Way. It splits one big empty sky into calmer
 * areas a child can colour.
 */
export function skyBand(x0: number, x1: number, y: number, thickness: number, waves: number, random: Random, fill: string, smooth = false): string {
  const steps = waves * 2 + 2;
  const bottom: Point[] = [];
  for (let i = steps; i >= 0; i--) bottom.push([x0 + ((x1 - x0) * i) / steps, y + thickness * random.range(0.85, 1.1)]);
  let top: string;
  if (smooth) {
    const points: Point[] = [];
    for (let i = 0; i <= steps; i++) points.push([x0 + ((x1 - x0) * i) / steps, y + thickness * random.range(-0.35, 0.35)]);
    top = `M${pt(points[0])}${smoothThrough(points)}`;
  } else {
    // Puffs of varied size along the top, each an arc bulging upwards.
    const puffs = waves * 3;
    let x = x0;
    const baseY = (): number => y + thickness * random.range(0.15, 0.4);
    let previous: Point = [x0, baseY()];
    top = `M${pt(previous)}`;
    for (let i = 0; i < puffs; i++) {
      x = i === puffs - 1 ? x1 : x + ((x1 - x0) / puffs) * random.range(0.8, 1.2);
      const next: Point = [Math.min(x, x1), baseY()];
      const radius = Math.max(Math.hypot(next[0] - previous[0], next[1] - previous[1]) * 0.55, 1);
      top += `A${n(radius)} ${n(radius)} 0 0 1 ${pt(next)}`;
      previous = next;
    }
  }
  return fillPath(`${top}L${pt(bottom[0])}${smoothThrough(bottom)}Z`, fill);
}

/** A mountain range: peaks, each with a zig-zag snow cap when `caps` is set. */
export function mountains(x0: number, x1: number, baseY: number, bottom: number, height: number, peaks: number, random: Random, colored: boolean, caps: boolean): string {
  const out: string[] = [];
  const width = (x1 - x0) / peaks;
  const order = random.shuffle(Array.from({ length: peaks + 1 }, (_, i) => i));
  for (const i of order) {
    const cx = x0 + width * (i - 0.5) + random.range(-0.15, 0.15) * width;
    const h = height * random.range(0.6, 1);
    const half = width * random.range(0.7, 1.05);
    const peak: Point = [cx + random.range(-0.1, 0.1) * half, baseY - h];
    const left: Point = [cx - half, bottom];
    const right: Point = [cx + half, bottom];
    out.push(polygon([left, peak, right], paint(colored, random.pick(['#b197fc', '#91a7ff', '#a5d8ff']))));
    if (caps) {
      const f = random.range(0.22, 0.3);
      const at = (p: Point, t: number): Point => [peak[0] + (p[0] - peak[0]) * t, peak[1] + (p[1] - peak[1]) * t];
      const a = at(left, f);
      const b = at(right, f);
      const zig: Point[] = [a];
      for (let k = 1; k < 4; k++) zig.push([a[0] + ((b[0] - a[0]) * k) / 4, a[1] + ((b[1] - a[1]) * k) / 4 + (k % 2 ? -1 : 1) * h * 0.05]);
      out.push(polygon([peak, ...zig, b].reverse(), paint(colored, '#f8f9fa')));
    }
  }
  return out.join('');
}

/** A far row of tree tops as one scalloped band (forest edge, hedge, treeline). */
export function treeline(x0: number, x1: number, y: number, bottom: number, radius: number, random: Random, fill: string): string {
  let d = `M${n(x0)} ${n(bottom)}L${n(x0)} ${n(y)}`;
  let x = x0;
  while (x < x1) {
    const w = radius * random.range(1.2, 2);
    const lift = radius * random.range(0.3, 1);
    d += `Q${n(x + w / 2)} ${n(y - lift * 2)} ${n(x + w)} ${n(y)}`;
    x += w;
  }
  return fillPath(`${d}L${n(x)} ${n(bottom)}Z`, fill);
}

export function pine(x: number, baseY: number, h: number, colored: boolean, tiers = 3): string {
  const out = [rect(x - h * 0.06, baseY - h * 0.16, h * 0.12, h * 0.16, paint(colored, '#a9714b'))];
  const color = paint(colored, '#2f9e44');
  for (let t = 0; t < tiers; t++) {
    const bottomY = baseY - h * 0.12 - (t * h * 0.78) / tiers;
    const w = h * 0.42 * (1 - t * 0.22);
    out.push(polygon([[x - w, bottomY], [x, bottomY - h * (t === tiers - 1 ? 0.46 : 0.42)], [x + w, bottomY]], color));
  }
  return out.join('');
}

/** A bumpy outline around an ellipse: crowns, bushes, cumulus clouds. */
function bumpy(cx: number, cy: number, rx: number, ry: number, bumps: number, random: Random): string {
  const points: Point[] = [];
  const count = bumps * 2;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const k = i % 2 ? 0.9 : 1.05 + random.range(0, 0.06);
    points.push([cx + rx * k * Math.cos(a), cy + ry * k * Math.sin(a)]);
  }
  return smoothClosedPath(points);
}

export function roundTree(x: number, baseY: number, h: number, random: Random, colored: boolean, fruit = 0): string {
  const trunkTop = baseY - h * 0.45;
  const out = [polygon([[x - h * 0.07, baseY], [x - h * 0.045, trunkTop], [x + h * 0.045, trunkTop], [x + h * 0.07, baseY]], paint(colored, '#a9714b'))];
  const r = h * 0.3;
  const cy = baseY - h + r * 1.05;
  out.push(fillPath(bumpy(x, cy, r * 1.05, r, random.int(6, 9), random), paint(colored, random.pick(['#69db7c', '#8ce99a', '#a9e34b', '#ffa94d']))));
  for (let i = 0; i < fruit; i++) {
    const a = random.range(0, Math.PI * 2);
    const d = random.range(0.25, 0.6) * r;
    out.push(circle(x + d * Math.cos(a), cy + d * Math.sin(a), r * 0.13, paint(colored, '#fa5252')));
  }
  return out.join('');
}

export function autumnTree(x: number, baseY: number, h: number, random: Random, colored: boolean): string {
  const out = [polygon([[x - h * 0.07, baseY], [x - h * 0.04, baseY - h * 0.55], [x + h * 0.04, baseY - h * 0.55], [x + h * 0.07, baseY]], paint(colored, '#a9714b'))];
  // Three overlapping crowns, back to front.
  for (const [dx, dy, k] of [[-0.18, 0.62, 0.22], [0.18, 0.6, 0.22], [0, 0.78, 0.26]] as const) {
    out.push(fillPath(bumpy(x + dx * h, baseY - dy * h, h * k * 1.1, h * k, random.int(5, 7), random), paint(colored, random.pick(['#ff922b', '#fab005', '#e8590c', '#f76707']))));
  }
  return out.join('');
}

export function palm(x: number, baseY: number, h: number, lean: number, colored: boolean): string {
  const out: string[] = [];
  const top: Point = [x + lean * h * 0.25, baseY - h * 0.78];
  const segments = 5;
  // The trunk as stacked rings, each its own area to colour.
  for (let i = 0; i < segments; i++) {
    const t0 = i / segments;
    const t1 = (i + 1) / segments;
    const at = (t: number): Point => [x + (top[0] - x) * t * t, baseY + (top[1] - baseY) * t];
    const w0 = h * (0.055 - 0.02 * t0);
    const w1 = h * (0.055 - 0.02 * t1);
    const [a, b] = [at(t0), at(t1)];
    out.push(polygon([[a[0] - w0, a[1]], [b[0] - w1, b[1]], [b[0] + w1, b[1]], [a[0] + w0, a[1]]], paint(colored, '#d9a066')));
  }
  for (const angle of [-160, -125, -90, -55, -20]) {
    const a = (angle * Math.PI) / 180;
    const len = h * 0.42;
    const tip: Point = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.5 + len * 0.35];
    const mid: Point = [(top[0] + tip[0]) / 2, (top[1] + tip[1]) / 2 - len * 0.22];
    const side = len * 0.14;
    const nx = -(tip[1] - top[1]) / len;
    const ny = (tip[0] - top[0]) / len;
    out.push(fillPath(`M${pt(top)}Q${pt([mid[0] + nx * side, mid[1] + ny * side])} ${pt(tip)}Q${pt([mid[0] - nx * side, mid[1] - ny * side])} ${pt(top)}Z`, paint(colored, '#51cf66')));
  }
  out.push(circle(top[0] - h * 0.04, top[1] + h * 0.05, h * 0.04, paint(colored, '#8d6e63')), circle(top[0] + h * 0.04, top[1] + h * 0.05, h * 0.04, paint(colored, '#8d6e63')));
  return out.join('');
}

export function bush(x: number, baseY: number, w: number, random: Random, colored: boolean, berries = 0): string {
  const h = w * 0.55;
  const out = [fillPath(`M${n(x - w / 2)} ${n(baseY)}${bumpyArc(x, baseY, w / 2, h, random.int(4, 6))}Z`, paint(colored, '#8ce99a'))];
  for (let i = 0; i < berries; i++) out.push(circle(x + random.range(-0.3, 0.3) * w, baseY - random.range(0.25, 0.6) * h, w * 0.06, paint(colored, '#e64980')));
  return out.join('');
}

/** The upper half of a bumpy ellipse from left to right (ends on the base line). */
function bumpyArc(cx: number, baseY: number, rx: number, ry: number, bumps: number): string {
  let d = '';
  for (let i = 0; i < bumps; i++) {
    const a1 = Math.PI + (Math.PI * (i + 1)) / bumps;
    const am = Math.PI + (Math.PI * (i + 0.5)) / bumps;
    const end: Point = [cx + rx * Math.cos(a1), baseY + ry * Math.sin(a1) * 1.0];
    const ctrl: Point = [cx + rx * 1.25 * Math.cos(am), baseY + ry * 1.3 * Math.sin(am)];
    d += `Q${pt(ctrl)} ${pt(end)}`;
  }
  return d;
}

export function flower(x: number, baseY: number, h: number, random: Random, colored: boolean): string {
  const r = h * 0.16;
  const cy = baseY - h + r * 1.6;
  const out = [line(`M${n(x)} ${n(baseY)}Q${n(x + r)} ${n((baseY + cy) / 2)} ${n(x)} ${n(cy)}`)];
  out.push(fillPath(`M${n(x)} ${n(baseY - h * 0.25)}Q${n(x + r * 1.6)} ${n(baseY - h * 0.45)} ${n(x + r * 1.9)} ${n(baseY - h * 0.3)}Q${n(x + r)} ${n(baseY - h * 0.2)} ${n(x)} ${n(baseY - h * 0.25)}Z`, paint(colored, '#69db7c')));
  const petals = random.int(5, 6);
  const color = paint(colored, random.pick(['#ff8787', '#f783ac', '#ffd43b', '#b197fc', '#74c0fc']));
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * Math.PI * 2;
    out.push(circle(x + Math.cos(a) * r, cy + Math.sin(a) * r, r * 0.72, color));
  }
  out.push(circle(x, cy, r * 0.62, paint(colored, '#ffd43b')));
  return out.join('');
}

export function tulip(x: number, baseY: number, h: number, random: Random, colored: boolean): string {
  const w = h * 0.17;
  const top = baseY - h;
  const out = [line(`M${n(x)} ${n(baseY)}L${n(x)} ${n(top + w * 1.4)}`)];
  out.push(fillPath(`M${n(x)} ${n(baseY - h * 0.1)}Q${n(x - w * 1.8)} ${n(baseY - h * 0.45)} ${n(x - w * 0.6)} ${n(baseY - h * 0.62)}Q${n(x - w * 0.6)} ${n(baseY - h * 0.3)} ${n(x)} ${n(baseY - h * 0.1)}Z`, paint(colored, '#69db7c')));
  out.push(fillPath(`M${n(x - w)} ${n(top + w * 0.3)}L${n(x - w * 0.5)} ${n(top + w * 0.8)}L${n(x)} ${n(top)}L${n(x + w * 0.5)} ${n(top + w * 0.8)}L${n(x + w)} ${n(top + w * 0.3)}Q${n(x + w)} ${n(top + w * 2)} ${n(x)} ${n(top + w * 2)}Q${n(x - w)} ${n(top + w * 2)} ${n(x - w)} ${n(top + w * 0.3)}Z`, paint(colored, random.pick(['#ff6b6b', '#f783ac', '#ffd43b', '#b197fc']))));
  return out.join('');
}

/** Three closed grass blades. */
export function tuft(x: number, y: number, h: number, colored: boolean): string {
  const w = h * 0.22;
  return [-1, 0, 1]
    .map((k) => polygon([[x + k * w * 1.4 - w / 2, y], [x + k * w * 2.2, y - h * (k === 0 ? 1 : 0.75)], [x + k * w * 1.4 + w / 2, y]], paint(colored, '#69db7c')))
    .join('');
}

export function rock(x: number, baseY: number, w: number, random: Random, colored: boolean): string {
  const h = w * random.range(0.45, 0.65);
  const points: Point[] = [[x - w / 2, baseY], [x - w * 0.42, baseY - h * 0.6], [x - w * 0.15, baseY - h], [x + w * 0.25, baseY - h * 0.9], [x + w * 0.48, baseY - h * 0.4], [x + w / 2, baseY]];
  return polygon(points, paint(colored, '#ced4da'));
}

export function mushroom(x: number, baseY: number, h: number, colored: boolean): string {
  const w = h * 0.6;
  const capY = baseY - h * 0.55;
  return [
    rect(x - w * 0.18, capY, w * 0.36, baseY - capY, paint(colored, '#fff4e6'), w * 0.08),
    fillPath(`M${n(x - w)} ${n(capY)}Q${n(x - w)} ${n(baseY - h)} ${n(x)} ${n(baseY - h)}Q${n(x + w)} ${n(baseY - h)} ${n(x + w)} ${n(capY)}Z`, paint(colored, '#fa5252')),
    circle(x - w * 0.4, capY - h * 0.15, w * 0.14, paint(colored, '#fff')),
    circle(x + w * 0.3, capY - h * 0.22, w * 0.12, paint(colored, '#fff')),
  ].join('');
}

/** Cloud outlines of a few kinds, so two pages do not share the same sky. */
export function cloud(x: number, y: number, w: number, kind: number, random: Random, colored: boolean): string {
  const h = w * 0.42;
  const fill = paint(colored, '#e7f5ff');
  if (kind === 0) {
    const r1 = h * 0.45;
    const r2 = h * 0.6;
    return fillPath(`M${n(x)} ${n(y + h)}A${n(r1)} ${n(r1)} 0 0 1 ${n(x + w * 0.3)} ${n(y + h * 0.45)}A${n(r2)} ${n(r2)} 0 0 1 ${n(x + w * 0.72)} ${n(y + h * 0.4)}A${n(r1)} ${n(r1)} 0 0 1 ${n(x + w)} ${n(y + h)}Z`, fill);
  }
  if (kind === 1) return fillPath(bumpy(x + w / 2, y + h / 2, w / 2, h / 2, random.int(5, 7), random), fill);
  // A long flat cloud: bumps on top, a straight base.
  return fillPath(`M${n(x)} ${n(y + h * 0.8)}${bumpyArc(x + w / 2, y + h * 0.8, w / 2, h * 0.7, random.int(3, 5))}Z`, fill);
}

/** Sun styles: pointed rays, round rays, a plain disc with a ring. */
export function sun(cx: number, cy: number, r: number, style: number, rays: number, colored: boolean): string {
  const out: string[] = [];
  const fill = paint(colored, '#ffd43b');
  for (let i = 0; i < (style === 2 ? 0 : rays); i++) {
    const a = (i / rays) * Math.PI * 2;
    if (style === 0) {
      const w = (Math.PI / rays) * 0.55;
      out.push(polygon([[cx + r * 1.2 * Math.cos(a - w), cy + r * 1.2 * Math.sin(a - w)], [cx + r * 1.75 * Math.cos(a), cy + r * 1.75 * Math.sin(a)], [cx + r * 1.2 * Math.cos(a + w), cy + r * 1.2 * Math.sin(a + w)]], fill));
    } else {
      out.push(circle(cx + r * 1.45 * Math.cos(a), cy + r * 1.45 * Math.sin(a), r * 0.22, fill));
    }
  }
  if (style === 2) out.push(circle(cx, cy, r * 1.35, paint(colored, '#fff3bf')));
  out.push(circle(cx, cy, r, paint(colored, '#ffe066')));
  return out.join('');
}

/**
 * A crescent: the left half of a circle of radius `r`, closed by a flatter arc (radius 1.25 r, so
 * half a radius wide at its middle). The inner arc was once of radius 0.75 r, shorter than half its
 * chord: SVG scales such a radius up to r, both arcs then met, and the moon printed as a bare "(".
 */
export function crescentMoon(cx: number, cy: number, r: number, colored: boolean): string {
  return fillPath(`M${n(cx)} ${n(cy - r)}A${n(r)} ${n(r)} 0 1 0 ${n(cx)} ${n(cy + r)}A${n(r * 1.25)} ${n(r * 1.25)} 0 0 1 ${n(cx)} ${n(cy - r)}Z`, paint(colored, '#fff3bf'));
}

export function star(cx: number, cy: number, r: number, colored: boolean, points = 5): string {
  const out: Point[] = [];
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 ? r * 0.45 : r;
    out.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return polygon(out, paint(colored, '#ffe066'));
}

/** A small bird in flight: a closed "m" of two wings. */
export function bird(cx: number, cy: number, w: number, colored: boolean): string {
  const h = w * 0.35;
  return fillPath(`M${n(cx - w / 2)} ${n(cy)}Q${n(cx - w / 4)} ${n(cy - h)} ${n(cx)} ${n(cy)}Q${n(cx + w / 4)} ${n(cy - h)} ${n(cx + w / 2)} ${n(cy)}Q${n(cx + w / 4)} ${n(cy - h * 0.45)} ${n(cx)} ${n(cy + h * 0.35)}Q${n(cx - w / 4)} ${n(cy - h * 0.45)} ${n(cx - w / 2)} ${n(cy)}Z`, paint(colored, '#495057'));
}

/** Bands of a rainbow standing on `baseY`. */
export function rainbow(cx: number, baseY: number, r: number, bands: number, colored: boolean): string {
  const colors = ['#ff8787', '#ffc078', '#ffe066', '#8ce99a', '#74c0fc', '#b197fc'];
  const out: string[] = [];
  const step = (r * 0.45) / bands;
  for (let i = 0; i < bands; i++) {
    const ro = r - i * step;
    out.push(fillPath(`M${n(cx - ro)} ${n(baseY)}A${n(ro)} ${n(ro)} 0 0 1 ${n(cx + ro)} ${n(baseY)}Z`, paint(colored, colors[i % colors.length])));
  }
  const ri = r - bands * step;
  out.push(fillPath(`M${n(cx - ri)} ${n(baseY)}A${n(ri)} ${n(ri)} 0 0 1 ${n(cx + ri)} ${n(baseY)}Z`, paint(colored, '#e7f5ff')));
  return out.join('');
}

export function fence(x0: number, x1: number, groundY: number, h: number, colored: boolean): string {
  const out: string[] = [];
  const w = h * 0.28;
  const gap = w * 0.7;
  out.push(rect(x0, groundY - h * 0.72, x1 - x0, h * 0.16, paint(colored, '#e8c39e')));
  out.push(rect(x0, groundY - h * 0.38, x1 - x0, h * 0.16, paint(colored, '#e8c39e')));
  for (let x = x0; x + w <= x1; x += w + gap) {
    out.push(polygon([[x, groundY], [x, groundY - h * 0.85], [x + w / 2, groundY - h], [x + w, groundY - h * 0.85], [x + w, groundY]], paint(colored, '#f4d8b5')));
  }
  return out.join('');
}

export function barn(x: number, baseY: number, w: number, colored: boolean): string {
  const h = w * 0.7;
  const wall = baseY - h * 0.6;
  const red = paint(colored, '#fa5252');
  const out = [polygon([[x, baseY], [x, wall], [x + w * 0.18, baseY - h * 0.88], [x + w / 2, baseY - h], [x + w * 0.82, baseY - h * 0.88], [x + w, wall], [x + w, baseY]], red)];
  const dw = w * 0.32;
  const dx = x + (w - dw) / 2;
  const dt = baseY - h * 0.45;
  out.push(rect(dx, dt, dw, baseY - dt, paint(colored, '#fff5f5')));
  out.push(line(`M${n(dx)} ${n(dt)}L${n(dx + dw)} ${n(baseY)}M${n(dx + dw)} ${n(dt)}L${n(dx)} ${n(baseY)}`));
  out.push(rect(x + w * 0.42, baseY - h * 0.8, w * 0.16, h * 0.16, paint(colored, '#fff3bf')));
  return out.join('');
}

export function house(x: number, baseY: number, w: number, random: Random, colored: boolean, snow = false): string {
  const h = w * 0.62;
  const roofH = w * 0.42;
  const body = paint(colored, random.pick(['#ffe3e3', '#fff3bf', '#e7f5ff', '#ebfbee']));
  const out = [rect(x + w * 0.68, baseY - h - roofH * 0.9, w * 0.12, roofH * 0.6, paint(colored, '#e8c39e'))];
  out.push(rect(x, baseY - h, w, h, body));
  out.push(polygon([[x - w * 0.08, baseY - h], [x + w / 2, baseY - h - roofH], [x + w * 1.08, baseY - h]], paint(colored, snow ? '#f8f9fa' : '#ff8787')));
  out.push(rect(x + w * 0.15, baseY - h * 0.55, w * 0.22, h * 0.55, paint(colored, '#d9a066')));
  const wx = x + w * 0.55;
  const wy = baseY - h * 0.75;
  out.push(rect(wx, wy, w * 0.28, h * 0.36, paint(colored, '#fff9db')));
  out.push(line(`M${n(wx + w * 0.14)} ${n(wy)}L${n(wx + w * 0.14)} ${n(wy + h * 0.36)}M${n(wx)} ${n(wy + h * 0.18)}L${n(wx + w * 0.28)} ${n(wy + h * 0.18)}`));
  return out.join('');
}

/** A town building with a grid of windows; `rows`/`cols` are what the detail level allows. */
export function building(x: number, baseY: number, w: number, h: number, rows: number, maxCols: number, random: Random, colored: boolean): string {
  const out = [rect(x, baseY - h, w, h, paint(colored, random.pick(['#ffe3e3', '#e7f5ff', '#fff3bf', '#ebfbee', '#f3f0ff'])))];
  if (random.next() < 0.5) out.push(polygon([[x - w * 0.05, baseY - h], [x + w / 2, baseY - h - w * 0.3], [x + w * 1.05, baseY - h]], paint(colored, '#ffa8a8')));
  const cols = Math.max(1, Math.min(maxCols, Math.round(w / (h * 0.22))));
  const cw = w / cols;
  const rh = h / (rows + 1);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(rect(x + c * cw + cw * 0.22, baseY - h + rh * 0.35 + r * rh, cw * 0.56, rh * 0.55, paint(colored, '#fff9db')));
  return out.join('');
}

export function cactus(x: number, baseY: number, h: number, colored: boolean): string {
  const w = h * 0.16;
  const fill = paint(colored, '#69db7c');
  return [
    rect(x - w * 1.6, baseY - h * 0.7, w * 0.7, h * 0.35, fill, w * 0.35),
    rect(x - w * 1.6, baseY - h * 0.42, w * 1.2, w * 0.7, fill, w * 0.3),
    rect(x + w * 0.9, baseY - h * 0.8, w * 0.7, h * 0.4, fill, w * 0.35),
    rect(x + w * 0.4, baseY - h * 0.47, w * 1.2, w * 0.7, fill, w * 0.3),
    rect(x - w / 2, baseY - h, w, h, fill, w * 0.5),
  ].join('');
}

export function seaweed(x: number, bottom: number, h: number, random: Random, colored: boolean): string {
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
  return fillPath(smoothClosedPath([...left, ...right]), paint(colored, '#40c057'));
}

/** Branching coral: rounded fingers from one base, the base drawn last over their roots. */
export function coral(x: number, baseY: number, h: number, random: Random, colored: boolean): string {
  const color = paint(colored, random.pick(['#ff8787', '#ffa8a8', '#f783ac', '#ffc078']));
  const out: string[] = [];
  const fingers = random.int(3, 5);
  const w = h * 0.13;
  for (let i = 0; i < fingers; i++) {
    const a = -Math.PI / 2 + ((i - (fingers - 1) / 2) / fingers) * 1.6;
    const len = h * random.range(0.6, 0.95);
    const tx = x + Math.cos(a) * len;
    const ty = baseY + Math.sin(a) * len;
    const nx = -Math.sin(a) * w;
    const ny = Math.cos(a) * w;
    out.push(fillPath(`M${n(x + nx)} ${n(baseY + ny)}L${n(tx + nx)} ${n(ty + ny)}A${n(w)} ${n(w)} 0 0 0 ${n(tx - nx)} ${n(ty - ny)}L${n(x - nx)} ${n(baseY - ny)}Z`, color));
  }
  out.push(fillPath(`M${n(x - h * 0.3)} ${n(baseY)}Q${n(x)} ${n(baseY - h * 0.35)} ${n(x + h * 0.3)} ${n(baseY)}Z`, color));
  return out.join('');
}

/** A sea fan: a half disc cut into wedges. */
export function seaFan(x: number, baseY: number, r: number, wedges: number, colored: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < wedges; i++) {
    const a0 = Math.PI + (Math.PI * i) / wedges;
    const a1 = Math.PI + (Math.PI * (i + 1)) / wedges;
    out.push(fillPath(`M${n(x)} ${n(baseY)}L${n(x + r * Math.cos(a0))} ${n(baseY + r * Math.sin(a0))}A${n(r)} ${n(r)} 0 0 1 ${n(x + r * Math.cos(a1))} ${n(baseY + r * Math.sin(a1))}Z`, paint(colored, i % 2 ? '#e599f7' : '#da77f2')));
  }
  return out.join('');
}

/**
 * The sky (or the water) of a grown-up's page as doodled layers: wavy bands from the top of `box`
 * to its bottom, each holding a row of one motif along its middle (rings, dots, diamonds, seeds),
 * the way colouring books for adults pattern their skies. Each band is drawn whole down to the
 * bottom and covered by the next, so every motif and band is a closed area.
 */
export function doodleLayers(box: Box, layers: number, random: Random, colored: boolean, colors: string[]): string {
  const x0 = box.x - 10;
  const x1 = box.x + box.width + 10;
  const bottom = box.y + box.height;
  const depth = box.height / layers;
  const waves = Array.from({ length: layers + 1 }, (_, i) => ({
    base: box.y + depth * i,
    amp: i === 0 || i === layers ? 0 : depth * random.range(0.12, 0.22),
    length: box.width * random.range(0.55, 1.1),
    phase: random.range(0, Math.PI * 2),
  }));
  const yAt = (i: number, x: number): number => waves[i].base + waves[i].amp * Math.sin(((x - x0) / waves[i].length) * Math.PI * 2 + waves[i].phase);
  const out: string[] = [];
  const steps = 28;
  for (let i = 1; i < layers; i++) {
    const points: Point[] = Array.from({ length: steps + 1 }, (_, k) => [x0 + ((x1 - x0) * k) / steps, yAt(i, x0 + ((x1 - x0) * k) / steps)]);
    out.push(fillPath(`M${n(x0)} ${n(bottom)}L${pt(points[0])}${smoothThrough(points)}L${n(x1)} ${n(bottom)}Z`, paint(colored, colors[i % colors.length])));
  }
  const first = random.int(0, 3);
  for (let band = 0; band < layers; band++) {
    const motif = (first + band) % 4;
    const r0 = depth * 0.26;
    const step = r0 * (motif === 3 ? 3.4 : 2.9);
    const offset = random.range(0, step);
    for (let x = box.x + offset; x < box.x + box.width; x += step) {
      const top = yAt(band, x);
      const low = band === layers - 1 ? bottom : yAt(band + 1, x);
      const r = (low - top) * 0.26;
      if (r < depth * 0.12) continue;
      const cy = (top + low) / 2;
      const fill = paint(colored, '#fff');
      if (motif === 0) out.push(circle(x, cy, r, fill), circle(x, cy, r * 0.48, fill));
      else if (motif === 1) out.push(circle(x, cy, r * 0.75, fill));
      else if (motif === 2) out.push(polygon([[x, cy - r * 1.1], [x + r * 0.8, cy], [x, cy + r * 1.1], [x - r * 0.8, cy]], fill));
      else out.push(ellipse(x, cy, r * 1.3, r * 0.6, fill));
    }
  }
  return out.join('');
}

/** A small far sailing boat: a hull and two sails, standing on the base line (the sea's horizon). */
export function sailingBoat(x: number, baseY: number, w: number, colored: boolean): string {
  const h = w * 0.28;
  const hull = polygon([[x - w / 2, baseY - h], [x + w / 2, baseY - h], [x + w * 0.34, baseY], [x - w * 0.34, baseY]], paint(colored, '#ffa8a8'));
  const main = polygon([[x - w * 0.04, baseY - h - w * 0.08], [x - w * 0.04, baseY - h - w * 0.95], [x - w * 0.42, baseY - h - w * 0.08]], paint(colored, '#fff'));
  const jib = polygon([[x + w * 0.04, baseY - h - w * 0.08], [x + w * 0.04, baseY - h - w * 0.78], [x + w * 0.36, baseY - h - w * 0.08]], paint(colored, '#fff'));
  return main + jib + hull;
}

/** A stage floor of boards running away from the front, from `top` down past the picture. */
export function stageFloor(x0: number, x1: number, top: number, bottom: number, boards: number, colored: boolean): string {
  const out = [rect(x0, top, x1 - x0, bottom - top, paint(colored, '#e8c39e'))];
  for (let i = 1; i < boards; i++) {
    const y = top + ((bottom - top) * i * i) / (boards * boards);
    out.push(line(`M${n(x0)} ${n(y)}L${n(x1)} ${n(y)}`));
  }
  return out.join('');
}

/**
 * Theatre curtains over a back wall from `y` down `h`: each side drawn back in `folds` pleats
 * (closed tapering strips) to a tie-back, and a scalloped valance across the top.
 */
export function stageCurtains(x: number, y: number, w: number, h: number, folds: number, colored: boolean): string {
  const red = paint(colored, '#ff8787');
  const deep = paint(colored, '#fa5252');
  const out: string[] = [];
  const side = w * 0.26;
  for (const dir of [1, -1]) {
    const edge = dir > 0 ? x : x + w;
    for (let i = folds - 1; i >= 0; i--) {
      // Pleat i: from the top, narrowing to the tie-back at two thirds of the height, then flaring to the floor.
      const outer = edge + dir * ((side * i) / folds);
      const inner = edge + dir * ((side * (i + 1)) / folds);
      const tieX = edge + dir * side * 0.3 * ((i + 1) / folds);
      const tieY = y + h * 0.66;
      const footInner = edge + dir * side * (0.45 + 0.55 * ((i + 1) / folds));
      out.push(fillPath(`M${n(outer)} ${n(y - 10)}L${n(inner)} ${n(y - 10)}Q${n(inner)} ${n(y + h * 0.4)} ${n(tieX + dir * side * 0.06)} ${n(tieY)}Q${n(footInner - dir * side * 0.2)} ${n(y + h * 0.85)} ${n(footInner)} ${n(y + h)}L${n(outer)} ${n(y + h)}Z`, i % 2 ? red : deep));
    }
    // The tie-back: a band across the gathered pleats.
    const bandX = edge + dir * side * 0.18;
    out.push(fillPath(`M${n(edge - dir * 10)} ${n(y + h * 0.63)}L${n(bandX + dir * side * 0.12)} ${n(y + h * 0.64)}L${n(bandX + dir * side * 0.12)} ${n(y + h * 0.69)}L${n(edge - dir * 10)} ${n(y + h * 0.7)}Z`, paint(colored, '#ffd43b')));
  }
  // The valance: a band with scallops hanging below it.
  const vh = h * 0.1;
  const scallops = 7;
  let d = `M${n(x - 10)} ${n(y - 10)}L${n(x + w + 10)} ${n(y - 10)}L${n(x + w + 10)} ${n(y + vh)}`;
  for (let i = scallops; i > 0; i--) {
    const xa = x + (w * (i - 1)) / scallops;
    const r = w / scallops / 2;
    d += `L${n(xa + 2 * r)} ${n(y + vh)}A${n(r)} ${n(r * 0.8)} 0 0 1 ${n(xa)} ${n(y + vh)}`;
  }
  out.push(fillPath(`${d}L${n(x - 10)} ${n(y + vh)}Z`, deep));
  return out.join('');
}

/** A footlight: a half disc on the stage's front edge with its hood. */
export function footlight(cx: number, cy: number, r: number, colored: boolean): string {
  return fillPath(`M${n(cx - r)} ${n(cy)}A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${n(cy)}Z`, paint(colored, '#fff3bf')) + rect(cx - r * 1.3, cy, r * 2.6, r * 0.5, paint(colored, '#868e96'));
}

/** A raindrop: a round bottom drawn up to a point. */
export function raindrop(cx: number, cy: number, r: number, colored: boolean): string {
  const points: Point[] = [[cx, cy - r * 2.2]];
  for (let i = 0; i <= 10; i++) {
    const a = -Math.PI / 6 + (i * (Math.PI * 4)) / 3 / 10;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return fillPath(smoothClosedPath(points), paint(colored, '#4dabf7'));
}

export function starfish(cx: number, cy: number, r: number, colored: boolean): string {
  const points: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.5 : r;
    points.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return fillPath(smoothClosedPath(points), paint(colored, '#ffa94d'));
}

export function shell(cx: number, baseY: number, r: number, colored: boolean): string {
  return seaFan(cx, baseY, r, 4, colored);
}

/**
 * A big jungle leaf from a stem point towards `angle`, split by its midrib and veins. The outline
 * runs through sampled points and every vein ends on one of them, so it closes both its sides.
 */
export function jungleLeaf(x: number, y: number, len: number, angle: number, veins: number, colored: boolean): string {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const w = len * 0.32;
  const at = (t: number, s: number): Point => [x + ux * len * t - uy * s, y + uy * len * t + ux * s];
  const half = (t: number): number => w * Math.sin(Math.PI * t) ** 0.7 * (1 - t * 0.3);
  const samples = 2 * (veins + 1);
  const upper: Point[] = [];
  const lower: Point[] = [];
  for (let i = 1; i < samples; i++) {
    const t = i / samples;
    upper.push(at(t, half(t)));
    lower.unshift(at(t, -half(t)));
  }
  const outline = [at(0, 0), ...upper, at(1, 0), ...lower];
  let d = `M${pt(at(0, 0))}L${pt(at(1, 0))}`;
  for (let i = 1; i <= veins; i++) {
    const k = 2 * i + 1;
    const from = at((k - 1.4) / samples, 0);
    d += `M${pt(from)}L${pt(upper[k - 1])}M${pt(from)}L${pt(lower[lower.length - k])}`;
  }
  return fillPath(smoothClosedPath(outline), paint(colored, '#51cf66')) + line(d);
}

export function planet(cx: number, cy: number, r: number, ringed: boolean, colored: boolean): string {
  const fill = paint(colored, '#ffc078');
  if (!ringed) return circle(cx, cy, r, fill) + circle(cx - r * 0.3, cy - r * 0.2, r * 0.22, paint(colored, '#ffa94d')) + circle(cx + r * 0.35, cy + r * 0.3, r * 0.15, paint(colored, '#ffa94d'));
  const ro = r * 1.8;
  const ri = r * 1.3;
  const ry = 0.32;
  const ringColor = paint(colored, '#b197fc');
  return [
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(ro)}" ry="${n(ro * ry)}" fill="${ringColor}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(ri)}" ry="${n(ri * ry)}" fill="${paint(colored, '#fff')}"/>`,
    circle(cx, cy, r, fill),
    fillPath(`M${n(cx - ro)} ${n(cy)}A${n(ro)} ${n(ro * ry)} 0 0 0 ${n(cx + ro)} ${n(cy)}L${n(cx + ri)} ${n(cy)}A${n(ri)} ${n(ri * ry)} 0 0 1 ${n(cx - ri)} ${n(cy)}Z`, ringColor),
  ].join('');
}

export function windowWithCurtains(x: number, y: number, w: number, h: number, colored: boolean): string {
  const out = [rect(x, y, w, h, paint(colored, '#d0ebff'))];
  out.push(line(`M${n(x + w / 2)} ${n(y)}L${n(x + w / 2)} ${n(y + h)}M${n(x)} ${n(y + h / 2)}L${n(x + w)} ${n(y + h / 2)}`));
  const curtain = paint(colored, '#f783ac');
  const cw = w * 0.28;
  out.push(fillPath(`M${n(x - cw * 0.4)} ${n(y - h * 0.06)}L${n(x + cw)} ${n(y - h * 0.06)}Q${n(x + cw * 0.2)} ${n(y + h * 0.5)} ${n(x + cw * 0.6)} ${n(y + h * 1.02)}L${n(x - cw * 0.4)} ${n(y + h * 1.02)}Z`, curtain));
  out.push(fillPath(`M${n(x + w + cw * 0.4)} ${n(y - h * 0.06)}L${n(x + w - cw)} ${n(y - h * 0.06)}Q${n(x + w - cw * 0.2)} ${n(y + h * 0.5)} ${n(x + w - cw * 0.6)} ${n(y + h * 1.02)}L${n(x + w + cw * 0.4)} ${n(y + h * 1.02)}Z`, curtain));
  out.push(rect(x - w * 0.12, y + h * 1.02, w * 1.24, h * 0.07, paint(colored, '#e8c39e')));
  return out.join('');
}

export function pictureFrame(x: number, y: number, w: number, h: number, random: Random, colored: boolean): string {
  const inset = Math.min(w, h) * 0.12;
  return [
    rect(x, y, w, h, paint(colored, '#e8c39e')),
    rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, paint(colored, '#e7f5ff')),
    ridge(x + inset, x + w - inset, y + h * 0.6, y + h - inset, h * 0.18, 2, random, paint(colored, '#8ce99a'), true),
  ].join('');
}

export function rug(cx: number, cy: number, rx: number, ry: number, colored: boolean): string {
  return [
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${paint(colored, '#ffc9c9')}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * 0.72)}" ry="${n(ry * 0.62)}" fill="${paint(colored, '#fff3bf')}"/>`,
  ].join('');
}

export function bench(x: number, baseY: number, w: number, colored: boolean): string {
  const h = w * 0.45;
  const wood = paint(colored, '#d9a066');
  return [
    rect(x + w * 0.08, baseY - h * 0.5, w * 0.07, h * 0.5, wood),
    rect(x + w * 0.85, baseY - h * 0.5, w * 0.07, h * 0.5, wood),
    rect(x, baseY - h * 0.62, w, h * 0.14, wood),
    rect(x, baseY - h, w, h * 0.22, wood),
  ].join('');
}

export function lampPost(x: number, baseY: number, h: number, colored: boolean): string {
  const w = h * 0.05;
  return [rect(x - w / 2, baseY - h * 0.85, w, h * 0.85, paint(colored, '#868e96')), polygon([[x - w * 2.2, baseY - h * 0.85], [x - w * 1.4, baseY - h], [x + w * 1.4, baseY - h], [x + w * 2.2, baseY - h * 0.85]], paint(colored, '#ffe066'))].join('');
}

/** Falling leaves or snowflakes: small closed shapes scattered in the air. */
export function leaf(cx: number, cy: number, r: number, angle: number, colored: boolean): string {
  const ux = Math.cos(angle) * r;
  const uy = Math.sin(angle) * r;
  return fillPath(`M${n(cx - ux)} ${n(cy - uy)}Q${n(cx - uy)} ${n(cy + ux)} ${n(cx + ux)} ${n(cy + uy)}Q${n(cx + uy)} ${n(cy - ux)} ${n(cx - ux)} ${n(cy - uy)}Z`, paint(colored, '#ff922b'));
}

export function bubble(cx: number, cy: number, r: number, colored: boolean): string {
  return circle(cx, cy, r, paint(colored, '#e7f5ff'));
}

export { fillPath, line };

/**
 * A cave seen from inside: the rock all round the page with the cave's mouth open in the middle
 * (a lumpy arch from the floor at `floorY`), a hill line seen through the mouth, icicle-like
 * stalactites hanging from its roof (level 2 up) and cracks in the rock (level 3 up). The floor
 * below `floorY` is the scenery's ground.
 */
export function caveWalls(box: Box, floorY: number, level: number, random: Random, colored: boolean): string {
  const { x, y, width: w } = box;
  const cx = x + w / 2;
  const a = w * 0.33;
  const b = (floorY - y) * 0.7;
  const arch: Point[] = [];
  const steps = 9;
  for (let i = 0; i <= steps; i++) {
    const t = Math.PI - (Math.PI * i) / steps;
    const jitter = i === 0 || i === steps ? 0 : random.range(-0.05, 0.05);
    arch.push([cx + a * Math.cos(t) * (1 + jitter), floorY - b * Math.sin(t) * (1 + jitter)]);
  }
  const out: string[] = [];
  // Through the mouth: the hills outside.
  out.push(ridge(cx - a - 4, cx + a + 4, floorY - b * 0.22, floorY + 2, b * 0.08, 2, random, paint(colored, '#d8f5a2')));
  // Stalactites behind the rock's edge, only their tips showing under the roof of the mouth.
  if (level >= 2) {
    for (const k of [3, 4, 5, 6].slice(0, level)) {
      const [px, py] = arch[k];
      const half = w * 0.025;
      out.push(polygon([[px - half, py - half * 2], [px + half, py - half * 2], [px + random.range(-0.3, 0.3) * half, py + b * random.range(0.1, 0.16)]], paint(colored, '#adb5bd')));
    }
  }
  const outer = `M${n(x - 10)} ${n(y - 10)}H${n(x + w + 10)}V${n(floorY + 1)}H${n(x - 10)}Z`;
  const mouth = `M${n(arch[0][0])} ${n(floorY + 1)}L${pt(arch[0])}${smoothThrough(arch)}L${n(arch[steps][0])} ${n(floorY + 1)}Z`;
  out.push(`<path d="${outer}${mouth}" fill-rule="evenodd" fill="${paint(colored, '#868e96')}"/>`);
  // Layers in the rock following the mouth's arch, broken into lengths: what makes the wall read
  // as rock. Open lines, so they add no areas; more of them as the level rises.
  for (let ring = 1; ring <= 1 + Math.min(level, 3); ring++) {
    const k = 1 + ring * 0.3;
    for (let piece = 0; piece < 3; piece++) {
      const t0 = Math.PI * (piece / 3 + random.range(0.02, 0.08));
      const t1 = Math.PI * ((piece + 1) / 3 - random.range(0.02, 0.08));
      const at = (t: number): Point => [cx + a * k * Math.cos(t), floorY - b * k * Math.sin(t)];
      const mid = at((t0 + t1) / 2);
      const ends = [at(t0), at(t1)];
      // The control point that puts the quadratic through the arc's middle.
      const control: Point = [2 * mid[0] - (ends[0][0] + ends[1][0]) / 2, 2 * mid[1] - (ends[0][1] + ends[1][1]) / 2];
      out.push(line(`M${pt(ends[0])}Q${pt(control)} ${pt(ends[1])}`));
    }
  }
  return out.join('');
}
